"""explain.models: the log has room for counts and codes; reports keep what was shown."""

from __future__ import annotations

import pytest

from explain.models import (
    REQUIREMENT_COUNT_FIELDS,
    REQUIREMENT_STATE_FIELDS,
    ExplanationLog,
    FeedbackReport,
    LogNeedingReview,
)


@pytest.mark.django_db
def test_a_log_row_and_its_report(make_user):
    user = make_user("lee")
    log = ExplanationLog.objects.create(user=user, job_ref="7", outcome="ok")
    log.refresh_from_db()
    report = FeedbackReport.objects.create(
        log=log,
        user=user,
        kind="gap",
        point="AWS is not shown in your profile.",
        job_quote="AWS",
        reason=FeedbackReport.Reason.OTHER,
    )
    # Named in words for the admin: the job and the outcome's label, the reason's label.
    assert str(log).endswith(" · #7 · OK")
    assert str(report) == "Something else: AWS is not shown in your profile."
    assert report.times_reported == 1
    assert list(log.reports.all()) == [report]


@pytest.mark.django_db
def test_deleting_a_user_keeps_their_rows(make_user):
    user = make_user("kim")
    log = ExplanationLog.objects.create(user=user, job_ref="1", outcome="ok")
    user.delete()
    log.refresh_from_db()
    assert log.user is None


def test_the_review_queue_is_the_log_table():
    assert LogNeedingReview._meta.proxy
    assert LogNeedingReview._meta.db_table == ExplanationLog._meta.db_table


@pytest.mark.django_db
def test_a_log_row_holds_the_checklist_counts_and_starts_at_zero():
    """Room for a long posting's list (past 255) in every state; a row written without
    them (today's viewer rows, spooled rows from before) holds 0 in each."""
    assert REQUIREMENT_COUNT_FIELDS[3:] == REQUIREMENT_STATE_FIELDS
    fields = {f.name for f in ExplanationLog._meta.get_fields()}
    assert set(REQUIREMENT_COUNT_FIELDS) <= fields
    empty = ExplanationLog.objects.create(job_ref="1", outcome="ok")
    empty.refresh_from_db()
    assert [getattr(empty, name) for name in REQUIREMENT_COUNT_FIELDS] == [0] * 7
    counts = dict(zip(REQUIREMENT_COUNT_FIELDS, (300, 40, 10, 120, 100, 50, 30), strict=True))
    full = ExplanationLog.objects.create(job_ref="2", outcome="ok", **counts)
    full.refresh_from_db()
    assert {name: getattr(full, name) for name in REQUIREMENT_COUNT_FIELDS} == counts
