"""Storing a user's "this looks wrong" report on a point they were shown."""

from __future__ import annotations

from typing import Any

from explain.display import clean_display_text
from explain.models import NOTE_MAX_LENGTH, ExplanationLog, FeedbackReport
from explain.outcomes import Kind
from explain.service import shown_point


class FeedbackRejected(Exception):
    """The report does not refer to a point this user was shown recently."""


def feedback_create(
    *, user: Any, log_id: int, kind: str, index: int, reason: str, note: str = ""
) -> tuple[FeedbackReport, bool]:
    """Store the report with the exact point and quotes the server showed.

    One report per point per user: the same point on the same job, shown again later
    (a cached or remembered explanation), returns the first report and False. The note
    is kept only with "Something else", cut to NOTE_MAX_LENGTH characters.
    """
    if reason not in FeedbackReport.Reason.values or kind not in Kind.values:
        raise FeedbackRejected("unknown reason or kind")
    log = ExplanationLog.objects.filter(pk=log_id, user=user).first()
    if log is None:
        raise FeedbackRejected("no such explanation for this user")
    shown = shown_point(user=user, log=log, kind=kind, index=index)
    if shown is None:
        raise FeedbackRejected("that point is no longer available to report")
    point, profile_quote, job_quote = (clean_display_text(text)[:500] for text in shown)
    earlier = FeedbackReport.objects.filter(
        user=user, log__job_ref=log.job_ref, kind=kind, point=point, job_quote=job_quote
    ).first()
    if earlier is not None:
        return earlier, False
    kept_note = ""
    if reason == FeedbackReport.Reason.OTHER:
        kept_note = clean_display_text(" ".join(note.split()))[:NOTE_MAX_LENGTH]
    report = FeedbackReport.objects.create(
        log=log,
        kind=kind,
        point=point,
        user=user,
        profile_quote=profile_quote,
        job_quote=job_quote,
        reason=reason,
        note=kept_note,
    )
    return report, True
