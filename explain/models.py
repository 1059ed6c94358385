"""What the app stores: one log row per request (counts, never texts) and user reports."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from explain.outcomes import Kind, Outcome

# A log row's count per checklist state (shown in the profile, not found in it, the
# profile says not yet, could not be checked), and all of them with the list's size.
REQUIREMENT_STATE_FIELDS = (
    "requirements_shown",
    "requirements_not_found",
    "requirements_not_yet",
    "requirements_unchecked",
)
REQUIREMENT_COUNT_FIELDS = (
    "requirements_total",
    "requirements_optional",
    "requirements_shown_optional",
    *REQUIREMENT_STATE_FIELDS,
)


class ExplanationLog(models.Model):
    """One row per explanation request. No profile text, job text or quote is stored."""

    created_at = models.DateTimeField(_("created at"), auto_now_add=True, db_index=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    job_ref = models.CharField(_("job"), max_length=64, db_index=True)
    # The title as the posting showed it: public posting text, so admins can search by it.
    job_title = models.CharField(_("job title"), max_length=200, blank=True, default="")
    outcome = models.CharField(_("outcome"), max_length=32, choices=Outcome.choices, db_index=True)
    kept_matches = models.PositiveSmallIntegerField(_("kept matches"), default=0)
    kept_gaps = models.PositiveSmallIntegerField(_("kept gaps"), default=0)
    # Of the kept points, those the job lists as optional: the job list's summary says
    # required and optional apart without asking again.
    kept_optional_matches = models.PositiveSmallIntegerField(_("kept optional matches"), default=0)
    kept_optional_gaps = models.PositiveSmallIntegerField(_("kept optional gaps"), default=0)
    dropped = models.PositiveSmallIntegerField(_("removed points"), default=0)
    unchecked = models.PositiveSmallIntegerField(_("unchecked points"), default=0)
    drop_reasons = models.JSONField(default=dict, blank=True)
    # The checklist: the posting's own requirements (the same list for every viewer) and
    # the state each ended in for this request. The four states add up to the total.
    requirements_total = models.PositiveSmallIntegerField(_("requirements"), default=0)
    requirements_optional = models.PositiveSmallIntegerField(_("optional requirements"), default=0)
    requirements_shown = models.PositiveSmallIntegerField(
        _("requirements shown in the profile"), default=0
    )
    # Of those shown, the optional ones: with the others, the bottom line is written again.
    requirements_shown_optional = models.PositiveSmallIntegerField(
        _("optional requirements shown in the profile"), default=0
    )
    requirements_not_found = models.PositiveSmallIntegerField(
        _("requirements not found in the profile"), default=0
    )
    requirements_not_yet = models.PositiveSmallIntegerField(
        _("requirements the profile says not yet"), default=0
    )
    requirements_unchecked = models.PositiveSmallIntegerField(
        _("requirements that could not be checked"), default=0
    )
    # Retired: points code reworded by reason, from when the model wrote sentences. No
    # longer written (code writes every sentence); kept so rows from then still read.
    rewritten = models.JSONField(default=dict, blank=True)
    # Words of the fields' values sent and in all (equal unless the text was cut).
    profile_words_sent = models.PositiveIntegerField(_("profile words sent"), default=0)
    profile_words_total = models.PositiveIntegerField(_("profile words in all"), default=0)
    job_words_sent = models.PositiveIntegerField(_("posting words sent"), default=0)
    job_words_total = models.PositiveIntegerField(_("posting words in all"), default=0)
    # Sentences addressed to an AI ("note to the model", "ignore your instructions", ...).
    profile_instructions = models.PositiveSmallIntegerField(default=0)
    job_instructions = models.PositiveSmallIntegerField(
        _("sentences addressed to an AI in the posting"), default=0, db_index=True
    )
    # Pieces of hidden text (HTML/markdown comments, hidden elements, zero-size text)
    # removed before the text was composed: no reader sees them, so none is sent.
    profile_hidden = models.PositiveSmallIntegerField(
        _("hidden pieces removed from the profile"), default=0
    )
    job_hidden = models.PositiveSmallIntegerField(
        _("hidden pieces removed from the posting"), default=0
    )
    model_name = models.CharField(_("model"), max_length=100, blank=True, db_index=True)
    prompt_version = models.CharField(_("prompt version"), max_length=40, blank=True)
    latency_ms = models.PositiveIntegerField(_("latency (ms)"), default=0)
    prompt_tokens = models.PositiveIntegerField(_("prompt tokens"), null=True, blank=True)
    output_tokens = models.PositiveIntegerField(_("output tokens"), null=True, blank=True)
    thoughts_tokens = models.PositiveIntegerField(_("thinking tokens"), null=True, blank=True)
    total_tokens = models.PositiveIntegerField(_("total tokens"), null=True, blank=True)
    # Written late from the spool: the database could not take it at the time
    # (explain/services/log_spool.py), or its worker died during the model call.
    recovered = models.BooleanField(_("recovered from the spool"), default=False)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("explanation log")
        indexes = [
            # The change list's order (newest first) read straight off an index.
            models.Index(fields=["-created_at", "-id"], name="explain_log_newest"),
        ]

    def __str__(self) -> str:
        """The admin's name for the row, in words: when, which job, how it ended."""
        job = self.job_title or f"#{self.job_ref}"
        return f"{self.created_at:%Y-%m-%d %H:%M} · {job} · {self.get_outcome_display()}"


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

    created_at = models.DateTimeField(_("created at"), auto_now_add=True, db_index=True)
    log = models.ForeignKey(
        ExplanationLog,
        verbose_name=_("explanation log"),
        on_delete=models.CASCADE,
        related_name="reports",
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    kind = models.CharField(_("kind"), max_length=5, choices=Kind.choices)
    point = models.CharField(_("point"), max_length=500)
    profile_quote = models.CharField(_("profile quote"), max_length=500, blank=True)
    job_quote = models.CharField(_("job quote"), max_length=500)
    reason = models.CharField(_("reason"), max_length=20, choices=Reason.choices)
    # The user's own words, with any reason: short, and shown to admins only.
    note = models.CharField(_("note"), max_length=NOTE_MAX_LENGTH, blank=True)
    times_reported = models.PositiveIntegerField(_("times reported"), default=1)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.NEW, db_index=True
    )
    reviewer_note = models.TextField(_("reviewer note"), blank=True)
    # The reviewer's label for the evaluation set: keep, or drop with a verifier reason
    # code (checked against explain.core.verify.DropReason in the admin form, not stored as
    # choices, so new codes need no migration).
    expected = models.CharField(_("expected"), max_length=4, choices=Expected.choices, blank=True)
    expected_reason = models.CharField(_("drop reason"), max_length=40, blank=True)
    reviewed_at = models.DateTimeField(_("reviewed at"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("feedback report")

    def __str__(self) -> str:
        """The admin's name for the report: its reason in words and the point reported."""
        return f"{self.get_reason_display()}: {self.point}"


class FeedbackReporter(models.Model):
    """Who reported a point: one row per user per report, so nobody counts twice."""

    report = models.ForeignKey(FeedbackReport, on_delete=models.CASCADE, related_name="reporters")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["report", "user"], name="explain_one_report_per_user")
        ]

    def __str__(self) -> str:
        return f"User {self.user_id} on report {self.report_id}"


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
    # The checklist's states over the day's rows, summed (ExplanationLog.requirements_*).
    requirements_shown = models.PositiveIntegerField(default=0)
    requirements_not_found = models.PositiveIntegerField(default=0)
    requirements_not_yet = models.PositiveIntegerField(default=0)
    requirements_unchecked = models.PositiveIntegerField(default=0)
    prompt_tokens = models.BigIntegerField(null=True)
    output_tokens = models.BigIntegerField(null=True)
    total_tokens = models.BigIntegerField(null=True)
    thoughts_tokens = models.BigIntegerField(null=True)
    # {reason code: points}, and {latency bucket upper edge in ms: requests}.
    drop_reasons = models.JSONField(default=dict)
    # Retired with model-written sentences; kept so old rollup rows still read.
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


class FlagMark(models.Model):
    """An admin's "this sentence is not addressed to an AI" on one flagged sentence.

    The sentence is kept (it is the posting's own, public text, never a profile's), so
    the mark can be exported as a labelled line for the detector's corpus
    (`explain_eval --from-flag-marks`): each wrong flag becomes a test case.
    """

    created_at = models.DateTimeField(_("created at"), auto_now_add=True, db_index=True)
    job_ref = models.CharField(_("job"), max_length=64, db_index=True)
    sentence = models.TextField(_("sentence"))
    # sha256 of the job and the sentence: one mark per flagged sentence of a posting.
    fingerprint = models.CharField(max_length=64, unique=True)
    language = models.CharField(_("language"), max_length=16, blank=True)
    kind = models.CharField(_("kind"), max_length=32, blank=True)
    how = models.CharField(_("read"), max_length=32, blank=True)
    marked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("marked by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("flag marked as wrong")
        verbose_name_plural = _("flags marked as wrong")

    def __str__(self) -> str:
        return f"Flag on job {self.job_ref} marked wrong"


class UnloggedRequests(models.Model):
    """Requests that cost no model call (a cached answer, a refusal, an unknown job, a
    page view) past EXPLAIN_LOG_ROWS_PER_MINUTE of one user's minute, counted here per
    day and outcome instead of one log row each (explain.services.log_bound). Every
    request that reached the model still has its own row."""

    day = models.DateField()
    outcome = models.CharField(max_length=32)
    requests = models.PositiveBigIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["day", "outcome"], name="explain_unlogged_unique")
        ]

    def __str__(self) -> str:
        return f"{self.day} {self.outcome}: {self.requests}"


class PostingReading(models.Model):
    """A posting's verified requirements, read once per posting text, prompt and model.

    The same for every viewer; a posting whose text changes has a new text hash and is
    read again. Stores the posting's own public words (quotes and terms), never a
    profile's. Written by explain.services.postings, shown in the admin.
    """

    job_ref = models.CharField(_("job"), max_length=64, db_index=True)
    job_title = models.CharField(_("job title"), max_length=200, blank=True, default="")
    # SHA-256 of the posting text as sent to the model (explain.core.texts.job_text).
    text_hash = models.CharField(_("text hash"), max_length=64)
    prompt_version = models.CharField(_("prompt version"), max_length=40)
    model_name = models.CharField(_("model"), max_length=100)
    read_at = models.DateTimeField(_("read at"), db_index=True)
    # Each kept requirement: jobQuote, term, alternatives, optional, field, spans, amount.
    requirements = models.JSONField(_("requirements"), default=list, blank=True)
    # Lines of the requirements field no kept requirement covers: field, start, end, text.
    lines_not_read = models.JSONField(_("lines not read"), default=list, blank=True)
    requirement_count = models.PositiveSmallIntegerField(_("requirements"), default=0)
    optional_count = models.PositiveSmallIntegerField(_("optional"), default=0)
    lines_total = models.PositiveIntegerField(_("lines of the requirements field"), default=0)
    not_read_count = models.PositiveIntegerField(_("lines not read"), default=0)
    removed = models.PositiveIntegerField(_("removed items"), default=0)
    removed_reasons = models.JSONField(_("why removed"), default=dict, blank=True)
    unchecked = models.PositiveIntegerField(_("items past the bound"), default=0)

    class Meta:
        ordering = ["-read_at", "-id"]
        verbose_name = _("posting reading")
        verbose_name_plural = _("posting readings")
        constraints = [
            models.UniqueConstraint(
                fields=["text_hash", "prompt_version", "model_name"],
                name="explain_posting_reading_unique",
            )
        ]

    def __str__(self) -> str:
        job = self.job_title or f"#{self.job_ref}"
        return f"{job} · {self.read_at:%Y-%m-%d %H:%M} · {self.model_name}"
