"""Sign-up and login throttled per client address and per username (django-ratelimit).

Without it anyone may guess passwords at full speed, and one address may open account
after account, each with a fresh model-call allowance.

- Login (the site's and the admin's): only FAILED attempts count, per username tried
  and per client address, so a shared demo account that many people sign in to is
  never locked out by its own successes. Once either count is full, every attempt of
  that username or address is refused until the window ends, a right password too
  (else guessing would simply go on).
- Sign-up: every attempt counts per address (a successful one is what it limits).

A refused attempt gets the site's own page, status 429 with Retry-After: what happened,
the wait in words, a way back; nothing about whether the username exists. The address
is the one explain's address allowance counts, read by the same function
(explain.controls.addresses.request_network): REMOTE_ADDR, or the proxy header only on
requests from EXPLAIN_TRUSTED_PROXIES (docs/production.md); IPv6 per /64.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django_ratelimit.core import get_usage

from explain.controls.addresses import request_network

logger = logging.getLogger(__name__)

View = Callable[..., HttpResponseBase]

# Groups whose successes are free: only a failed attempt is counted.
FAILURES_ONLY = frozenset({"login"})


def username_tried(group: str, request: HttpRequest) -> str:
    """The username of the attempt, as one account: "Dana" and " dana" are the same."""
    return str(request.POST.get("username", "")).strip().casefold()


def client_counted(group: str, request: HttpRequest) -> str:
    """The client's address as explain's address allowance counts it (IPv6 per /64):
    the same function, so a header is believed only from EXPLAIN_TRUSTED_PROXIES."""
    return request_network(request) or ""


def _rates(group: str) -> list[tuple[str, Any, str]]:
    """(counter, key, rate) for each POST of this group, from the settings."""
    per_ip = getattr(settings, f"{group.upper()}_RATE_PER_IP", None)
    per_name = getattr(settings, f"{group.upper()}_RATE_PER_USERNAME", None)
    counted = (("ip", client_counted, per_ip), ("username", username_tried, per_name))
    return [(counter, key, rate) for counter, key, rate in counted if rate]


def _wait(request: HttpRequest, group: str, *, count: bool) -> int:
    """Seconds to wait before this group's next attempt is let through; 0 if it may go.

    count: add this attempt to the counts (then the wait is for one past the limit);
    else only read them (the wait is for a count that is already full).
    """
    wait = 0
    for counter, key, rate in _rates(group):
        try:
            usage = get_usage(
                request,
                group=f"jobportal.{group}:{counter}",
                key=key,
                rate=rate,
                method="POST",
                increment=count,
            )
        except Exception as exc:  # no shared cache: people can still sign in
            logger.warning("Login throttle unavailable: %s", type(exc).__name__)
            return 0
        if usage is None:
            continue
        full = usage["should_limit"] if count else usage["count"] >= usage["limit"]
        if full:
            wait = max(wait, math.ceil(usage["time_left"]) + 1)
    return wait


def wait_in_words(seconds: int) -> str:
    """The wait as a reader says it: "about 7 minutes", "about 40 seconds"."""
    if seconds < 60:
        return ngettext("about %(count)d second", "about %(count)d seconds", seconds) % {
            "count": seconds
        }
    minutes = math.ceil(seconds / 60)
    if minutes < 60:
        return ngettext("about %(count)d minute", "about %(count)d minutes", minutes) % {
            "count": minutes
        }
    hours = math.ceil(minutes / 60)
    return ngettext("about %(count)d hour", "about %(count)d hours", hours) % {"count": hours}


def refused(request: HttpRequest, group: str, wait: int) -> HttpResponseBase:
    """The site's 429 page: what happened, the wait in words, a way back."""
    logger.warning("Throttled: %s attempts past the limit", group)
    what = (
        _("Too many failed attempts to log in, for this username or from your connection.")
        if group in FAILURES_ONLY
        else _("Too many new accounts were opened from your connection.")
    )
    response = render(
        request,
        "jobportal/throttled.html",
        {"what": what, "wait": wait_in_words(wait), "back": request.path},
        status=429,
    )
    response["Retry-After"] = str(wait)
    response["Cache-Control"] = "no-store"
    return response


def _failed(response: HttpResponseBase) -> bool:
    """A login form that was not accepted is drawn again (200); a login redirects."""
    return not 300 <= response.status_code < 400


def throttled(view: View, group: str) -> View:
    """The view, answering 429 with Retry-After once the group's limits are full."""

    def guarded(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if request.method != "POST":
            return view(request, *args, **kwargs)
        failures_only = group in FAILURES_ONLY
        wait = _wait(request, group, count=not failures_only)
        if wait:
            return refused(request, group, wait)
        response = view(request, *args, **kwargs)
        if failures_only and _failed(response):
            _wait(request, group, count=True)
        return response

    guarded.__name__ = getattr(view, "__name__", "view")
    guarded.__doc__ = view.__doc__
    return guarded
