"""Denial of wallet from one address: every account asking from it shares one day.

Through the site: past EXPLAIN_ADDRESS_DAILY_CALLS the outcome address_daily_limit
(429, Retry-After to the site's midnight), one log row per request; the address is
REMOTE_ADDR, or the last entry of the proxy's header; cached and recorded answers are
free, a provider 429 is not refunded, a call never answered is given back.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from explain import wording
from explain.outcomes import Outcome
from support.fake_gemini import FakeGeminiServer
from tests.conftest import WORKED_DRAFT, WORKED_PROFILE
from tests.explain.test_account_allowance import (
    another_job,
    outcomes,
    seconds_to_midnight,
    viewer_calls,
)

pytestmark = pytest.mark.django_db

USED_UP = (
    "Today's explanations for your internet connection have been used up. You can ask "
    "again tomorrow."
)


def ask(client: Any, job: Any, **meta: Any) -> Any:
    return client.post(reverse("explain:api-explain", args=[job.pk]), **meta)


@pytest.fixture
def gemini(use_gemini: Any, settings: Any) -> FakeGeminiServer:
    server: FakeGeminiServer = use_gemini(timeout=0.5)
    settings.EXPLAIN_RATE = "100/30s"  # the per-minute limit out of the way
    settings.EXPLAIN_USER_DAILY_CALLS = None  # and the account's day
    settings.EXPLAIN_NEW_USER_DAILY_CALLS = None
    settings.EXPLAIN_ADDRESS_DAILY_CALLS = 2
    server.reply_with_draft(WORKED_DRAFT)
    return server


@pytest.fixture
def second(client: Any, make_user: Any) -> Any:
    """Another account of the same person, on another session from the same address."""
    from django.test import Client

    other = Client()
    other.force_login(make_user("second", **WORKED_PROFILE))
    return other


def test_accounts_from_one_address_share_its_day_then_a_429_until_midnight(
    logged_in, second, worked_job, gemini, caplog
):
    assert ask(logged_in, worked_job).json()["outcome"] == Outcome.OK
    assert ask(second, another_job(1)).json()["outcome"] == Outcome.OK
    response = ask(second, another_job(2))
    assert response.status_code == 429
    data = response.json()
    assert data["outcome"] == Outcome.ADDRESS_DAILY_LIMIT
    assert data["error"] == USED_UP
    assert abs(int(response["Retry-After"]) - seconds_to_midnight()) <= 2
    assert data["retry_after"] == int(response["Retry-After"])
    assert ask(logged_in, another_job(3)).json()["outcome"] == Outcome.ADDRESS_DAILY_LIMIT
    assert viewer_calls(gemini) == 2
    assert outcomes() == [Outcome.OK] * 2 + [Outcome.ADDRESS_DAILY_LIMIT] * 2
    # Counts only: the address is in no log line.
    assert "address_daily_limit" in caplog.text and "127.0.0.1" not in caplog.text


def test_another_address_has_its_own_day(logged_in, worked_job, gemini):
    for n in range(2):
        assert ask(logged_in, another_job(n)).json()["outcome"] == Outcome.OK
    assert ask(logged_in, worked_job).json()["outcome"] == Outcome.ADDRESS_DAILY_LIMIT
    elsewhere = ask(logged_in, worked_job, REMOTE_ADDR="198.51.100.7")
    assert elsewhere.json()["outcome"] == Outcome.OK


def test_ipv6_clients_of_one_64_share_a_day(logged_in, worked_job, gemini):
    assert ask(logged_in, another_job(1), REMOTE_ADDR="2001:db8:1:2::1").status_code == 200
    assert ask(logged_in, another_job(2), REMOTE_ADDR="2001:db8:1:2::99").status_code == 200
    refused = ask(logged_in, another_job(3), REMOTE_ADDR="2001:db8:1:2:ffff::1")
    assert refused.json()["outcome"] == Outcome.ADDRESS_DAILY_LIMIT
    assert ask(logged_in, worked_job, REMOTE_ADDR="2001:db8:1:3::1").status_code == 200


def test_behind_a_proxy_the_last_entry_is_counted_and_earlier_ones_cannot_dodge_it(
    logged_in, worked_job, gemini, settings
):
    settings.EXPLAIN_CLIENT_ADDRESS_HEADER = "HTTP_X_FORWARDED_FOR"
    settings.EXPLAIN_TRUSTED_PROXIES = ["10.0.0.2"]
    proxy = {"REMOTE_ADDR": "10.0.0.2"}
    for n in range(2):
        forged = {"HTTP_X_FORWARDED_FOR": f"203.0.113.{n}, 198.51.100.7"}
        assert ask(logged_in, another_job(n), **proxy, **forged).status_code == 200
    forged = {"HTTP_X_FORWARDED_FOR": "203.0.113.9,198.51.100.7"}
    refused = ask(logged_in, another_job(3), **proxy, **forged)
    assert refused.json()["outcome"] == Outcome.ADDRESS_DAILY_LIMIT
    # Another client behind the same proxy is not held back.
    other = {"HTTP_X_FORWARDED_FOR": "198.51.100.8"}
    assert ask(logged_in, worked_job, **proxy, **other).status_code == 200
    # A header that is no address counts against the proxy's own address instead.
    junk = {"HTTP_X_FORWARDED_FOR": "unknown"}
    assert ask(logged_in, another_job(4), **proxy, **junk).status_code == 200
    assert ask(logged_in, another_job(5), **proxy, **junk).status_code == 200
    assert ask(logged_in, another_job(6), **proxy).json()["outcome"] == (
        Outcome.ADDRESS_DAILY_LIMIT
    )


def test_a_cached_answer_uses_none_of_the_addresss_day(logged_in, worked_job, gemini):
    assert ask(logged_in, worked_job).json()["outcome"] == Outcome.OK
    for _ in range(3):
        assert ask(logged_in, worked_job).json()["outcome"] == Outcome.CACHED
    assert ask(logged_in, another_job(1)).json()["outcome"] == Outcome.OK
    assert viewer_calls(gemini) == 2


def test_a_provider_429_is_not_refunded(logged_in, worked_job, gemini, settings):
    settings.EXPLAIN_ADDRESS_DAILY_CALLS = 1
    gemini.reply_with_error(429)
    assert ask(logged_in, worked_job).json()["outcome"] == Outcome.PROVIDER_BUSY
    gemini.reply_with_draft(WORKED_DRAFT)
    assert ask(logged_in, worked_job).json()["outcome"] == Outcome.ADDRESS_DAILY_LIMIT
    assert viewer_calls(gemini) == 1


def test_a_call_the_provider_never_answered_is_given_back(logged_in, worked_job, gemini, settings):
    settings.EXPLAIN_ADDRESS_DAILY_CALLS = 1
    gemini.reply_with_error(503)
    assert ask(logged_in, worked_job).json()["outcome"] == Outcome.PROVIDER_ERROR
    gemini.reply_with_draft(WORKED_DRAFT)
    assert ask(logged_in, worked_job).json()["outcome"] == Outcome.OK


def test_the_sites_daily_limit_gives_the_address_its_call_back(
    logged_in, worked_job, gemini, settings
):
    settings.EXPLAIN_ADDRESS_DAILY_CALLS = 1
    settings.EXPLAIN_DAILY_CALL_LIMIT = 0
    assert ask(logged_in, worked_job).json()["outcome"] == Outcome.DAILY_LIMIT
    settings.EXPLAIN_DAILY_CALL_LIMIT = None
    assert ask(logged_in, worked_job).json()["outcome"] == Outcome.OK


def test_an_account_refused_for_its_own_day_takes_nothing_from_the_address(
    logged_in, second, worked_job, gemini, settings
):
    settings.EXPLAIN_USER_DAILY_CALLS = 1
    settings.EXPLAIN_NEW_USER_DAILY_CALLS = 1
    assert ask(logged_in, worked_job).json()["outcome"] == Outcome.OK
    for n in range(3):
        refused = ask(logged_in, another_job(n)).json()["outcome"]
        assert refused == Outcome.ACCOUNT_DAILY_LIMIT
    assert ask(second, another_job(4)).json()["outcome"] == Outcome.OK


def test_an_address_refused_gives_the_account_its_call_back(
    logged_in, worked_job, gemini, settings
):
    settings.EXPLAIN_USER_DAILY_CALLS = 1
    settings.EXPLAIN_NEW_USER_DAILY_CALLS = 1
    settings.EXPLAIN_ADDRESS_DAILY_CALLS = 1
    other = {"REMOTE_ADDR": "198.51.100.7"}
    assert ask(logged_in, worked_job, **other).json()["outcome"] == Outcome.OK
    settings.EXPLAIN_USER_DAILY_CALLS = 2
    settings.EXPLAIN_NEW_USER_DAILY_CALLS = 2
    assert ask(logged_in, another_job(1), **other).json()["outcome"] == (
        Outcome.ADDRESS_DAILY_LIMIT
    )
    # The refusal took nothing from the account: its second call is still there.
    assert ask(logged_in, another_job(2)).json()["outcome"] == Outcome.OK


@pytest.mark.parametrize("off", [None, 0])
def test_none_or_zero_is_no_cap(logged_in, gemini, settings, off):
    settings.EXPLAIN_ADDRESS_DAILY_CALLS = off
    for n in range(4):
        assert ask(logged_in, another_job(n)).json()["outcome"] == Outcome.OK


def test_the_streamed_path_and_the_page_share_the_addresss_day(logged_in, worked_job, gemini):
    assert ask(logged_in, worked_job).json()["outcome"] == Outcome.OK
    assert ask(logged_in, another_job(1)).json()["outcome"] == Outcome.OK
    streamed = logged_in.post(
        reverse("explain:api-explain", args=[another_job(2).pk]) + "?stream=1",
        HTTP_ACCEPT="application/x-ndjson",
    )
    assert streamed.status_code == 429
    body = b"".join(streamed.streaming_content).decode("utf-8")
    assert json.loads(body.splitlines()[-1])["outcome"] == Outcome.ADDRESS_DAILY_LIMIT
    page = logged_in.post(reverse("explain:explain-job", args=[another_job(3).pk]))
    assert page.status_code == 429
    assert escape(USED_UP) in page.content.decode()
    assert int(page["Retry-After"]) > 0
    assert viewer_calls(gemini) == 2
    assert len(outcomes()) == 4


def test_the_message_is_its_own_and_in_german():
    message = wording.error_message(Outcome.ADDRESS_DAILY_LIMIT)
    assert message == USED_UP
    assert message != wording.error_message(Outcome.ACCOUNT_DAILY_LIMIT)
    with translation.override("de"):
        german = wording.error_message(Outcome.ADDRESS_DAILY_LIMIT)
    assert german and german != USED_UP


def test_a_recorded_demo_answer_uses_none_of_the_addresss_day(worked_user, settings):
    from explain.controls.ratelimit import RateDecision
    from explain.services.explanations import Admission, CacheSteps, Subject, admit

    settings.EXPLAIN_ADDRESS_DAILY_CALLS = 1
    allowed = lambda: RateDecision(allowed=True)  # noqa: E731
    for _ in range(2):
        demo = admit(Subject(job_id="1", demo=True), allowed, user=worked_user, address="192.0.2.1")
        assert isinstance(demo, Admission)
        demo.release(CacheSteps())
    paid = admit(Subject(job_id="1"), allowed, user=worked_user, address="192.0.2.1")
    assert isinstance(paid, Admission)
    paid.release(CacheSteps())
    refused = admit(Subject(job_id="1"), allowed, user=worked_user, address="192.0.2.1")
    assert not isinstance(refused, Admission)
    assert refused.outcome == Outcome.ADDRESS_DAILY_LIMIT


def test_a_forwarded_header_sent_straight_to_the_server_gets_no_fresh_allowance(
    logged_in, worked_job, gemini, settings
):
    """Only the site's own proxy is believed: a client spoofing the header from
    elsewhere is counted at its own address, whatever entries it sends."""
    settings.EXPLAIN_CLIENT_ADDRESS_HEADER = "HTTP_X_FORWARDED_FOR"
    settings.EXPLAIN_TRUSTED_PROXIES = ["10.0.0.2"]
    direct = {"REMOTE_ADDR": "198.51.100.40"}
    for n in range(2):
        spoofed = {"HTTP_X_FORWARDED_FOR": f"203.0.113.{n}"}
        assert ask(logged_in, another_job(n), **direct, **spoofed).status_code == 200
    refused = ask(logged_in, another_job(3), **direct, HTTP_X_FORWARDED_FOR="203.0.113.77")
    assert refused.json()["outcome"] == Outcome.ADDRESS_DAILY_LIMIT
