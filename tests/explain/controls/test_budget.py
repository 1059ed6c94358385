"""The daily call budget: one atomic counter per UTC day on the shared cache."""

from __future__ import annotations

from datetime import date

import pytest
from django.core.cache.backends.locmem import LocMemCache

from explain.controls.budget import calls_today, take_call

DAY = date(2026, 12, 1)


@pytest.fixture
def cache() -> LocMemCache:
    store = LocMemCache("budget-test", {})
    store.clear()
    return store


def test_the_cap_allows_exactly_the_limit_per_day(cache):
    assert [take_call(cache, 3, day=DAY) for _ in range(5)] == [True, True, True, False, False]
    assert calls_today(cache, day=DAY) == 5


def test_a_new_day_starts_a_new_count(cache):
    for _ in range(3):
        take_call(cache, 2, day=DAY)
    assert take_call(cache, 2, day=date(2026, 12, 2)) is True


def test_none_is_no_cap_and_zero_is_no_calls(cache):
    assert all(take_call(cache, None, day=DAY) for _ in range(50))
    assert calls_today(cache, day=DAY) == 0
    assert take_call(cache, 0, day=DAY) is False
