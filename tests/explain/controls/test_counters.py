"""explain.controls.counters: one atomic counter, created at 1, on any Django cache."""

from __future__ import annotations

from django.core.cache.backends.locmem import LocMemCache

from explain.controls.counters import incr


def test_counts_from_one_and_keeps_counting():
    cache = LocMemCache("counters-test", {})
    assert [incr(cache, "k", 60) for _ in range(3)] == [1, 2, 3]
    assert incr(cache, "other", 60) == 1


class RacingCache(LocMemCache):
    """Another process creates the key between our failed incr and our add."""

    def add(self, key, value, timeout=None, version=None):  # type: ignore[no-untyped-def]
        super().add(key, 1, timeout=timeout, version=version)
        return False


def test_a_counter_created_by_another_process_still_counts_both():
    cache = RacingCache("counters-race", {})
    assert incr(cache, "k", 60) == 2
