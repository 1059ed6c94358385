"""Storing a user's "this looks wrong" report on a point they were shown."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F

from explain.display_cleaning import clean_display_text
from explain.exceptions import FeedbackRejected
from explain.models import NOTE_MAX_LENGTH, ExplanationLog, FeedbackReport, FeedbackReporter
from explain.outcomes import Kind
from explain.services.explanations import shown_point


def feedback_create(
    *, user: Any, log_id: int, kind: str, index: int, reason: str, note: str = ""
) -> tuple[FeedbackReport, bool]:
    """Store the report with the exact point and quotes the server showed.

    The same point on the same job reported from another answer raises the first
    report's count instead of storing a duplicate for the reviewer to triage twice.
    One report per point per user: when this user filed it already (from this answer
    or one shown again later), nothing changes and the second value is False. The note
    is kept with any reason, cut to NOTE_MAX_LENGTH characters.
    """
    if reason not in FeedbackReport.Reason.values or kind not in Kind.values:
        raise FeedbackRejected("unknown reason or kind")
    if reason == FeedbackReport.Reason.HAVE_IT and kind != Kind.GAP:
        raise FeedbackRejected("'I do have this' is for gaps")
    log = ExplanationLog.objects.filter(pk=log_id, user=user).first()
    if log is None:
        raise FeedbackRejected("no such explanation for this user")
    shown = shown_point(user=user, log=log, kind=kind, index=index)
    if shown is None:
        raise FeedbackRejected("that point is no longer available to report")
    point, profile_quote, job_quote = (clean_display_text(text)[:500] for text in shown)
    with transaction.atomic():
        same = (
            FeedbackReport.objects.select_for_update()
            .filter(
                log__job_ref=log.job_ref,
                kind=kind,
                point=point,
                profile_quote=profile_quote,
                job_quote=job_quote,
            )
            .order_by("id")
            .first()
        )
        if same is None:
            kept_note = clean_display_text(" ".join(note.split()))[:NOTE_MAX_LENGTH]
            report = FeedbackReport.objects.create(
                log=log,
                user=user,
                kind=kind,
                point=point,
                profile_quote=profile_quote,
                job_quote=job_quote,
                reason=reason,
                note=kept_note,
            )
            FeedbackReporter.objects.create(report=report, user=user)
            return report, True
        # The same answer reported twice, or the same user again: nothing new to count.
        if same.log_id == log.pk or same.user_id == getattr(user, "pk", None):
            return same, False
        try:
            # The database's rule, whatever races: one count per user per report.
            with transaction.atomic():
                FeedbackReporter.objects.create(report=same, user=user)
        except IntegrityError:
            return same, False
        # The same point on the same job from someone else: one report, counted again.
        FeedbackReport.objects.filter(pk=same.pk).update(times_reported=F("times_reported") + 1)
        same.refresh_from_db(fields=["times_reported"])
        return same, True
