"""A circuit breaker for the model provider, kept on the shared cache.

When the provider fails again and again (5xx, 429, timeouts, no connection, answers
slower than EXPLAIN_BREAKER_SLOW_SECONDS), every user who clicks would wait for the same
failure. After EXPLAIN_BREAKER_FAILURES failures in a row within
EXPLAIN_BREAKER_WINDOW_SECONDS the circuit opens: calls are skipped, and users are
answered at once, for EXPLAIN_BREAKER_COOLDOWN_SECONDS (a few seconds), or for as long as
the provider's Retry-After asked when that is longer. Then one call at a time is let
through as a probe; its answer closes the circuit at once (a slow answer too: the
provider is back), its failure opens it for another cool-down.

Only failures of calls started after the provider last answered count: calls that were
waiting on a hung provider when it came back time out later, and would otherwise open
the circuit again on a provider that is fine. A probe that makes no call (refused by a
later limit) is given back, and a probe unanswered for a cool-down (or past the slow-call
threshold, when that is shorter) lets the next call probe: while the provider hangs, one
probe goes every cool-down, so the circuit closes within a cool-down and one answer of
the provider answering normally again, not after a hung probe's whole timeout.

Every step is one atomic cache operation (add, incr, delete), so every worker process
and every server sharing the cache sees one circuit. Time comes from an injectable clock.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from explain.controls.counters import incr

_PREFIX = "explain:breaker:"


class Gate(StrEnum):
    """What the breaker says about the next call."""

    CLOSED = "closed"  # call as usual
    PROBE = "probe"  # call: this one tests whether the provider is back
    OPEN = "open"  # skip the call


@dataclass(frozen=True)
class BreakerSettings:
    failures: int  # 0: the breaker is off
    window_seconds: float
    cooldown_seconds: float
    probe_seconds: float  # a probe that has not reported by then is presumed lost
    # A call still unanswered after this long counts as a failure (None: only errors).
    slow_seconds: float | None = None


class CircuitBreaker:
    def __init__(
        self,
        cache: Any,
        settings: BreakerSettings,
        *,
        clock: Callable[[], float] = time.time,
        prefix: str = _PREFIX,
    ) -> None:
        self.cache = cache
        self.settings = settings
        self.clock = clock
        # Holds the time the circuit reopens (its cool-down may be the provider's own).
        self._open_key = prefix + "open-until"
        self._probe_key = prefix + "probe"
        # When the provider last answered (wall clock): older calls' failures are stale.
        self._answered_key = prefix + "answered-at"
        self._prefix = prefix
        # Read by gate() in its one round trip, for the caller's stalled-call count:
        # when the provider last answered, and the keys the caller asked it to read too.
        self.answered_at: float | None = None
        self.read: dict[str, Any] = {}
        # When gate() said OPEN: seconds_left() as of its read (Retry-After), no second one.
        self.wait = 0

    # --- keys -------------------------------------------------------------------------

    def _bucket_keys(self, now: float) -> tuple[str, str]:
        """Failure counters of this window and the one before (a sliding count)."""
        bucket = int(now // self.settings.window_seconds)
        return f"{self._prefix}failures:{bucket}", f"{self._prefix}failures:{bucket - 1}"

    def _state_keys(self, now: float) -> list[str]:
        """Every key the circuit keeps: failure counts, when it opened, the probe."""
        current, previous = self._bucket_keys(now)
        return [current, previous, self._open_key, self._probe_key]

    def _keep_seconds(self, cooldown: float | None = None) -> int:
        s = self.settings
        longest = max(s.cooldown_seconds, cooldown or 0.0)
        return int(2 * s.window_seconds + longest + s.probe_seconds) + 60

    def _probe_lost_after(self) -> float:
        """Seconds after which an unanswered probe no longer holds the gate: a cool-down
        (the next probe goes as soon as a failed one's would), or the slow-call
        threshold when shorter (a call that slow counts as failed anyway)."""
        s = self.settings
        lost = min(s.probe_seconds, s.cooldown_seconds)
        return lost if s.slow_seconds is None else min(lost, s.slow_seconds)

    def _stale(self, started: float | None) -> bool:
        """Whether a call started before the provider's last answer (one round trip)."""
        if started is None:
            return False
        answered = self.cache.get(self._answered_key)
        return answered is not None and started <= float(answered)

    def _cooldown(self, retry_after: float | None) -> float:
        """The settings' cool-down, or the provider's Retry-After when it asks for longer."""
        return max(self.settings.cooldown_seconds, retry_after or 0.0)

    # --- the three questions ----------------------------------------------------------

    def gate(self, *, also: Sequence[str] = ()) -> Gate:
        """May the next call go to the provider? also: keys the caller wants read in the
        same round trip (the call slots, for the stalled-call count), left in self.read."""
        if self.settings.failures <= 0:
            return Gate.CLOSED
        now = self.clock()
        self.wait = 0
        state = self.cache.get_many([*self._state_keys(now), self._answered_key, *also])
        self.read = {key: state[key] for key in also if key in state}
        answered = state.get(self._answered_key)
        self.answered_at = None if answered is None else float(answered)
        until = state.get(self._open_key)
        if until is None:
            return Gate.CLOSED
        self.wait = self._wait(until)
        if now < float(until):
            return Gate.OPEN
        # Cool-down over: one probe at a time, across every process.
        if self.cache.add(self._probe_key, now, timeout=self._keep_seconds()):
            return Gate.PROBE
        started = self.cache.get(self._probe_key)
        if started is not None and now - float(started) > self._probe_lost_after():
            self.cache.set(self._probe_key, now, timeout=self._keep_seconds())
            return Gate.PROBE
        return Gate.OPEN

    def record_failure(
        self, gate: Gate, *, retry_after: float | None = None, started: float | None = None
    ) -> bool:
        """Count a failure that shows the provider down; True when this one opened it.
        retry_after: the wait the provider asked for (its 429's Retry-After), if any.
        started: when the call began (this breaker's clock); a call begun before the
        provider's last answer is not counted."""
        if self.settings.failures <= 0 or self._stale(started):
            return False
        now = self.clock()
        cooldown = self._cooldown(retry_after)
        keep = self._keep_seconds(cooldown)
        if gate is Gate.PROBE:
            # The provider is still down: another cool-down from now.
            self.cache.set(self._open_key, now + cooldown, timeout=keep)
            self.cache.delete(self._probe_key)
            return True
        current, previous = self._bucket_keys(now)
        count = incr(self.cache, current, self._keep_seconds())
        count += int(self.cache.get(previous) or 0)
        if count < self.settings.failures:
            return False
        # add: only the first process to see the N-th failure opens the circuit, and a
        # failure of a call made before it opened does not stretch the cool-down.
        return bool(self.cache.add(self._open_key, now + cooldown, timeout=keep))

    def trip(self, *, retry_after: float | None = None) -> bool:
        """Open the circuit now (calls seen stalled); True when this one opened it."""
        if self.settings.failures <= 0:
            return False
        cooldown = self._cooldown(retry_after)
        return bool(
            self.cache.add(
                self._open_key, self.clock() + cooldown, timeout=self._keep_seconds(cooldown)
            )
        )

    def give_back(self, gate: Gate) -> None:
        """The call this gate let through was never made (a later limit refused it): a
        probe goes back at once, so the next call can probe instead of waiting for it
        to be presumed lost."""
        if gate is Gate.PROBE and self.settings.failures > 0:
            self.cache.delete(self._probe_key)

    def seconds_left(self) -> int:
        """Whole seconds until the circuit lets a probe through (at least 1), for
        Retry-After and the message: the real wait, not a guess."""
        return self._wait(self.cache.get(self._open_key))

    def _wait(self, until: Any) -> int:
        """seconds_left() for the reopening time as read (None: not open)."""
        if until is None:
            return max(1, round(self.settings.cooldown_seconds))
        return max(1, math.ceil(float(until) - self.clock()))

    def record_success(self) -> None:
        """The provider answered: the run of failures is over, an open circuit closes,
        and failures of calls begun before now no longer count."""
        if self.settings.failures <= 0:
            return
        now = self.clock()
        self.cache.set(self._answered_key, now, timeout=self._keep_seconds())
        keys = self._state_keys(now)
        if self.cache.get_many(keys):
            self.cache.delete_many(keys)

    def is_open(self) -> bool:
        """Whether the circuit is open now (for reports; does not take a probe)."""
        return self.open_seconds() > 0

    def open_seconds(self) -> int:
        """Whole seconds the circuit stays open now (0: it is not; does not take a
        probe): is_open() and seconds_left() in one read."""
        until = self.cache.get(self._open_key)
        if until is None or self.clock() >= float(until):
            return 0
        return self._wait(until)
