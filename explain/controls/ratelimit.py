"""Model calls per user per window (EXPLAIN_RATE), on the shared cache.

Keyed on the user's id, never on the session key: under signed-cookie sessions every
new visitor shares one empty session key and would share one bucket.

A call counts from the moment it is let through, so requests of one user in flight at
once cannot all pass the check before any is counted. Two counters, each changed only
by the cache's atomic operations (add, incr, decr):

- the window's count of answered calls: django-ratelimit's (its public get_usage),
  counted once the provider has answered;
- the user's calls in flight: one more when a call is let through, one less when it
  ends (after the window's count took it, if answered).

A call is let through when the answered calls plus those in flight, itself included,
fit the limit. Its own incr gives each parallel request its own place, so of N at once
only as many as fit pass. A call the provider never answered (refused connection,
timeout before any answer, 5xx), or refused further on (an open circuit, no free slot,
a spent day), leaves the in-flight count and never reaches the window: it costs the
user nothing. A worker killed during a call leaves its place held until the in-flight
counter expires (IN_FLIGHT_SECONDS after the user's last call began).
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.http import HttpRequest
from django_ratelimit import ALL
from django_ratelimit.core import get_usage

from explain.conf import app_settings
from explain.controls.counters import incr
from explain.controls.site import site_cache

GROUP = "explain.model-call"
_IN_FLIGHT_PREFIX = "explain:rate-in-flight:"


def _nothing() -> None:
    return None


@dataclass(frozen=True)
class RateDecision:
    allowed: bool
    retry_after: int = 0
    # The provider answered: the call moves from in flight to the user's window.
    spend: Callable[[], None] = field(default=_nothing, compare=False)
    # No answer after all (never made, or never answered): the place is given back.
    give_back: Callable[[], None] = field(default=_nothing, compare=False)


def _user_key(group: str, request: HttpRequest) -> str:
    return f"user:{request.user.pk}"


def _usage(request: HttpRequest, *, increment: bool) -> dict[str, int] | None:
    usage: dict[str, int] | None = get_usage(
        request,
        group=GROUP,
        key=_user_key,
        rate=app_settings.RATE,
        method=ALL,
        increment=increment,
    )
    return usage


def in_flight_seconds() -> int:
    """How long a user's in-flight count outlives the last call begun: the longest a
    call may last (the model timeout), and a margin."""
    return math.ceil(app_settings.TIMEOUT_SECONDS) + 10


class _Place:
    """One call's place among the user's calls in flight, left exactly once: spent
    into the window, or given back."""

    def __init__(self, cache: Any, key: str, request: HttpRequest) -> None:
        self.cache = cache
        self.key = key
        self.request = request
        self._left = False
        self._lock = threading.Lock()

    def _leave(self) -> bool:
        with self._lock:
            if self._left:
                return False
            self._left = True
            return True

    def spend(self) -> None:
        if self._leave():
            # Counted in the window first, so the call is never uncounted in between.
            # With the cache down the place stays until the in-flight count expires.
            _usage(self.request, increment=True)
            _decr(self.cache, self.key)

    def give_back(self) -> None:
        if self._leave():
            _decr(self.cache, self.key)


def _decr(cache: Any, key: str) -> None:
    try:
        cache.decr(key)
    except ValueError:  # expired meanwhile: nothing left to give back
        return


def in_flight(cache: Any, user_id: Any) -> int:
    """The user's calls in flight as the rate limit counts them (for tests)."""
    return int(cache.get(f"{_IN_FLIGHT_PREFIX}{user_id}") or 0)


def model_call_allowed(request: HttpRequest) -> RateDecision:
    """Whether this user may make a model call now; if so, it counts from now."""
    cache = site_cache()
    key = f"{_IN_FLIGHT_PREFIX}{request.user.pk}"
    keep = in_flight_seconds()
    place = _Place(cache, key, request)
    # This call's place among the user's calls in flight. Usually there is none: add()
    # makes the count 1 with its expiry in one round trip. Else the count goes one up
    # and lives IN_FLIGHT_SECONDS from now.
    if cache.add(key, 1, timeout=keep):
        mine = 1
    else:
        mine = incr(cache, key, keep)
        cache.touch(key, keep)
    try:
        # Read after taking the place: a call that ended meanwhile is in the window.
        usage = _usage(request, increment=False)
    except Exception:
        place.give_back()
        raise
    # None: rate limiting is off (RATELIMIT_ENABLE False). A cache that cannot be read
    # gives count 0 and limit 0: refused, unless RATELIMIT_FAIL_OPEN says otherwise.
    if usage is None:
        place.give_back()
        return RateDecision(allowed=True)
    if usage["count"] + mine <= usage["limit"]:
        return RateDecision(allowed=True, spend=place.spend, give_back=place.give_back)
    place.give_back()
    # django-ratelimit's window still includes its last whole second ("time_left" 0), so
    # the next request is allowed one second after it.
    return RateDecision(allowed=False, retry_after=max(1, math.ceil(usage["time_left"]) + 1))
