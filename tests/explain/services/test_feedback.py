"""Reports: the same point on the same job is one report with a count, not duplicates."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from explain.models import ExplanationLog, FeedbackReport
from tests.conftest import WORKED_DRAFT, WORKED_PROFILE

pytestmark = pytest.mark.django_db
FEEDBACK_URL = "/explain/api/feedback/"


def explain_and_report(
    client: Any, job: Any, reason: str = "not_in_job", status: int = 201
) -> dict[str, Any]:
    data = client.post(reverse("explain:api-explain", args=[job.pk])).json()
    response = client.post(
        FEEDBACK_URL,
        {"log_id": data["log_id"], "kind": "gap", "index": 0, "reason": reason},
        content_type="application/json",
    )
    assert response.status_code == status
    return dict(response.json())


def test_the_same_point_reported_by_two_users_is_one_report_counted_twice(
    client, logged_in, worked_job, use_model, make_user
):
    use_model(WORKED_DRAFT)
    first = explain_and_report(logged_in, worked_job)
    # Someone else with the same profile text sees the same point (from the cache).
    client.force_login(make_user("sam", **WORKED_PROFILE))
    second = explain_and_report(client, worked_job, reason="misleading")
    assert ExplanationLog.objects.count() == 2
    assert first["id"] == second["id"]
    assert first["saved"] is True and second["saved"] is True
    report = FeedbackReport.objects.get()
    assert report.times_reported == 2
    assert report.reason == "not_in_job"  # the first reason stays; the count grows


def test_one_report_per_point_per_user_even_from_a_later_answer(logged_in, worked_job, use_model):
    use_model(WORKED_DRAFT)
    first = explain_and_report(logged_in, worked_job)
    # The same user, the same point shown again later (cached): nothing new is counted.
    again = explain_and_report(logged_in, worked_job, reason="misleading", status=200)
    assert ExplanationLog.objects.count() == 2
    assert again == {"id": first["id"], "saved": False}
    report = FeedbackReport.objects.get()
    assert (report.times_reported, report.reason) == (1, "not_in_job")


def test_something_else_keeps_a_short_note_for_admins(logged_in, worked_job, use_model):
    use_model(WORKED_DRAFT)
    data = logged_in.post(reverse("explain:api-explain", args=[worked_job.pk])).json()
    long_note = "The job  says\nAWS " + "x" * 400
    response = logged_in.post(
        FEEDBACK_URL,
        {"log_id": data["log_id"], "kind": "gap", "index": 0, "reason": "other", "note": "ok"},
        content_type="application/json",
    )
    assert response.status_code == 201
    assert FeedbackReport.objects.get().note == "ok"
    too_long = logged_in.post(
        FEEDBACK_URL,
        {
            "log_id": data["log_id"],
            "kind": "match",
            "index": 0,
            "reason": "other",
            "note": long_note,
        },
        content_type="application/json",
    )
    assert too_long.status_code == 400  # the API refuses more than 300 characters


def test_the_note_is_kept_with_any_reason_and_capped(logged_in, worked_job, use_model):
    from explain.services.feedback import feedback_create

    use_model(WORKED_DRAFT)
    data = logged_in.post(reverse("explain:api-explain", args=[worked_job.pk])).json()
    user = ExplanationLog.objects.get().user
    report, _ = feedback_create(
        user=user,
        log_id=data["log_id"],
        kind="match",
        index=0,
        reason="other",
        note="Too  vague\n" + "y" * 500,
    )
    assert report.note.startswith("Too vague y") and len(report.note) == 300
    other, _ = feedback_create(
        user=user,
        log_id=data["log_id"],
        kind="gap",
        index=0,
        reason="not_in_job",
        note="The  posting\nsays it twice",
    )
    assert other.note == "The posting says it twice"


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
    from explain.services.explanations import shown_job_title

    long_title = "Senior\u200b Java\n Engineer " + "x" * 300
    fields = [Field("company", "Company", "Acme"), Field("title", "Job title", long_title)]
    title = shown_job_title(fields)
    assert title.startswith("Senior Java Engineer x") and len(title) == 200
    assert shown_job_title([Field("company", "Company", "Acme")]) == ""


def test_a_second_user_counts_once_however_many_answers_they_report_from(
    client, logged_in, worked_job, use_model, make_user
):
    """Not only the first reporter: every user counts once per point (a database rule)."""
    from explain.models import FeedbackReporter

    use_model(WORKED_DRAFT)
    explain_and_report(logged_in, worked_job)
    sam = make_user("sam", **WORKED_PROFILE)
    client.force_login(sam)
    explain_and_report(client, worked_job)
    for _ in range(3):  # each a fresh answer (a new log row) shown from the cache
        again = explain_and_report(client, worked_job, status=200)
        assert again["saved"] is False
    report = FeedbackReport.objects.get()
    assert report.times_reported == 2
    assert sorted(report.reporters.values_list("user__username", flat=True)) == ["dana", "sam"]
    from django.db import IntegrityError, transaction

    with pytest.raises(IntegrityError), transaction.atomic():
        FeedbackReporter.objects.create(report=report, user=sam)
