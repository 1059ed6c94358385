"""Requests of one user in flight at once: the rate limit counts each call from its start,
identical requests share one model call, one account holds at most its share of slots.

"In flight at once" without threads or clocks: the fake model, asked for one answer,
first sends the user's next request through the whole service, so every earlier call is
still waiting for its answer when the next one is checked (25 deep: 25 at once).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from django.test import RequestFactory
from django.urls import reverse

from explain import wording
from explain.controls import ratelimit, slots
from explain.controls.site import site_cache
from explain.models import ExplanationLog, UnloggedRequests
from explain.outcomes import Outcome
from explain.services import explanations as service
from jobportal.models import Job
from tests.conftest import WORKED_DRAFT, WORKED_PROFILE, FakeModel

pytestmark = pytest.mark.django_db


def jobs(count: int) -> list[Job]:
    return [
        Job.objects.create(
            title=f"Java role {n}", company="X", description="Build secure Java APIs."
        )
        for n in range(count)
    ]


def rate_of(user: Any) -> Callable[[], ratelimit.RateDecision]:
    """The site's own rate check for this user, as the views pass it."""
    request = RequestFactory().post("/")
    request.user = user
    return lambda: ratelimit.model_call_allowed(request)


def nested(
    use_model: Callable[[Any], FakeModel], asks: list[Callable[[], Any]]
) -> tuple[FakeModel, list[Any]]:
    """Run asks[0]; while its model call waits, asks[1] runs, and so on: each ask is
    checked while every earlier one that reached the model is still in flight. Returns
    the model and each ask's result, in order."""
    results: list[Any] = [None] * len(asks)
    pending = iter(range(1, len(asks)))

    def run(index: int) -> None:
        results[index] = asks[index]()

    def answer(prompt: Any) -> str:
        following = next(pending, None)
        while following is not None:
            run(following)  # reaches the model (and nests further) or is refused now
            if results[following].outcome in {Outcome.OK, Outcome.NOTHING_VERIFIED}:
                break
            following = next(pending, None)
        return json.dumps(WORKED_DRAFT)

    model = use_model(answer)
    run(0)
    for index in pending:  # refused ones do not nest: the rest run after
        run(index)
    return model, results


def test_parallel_requests_make_at_most_the_limits_number_of_model_calls(
    worked_user, use_model, settings
):
    """25 requests of one user for 25 jobs, all in flight at once, limit 10 per 10
    minutes: 10 model calls, 15 refused 429 rate_limited before any call."""
    settings.EXPLAIN_RATE = "10/10m"
    settings.EXPLAIN_ACCOUNT_SLOTS = None  # the rate alone
    settings.EXPLAIN_MAX_CONCURRENT_CALLS = None
    rate = rate_of(worked_user)
    asks = [
        (
            lambda job=job: service.explanation_create(
                user=worked_user, job_id=str(job.pk), rate_check=rate
            )
        )
        for job in jobs(25)
    ]
    model, results = nested(use_model, asks)
    assert len(model.prompts) == 10
    outcomes = [r.outcome for r in results]
    assert outcomes.count(Outcome.OK) == 10
    assert outcomes.count(Outcome.RATE_LIMITED) == 15
    assert ratelimit.in_flight(site_cache(), worked_user.pk) == 0  # every place left


def test_a_call_the_provider_never_answered_gives_its_place_back(worked_user):
    check = rate_of(worked_user)
    first = check()
    assert first.allowed
    assert ratelimit.in_flight(site_cache(), worked_user.pk) == 1
    first.give_back()
    first.give_back()  # a place is left once
    assert ratelimit.in_flight(site_cache(), worked_user.pk) == 0
    again = check()  # the tight test rate: one call per window
    assert again.allowed
    again.spend()
    assert not check().allowed  # an answered call stays counted


def test_a_call_in_flight_counts_before_it_is_answered(worked_user):
    check = rate_of(worked_user)  # the tight test rate: one call per window
    first = check()
    assert first.allowed
    second = check()
    assert not second.allowed and second.retry_after >= 1
    first.spend()
    assert not check().allowed
    assert ratelimit.in_flight(site_cache(), worked_user.pk) == 0


def test_identical_requests_in_flight_make_one_model_call(
    worked_user, worked_job, use_model, settings
):
    """The same user, job, texts, model and prompt version, 50 times at once: one model
    call; the others are answered at once, 429 with a short Retry-After; asked again
    afterwards, the answer comes from the cache."""
    settings.EXPLAIN_RATE = "10/10m"
    rate = rate_of(worked_user)
    ask = lambda: service.explanation_create(  # noqa: E731
        user=worked_user, job_id=str(worked_job.pk), rate_check=rate
    )
    model, results = nested(use_model, [ask] * 50)
    assert len(model.prompts) == 1
    assert results[0].outcome == Outcome.OK
    assert {r.outcome for r in results[1:]} == {Outcome.RATE_LIMITED}
    assert {r.retry_after for r in results[1:]} == {service.SAME_REQUEST_RETRY_SECONDS}
    assert ask().outcome == Outcome.CACHED
    assert len(model.prompts) == 1
    # Nothing the refused ones did counts against the user: one call of ten used.
    assert ratelimit.in_flight(site_cache(), worked_user.pk) == 0
    # One row each, or, past the bound on rows of requests that cost no call, one count.
    unlogged = sum(UnloggedRequests.objects.values_list("requests", flat=True))
    assert ExplanationLog.objects.count() + unlogged == 51
    assert ExplanationLog.objects.filter(outcome=Outcome.OK).count() == 1


def test_once_the_identical_request_ended_without_an_answer_the_next_one_calls(
    worked_user, worked_job, use_model, settings
):
    settings.EXPLAIN_RATE = "10/10m"
    rate = rate_of(worked_user)
    use_model("not json at all")
    first = service.explanation_create(user=worked_user, job_id=str(worked_job.pk), rate_check=rate)
    assert first.outcome == Outcome.INVALID_RESPONSE
    model = use_model(WORKED_DRAFT)
    again = service.explanation_create(user=worked_user, job_id=str(worked_job.pk), rate_check=rate)
    assert again.outcome == Outcome.OK
    assert len(model.prompts) == 1


def test_a_streamed_request_holds_its_identical_twin_off_until_it_ends(
    worked_user, worked_job, use_model, settings
):
    from explain.services.streaming import explanation_stream

    settings.EXPLAIN_RATE = "10/10m"
    model = use_model(WORKED_DRAFT)
    rate = rate_of(worked_user)
    stream = explanation_stream(user=worked_user, job_id=str(worked_job.pk), rate_check=rate)
    assert stream.pending
    twin = service.explanation_create(user=worked_user, job_id=str(worked_job.pk), rate_check=rate)
    assert twin.outcome == Outcome.RATE_LIMITED
    stream.close()
    assert stream.explanation.outcome == Outcome.OK
    after = service.explanation_create(user=worked_user, job_id=str(worked_job.pk), rate_check=rate)
    assert after.outcome == Outcome.CACHED
    assert len(model.prompts) == 1


def test_one_account_holds_at_most_its_share_of_the_sites_slots(
    worked_user, use_model, settings, make_user
):
    """EXPLAIN_ACCOUNT_SLOTS (2) of 20: the account's third call at once is refused 429
    rate_limited with Retry-After; another user still gets a slot."""
    settings.EXPLAIN_RATE = "10/10m"
    rate = rate_of(worked_user)
    other = make_user("other", **WORKED_PROFILE)
    posts = jobs(6)
    asks: list[Callable[[], Any]] = [
        (
            lambda job=job: service.explanation_create(
                user=worked_user, job_id=str(job.pk), rate_check=rate
            )
        )
        for job in posts[:5]
    ]
    asks.append(
        lambda: service.explanation_create(
            user=other, job_id=str(posts[5].pk), rate_check=rate_of(other)
        )
    )
    model, results = nested(use_model, asks)
    own = [r.outcome for r in results[:5]]
    assert own.count(Outcome.OK) == 2
    assert own.count(Outcome.RATE_LIMITED) == 3
    assert {r.retry_after for r in results[:5] if r.outcome == Outcome.RATE_LIMITED} == {
        service.BUSY_RETRY_SECONDS
    }
    assert results[5].outcome == Outcome.OK  # not provider_busy: the site has slots left
    assert len(model.prompts) == 3
    assert slots.in_use(site_cache(), 20) == 0


def test_past_its_share_an_account_is_answered_429_with_retry_after(
    logged_in, worked_user, use_model, settings
):
    """Through the API: the user whose own calls hold their share reads a wait of
    their own, not the site-wide 503 provider_busy."""
    settings.EXPLAIN_RATE = "10/10m"
    settings.EXPLAIN_ACCOUNT_SLOTS = 1
    first, second = jobs(2)
    seen: list[Any] = []

    def answer(prompt: Any) -> str:
        if not seen:
            seen.append(logged_in.post(reverse("explain:api-explain", args=[second.pk])))
        return json.dumps(WORKED_DRAFT)

    use_model(answer)
    response = logged_in.post(reverse("explain:api-explain", args=[first.pk]))
    assert response.status_code == 200
    refused = seen[0]
    assert refused.status_code == 429
    assert refused["Retry-After"] == str(service.BUSY_RETRY_SECONDS)
    assert refused.json()["outcome"] == Outcome.RATE_LIMITED
    assert refused.json()["error"] == wording.rate_limited_message(service.BUSY_RETRY_SECONDS)


def test_a_call_refused_by_the_slots_or_the_breaker_costs_no_place(
    worked_user, worked_job, use_model, settings
):
    """The tight test rate (one call per window): refusals after the rate check give
    the place back, so the one call is still there once the site can make it."""
    settings.EXPLAIN_MAX_CONCURRENT_CALLS = 1
    model = use_model(WORKED_DRAFT)
    rate = rate_of(worked_user)

    def ask() -> Any:
        return service.explanation_create(
            user=worked_user, job_id=str(worked_job.pk), rate_check=rate
        )

    held = slots.take_slot(site_cache(), 1, hold_seconds=60)
    assert held is not None
    assert ask().outcome == Outcome.PROVIDER_BUSY
    assert ratelimit.in_flight(site_cache(), worked_user.pk) == 0
    held.release()
    breaker = service.site_breaker()
    assert breaker.trip()
    assert ask().outcome == Outcome.CIRCUIT_OPEN
    assert ratelimit.in_flight(site_cache(), worked_user.pk) == 0
    breaker.record_success()
    assert ask().outcome == Outcome.OK
    assert len(model.prompts) == 1
