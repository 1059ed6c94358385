"""The shared cache (Redis) down: no 500, no call without a rate limit, no lost answer.

The rate limit, the breaker, the call slots and the daily budget fail closed (503
temporarily_unavailable with Retry-After, no model call); cached answers simply miss;
an answer the model already gave is still shown and logged. Every record is a WARNING
naming the part, never an ERROR and never a text.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest
from django.urls import reverse

from explain.controls.ratelimit import RateDecision
from explain.models import ExplanationLog
from explain.outcomes import Outcome
from explain.services import explanations as service
from explain.services.streaming import explanation_stream
from tests.conftest import WORKED_DRAFT, WORKED_PROFILE, FakeModel
from tests.fakes.broken_cache import BrokenCache

pytestmark = pytest.mark.django_db


@pytest.fixture
def broken_cache(settings: Any) -> Iterator[type[BrokenCache]]:
    settings.CACHES = {"default": {"BACKEND": "tests.fakes.broken_cache.BrokenCache"}}
    BrokenCache.down = False
    BrokenCache.failed = 0
    yield BrokenCache
    BrokenCache.down = False


def ask(client: Any, job: Any) -> Any:
    return client.post(reverse("explain:api-explain", args=[job.pk]))


def assert_only_warnings(caplog: pytest.LogCaptureFixture) -> None:
    loud = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert loud == [], [r.getMessage() for r in loud]
    assert any("Shared cache unavailable" in r.getMessage() for r in caplog.records)
    for record in caplog.records:
        assert WORKED_PROFILE["skills"] not in record.getMessage()


def test_redis_down_refuses_at_once_with_a_503_and_retry_after(
    logged_in, worked_job, use_model, broken_cache, caplog
):
    model = use_model(WORKED_DRAFT)
    broken_cache.down = True
    caplog.set_level(logging.WARNING)
    response = ask(logged_in, worked_job)
    assert response.status_code == 503
    assert response.json()["outcome"] == Outcome.TEMPORARILY_UNAVAILABLE
    assert response["Retry-After"] == str(service.UNAVAILABLE_RETRY_SECONDS)
    assert model.prompts == [], "a model call was made with no rate limit to count it"
    assert list(ExplanationLog.objects.values_list("outcome", flat=True)) == [
        Outcome.TEMPORARILY_UNAVAILABLE
    ]
    assert_only_warnings(caplog)


def test_the_no_javascript_page_says_the_same_without_a_500(
    logged_in, worked_job, use_model, broken_cache
):
    use_model(WORKED_DRAFT)
    broken_cache.down = True
    response = logged_in.post(reverse("explain:explain-job", args=[worked_job.pk]))
    assert response.status_code == 503
    assert response["Retry-After"] == str(service.UNAVAILABLE_RETRY_SECONDS)


def test_the_job_page_still_opens_when_redis_is_down(
    logged_in, worked_job, use_model, broken_cache
):
    use_model(WORKED_DRAFT)
    broken_cache.down = True
    assert logged_in.get(worked_job.get_absolute_url()).status_code == 200


def test_an_answer_made_before_redis_went_away_is_shown_and_logged(
    logged_in, worked_job, use_model, broken_cache, caplog
):
    """Redis stops while the model is answering: caching the answer, telling the
    breaker and freeing the slot all fail; the user still gets the verified points."""

    def answer_then_redis_stops(prompt: Any) -> str:
        broken_cache.down = True
        return json.dumps(WORKED_DRAFT)

    use_model(FakeModel(answer_then_redis_stops))
    caplog.set_level(logging.WARNING)
    response = ask(logged_in, worked_job)
    assert response.status_code == 200
    data = response.json()
    assert data["outcome"] == Outcome.OK
    assert data["matches"]
    assert list(ExplanationLog.objects.values_list("outcome", flat=True)) == [Outcome.OK]
    assert_only_warnings(caplog)


def test_a_streamed_answer_survives_redis_going_away_too(
    worked_user, worked_job, use_model, broken_cache, caplog
):
    def answer_then_redis_stops(prompt: Any) -> str:
        broken_cache.down = True
        return json.dumps(WORKED_DRAFT)

    use_model(FakeModel(answer_then_redis_stops))
    caplog.set_level(logging.WARNING)
    stream = explanation_stream(
        user=worked_user, job_id=str(worked_job.pk), rate_check=lambda: RateDecision(True)
    )
    items = list(stream)
    final = items[-1]
    assert final.outcome == Outcome.OK
    assert len(items) > 1  # points were handed out
    assert ExplanationLog.objects.get().outcome == Outcome.OK
    assert_only_warnings(caplog)


def test_a_provider_failure_while_redis_is_down_is_still_its_own_outcome(
    worked_user, worked_job, use_model, broken_cache
):
    from explain.llm.errors import ProviderError

    def fail_then_redis_stops(prompt: Any) -> str:
        broken_cache.down = True
        raise ProviderError("http 503", unanswered=True, outage=True)

    use_model(FakeModel(fail_then_redis_stops))
    result = service.explanation_create(
        user=worked_user, job_id=str(worked_job.pk), rate_check=lambda: RateDecision(True)
    )
    assert result.outcome == Outcome.PROVIDER_ERROR


def test_with_redis_down_a_request_tries_one_cache_step_then_answers(
    logged_in, worked_job, use_model, broken_cache
):
    """A frozen Redis makes every step wait its socket timeout: the first failed step
    decides, the limits after it (on the same cache) are not tried."""
    model = use_model(WORKED_DRAFT)
    broken_cache.down = True
    response = ask(logged_in, worked_job)
    assert response.status_code == 503
    assert response.json()["outcome"] == Outcome.TEMPORARILY_UNAVAILABLE
    assert model.prompts == []
    assert broken_cache.failed == 1


def test_after_the_answer_one_failed_cache_step_skips_the_rest(
    logged_in, worked_job, use_model, broken_cache, caplog
):
    """Spending the allowance, telling the breaker, freeing the slot and caching the
    answer: after the first fails, the user's answer waits for none of the others."""

    def answer_then_redis_stops(prompt: Any) -> str:
        broken_cache.down = True
        return json.dumps(WORKED_DRAFT)

    use_model(FakeModel(answer_then_redis_stops))
    caplog.set_level(logging.WARNING)
    response = ask(logged_in, worked_job)
    assert response.json()["outcome"] == Outcome.OK
    assert broken_cache.failed == 1
    assert_only_warnings(caplog)


def test_a_streamed_answer_tries_one_cache_step_after_redis_went_away(
    worked_user, worked_job, use_model, broken_cache
):
    def answer_then_redis_stops(prompt: Any) -> str:
        broken_cache.down = True
        return json.dumps(WORKED_DRAFT)

    use_model(FakeModel(answer_then_redis_stops))
    stream = explanation_stream(
        user=worked_user, job_id=str(worked_job.pk), rate_check=lambda: RateDecision(True)
    )
    assert list(stream)[-1].outcome == Outcome.OK
    assert broken_cache.failed == 1
