""" "This looks wrong" reports as cases in the labelled set's format, for a reviewer.

Reports never store texts, so texts are empty unless rebuilt through EXPLAIN_SOURCE as
they are now. Dismissed reports are not cases; confirmed ones carry the reviewer's label.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from explain.adapter import JobUnavailable, private_values_of
from explain.conf import app_settings
from explain.core.schema import Claim
from explain.core.texts import job_text, profile_text
from explain.eval.cases import claim_record, dump_case_file
from explain.exceptions import ExplainError
from explain.models import FeedbackReport
from explain.source import get_source

FEEDBACK_CATEGORY = "feedback"

ABOUT = (
    'Exported from "this looks wrong" reports. Confirmed reports carry the '
    "reviewer's label (expected keep, or drop with a reason); new ones are "
    "unlabelled: decide what the verifier must do. For each case write or trim "
    "the texts so they hold no personal data, pick a category, remove the "
    "feedback block, and move the case into the labelled set."
)


class FeedbackExportError(ExplainError, ValueError):
    """The export cannot be made as asked; the message says what is missing."""


@dataclass(frozen=True)
class FeedbackExport:
    """The case file's text and how many of its cases a reviewer already labelled."""

    text: str
    cases: int
    labelled: int


def export_feedback(*, with_texts: bool, confirmed: bool = False) -> FeedbackExport:
    """Every report that is not dismissed (only confirmed ones with `confirmed`)."""
    reports = (
        FeedbackReport.objects.select_related("log", "user")
        .exclude(status=FeedbackReport.Status.DISMISSED)
        .order_by("created_at", "id")
    )
    if confirmed:
        reports = reports.filter(status=FeedbackReport.Status.CONFIRMED)
    records = [feedback_record(report, with_texts=with_texts) for report in reports]
    text = dump_case_file(
        cases=records,
        about=ABOUT,
        categories={
            FEEDBACK_CATEGORY: "reports from users: labelled when a reviewer confirmed them"
        },
    )
    labelled = sum(1 for record in records if record["expected"] is not None)
    return FeedbackExport(text=text, cases=len(records), labelled=labelled)


def feedback_record(report: FeedbackReport, *, with_texts: bool) -> dict[str, Any]:
    """One report as a case: the claim as shown, the label if confirmed, where it came from."""
    profile = job = ""
    note = "Texts are not stored with reports; write the smallest texts that show the case."
    if with_texts:
        profile, job = current_texts(report)
        note = (
            "Texts rebuilt through EXPLAIN_SOURCE at export time: they may differ from "
            "what the model saw, and they are a user's profile; trim before committing."
        )
    claim = Claim.model_validate(
        {
            "term": str(getattr(report, "term", "") or ""),
            "profileQuote": report.profile_quote,
            "jobQuote": report.job_quote,
        }
    )
    log = report.log
    labelled = report.status == FeedbackReport.Status.CONFIRMED and bool(report.expected)
    label: dict[str, Any] = (
        {"expected": report.expected, "reason": report.expected_reason or None}
        if labelled
        else {"expected": None, "reason": None, "needs_label": True}
    )
    if not labelled and report.reason == FeedbackReport.Reason.HAVE_IT:
        # The person says they have what the gap says is not shown: a false gap by
        # their word, labelled so; a reviewer's label, once given, wins.
        label = {
            "expected": FeedbackReport.Expected.DROP.value,
            "reason": "gap_contradicted",
            "label_source": "user",
        }
    return {
        "id": f"feedback-{report.pk}",
        "category": FEEDBACK_CATEGORY,
        "profile": profile,
        "job": job,
        "kind": report.kind,
        "claim": claim_record(claim),
        **label,
        "feedback": {
            "shown": report.point,
            "status": report.status,
            "times_reported": report.times_reported,
            "reviewer_note": report.reviewer_note,
            "reason": report.reason,
            "user_note": report.note,
            "reported_at": report.created_at.isoformat(),
            "log": report.log_id,
            "job_ref": log.job_ref,
            "model": log.model_name,
            "prompt_version": log.prompt_version,
        },
        "note": note,
    }


def current_texts(report: FeedbackReport) -> tuple[str, str]:
    """The report's profile and job texts as the adapter gives them now."""
    try:
        source = get_source()
    except LookupError:
        raise FeedbackExportError("--with-texts needs EXPLAIN_SOURCE (the host adapter)") from None
    max_chars = app_settings.MAX_TEXT_CHARS
    profile = ""
    if report.user is not None:
        profile = profile_text(
            source.profile_fields(report.user),
            max_chars=max_chars,
            private_values=private_values_of(source, report.user),
        ).text
    try:
        job = job_text(source.job_fields(report.log.job_ref, report.user), max_chars=max_chars).text
    except JobUnavailable:
        job = ""
    return profile, job
