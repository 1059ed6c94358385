"""Reports: the same point on the same job is one report with a count, not duplicates."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from explain.models import ExplanationLog, FeedbackReport
from tests.conftest import WORKED_DRAFT

pytestmark = pytest.mark.django_db
FEEDBACK_URL = "/explain/api/feedback/"


def explain_and_report(client: Any, job: Any, reason: str = "not_in_job") -> dict[str, Any]:
    data = client.post(reverse("explain:api-explain", args=[job.pk])).json()
    response = client.post(
        FEEDBACK_URL,
        {"log_id": data["log_id"], "kind": "gap", "index": 0, "reason": reason},
        content_type="application/json",
    )
    assert response.status_code == 201
    return dict(response.json())


def test_the_same_point_reported_from_two_answers_is_one_report_counted_twice(
    logged_in, worked_job, use_model
):
    use_model(WORKED_DRAFT)
    first = explain_and_report(logged_in, worked_job)
    second = explain_and_report(logged_in, worked_job, reason="misleading")  # from the cache
    assert ExplanationLog.objects.count() == 2
    assert first["id"] == second["id"]
    report = FeedbackReport.objects.get()
    assert report.times_reported == 2
    assert report.reason == "not_in_job"  # the first reason stays; the count grows


def test_the_same_answer_reported_twice_counts_once(logged_in, worked_job, use_model):
    use_model(WORKED_DRAFT)
    data = logged_in.post(reverse("explain:api-explain", args=[worked_job.pk])).json()
    for _ in range(2):
        logged_in.post(
            FEEDBACK_URL,
            {"log_id": data["log_id"], "kind": "gap", "index": 0, "reason": "other"},
            content_type="application/json",
        )
    assert FeedbackReport.objects.get().times_reported == 1


def test_the_log_keeps_the_job_title_as_shown(logged_in, worked_job, use_model):
    use_model(WORKED_DRAFT)
    logged_in.post(reverse("explain:api-explain", args=[worked_job.pk]))
    assert ExplanationLog.objects.get().job_title == "Java Engineer"


def test_the_logged_title_is_one_printable_line_of_at_most_200_characters():
    from explain.adapter import Field
    from explain.service import shown_job_title

    long_title = "Senior\u200b Java\n Engineer " + "x" * 300
    fields = [Field("company", "Company", "Acme"), Field("title", "Job title", long_title)]
    title = shown_job_title(fields)
    assert title.startswith("Senior Java Engineer x") and len(title) == 200
    assert shown_job_title([Field("company", "Company", "Acme")]) == ""
