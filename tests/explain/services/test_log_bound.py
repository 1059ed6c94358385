"""explain.services.log_bound: requests that cost no model call write at most
EXPLAIN_LOG_ROWS_PER_MINUTE rows per user and minute, the rest counted per day and
outcome; a request that reached the model always writes its one row."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.urls import reverse

from explain.controls.ratelimit import RateDecision
from explain.models import ExplanationLog, UnloggedRequests
from explain.outcomes import Outcome
from explain.services import explanations as service
from explain.services import log_bound
from tests.conftest import WORKED_DRAFT
from tests.fakes.broken_cache import BrokenCache

pytestmark = pytest.mark.django_db


def explain(user: Any, job_id: str, allowed: bool = True) -> Any:
    return service.explanation_create(
        user=user, job_id=job_id, rate_check=lambda: RateDecision(allowed, retry_after=30)
    )


def unlogged() -> dict[str, int]:
    return {row.outcome: row.requests for row in UnloggedRequests.objects.all()}


def test_cached_answers_past_the_bound_are_counted_not_logged(
    worked_user, worked_job, use_model, settings
):
    settings.EXPLAIN_LOG_ROWS_PER_MINUTE = 3
    use_model(WORKED_DRAFT)
    results = [explain(worked_user, str(worked_job.pk)) for _ in range(8)]
    assert [r.outcome for r in results] == [Outcome.OK] + [Outcome.CACHED] * 7
    outcomes = list(ExplanationLog.objects.order_by("id").values_list("outcome", flat=True))
    assert outcomes == ["ok", "cached", "cached", "cached"]
    assert unlogged() == {"cached": 4}
    assert results[-1].log_id is None and results[1].log_id is not None


def test_refusals_and_unknown_jobs_are_bounded_too(worked_user, worked_job, use_model, settings):
    settings.EXPLAIN_LOG_ROWS_PER_MINUTE = 2
    use_model(WORKED_DRAFT)
    for _ in range(3):
        explain(worked_user, "no-such-job")
    for _ in range(2):
        explain(worked_user, str(worked_job.pk), allowed=False)
    assert ExplanationLog.objects.count() == 2
    assert unlogged() == {"job_unavailable": 1, "rate_limited": 2}


def test_a_request_that_reached_the_model_always_writes_its_row(
    worked_user, worked_job, use_model, settings
):
    """The bound spent by requests that cost nothing, a model call still has its row,
    whatever its outcome."""
    settings.EXPLAIN_LOG_ROWS_PER_MINUTE = 1
    for _ in range(3):
        explain(worked_user, "no-such-job")
    use_model("{not json")  # the model answers, uselessly: still a billed call
    failed = explain(worked_user, str(worked_job.pk))
    assert failed.outcome == Outcome.INVALID_RESPONSE
    use_model(WORKED_DRAFT)
    fresh = explain(worked_user, str(worked_job.pk))
    assert fresh.outcome == Outcome.OK
    rows = list(ExplanationLog.objects.order_by("id").values_list("outcome", flat=True))
    assert rows == ["job_unavailable", "invalid_response", "ok"]
    assert failed.log_id is not None and fresh.log_id is not None


def test_each_user_has_a_bound_of_their_own(worked_user, make_user, settings):
    settings.EXPLAIN_LOG_ROWS_PER_MINUTE = 1
    other = make_user("sam")
    for user in (worked_user, worked_user, other, other):
        explain(user, "no-such-job")
    assert sorted(ExplanationLog.objects.values_list("user_id", flat=True)) == sorted(
        [worked_user.pk, other.pk]
    )
    assert unlogged() == {"job_unavailable": 2}


def test_the_bound_is_per_minute(worked_user, settings):
    settings.EXPLAIN_LOG_ROWS_PER_MINUTE = 2
    minute = 1_000_000 * 60.0
    assert [log_bound.row_allowed(worked_user, now=minute + s) for s in (0, 10, 59)] == [
        True,
        True,
        False,
    ]
    assert log_bound.row_allowed(worked_user, now=minute + 60)
    assert log_bound.row_allowed(AnonymousUser(), now=minute)


def test_no_bound_when_unset(worked_user, settings):
    settings.EXPLAIN_LOG_ROWS_PER_MINUTE = None
    for _ in range(5):
        explain(worked_user, "no-such-job")
    assert ExplanationLog.objects.count() == 5
    assert unlogged() == {}


def test_without_the_shared_cache_rows_are_written_as_before(worked_user, settings):
    settings.EXPLAIN_LOG_ROWS_PER_MINUTE = 1
    settings.CACHES = {"default": {"BACKEND": "tests.fakes.broken_cache.BrokenCache"}}
    BrokenCache.down = True
    try:
        assert all(log_bound.row_allowed(worked_user) for _ in range(3))
    finally:
        BrokenCache.down = False


def test_the_admin_shows_how_many_requests_had_no_row(client, worked_user, settings):
    from django.contrib.auth import get_user_model

    settings.EXPLAIN_LOG_ROWS_PER_MINUTE = 1
    for _ in range(4):
        explain(worked_user, "no-such-job")
    get_user_model().objects.create_superuser("boss", "boss@example.com", "pw-123456!")
    client.login(username="boss", password="pw-123456!")
    page = client.get(reverse("admin:explain_explanationlog_changelist")).content.decode()
    assert "Requests without a row" in page
    assert "<td>job_unavailable</td><td>3</td>" in page
