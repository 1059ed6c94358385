"""The circuit breaker on a cache, with a clock the test moves (no sleeps)."""

from __future__ import annotations

import pytest
from django.core.cache.backends.locmem import LocMemCache

from explain.controls.breaker import BreakerSettings, CircuitBreaker, Gate

SETTINGS = BreakerSettings(failures=3, window_seconds=60, cooldown_seconds=15, probe_seconds=35)


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def cache() -> LocMemCache:
    store = LocMemCache("breaker-test", {})
    store.clear()
    return store


@pytest.fixture
def clock() -> Clock:
    return Clock()


def breaker(
    cache: LocMemCache, clock: Clock, settings: BreakerSettings = SETTINGS
) -> CircuitBreaker:
    return CircuitBreaker(cache, settings, clock=clock)


def test_n_failures_in_a_row_open_the_circuit(cache, clock):
    b = breaker(cache, clock)
    assert [b.record_failure(Gate.CLOSED) for _ in range(3)] == [False, False, True]
    assert b.gate() is Gate.OPEN
    assert b.is_open()


def test_a_success_between_failures_resets_the_run(cache, clock):
    b = breaker(cache, clock)
    b.record_failure(Gate.CLOSED)
    b.record_failure(Gate.CLOSED)
    b.record_success()
    b.record_failure(Gate.CLOSED)
    b.record_failure(Gate.CLOSED)
    assert b.gate() is Gate.CLOSED


def test_failures_far_apart_do_not_add_up(cache, clock):
    b = breaker(cache, clock)
    for _ in range(2):
        b.record_failure(Gate.CLOSED)
    clock.now += 2 * SETTINGS.window_seconds + 1
    b.record_failure(Gate.CLOSED)
    assert b.gate() is Gate.CLOSED


def test_failures_across_a_window_edge_still_count(cache, clock):
    b = breaker(cache, clock)
    clock.now = 60 * 1000 + 59  # the last second of a window
    b.record_failure(Gate.CLOSED)
    b.record_failure(Gate.CLOSED)
    clock.now += 2  # the next window
    assert b.record_failure(Gate.CLOSED) is True


def test_every_process_sees_one_circuit(cache, clock):
    """Two breakers on one cache stand for two worker processes."""
    first, second = breaker(cache, clock), breaker(cache, clock)
    first.record_failure(Gate.CLOSED)
    second.record_failure(Gate.CLOSED)
    first.record_failure(Gate.CLOSED)
    assert second.gate() is Gate.OPEN


def test_after_the_cool_down_one_probe_goes_through_at_a_time(cache, clock):
    b, other = breaker(cache, clock), breaker(cache, clock)
    for _ in range(3):
        b.record_failure(Gate.CLOSED)
    clock.now += SETTINGS.cooldown_seconds - 1
    assert b.gate() is Gate.OPEN
    clock.now += 1
    assert b.gate() is Gate.PROBE
    assert other.gate() is Gate.OPEN  # the probe is out; everyone else still skips


def test_a_probe_that_succeeds_closes_the_circuit(cache, clock):
    b = breaker(cache, clock)
    for _ in range(3):
        b.record_failure(Gate.CLOSED)
    clock.now += SETTINGS.cooldown_seconds
    assert b.gate() is Gate.PROBE
    b.record_success()
    assert b.gate() is Gate.CLOSED
    assert not b.is_open()
    assert b.record_failure(Gate.CLOSED) is False  # a fresh run of failures is needed


def test_a_probe_that_fails_opens_it_for_another_cool_down(cache, clock):
    b = breaker(cache, clock)
    for _ in range(3):
        b.record_failure(Gate.CLOSED)
    clock.now += SETTINGS.cooldown_seconds
    assert b.gate() is Gate.PROBE
    assert b.record_failure(Gate.PROBE) is True
    clock.now += SETTINGS.cooldown_seconds - 1
    assert b.gate() is Gate.OPEN
    clock.now += 1
    assert b.gate() is Gate.PROBE


def test_a_lost_probe_is_replaced_after_a_cool_down(cache, clock):
    b = breaker(cache, clock)
    for _ in range(3):
        b.record_failure(Gate.CLOSED)
    clock.now += SETTINGS.cooldown_seconds
    assert b.gate() is Gate.PROBE  # and it never reports
    clock.now += SETTINGS.cooldown_seconds
    assert b.gate() is Gate.OPEN
    clock.now += 1
    assert b.gate() is Gate.PROBE


def test_a_lost_probe_is_replaced_after_the_probe_time_when_that_is_shorter(cache, clock):
    short = BreakerSettings(failures=3, window_seconds=60, cooldown_seconds=15, probe_seconds=5)
    b = breaker(cache, clock, short)
    for _ in range(3):
        b.record_failure(Gate.CLOSED)
    clock.now += short.cooldown_seconds
    assert b.gate() is Gate.PROBE
    clock.now += short.probe_seconds
    assert b.gate() is Gate.OPEN
    clock.now += 1
    assert b.gate() is Gate.PROBE


def test_late_failures_of_calls_made_before_it_opened_do_not_stretch_the_cool_down(cache, clock):
    b = breaker(cache, clock)
    for _ in range(3):
        b.record_failure(Gate.CLOSED)
    clock.now += 10
    assert b.record_failure(Gate.CLOSED) is False
    clock.now += SETTINGS.cooldown_seconds - 10
    assert b.gate() is Gate.PROBE


def test_zero_failures_switches_the_breaker_off(cache, clock):
    off = breaker(cache, clock, BreakerSettings(0, 60, 15, 35))
    for _ in range(10):
        assert off.record_failure(Gate.CLOSED) is False
    assert off.gate() is Gate.CLOSED


class CountingCache(LocMemCache):
    """A local-memory cache that counts its calls: each stands for a Redis round trip."""

    def __init__(self) -> None:
        super().__init__("breaker-count", {})
        self.clear()
        self.calls: list[str] = []
        self._inside = False  # LocMemCache's get_many calls get: one round trip

    def _count(self, name, method, *args, **kwargs):
        if not self._inside:
            self.calls.append(name)
        outer, self._inside = self._inside, True
        try:
            return method(*args, **kwargs)
        finally:
            self._inside = outer

    def get(self, *args, **kwargs):
        return self._count("get", super().get, *args, **kwargs)

    def get_many(self, *args, **kwargs):
        return self._count("get_many", super().get_many, *args, **kwargs)

    def delete_many(self, *args, **kwargs):
        return self._count("delete_many", super().delete_many, *args, **kwargs)


def test_the_gate_is_one_read(clock):
    counting = CountingCache()
    b = breaker(counting, clock)
    assert b.gate() is Gate.CLOSED
    assert counting.calls == ["get_many"]


def test_a_success_after_a_clean_gate_resets_failures_recorded_meanwhile(cache, clock):
    """Another process's failures between this call's gate and its success are reset:
    the provider just answered, so the run of failures is over."""
    b, other = breaker(cache, clock), breaker(cache, clock)
    assert b.gate() is Gate.CLOSED  # nothing there yet
    other.record_failure(Gate.CLOSED)
    other.record_failure(Gate.CLOSED)
    b.record_success()
    assert [other.record_failure(Gate.CLOSED) for _ in range(3)] == [False, False, True]


def test_a_success_resets_failures_the_gate_saw(clock):
    counting = CountingCache()
    other, b = breaker(counting, clock), breaker(counting, clock)
    other.record_failure(Gate.CLOSED)
    other.record_failure(Gate.CLOSED)
    assert b.gate() is Gate.CLOSED
    b.record_success()
    assert "delete_many" in counting.calls
    other.record_failure(Gate.CLOSED)
    assert other.record_failure(Gate.CLOSED) is False  # the run started again at zero


def test_a_success_after_this_breakers_own_failure_resets_it(cache, clock):
    b = breaker(cache, clock)
    assert b.gate() is Gate.CLOSED  # nothing there yet
    b.record_failure(Gate.CLOSED)
    b.record_failure(Gate.CLOSED)
    b.record_success()
    assert [b.record_failure(Gate.CLOSED) for _ in range(3)] == [False, False, True]


def test_a_success_without_a_gate_still_reads_and_resets(cache, clock):
    first = breaker(cache, clock)
    first.record_failure(Gate.CLOSED)
    first.record_failure(Gate.CLOSED)
    breaker(cache, clock).record_success()
    assert first.record_failure(Gate.CLOSED) is False
    assert first.record_failure(Gate.CLOSED) is False


def test_a_left_over_probe_is_cleared_by_the_next_success(cache, clock):
    b = breaker(cache, clock)
    cache.set("explain:breaker:probe", clock.now - 1000)
    assert b.gate() is Gate.CLOSED
    b.record_success()
    assert cache.get("explain:breaker:probe") is None


# Calls begun before the provider's last answer, probes that make no call, hung probes.

SLOW = BreakerSettings(
    failures=3, window_seconds=60, cooldown_seconds=15, probe_seconds=35, slow_seconds=10
)


def open_circuit(b: CircuitBreaker, clock: Clock) -> None:
    for _ in range(3):
        b.record_failure(Gate.CLOSED, started=clock.now)


def test_failures_of_calls_begun_before_the_last_answer_do_not_count(cache, clock):
    """Calls that waited on a hung provider time out after it came back: stale news."""
    b = breaker(cache, clock)
    begun_while_hung = clock.now
    clock.now += 20
    b.record_success()
    clock.now += 10
    assert [b.record_failure(Gate.CLOSED, started=begun_while_hung) for _ in range(5)] == [
        False
    ] * 5
    assert b.gate() is Gate.CLOSED
    assert [b.record_failure(Gate.CLOSED, started=clock.now) for _ in range(3)] == [
        False,
        False,
        True,
    ]


def test_a_hung_probe_failing_late_does_not_reopen_a_circuit_a_newer_call_closed(cache, clock):
    b = breaker(cache, clock, SLOW)
    open_circuit(b, clock)
    clock.now += SLOW.cooldown_seconds
    assert b.gate() is Gate.PROBE
    hung_probe_started = clock.now
    clock.now += SLOW.slow_seconds + 1
    assert b.gate() is Gate.PROBE  # the hung one no longer holds the gate
    b.record_success()  # the second probe answered
    clock.now += 20  # the hung probe times out
    assert b.record_failure(Gate.PROBE, started=hung_probe_started) is False
    assert b.gate() is Gate.CLOSED


def test_an_unanswered_probe_older_than_the_slow_threshold_lets_the_next_call_probe(cache, clock):
    b = breaker(cache, clock, SLOW)
    open_circuit(b, clock)
    clock.now += SLOW.cooldown_seconds
    assert b.gate() is Gate.PROBE
    clock.now += SLOW.slow_seconds
    assert b.gate() is Gate.OPEN
    clock.now += 1
    assert b.gate() is Gate.PROBE


def test_a_probe_given_back_lets_the_next_call_probe_at_once(cache, clock):
    b = breaker(cache, clock)
    open_circuit(b, clock)
    clock.now += SETTINGS.cooldown_seconds
    assert b.gate() is Gate.PROBE
    b.give_back(Gate.PROBE)  # a later limit refused the call: none was made
    assert breaker(cache, clock).gate() is Gate.PROBE


def test_giving_back_a_closed_gate_changes_nothing(cache, clock):
    b = breaker(cache, clock)
    open_circuit(b, clock)
    clock.now += SETTINGS.cooldown_seconds
    assert b.gate() is Gate.PROBE
    breaker(cache, clock).give_back(Gate.CLOSED)
    assert breaker(cache, clock).gate() is Gate.OPEN  # the probe is still out


def test_the_gate_reads_when_the_provider_last_answered_in_its_one_read(clock):
    counting = CountingCache()
    b = breaker(counting, clock)
    b.record_success()
    counting.calls.clear()
    assert b.gate() is Gate.CLOSED
    assert b.answered_at == clock.now
    assert counting.calls == ["get_many"]


# Recovery: the defaults (a 3-s cool-down, 10-s slow calls, a 30-s timeout), a provider
# that hangs and then answers normally again.

DEFAULTS = BreakerSettings(
    failures=5, window_seconds=60, cooldown_seconds=3, probe_seconds=35, slow_seconds=10
)


def test_while_the_provider_hangs_a_probe_goes_every_cool_down(cache, clock):
    """A hung probe holds the gate for one cool-down, not for the slow-call threshold:
    a provider that comes back is probed within a cool-down of it."""
    b = breaker(cache, clock, DEFAULTS)
    for _ in range(5):
        b.record_failure(Gate.CLOSED, started=clock.now)
    opened = clock.now
    probes = []
    for _second in range(12):
        clock.now += 1
        if b.gate() is Gate.PROBE:
            probes.append(clock.now - opened)
    # None answers: the first after the cool-down, then one each 4 s (a cool-down, then
    # the next call), where the slow-call threshold would have held the gate 10 s.
    assert probes == [3, 7, 11]


def test_once_a_probe_is_answered_no_call_is_refused(cache, clock):
    b = breaker(cache, clock, DEFAULTS)
    for _ in range(5):
        b.record_failure(Gate.CLOSED, started=clock.now)
    clock.now += DEFAULTS.cooldown_seconds
    assert b.gate() is Gate.PROBE
    hung = clock.now  # this probe hangs
    clock.now += DEFAULTS.cooldown_seconds + 1
    assert b.gate() is Gate.PROBE  # the provider is back: this one is answered
    b.record_success()
    gates = []
    for _second in range(60):
        clock.now += 1
        gates.append(b.gate())
        if clock.now - hung == 30:  # the hung probe times out, late news
            assert b.record_failure(Gate.PROBE, started=hung) is False
    assert set(gates) == {Gate.CLOSED}


def test_the_wait_of_an_open_circuit_is_read_with_the_gate_or_in_one_look(cache, clock):
    """gate() says OPEN with the wait it read in its own round trip; open_seconds() is
    is_open() and seconds_left() in one read, 0 once the cool-down is over."""
    b = breaker(cache, clock)
    assert b.open_seconds() == 0
    for _ in range(3):
        b.record_failure(Gate.CLOSED)
    clock.now += 5
    assert b.gate() is Gate.OPEN
    assert b.wait == b.seconds_left() == b.open_seconds() == 10
    clock.now += 10
    assert b.open_seconds() == 0 and not b.is_open()
    assert b.gate() is Gate.PROBE
    other = breaker(cache, clock)
    assert other.gate() is Gate.OPEN  # the probe is out: the next one may go in a second
    assert other.wait == other.seconds_left() == 1
