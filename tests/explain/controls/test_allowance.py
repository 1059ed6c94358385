"""Each account's daily allowance: one atomic counter per account per site day."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from typing import Any

import pytest
from django.core.cache.backends.locmem import LocMemCache

from explain.controls.allowance import (
    address_calls_today,
    calls_today,
    take_account_call,
    take_address_call,
)

NOW = datetime(2026, 12, 2, 18, 0, tzinfo=UTC)  # six hours before the site's midnight
OLD = NOW - timedelta(days=30)


@pytest.fixture
def cache() -> LocMemCache:
    store = LocMemCache("allowance-test", {})
    store.clear()
    return store


def account(pk: int = 1, joined: Any = OLD) -> Any:
    return SimpleNamespace(pk=pk, date_joined=joined)


def take(cache: Any, user: Any, limit: int | None = 3, new_limit: int | None = 1) -> Any:
    return take_account_call(cache, user, limit=limit, new_limit=new_limit, now=NOW)


def test_an_account_gets_exactly_its_allowance_and_waits_until_midnight(cache):
    user = account()
    assert [take(cache, user).allowed for _ in range(5)] == [True, True, True, False, False]
    refused = take(cache, user)
    assert refused.retry_after == 6 * 3600
    # Refused attempts are no calls: the count stays at the calls let through.
    assert calls_today(cache, user, now=NOW) == 3


def test_each_account_counts_apart_and_a_new_day_starts_afresh(cache):
    for _ in range(3):
        take(cache, account(1))
    assert take(cache, account(2)).allowed
    tomorrow = take_account_call(
        cache, account(1), limit=3, new_limit=1, now=NOW + timedelta(hours=7)
    )
    assert tomorrow.allowed


def test_a_new_account_gets_the_smaller_allowance(cache):
    new = account(joined=NOW - timedelta(hours=1))
    assert take(cache, new).allowed
    refused = take(cache, new)
    assert not refused.allowed
    assert refused.retry_after == 6 * 3600  # a day old only after midnight


def test_a_new_account_may_ask_again_when_it_turns_a_day_old_before_midnight(cache):
    new = account(joined=NOW - timedelta(hours=20))  # a day old in four hours
    take(cache, new)
    assert take(cache, new).retry_after == 4 * 3600


def test_a_new_account_past_the_ordinary_allowance_waits_for_midnight(cache):
    """A site that gives new accounts more (an odd choice): turning a day old gives less."""
    user = account(joined=NOW - timedelta(hours=20))
    for _ in range(5):
        take(cache, user, new_limit=5)
    assert take(cache, user, new_limit=5).retry_after == 6 * 3600


def test_none_is_no_cap_and_zero_no_calls(cache):
    assert all(take(cache, account(), limit=None).allowed for _ in range(20))
    assert calls_today(cache, account(), now=NOW) == 0
    assert not take(cache, account(), limit=0).allowed
    # New accounts with no allowance of their own get everyone's.
    assert take(cache, account(joined=NOW), new_limit=None).allowed


def test_a_user_model_without_date_joined_gets_the_ordinary_allowance(cache):
    user = SimpleNamespace(pk=9)
    assert [take(cache, user).allowed for _ in range(4)] == [True, True, True, False]


def test_a_naive_date_joined_is_read_in_the_site_time_zone(cache):
    new = account(joined=(NOW - timedelta(hours=1)).replace(tzinfo=None))
    take(cache, new)
    assert not take(cache, new).allowed


def test_a_call_given_back_is_taken_again(cache):
    user = account()
    taken = [take(cache, user) for _ in range(3)]
    taken[0].give_back()
    assert take(cache, user).allowed
    assert not take(cache, user).allowed


def test_no_account_no_cap(cache):
    assert take(cache, SimpleNamespace(pk=None), limit=0).allowed


# One client address's day: every account asking from it shares one counter.


def test_an_address_gets_exactly_its_allowance_and_waits_until_midnight(cache):
    taken = [take_address_call(cache, "198.51.100.7", limit=3, now=NOW) for _ in range(5)]
    assert [d.allowed for d in taken] == [True, True, True, False, False]
    assert taken[-1].retry_after == 6 * 3600
    # Refused attempts are no calls.
    assert address_calls_today(cache, "198.51.100.7", now=NOW) == 3


def test_each_address_counts_apart_and_a_new_day_starts_afresh(cache):
    for _ in range(2):
        take_address_call(cache, "198.51.100.7", limit=2, now=NOW)
    assert not take_address_call(cache, "198.51.100.7", limit=2, now=NOW).allowed
    assert take_address_call(cache, "2001:db8:1:2::/64", limit=2, now=NOW).allowed
    later = NOW + timedelta(hours=7)
    assert take_address_call(cache, "198.51.100.7", limit=2, now=later).allowed


def test_an_address_call_given_back_is_free_again(cache):
    first = take_address_call(cache, "198.51.100.7", limit=1, now=NOW)
    assert not take_address_call(cache, "198.51.100.7", limit=1, now=NOW).allowed
    first.give_back()
    assert take_address_call(cache, "198.51.100.7", limit=1, now=NOW).allowed


def test_no_address_or_no_limit_is_not_counted(cache):
    assert all(take_address_call(cache, None, limit=1, now=NOW).allowed for _ in range(3))
    assert all(
        take_address_call(cache, "198.51.100.7", limit=None, now=NOW).allowed for _ in range(3)
    )
    assert address_calls_today(cache, "198.51.100.7", now=NOW) == 0


class KeysSeen:
    """The cache, recording every key the allowance uses."""

    def __init__(self, cache: Any) -> None:
        self.cache = cache
        self.keys: set[str] = set()

    def __getattr__(self, name: str) -> Any:
        method = getattr(self.cache, name)

        def recorded(key: str, *args: Any, **kwargs: Any) -> Any:
            self.keys.add(key)
            return method(key, *args, **kwargs)

        return recorded


def test_the_cache_key_holds_no_readable_address(cache, settings):
    seen = KeysSeen(cache)
    take_address_call(seen, "198.51.100.7", limit=3, now=NOW)
    assert seen.keys and not any("198.51.100" in key for key in seen.keys)
    # Keyed on SECRET_KEY: another site's key finds another counter.
    settings.SECRET_KEY = "another-site-" + "x" * 50
    assert address_calls_today(cache, "198.51.100.7", now=NOW) == 0
