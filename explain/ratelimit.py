"""One AI request per user per window, on the shared cache (django-ratelimit).

Keyed on the user's id, never on the session key: under signed-cookie sessions every
new visitor shares one empty session key and would share one bucket.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from django.conf import settings
from django.core.cache import caches
from django.http import HttpRequest
from django_ratelimit import ALL
from django_ratelimit.core import _get_window, _make_cache_key, _split_rate, get_usage

from explain.conf import setting

GROUP = "explain.model-call"


def _nothing() -> None:
    return None


@dataclass(frozen=True)
class RateDecision:
    allowed: bool
    retry_after: int = 0
    # Undo the count: for a call the provider never answered (refused connection, 5xx,
    # 429, circuit open), which the user should not pay for with their allowance.
    give_back: Callable[[], None] = field(default=_nothing, compare=False)


def _user_key(group: str, request: HttpRequest) -> str:
    return f"user:{request.user.pk}"


def model_call_allowed(request: HttpRequest) -> RateDecision:
    """Count one model call for this user; refuse it if the window is used up."""
    rate = str(setting("EXPLAIN_RATE"))
    value = _user_key(GROUP, request)
    # The counter django-ratelimit increments: its key names the window it falls in.
    # django-ratelimit has no public "undo", so its own key helpers make the key (private
    # in 4.1.0, pinned in pyproject.toml; tests/explain/test_owner_controls.py fails if
    # a new release changes them).
    counter = _make_cache_key(GROUP, _get_window(value, _split_rate(rate)[1]), rate, value, ALL)
    usage = get_usage(
        request,
        group=GROUP,
        key=_user_key,
        rate=rate,
        method=ALL,
        increment=True,
    )
    if usage is None or not usage["should_limit"]:
        return RateDecision(allowed=True, give_back=lambda: _give_back(counter))
    # django-ratelimit's window still includes its last whole second ("time_left" 0), so
    # the next request is allowed one second after it.
    return RateDecision(allowed=False, retry_after=max(1, math.ceil(usage["time_left"]) + 1))


def _give_back(counter: str) -> None:
    """One request back to the user's current window (atomic decr on the shared cache).

    A window that has ended meanwhile has nothing to give back.
    """
    cache = caches[getattr(settings, "RATELIMIT_USE_CACHE", "default")]
    try:
        if int(cache.get(counter) or 0) > 0:
            cache.decr(counter)
    except ValueError:  # the counter expired between the two calls
        pass
