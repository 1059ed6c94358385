"""One AI request per user per window, on the shared cache (django-ratelimit).

Keyed on the user's id, never on the session key: under signed-cookie sessions every
new visitor shares one empty session key and would share one bucket.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from django.http import HttpRequest
from django_ratelimit import ALL
from django_ratelimit.core import get_usage

from explain.conf import setting

GROUP = "explain.model-call"


@dataclass(frozen=True)
class RateDecision:
    allowed: bool
    retry_after: int = 0


def _user_key(group: str, request: HttpRequest) -> str:
    return f"user:{request.user.pk}"


def model_call_allowed(request: HttpRequest) -> RateDecision:
    """Count one model call for this user; refuse it if the window is used up."""
    usage = get_usage(
        request,
        group=GROUP,
        key=_user_key,
        rate=str(setting("EXPLAIN_RATE")),
        method=ALL,
        increment=True,
    )
    if usage is None or not usage["should_limit"]:
        return RateDecision(allowed=True)
    # django-ratelimit's window still includes its last whole second ("time_left" 0), so
    # the next request is allowed one second after it.
    return RateDecision(allowed=False, retry_after=max(1, math.ceil(usage["time_left"]) + 1))
