"""What the app stores: one log row per request (counts, never texts) and user reports."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from explain.outcomes import Kind, Outcome


class ExplanationLog(models.Model):
    """One row per explanation request. No profile text, job text or quote is stored."""

    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    job_ref = models.CharField(_("job"), max_length=64, db_index=True)
    # The title as the posting showed it: public posting text, so admins can search by it.
    job_title = models.CharField(_("job title"), max_length=200, blank=True, default="")
    outcome = models.CharField(max_length=32, choices=Outcome.choices, db_index=True)
    kept_matches = models.PositiveSmallIntegerField(default=0)
    kept_gaps = models.PositiveSmallIntegerField(default=0)
    dropped = models.PositiveSmallIntegerField(default=0)
    unchecked = models.PositiveSmallIntegerField(default=0)
    drop_reasons = models.JSONField(default=dict, blank=True)
    # Points code reworded, by reason (point_judges, gap_blames_person, ...).
    rewritten = models.JSONField(default=dict, blank=True)
    # Words of the fields' values sent and in all (equal unless the text was cut).
    profile_words_sent = models.PositiveIntegerField(default=0)
    profile_words_total = models.PositiveIntegerField(default=0)
    job_words_sent = models.PositiveIntegerField(default=0)
    job_words_total = models.PositiveIntegerField(default=0)
    # Sentences addressed to an AI ("note to the model", "ignore your instructions", ...).
    profile_instructions = models.PositiveSmallIntegerField(default=0)
    job_instructions = models.PositiveSmallIntegerField(
        _("sentences addressed to an AI in the posting"), default=0, db_index=True
    )
    model_name = models.CharField(max_length=100, blank=True, db_index=True)
    prompt_version = models.CharField(max_length=40, blank=True)
    latency_ms = models.PositiveIntegerField(default=0)
    prompt_tokens = models.PositiveIntegerField(null=True, blank=True)
    output_tokens = models.PositiveIntegerField(null=True, blank=True)
    thoughts_tokens = models.PositiveIntegerField(null=True, blank=True)
    total_tokens = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("explanation log")
        indexes = [
            # The change list's order (newest first) read straight off an index.
            models.Index(fields=["-created_at", "-id"], name="explain_log_newest"),
        ]

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} job {self.job_ref}: {self.outcome}"


# The longest "Something else" note a report keeps, in characters.
NOTE_MAX_LENGTH = 300


class FeedbackReport(models.Model):
    """A user's "this looks wrong" on one shown point: material for the labelled set.

    The same point on the same job reported again is one report with a higher count. A
    reviewer triages it (status, note) and labels what the verifier should have done.
    """

    class Status(models.TextChoices):
        NEW = "new", _("New")
        CONFIRMED = "confirmed", _("Confirmed")
        DISMISSED = "dismissed", _("Dismissed")

    class Expected(models.TextChoices):
        KEEP = "keep", _("Keep: the point is fair")
        DROP = "drop", _("Drop: the verifier should remove it")

    class Reason(models.TextChoices):
        NOT_IN_PROFILE = "not_in_profile", _("My profile does not say this")
        NOT_IN_JOB = "not_in_job", _("The job does not ask for this")
        MISLEADING = "misleading", _("The quote does not support the point")
        OFFENSIVE = "offensive", _("Offensive or inappropriate")
        OTHER = "other", _("Something else")
        # Gaps only: the person has what the gap says their profile does not show; a
        # labelled false gap for the evaluation set (explain/eval/feedback_cases.py).
        HAVE_IT = "have_it", _("I do have this")

    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    log = models.ForeignKey(ExplanationLog, on_delete=models.CASCADE, related_name="reports")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    kind = models.CharField(max_length=5, choices=Kind.choices)
    point = models.CharField(max_length=500)
    profile_quote = models.CharField(max_length=500, blank=True)
    job_quote = models.CharField(max_length=500)
    reason = models.CharField(max_length=20, choices=Reason.choices)
    # The user's own words, with any reason: short, and shown to admins only.
    note = models.CharField(max_length=NOTE_MAX_LENGTH, blank=True)
    times_reported = models.PositiveIntegerField(_("times reported"), default=1)
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.NEW, db_index=True
    )
    reviewer_note = models.TextField(_("reviewer note"), blank=True)
    # The reviewer's label for the evaluation set: keep, or drop with a verifier reason
    # code (checked against explain.core.verify.DropReason in the admin form, not stored as
    # choices, so new codes need no migration).
    expected = models.CharField(max_length=4, choices=Expected.choices, blank=True)
    expected_reason = models.CharField(_("drop reason"), max_length=40, blank=True)
    reviewed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"Report on log {self.log_id}: {self.reason}"


class LogNeedingReview(ExplanationLog):
    """Answers users reported, and postings flagged for text addressed to an AI."""

    class Meta:
        proxy = True
        verbose_name = _("answer needing review")
        verbose_name_plural = _("answers needing review")


class ExplanationDay(models.Model):
    """The log rows of one closed day, one model, one prompt version and one outcome,
    added up (explain.reporting.rollup): the admin's figures read these instead of a million rows.

    Log rows are never edited or deleted by the app, so a closed day's totals do not
    change; `manage.py explain_rollup --rebuild` recomputes them after a purge or a
    change of TIME_ZONE.
    """

    day = models.DateField()
    model_name = models.CharField(max_length=100, blank=True)
    prompt_version = models.CharField(max_length=40, blank=True)
    outcome = models.CharField(max_length=32)
    requests = models.PositiveIntegerField(default=0)
    with_drop = models.PositiveIntegerField(default=0)
    dropped = models.PositiveIntegerField(default=0)
    prompt_tokens = models.BigIntegerField(null=True)
    output_tokens = models.BigIntegerField(null=True)
    total_tokens = models.BigIntegerField(null=True)
    thoughts_tokens = models.BigIntegerField(null=True)
    # {reason code: points}, and {latency bucket upper edge in ms: requests}.
    drop_reasons = models.JSONField(default=dict)
    rewritten = models.JSONField(default=dict)
    latency = models.JSONField(default=dict)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["day", "model_name", "prompt_version", "outcome"],
                name="explain_day_unique",
            )
        ]

    def __str__(self) -> str:
        return f"{self.day} {self.model_name} {self.prompt_version} {self.outcome}"


class RollupState(models.Model):
    """How far the daily rollup reaches: every day up to `last_day` is added up."""

    last_day = models.DateField()

    def __str__(self) -> str:
        return f"rolled up through {self.last_day}"
