"""Sign-up and login throttled per client address and per username (django-ratelimit).

Without it anyone may guess passwords at full speed, and one address may open account
after account, each with a fresh model-call allowance. A refused attempt gets a 429
page with Retry-After; nothing about whether the username exists. The address is the
one explain's address allowance counts (RATELIMIT_IP_META_KEY in the settings):
REMOTE_ADDR, or behind a proxy the last entry of EXPLAIN_CLIENT_ADDRESS_HEADER
(docs/production.md).
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.utils.translation import gettext as _
from django_ratelimit.core import get_usage

logger = logging.getLogger(__name__)

View = Callable[..., HttpResponseBase]


def _rates(group: str) -> list[tuple[str, str]]:
    """(key, rate) pairs counted for each POST of this group, from the settings."""
    per_ip = getattr(settings, f"{group.upper()}_RATE_PER_IP", None)
    per_name = getattr(settings, f"{group.upper()}_RATE_PER_USERNAME", None)
    return [(key, rate) for key, rate in (("ip", per_ip), ("post:username", per_name)) if rate]


def _wait(request: HttpRequest, group: str) -> int:
    """Seconds to wait when a POST of this group passes a limit (it is counted); 0 if not."""
    wait = 0
    for key, rate in _rates(group):
        try:
            usage = get_usage(
                request,
                group=f"jobportal.{group}:{key}",
                key=key,
                rate=rate,
                method="POST",
                increment=True,
            )
        except Exception as exc:  # no shared cache: people can still sign in
            logger.warning("Login throttle unavailable: %s", type(exc).__name__)
            return 0
        if usage is not None and usage["should_limit"]:
            wait = max(wait, math.ceil(usage["time_left"]) + 1)
    return wait


def throttled(view: View, group: str) -> View:
    """The view, answering 429 with Retry-After once a POST passes the group's limits."""

    def guarded(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if request.method == "POST":
            wait = _wait(request, group)
            if wait:
                logger.warning("Throttled: %s attempts past the limit", group)
                response = HttpResponse(
                    _("Too many attempts. Please wait a few minutes and try again.") + "\n",
                    status=429,
                    content_type="text/plain; charset=utf-8",
                )
                response["Retry-After"] = str(wait)
                return response
        return view(request, *args, **kwargs)

    guarded.__name__ = getattr(view, "__name__", "view")
    guarded.__doc__ = view.__doc__
    return guarded
