"""explain.eval.feedback_cases: reports become cases; texts only through the adapter."""

from __future__ import annotations

import json

import pytest

from explain.eval.feedback_cases import FEEDBACK_CATEGORY, FeedbackExportError, export_feedback
from explain.models import ExplanationLog, FeedbackReport


@pytest.fixture
def report(make_user) -> FeedbackReport:
    user = make_user("rae", skills="Java (3 years)")
    log = ExplanationLog.objects.create(
        user=user, job_ref="1", outcome="ok", model_name="m", prompt_version="v"
    )
    return FeedbackReport.objects.create(
        log=log,
        user=user,
        kind="match",
        point="You know Java.",
        profile_quote="Java (3 years)",
        job_quote="Java APIs",
        reason=FeedbackReport.Reason.values[0],
    )


@pytest.mark.django_db
def test_a_new_report_is_an_unlabelled_case_without_texts(report):
    export = export_feedback(with_texts=False)
    assert (export.cases, export.labelled) == (1, 0)
    [case] = json.loads(export.text)["cases"]
    assert case["category"] == FEEDBACK_CATEGORY
    assert case["expected"] is None and case["needs_label"] is True
    assert (case["profile"], case["job"]) == ("", "")
    assert case["claim"]["profileQuote"] == "Java (3 years)"


@pytest.mark.django_db
def test_dismissed_reports_are_left_out_and_confirmed_keep_their_label(report):
    report.status = FeedbackReport.Status.CONFIRMED
    report.expected = "drop"
    report.expected_reason = "profile_quote_not_found"
    report.save()
    export = export_feedback(with_texts=False, confirmed=True)
    [case] = json.loads(export.text)["cases"]
    assert (case["expected"], case["reason"]) == ("drop", "profile_quote_not_found")
    report.status = FeedbackReport.Status.DISMISSED
    report.save()
    assert export_feedback(with_texts=False).cases == 0


@pytest.mark.django_db
def test_texts_need_the_adapter(report, settings):
    settings.EXPLAIN_SOURCE = None
    with pytest.raises(FeedbackExportError, match="EXPLAIN_SOURCE"):
        export_feedback(with_texts=True)
