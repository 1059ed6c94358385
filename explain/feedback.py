"""Storing a user's "this looks wrong" report on a point they were shown."""

from __future__ import annotations

from typing import Any

from explain.display import clean_display_text
from explain.models import ExplanationLog, FeedbackReport
from explain.outcomes import Kind
from explain.service import shown_point


class FeedbackRejected(Exception):
    """The report does not refer to a point this user was shown recently."""


def feedback_create(
    *, user: Any, log_id: int, kind: str, index: int, reason: str
) -> FeedbackReport:
    """Store the report with the exact point and quotes the server showed."""
    if reason not in FeedbackReport.Reason.values or kind not in Kind.values:
        raise FeedbackRejected("unknown reason or kind")
    log = ExplanationLog.objects.filter(pk=log_id, user=user).first()
    if log is None:
        raise FeedbackRejected("no such explanation for this user")
    shown = shown_point(user=user, log=log, kind=kind, index=index)
    if shown is None:
        raise FeedbackRejected("that point is no longer available to report")
    point, profile_quote, job_quote = (clean_display_text(text)[:500] for text in shown)
    report, _ = FeedbackReport.objects.get_or_create(
        log=log,
        kind=kind,
        point=point,
        defaults={
            "user": user,
            "profile_quote": profile_quote,
            "job_quote": job_quote,
            "reason": reason,
        },
    )
    return report
