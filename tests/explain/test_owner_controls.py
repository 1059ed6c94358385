"""The owner's controls through the site: provider_busy, the circuit breaker, the daily
budget and the rate allowance given back, each with one log row and no key anywhere."""

from __future__ import annotations

import json
import logging
import time
from typing import Any

import pytest
from django.urls import reverse

from explain import wording
from explain.controls.site import site_cache
from explain.core.posting_prompt import POSTING_PROMPT_VERSION
from explain.core.viewer_prompt import VIEWER_PROMPT_VERSION
from explain.models import ExplanationLog
from explain.outcomes import Outcome
from explain.services import explanations as service
from support.fake_gemini import FakeGeminiServer, closed_port
from tests.conftest import WORKED_DRAFT
from tests.fakes.fixtures import CANARY_KEY

pytestmark = pytest.mark.django_db


def ask(client: Any, job: Any) -> Any:
    return client.post(reverse("explain:api-explain", args=[job.pk]))


def outcomes() -> list[str]:
    """The viewers' rows, one per request (a posting read inside a request, here under a
    model name nothing was read with before, writes a row of its own)."""
    viewers = ExplanationLog.objects.filter(prompt_version=VIEWER_PROMPT_VERSION)
    return list(viewers.order_by("id").values_list("outcome", flat=True))


def reading_outcomes() -> list[str]:
    """The rows of the postings' readings made inside the requests."""
    readings = ExplanationLog.objects.filter(prompt_version=POSTING_PROMPT_VERSION)
    return list(readings.order_by("id").values_list("outcome", flat=True))


@pytest.fixture
def gemini(use_gemini: Any, settings: Any) -> FakeGeminiServer:
    server: FakeGeminiServer = use_gemini(timeout=0.5)
    settings.EXPLAIN_RATE = "1/30s"
    server.reply_with_draft(WORKED_DRAFT)
    return server


def test_a_provider_429_is_provider_busy_with_its_own_message(logged_in, worked_job, gemini):
    gemini.reply_with_error(429)
    response = ask(logged_in, worked_job)
    assert response.status_code == 503
    assert response["Retry-After"] == "30"  # the provider's own RetryInfo, not a guess
    data = response.json()
    assert data["outcome"] == Outcome.PROVIDER_BUSY
    assert data["error"] == "Many people are asking right now. Try again in a minute."
    assert outcomes() == [Outcome.PROVIDER_BUSY]


# --- the rate allowance given back ------------------------------------------------------


@pytest.mark.parametrize(
    ("fault", "first"),
    [
        ("refused", Outcome.PROVIDER_ERROR),
        ("http-500", Outcome.PROVIDER_ERROR),
        ("http-503", Outcome.PROVIDER_ERROR),
    ],
)
def test_a_call_the_provider_never_answered_gives_the_allowance_back(
    logged_in, worked_job, gemini, use_gemini, fault, first
):
    if fault == "refused":
        use_gemini(timeout=0.5, base_url=f"http://127.0.0.1:{closed_port()}")
    else:
        # An error answered at once needs no short timeout, which a loaded machine can
        # miss (a CI cell once read this 500 as a timeout).
        use_gemini()
        gemini.reply_with_error(int(fault.split("-")[1]))
    assert ask(logged_in, worked_job).json()["outcome"] == first
    use_gemini()  # the provider is back
    gemini.reply_with_draft(WORKED_DRAFT)
    again = ask(logged_in, worked_job)
    assert again.json()["outcome"] == Outcome.OK, "the user paid for a call nobody answered"
    assert outcomes() == [first, Outcome.OK]


@pytest.mark.parametrize("fault", ["timeout", "invalid-json", "http-400", "http-429"])
def test_a_call_the_provider_did_answer_keeps_the_allowance_used(
    logged_in, worked_job, gemini, fault
):
    """A 429 too: refunded, one user could make call after call against the site's quota."""
    if fault == "http-429":
        gemini.reply_with_error(429)
    elif fault == "timeout":
        gemini.reply_with_delay(5.0)
    elif fault == "invalid-json":
        gemini.reply_with_candidate_text("{not json")
    else:
        gemini.reply_with_error(400)
    ask(logged_in, worked_job)
    gemini.reply_with_draft(WORKED_DRAFT)
    again = ask(logged_in, worked_job)
    assert again.status_code == 429
    assert again.json()["outcome"] == Outcome.RATE_LIMITED


# --- the circuit breaker ----------------------------------------------------------------


@pytest.fixture
def breaker_of_two(settings: Any) -> None:
    settings.EXPLAIN_BREAKER_FAILURES = 2
    settings.EXPLAIN_BREAKER_COOLDOWN_SECONDS = 600


def test_after_n_failures_calls_are_skipped_and_answered_at_once(
    logged_in, worked_job, gemini, breaker_of_two, caplog
):
    caplog.set_level(logging.DEBUG)
    gemini.reply_with_error(503)
    ask(logged_in, worked_job)
    ask(logged_in, worked_job)  # the allowance came back: the same user may ask again
    assert len(gemini.requests) == 2
    gemini.reply_with_draft(WORKED_DRAFT)  # even if it is back, the circuit is open
    response = ask(logged_in, worked_job)
    assert response.status_code == 503
    data = response.json()
    assert data["outcome"] == Outcome.CIRCUIT_OPEN
    # The real cool-down, in the message and in Retry-After, not "a few minutes".
    cooldown = round(service.site_breaker().settings.cooldown_seconds)
    assert data["error"] == wording.circuit_open_message(cooldown)
    assert response["Retry-After"] == str(cooldown)
    assert len(gemini.requests) == 2, "a call was made while the circuit was open"
    assert outcomes() == [Outcome.PROVIDER_ERROR, Outcome.PROVIDER_ERROR, Outcome.CIRCUIT_OPEN]
    assert "circuit_open" in caplog.text and "Circuit opened" in caplog.text
    assert CANARY_KEY not in caplog.text
    # Skipped calls cost the user nothing either.
    assert ask(logged_in, worked_job).json()["outcome"] == Outcome.CIRCUIT_OPEN


def test_timeouts_and_dropped_connections_count_as_failures(
    logged_in, worked_job, gemini, breaker_of_two, make_user
):
    gemini.reply_with_delay(5.0)  # a timeout keeps the allowance: a second user asks
    ask(logged_in, worked_job)
    logged_in.force_login(make_user("second", headline="Java developer", skills="Java"))
    gemini.reply_by_dropping_connection()
    ask(logged_in, worked_job)
    logged_in.force_login(make_user("third", headline="Java developer", skills="Java"))
    assert ask(logged_in, worked_job).json()["outcome"] == Outcome.CIRCUIT_OPEN


def test_answers_that_are_not_outages_do_not_open_it(
    logged_in, worked_job, gemini, breaker_of_two, settings
):
    settings.EXPLAIN_RATE = "100/30s"
    gemini.reply_with_error(429)
    ask(logged_in, worked_job)
    gemini.reply_with_error(404)
    ask(logged_in, worked_job)
    gemini.reply_with_error(500)
    ask(logged_in, worked_job)  # one outage failure after answers: not two in a row
    gemini.reply_with_draft(WORKED_DRAFT)
    assert ask(logged_in, worked_job).json()["outcome"] == Outcome.OK


def test_after_the_cool_down_a_probe_closes_it_when_the_provider_is_back(
    logged_in, worked_job, gemini, breaker_of_two
):
    gemini.reply_with_error(500)
    ask(logged_in, worked_job)
    ask(logged_in, worked_job)
    # The cool-down has passed: the time the circuit reopens moved back, on the cache.
    cache = site_cache()
    cache.set("explain:breaker:open-until", time.time() - 1, timeout=60)
    gemini.reply_with_draft(WORKED_DRAFT)
    assert ask(logged_in, worked_job).json()["outcome"] == Outcome.OK  # the probe
    assert service.site_breaker().cache.get("explain:breaker:open-until") is None  # closed
    assert cache.get("explain:breaker:open-until") is None
    assert len(gemini.requests) == 3


# --- the daily budget -------------------------------------------------------------------


def test_the_daily_call_limit_stops_calls_site_wide(
    logged_in, worked_job, gemini, settings, make_user, caplog
):
    settings.EXPLAIN_DAILY_CALL_LIMIT = 1
    assert ask(logged_in, worked_job).json()["outcome"] == Outcome.OK
    logged_in.force_login(make_user("second", headline="Java developer", skills="Java"))
    response = ask(logged_in, worked_job)
    assert response.status_code == 503
    assert response.json()["outcome"] == Outcome.DAILY_LIMIT
    assert (
        response.json()["error"]
        == "This site has used today's explanations. Please try again tomorrow."
    )
    assert len(gemini.requests) == 1
    assert outcomes() == [Outcome.OK, Outcome.DAILY_LIMIT]
    assert "EXPLAIN_DAILY_CALL_LIMIT" in caplog.text


def test_a_budget_of_zero_makes_no_call_and_says_so(
    logged_in, worked_job, gemini, settings, caplog
):
    caplog.set_level(logging.DEBUG)
    settings.EXPLAIN_DAILY_CALL_LIMIT = 0
    response = ask(logged_in, worked_job)
    assert response.json()["outcome"] == Outcome.DAILY_LIMIT
    assert gemini.requests == []
    assert outcomes() == [Outcome.DAILY_LIMIT]
    assert CANARY_KEY not in caplog.text and CANARY_KEY not in response.content.decode()
    # The user's allowance was not spent on a call that was never made.
    settings.EXPLAIN_DAILY_CALL_LIMIT = None
    assert ask(logged_in, worked_job).json()["outcome"] == Outcome.OK


# --- bad settings at request time -------------------------------------------------------


@pytest.mark.parametrize("name", ["gemini 3.5 flash", "models/gemini-3.5", "gémini-3.5-flash"])
def test_a_model_name_that_is_not_one_is_model_unavailable(
    logged_in, worked_job, gemini, settings, caplog, name
):
    caplog.set_level(logging.DEBUG)
    settings.GEMINI_MODEL = name
    response = ask(logged_in, worked_job)
    assert response.status_code == 503
    assert response.json()["error"] == "Explanations are unavailable right now."
    assert gemini.requests == []
    row = ExplanationLog.objects.get(prompt_version=VIEWER_PROMPT_VERSION)
    assert (row.outcome, row.model_name) == (Outcome.MODEL_UNAVAILABLE, "invalid-model-name")
    assert set(reading_outcomes()) <= {Outcome.MODEL_UNAVAILABLE}
    assert name not in caplog.text and CANARY_KEY not in caplog.text
    assert "GEMINI_MODEL" in caplog.text


def test_a_retired_model_is_model_unavailable_and_the_log_names_the_setting(
    logged_in, worked_job, gemini, settings, caplog
):
    settings.GEMINI_MODEL = "gemini-2.5-flash"
    response = ask(logged_in, worked_job)
    assert response.status_code == 503
    assert response.json()["outcome"] == Outcome.MODEL_UNAVAILABLE
    assert "change the GEMINI_MODEL setting" in caplog.text
    assert outcomes() == [Outcome.MODEL_UNAVAILABLE]
    # The one request is the posting's reading under that name: it failed, so no
    # viewer's call followed, and its own row says why.
    assert len(gemini.requests) == 1
    assert reading_outcomes() == [Outcome.MODEL_UNAVAILABLE]


def test_thinking_out_of_range_falls_back_to_the_copy_setting(
    logged_in, worked_job, gemini, settings, caplog
):
    settings.EXPLAIN_THINKING = "ULTRA"
    assert ask(logged_in, worked_job).json()["outcome"] == Outcome.OK
    assert "EXPLAIN_THINKING is out of range for Gemini 3.x Flash-Lite; requests use MINIMAL" in (
        caplog.text
    )
    assert gemini.last.body["generationConfig"]["thinkingConfig"] == {"thinking_level": "MINIMAL"}
    assert outcomes() == [Outcome.OK]


# --- the streamed path shares them ------------------------------------------------------


def ask_streamed(client: Any, job: Any) -> dict[str, Any]:
    """The result line of a streamed request (NDJSON)."""
    response = client.post(
        reverse("explain:api-explain", args=[job.pk]) + "?stream=1",
        HTTP_ACCEPT="application/x-ndjson",
    )
    body = b"".join(response.streaming_content).decode("utf-8")
    result: dict[str, Any] = json.loads(body.splitlines()[-1])
    return result


def test_the_streamed_path_counts_failures_skips_calls_and_gives_the_allowance_back(
    logged_in, worked_job, gemini, breaker_of_two
):
    gemini.reply_with_error(503)
    assert ask_streamed(logged_in, worked_job)["outcome"] == Outcome.PROVIDER_ERROR
    # The allowance came back, so the same user asks again at once; a second failure.
    assert ask_streamed(logged_in, worked_job)["outcome"] == Outcome.PROVIDER_ERROR
    gemini.reply_with_draft(WORKED_DRAFT)
    assert ask_streamed(logged_in, worked_job)["outcome"] == Outcome.CIRCUIT_OPEN
    assert len(gemini.requests) == 2
    assert outcomes() == [Outcome.PROVIDER_ERROR, Outcome.PROVIDER_ERROR, Outcome.CIRCUIT_OPEN]


# --- the breaker on 429s and stalled or slow calls -------------------------------------


def test_a_run_of_429s_opens_the_circuit_for_the_providers_wait(
    logged_in, worked_job, gemini, settings, make_user
):
    settings.EXPLAIN_BREAKER_FAILURES = 2
    settings.EXPLAIN_BREAKER_COOLDOWN_SECONDS = 5  # the provider asks for 30 s: it wins
    gemini.reply_with_error(429)
    ask(logged_in, worked_job)
    logged_in.force_login(make_user("second", headline="Java developer", skills="Java"))
    ask(logged_in, worked_job)
    logged_in.force_login(make_user("third", headline="Java developer", skills="Java"))
    response = ask(logged_in, worked_job)
    assert response.json()["outcome"] == Outcome.CIRCUIT_OPEN
    assert 25 <= int(response["Retry-After"]) <= 30
    assert response.json()["error"] == wording.circuit_open_message(int(response["Retry-After"]))
    assert len(gemini.requests) == 2


def test_calls_stalled_past_slow_seconds_open_the_circuit_before_any_times_out(
    logged_in, worked_job, gemini, settings
):
    """A hung provider: as many calls in flight past slow_seconds as the breaker's
    failures, and the next user is answered at once instead of waiting the timeout."""
    from explain.controls import slots

    settings.EXPLAIN_BREAKER_FAILURES = 2
    settings.EXPLAIN_BREAKER_SLOW_SECONDS = 10
    cache = site_cache()
    long_ago = time.time() - 11
    held = [slots.take_slot(cache, 20, hold_seconds=60, now=long_ago) for _ in range(2)]
    assert all(held)
    response = ask(logged_in, worked_job)
    assert response.status_code == 503
    assert response.json()["outcome"] == Outcome.CIRCUIT_OPEN
    assert response["Retry-After"] == "3"  # the default cool-down: the next probe's time
    assert gemini.requests == []


def test_one_stalled_call_of_two_needed_is_no_outage(logged_in, worked_job, gemini, settings):
    from explain.controls import slots

    settings.EXPLAIN_BREAKER_FAILURES = 2
    settings.EXPLAIN_BREAKER_SLOW_SECONDS = 10
    cache = site_cache()
    assert slots.take_slot(cache, 20, hold_seconds=60, now=time.time() - 11)
    assert slots.take_slot(cache, 20, hold_seconds=60)  # a fresh call: not stalled
    assert ask(logged_in, worked_job).json()["outcome"] == Outcome.OK


def test_answers_slower_than_slow_seconds_count_as_failures(
    logged_in, worked_job, gemini, settings, make_user
):
    settings.EXPLAIN_BREAKER_FAILURES = 2
    settings.EXPLAIN_BREAKER_SLOW_SECONDS = 0  # every answer is "slow"
    assert ask(logged_in, worked_job).json()["outcome"] == Outcome.OK
    logged_in.force_login(make_user("second", headline="Java developer", skills="Java"))
    assert ask(logged_in, worked_job).json()["outcome"] == Outcome.OK
    logged_in.force_login(make_user("third", headline="Go developer", skills="Go"))
    assert ask(logged_in, worked_job).json()["outcome"] == Outcome.CIRCUIT_OPEN


def test_a_probe_answered_closes_the_circuit_even_when_slow(
    logged_in, worked_job, gemini, settings, make_user
):
    """The provider is back once a probe is answered: no click is refused after it,
    though the probe's answer came after slow_seconds (it waited out the slowdown)."""
    settings.EXPLAIN_BREAKER_FAILURES = 2
    settings.EXPLAIN_BREAKER_SLOW_SECONDS = 0  # every answer is "slow"
    settings.EXPLAIN_BREAKER_COOLDOWN_SECONDS = 0  # the next call probes at once
    for name in ("first", "second"):
        logged_in.force_login(make_user(name, headline="Java developer", skills="Java"))
        assert ask(logged_in, worked_job).json()["outcome"] == Outcome.OK
    assert service.site_breaker().cache.get("explain:breaker:open-until") is not None
    logged_in.force_login(make_user("prober", headline="Java developer", skills="Java"))
    assert ask(logged_in, worked_job).json()["outcome"] == Outcome.OK  # the probe
    assert service.site_breaker().cache.get("explain:breaker:open-until") is None  # closed
    settings.EXPLAIN_BREAKER_SLOW_SECONDS = 10  # the provider answers normally again
    settings.EXPLAIN_BREAKER_COOLDOWN_SECONDS = 600  # an open circuit would refuse now
    logged_in.force_login(make_user("after", headline="Java developer", skills="Java"))
    assert ask(logged_in, worked_job).json()["outcome"] == Outcome.OK
    assert outcomes() == [Outcome.OK] * 4
