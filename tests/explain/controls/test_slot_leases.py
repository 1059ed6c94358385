"""Call slots on a lease their process renews: a killed worker's slots end within the
lease, so its unanswered calls never look like a hung provider. A cache and a clock the
test moves (no sleeps, no thread)."""

from __future__ import annotations

from typing import Any

from explain.controls import slots
from explain.controls.slots import LEASE_SECONDS, Leases

SLOW_SECONDS = 10.0  # the breaker's slow-call threshold in production
HOLD_SECONDS = 35.0  # the longest a call may last (timeout + 5 s)


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


class ClockCache:
    """The cache operations slots use, with expiry on the test's clock."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.store: dict[str, tuple[Any, float]] = {}

    def _live(self, key: str) -> bool:
        found = self.store.get(key)
        if found is not None and found[1] <= self.clock.now:
            del self.store[key]
            return False
        return found is not None

    def add(self, key: str, value: Any, timeout: float) -> bool:
        if self._live(key):
            return False
        self.store[key] = (value, self.clock.now + timeout)
        return True

    def get(self, key: str) -> Any:
        return self.store[key][0] if self._live(key) else None

    def get_many(self, keys: list[str]) -> dict[str, Any]:
        return {key: self.store[key][0] for key in keys if self._live(key)}

    def touch(self, key: str, timeout: float) -> bool:
        if not self._live(key):
            return False
        self.store[key] = (self.store[key][0], self.clock.now + timeout)
        return True

    def delete(self, key: str) -> None:
        self.store.pop(key, None)


def setup() -> tuple[Clock, ClockCache, Leases]:
    clock = Clock()
    return clock, ClockCache(clock), Leases(clock=clock)


def take(cache: ClockCache, leases: Leases, clock: Clock, limit: int = 2) -> slots.Slot:
    slot = slots.take_slot(cache, limit, hold_seconds=HOLD_SECONDS, now=clock.now, leases=leases)
    assert slot is not None
    return slot


def test_a_slot_whose_process_stops_renewing_ends_within_the_lease():
    clock, cache, leases = setup()
    slot = take(cache, leases, clock, limit=1)
    clock.now += LEASE_SECONDS - 1
    assert cache.get(slot.key) == slot.token
    clock.now += 1  # the worker was SIGKILLed: nobody renewed
    assert slots.in_use(cache, 1) == 0
    assert take(cache, Leases(clock=clock), clock, limit=1) is not None


def test_a_killed_workers_calls_never_count_as_stalled():
    """Before the lease a slot lived hold_seconds: the killed worker's streams counted
    as calls unanswered past the slow threshold and opened the breaker."""
    clock, cache, dead_worker = setup()
    for _ in range(3):
        take(cache, dead_worker, clock, limit=3)
    clock.now += SLOW_SECONDS + 1
    assert slots.stalled(cache, 3, older_than=SLOW_SECONDS, now=clock.now) == 0


def test_a_renewed_slot_lives_while_its_call_runs_then_ends_at_hold_seconds():
    clock, cache, leases = setup()
    slot = take(cache, leases, clock, limit=1)
    while clock.now + 1 < 1_000_000.0 + HOLD_SECONDS:
        clock.now += 1
        leases.renew()
        assert cache.get(slot.key) == slot.token
    assert slots.stalled(cache, 1, older_than=SLOW_SECONDS, now=clock.now) == 1
    clock.now += 1
    leases.renew()
    clock.now += LEASE_SECONDS
    assert cache.get(slot.key) is None
    assert leases.held() == []


def test_a_released_slot_is_not_renewed():
    clock, cache, leases = setup()
    slot = take(cache, leases, clock)
    assert slot.release() is True
    assert leases.held() == []


def test_a_slot_taken_over_after_it_expired_is_dropped_not_renewed():
    clock, cache, leases = setup()
    slot = take(cache, leases, clock, limit=1)
    clock.now += LEASE_SECONDS  # this process stalled past its lease
    other = take(cache, Leases(clock=clock), clock, limit=1)
    leases.renew()
    assert leases.held() == []
    assert cache.get(slot.key) == other.token


def test_the_slot_names_its_process_and_start():
    clock, cache, leases = setup()
    slot = take(cache, leases, clock)
    assert slots.owner() in slot.token
    assert slots.started_at(slot.token) == clock.now


def test_stalled_counts_only_calls_begun_after_the_providers_last_answer():
    clock, cache, leases = setup()
    take(cache, leases, clock, limit=3)
    answered = clock.now + 1
    clock.now += 2
    take(cache, leases, clock, limit=3)
    for _ in range(int(SLOW_SECONDS) + 1):  # both calls still running, their process alive
        clock.now += 1
        leases.renew()
    assert slots.stalled(cache, 3, older_than=SLOW_SECONDS, now=clock.now) == 2
    assert slots.stalled(cache, 3, older_than=SLOW_SECONDS, now=clock.now, since=answered) == 1


class DownCache(ClockCache):
    def get(self, key: str) -> Any:
        raise ConnectionError("Redis went away")


def test_renewing_with_the_cache_down_never_raises_and_drops_the_slots(caplog):
    clock = Clock()
    cache = DownCache(clock)
    leases = Leases(clock=clock)
    first = take(cache, leases, clock)
    take(cache, leases, clock)
    leases.renew()
    assert leases.held() == []
    assert [r.getMessage() for r in caplog.records] == [
        "Shared cache unavailable (call slot lease): ConnectionError"
    ]
    assert first.release() is False  # the call's own release says the cache is down
