"""One AI request per user per window, on the shared cache (django-ratelimit).

Keyed on the user's id, never on the session key: under signed-cookie sessions every
new visitor shares one empty session key and would share one bucket.

Only django-ratelimit's public API is used (get_usage). It has no public way to give a
counted request back, so a request is counted when the provider has answered, not when
it is allowed: a call the provider never answered (refused connection, 5xx, 429), an
open circuit or a spent daily budget costs the user nothing. The price is a small
overshoot: requests of one user that are in flight at the same time are all checked
against the count before any of them is counted, so a user who fires N requests at once
in a window with one left can get up to N answers (each view serves one request per
click, and the panel sends one at a time, so N is 1 in ordinary use).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from django.http import HttpRequest
from django_ratelimit import ALL
from django_ratelimit.core import get_usage

from explain.conf import app_settings

GROUP = "explain.model-call"


def _nothing() -> None:
    return None


@dataclass(frozen=True)
class RateDecision:
    allowed: bool
    retry_after: int = 0
    # Count the call against the user's window: called once the provider has answered.
    spend: Callable[[], None] = field(default=_nothing, compare=False)


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


def model_call_allowed(request: HttpRequest) -> RateDecision:
    """Whether this user may make a model call now (nothing is counted yet)."""
    usage = _usage(request, increment=False)
    # None: rate limiting is off (RATELIMIT_ENABLE False). A cache that cannot be read
    # gives count 0 and limit 0: refused, unless RATELIMIT_FAIL_OPEN says otherwise.
    if usage is None or usage["count"] < usage["limit"]:
        return RateDecision(allowed=True, spend=lambda: _spend(request))
    # django-ratelimit's window still includes its last whole second ("time_left" 0), so
    # the next request is allowed one second after it.
    return RateDecision(allowed=False, retry_after=max(1, math.ceil(usage["time_left"]) + 1))


def _spend(request: HttpRequest) -> None:
    """One request counted in the user's current window (django-ratelimit's atomic incr)."""
    _usage(request, increment=True)
