"""The cap on model calls in flight: a call past it is refused at once, costs the user
nothing, and the slot frees when a call ends (answered, failed or streamed)."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from django.core.cache import caches
from django.urls import reverse

from explain.controls import slots
from explain.controls.breaker import CircuitBreaker, Gate
from explain.controls.ratelimit import RateDecision
from explain.controls.site import breaker_settings, site_cache
from explain.llm.errors import ProviderError
from explain.outcomes import Outcome
from explain.services import explanations as service
from explain.services.streaming import explanation_stream
from tests.conftest import WORKED_DRAFT, FakeModel, clear_cache

pytestmark = pytest.mark.django_db


def explain(user: Any, job: Any, rate: Any = None) -> Any:
    return service.explanation_create(
        user=user, job_id=str(job.pk), rate_check=rate or (lambda: RateDecision(True))
    )


class CountedRate:
    def __init__(self) -> None:
        self.spent = 0

    def __call__(self) -> RateDecision:
        return RateDecision(True, spend=self.spend)

    def spend(self) -> None:
        self.spent += 1


def test_a_call_past_the_cap_is_refused_at_once_and_costs_nothing(
    worked_user, worked_job, use_model, settings, caplog
):
    """While the one slot is held (a call waiting on a hung provider), the next request
    makes no model call: provider_busy, a short Retry-After, no allowance spent."""
    settings.EXPLAIN_MAX_CONCURRENT_CALLS = 1
    model = use_model(WORKED_DRAFT)
    held = slots.take_slot(site_cache(), 1, hold_seconds=60)
    assert held is not None
    caplog.set_level(logging.WARNING)
    rate = CountedRate()
    result = explain(worked_user, worked_job, rate)
    assert result.outcome == Outcome.PROVIDER_BUSY
    assert result.retry_after == service.BUSY_RETRY_SECONDS
    assert model.prompts == []
    assert rate.spent == 0
    assert "EXPLAIN_MAX_CONCURRENT_CALLS" in caplog.text
    held.release()
    assert explain(worked_user, worked_job).outcome == Outcome.OK
    assert len(model.prompts) == 1


def test_the_api_answers_503_with_retry_after_when_every_slot_is_held(
    client, worked_user, worked_job, use_model, settings
):
    settings.EXPLAIN_MAX_CONCURRENT_CALLS = 1
    use_model(WORKED_DRAFT)
    assert slots.take_slot(site_cache(), 1, hold_seconds=60) is not None
    client.force_login(worked_user)
    response = client.post(reverse("explain:api-explain", args=[worked_job.pk]))
    assert response.status_code == 503
    assert response.json()["outcome"] == Outcome.PROVIDER_BUSY
    assert response["Retry-After"] == str(service.BUSY_RETRY_SECONDS)


def test_a_slot_is_freed_whether_the_call_answers_or_fails(
    worked_user, worked_job, use_model, settings
):
    settings.EXPLAIN_MAX_CONCURRENT_CALLS = 2
    use_model(WORKED_DRAFT)
    assert explain(worked_user, worked_job).outcome == Outcome.OK
    assert slots.in_use(site_cache(), 2) == 0

    def fail(prompt: Any) -> str:
        raise ProviderError("http 503", unanswered=True, outage=True)

    clear_cache(site_cache())
    use_model(FakeModel(fail))
    assert explain(worked_user, worked_job).outcome == Outcome.PROVIDER_ERROR
    assert slots.in_use(site_cache(), 2) == 0


def test_a_streamed_call_holds_its_slot_until_it_ends(
    worked_user, worked_job, use_model, settings, make_user
):
    settings.EXPLAIN_MAX_CONCURRENT_CALLS = 1
    use_model(WORKED_DRAFT)
    stream = explanation_stream(
        user=worked_user, job_id=str(worked_job.pk), rate_check=lambda: RateDecision(True)
    )
    assert stream.pending
    assert slots.in_use(site_cache(), 1) == 1
    other = make_user("other", headline="Java developer", skills="Java")
    second = explain(other, worked_job)
    assert second.outcome == Outcome.PROVIDER_BUSY
    stream.close()
    assert stream.explanation.outcome == Outcome.OK
    assert slots.in_use(site_cache(), 1) == 0


def test_without_a_cap_no_slot_is_taken(worked_user, worked_job, use_model, settings):
    settings.EXPLAIN_MAX_CONCURRENT_CALLS = None
    use_model(WORKED_DRAFT)
    assert explain(worked_user, worked_job).outcome == Outcome.OK
    assert caches["default"].get("explain:slot:0") is None


def test_a_slot_cannot_be_freed_by_a_call_that_no_longer_holds_it():
    cache = site_cache()
    first = slots.take_slot(cache, 1, hold_seconds=60)
    assert first is not None
    cache.delete(first.key)  # it expired
    second = slots.take_slot(cache, 1, hold_seconds=60)
    assert second is not None
    first.release()
    assert slots.take_slot(cache, 1, hold_seconds=60) is None


def open_an_hour_ago() -> None:
    """The circuit opened long ago: its cool-down is over, the next call probes."""
    CircuitBreaker(site_cache(), breaker_settings(), clock=lambda: 1_000_000.0).trip()


def test_a_probe_refused_a_slot_is_given_back(worked_user, worked_job, use_model, settings):
    """The probe this request took made no call (every slot held): the next request
    probes at once, instead of waiting for the probe to be presumed lost."""
    settings.EXPLAIN_MAX_CONCURRENT_CALLS = 1
    settings.EXPLAIN_BREAKER_FAILURES = 3
    use_model(WORKED_DRAFT)
    assert slots.take_slot(site_cache(), 1, hold_seconds=60, leases=slots.Leases()) is not None
    open_an_hour_ago()
    assert explain(worked_user, worked_job).outcome == Outcome.PROVIDER_BUSY
    assert service.site_breaker().gate() is Gate.PROBE


def test_calls_begun_before_the_providers_last_answer_do_not_open_the_circuit(
    worked_user, worked_job, use_model, settings
):
    """Calls still waiting from while the provider hung are not counted as stalled once
    it has answered again."""
    settings.EXPLAIN_MAX_CONCURRENT_CALLS = 4
    settings.EXPLAIN_BREAKER_FAILURES = 3
    settings.EXPLAIN_BREAKER_SLOW_SECONDS = 10
    use_model(WORKED_DRAFT)
    for _ in range(3):  # begun long ago, still renewed by their live process
        assert slots.take_slot(
            site_cache(), 4, hold_seconds=3600, now=1_000_000.0, leases=slots.Leases()
        )
    assert explain(worked_user, worked_job).outcome == Outcome.CIRCUIT_OPEN
    site_cache().delete_many(
        [f"explain:breaker:{k}" for k in ("open-until", "probe")]
    )  # the cool-down ran
    service.site_breaker().record_success()  # the provider answered again
    assert explain(worked_user, worked_job).outcome == Outcome.OK


def test_a_calls_slots_freed_together_leave_a_slot_another_call_took_over():
    """The site's slot and the account's, freed in one read and one delete: a slot that
    expired and is another call's now stays taken; the one still ours is freed."""
    cache = site_cache()
    site = slots.take_slot(cache, 1, hold_seconds=60)
    own = slots.account_slot(cache, 7, 1, hold_seconds=60)
    assert site is not None and own is not None
    cache.delete(own.key)  # its lease ran out; another call of the account took it
    other = slots.account_slot(cache, 7, 1, hold_seconds=60)
    assert other is not None
    assert slots.release_together(site, own, slots.NO_CAP) is True
    assert cache.get(site.key) is None
    assert cache.get(own.key) == other.token
    assert slots.take_slot(cache, 1, hold_seconds=60) is not None
    assert slots.account_slot(cache, 7, 1, hold_seconds=60) is None
    other.release()
