"""Every setting the explain app reads, with its default, in one place.

Read when used (not at import), so tests can change them with override_settings.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

from django.conf import settings
from django.shortcuts import resolve_url
from django.urls import NoReverseMatch

from explain.llm.client import ChatModel
from explain.llm.profiles import DEFAULT_MODEL
from explain.reporting.costs import Price, parse_prices

DEFAULTS: dict[str, Any] = {
    # Dotted path to the host's adapter class (explain.adapter.ExplainSource).
    "EXPLAIN_SOURCE": None,
    # URL (or URL name) of the host page where users edit their profile, for the panel.
    "EXPLAIN_PROFILE_URL": None,
    # Template the stand-alone result page extends.
    "EXPLAIN_BASE_TEMPLATE": "base.html",
    # Each text sent to the model holds at most this many characters: the room is shared
    # out per field, each cut at a word boundary, so no field is dropped whole.
    "EXPLAIN_MAX_TEXT_CHARS": 30000,
    "EXPLAIN_MAX_QUOTE_WORDS": 12,
    "EXPLAIN_MAX_POINTS": 5,
    # Model calls per user per window (django-ratelimit rate syntax). Ten per ten
    # minutes: someone reading ten jobs in a row, in tabs or one after another, is never
    # refused, and one user still costs at most 60 calls an hour (docs/page.md, "The
    # rate limit"). Cached and recorded answers use none of it.
    "EXPLAIN_RATE": "10/10m",
    "EXPLAIN_CACHE_ALIAS": "default",
    "EXPLAIN_CACHE_SECONDS": 7 * 24 * 3600,
    "EXPLAIN_TIMEOUT_SECONDS": 30.0,
    # Sent only to model families that honour it (explain/llm/profiles.py).
    "EXPLAIN_TEMPERATURE": 0.1,
    # None: the model family's bound, an answer plus room for its thoughts.
    "EXPLAIN_MAX_OUTPUT_TOKENS": None,
    # None: the family's setting for a copying task (MINIMAL on 3.x Flash, 0 on 2.5
    # Flash). Otherwise a level name (3.x) or a token budget (2.5) the family takes.
    "EXPLAIN_THINKING": None,
    # Circuit breaker: after this many provider failures in a row (5xx, timeout, no
    # connection) within the window, calls are skipped for the cool-down; then one probe
    # call goes every cool-down until one is answered, which closes it. 0: off.
    "EXPLAIN_BREAKER_FAILURES": 5,
    "EXPLAIN_BREAKER_WINDOW_SECONDS": 60,
    "EXPLAIN_BREAKER_COOLDOWN_SECONDS": 3,
    # A call unanswered after this long counts as a failure, and as many calls stalled
    # at once as EXPLAIN_BREAKER_FAILURES open the circuit before any of them times out.
    # None: only errors and timeouts count.
    "EXPLAIN_BREAKER_SLOW_SECONDS": 10.0,
    # Model calls in flight at once, site-wide (on the shared cache); past it a call is
    # refused at once as provider_busy, so a hung provider cannot take every worker
    # thread. None: no cap. Keep it well under the total worker threads.
    "EXPLAIN_MAX_CONCURRENT_CALLS": 20,
    # Of those, the most one account holds at once; past it that user is answered 429
    # rate_limited (their own requests are in flight), not everyone 503. None: no cap.
    "EXPLAIN_ACCOUNT_SLOTS": 2,
    # Site-wide model calls per UTC day; None: no cap, 0: no calls at all.
    "EXPLAIN_DAILY_CALL_LIMIT": None,
    # Model calls per account per day (the site's TIME_ZONE), so a few accounts cannot
    # spend the site's day; past it account_daily_limit (429) until midnight. None: no
    # cap. Accounts younger than 24 h (date_joined) get the smaller NEW allowance
    # (None: the same as everyone's). Cached and recorded answers use none of it.
    "EXPLAIN_USER_DAILY_CALLS": 100,
    "EXPLAIN_NEW_USER_DAILY_CALLS": 20,
    # Model calls per client address per day (IPv6: per /64), so one address opening
    # account after account cannot spend the site's day either; past it
    # address_daily_limit (429) until midnight. None or 0: no cap. Cached and recorded
    # answers use none of it.
    "EXPLAIN_ADDRESS_DAILY_CALLS": 200,
    # The META key the site's own proxy writes the client address to (e.g.
    # "HTTP_X_FORWARDED_FOR"; its last entry is read). None: REMOTE_ADDR.
    "EXPLAIN_CLIENT_ADDRESS_HEADER": None,
    # The site's own proxies (addresses or networks, e.g. ["10.0.0.0/8"]): the header
    # above is read only on requests whose REMOTE_ADDR is one of them; from anyone else
    # it is the client's own words. Empty: the header is never read.
    "EXPLAIN_TRUSTED_PROXIES": (),
    # Log rows the database could not take (down, read-only) wait here, one small JSON
    # file each (counts, never texts), until the next write or `explain_replay_log`.
    # None: no spool, such rows are lost (logged at ERROR). A directory of each server's own.
    "EXPLAIN_LOG_SPOOL_DIR": None,
    "EXPLAIN_LOG_SPOOL_MAX_ROWS": 10000,
    # Log rows per user (signed-out visitors together) per minute for requests that cost
    # no model call (cached answers, refusals, unknown jobs, page views); past it they
    # are counted per day and outcome instead (UnloggedRequests, shown in the admin).
    # A request that reached the model always has its row. None: no bound.
    "EXPLAIN_LOG_ROWS_PER_MINUTE": 30,
    # For the admin's cost estimate: {model: {"input": $, "output": $, "thinking": $}}
    # per million tokens.
    "EXPLAIN_PRICES": {},
    # A ChatModel (callable) or a dotted path to one; overrides Gemini (tests, other hosts).
    "EXPLAIN_CHAT_MODEL": None,
    # Who sees the panel: None (everyone), or a callable (or dotted path to one) taking
    # the request and returning True or False, e.g. candidates only.
    "EXPLAIN_SHOW_PANEL": None,
    # Without a key: answer from recorded drafts, and say so on the page.
    "EXPLAIN_DEMO_MODE": False,
    "EXPLAIN_RECORDED_DRAFTS": None,
    # URL name of the host's job page, reversed with the job id as its one argument, so
    # the admin can link each log row to its job (None: no link).
    "EXPLAIN_JOB_URL_NAME": None,
    # Warn admins when the share of fresh answers with a removed point, over the newest
    # EXPLAIN_ALERT_WINDOW of them, passes this (0 to 1; None: no alert).
    "EXPLAIN_ALERT_DROP_RATE": None,
    "EXPLAIN_ALERT_WINDOW": 200,
    # Gemini: a Django setting wins; without one, the environment variable of the same
    # name (ENV_FALLBACK); without either, this default.
    "GEMINI_API_KEY": "",
    "GEMINI_MODEL": DEFAULT_MODEL,
    "GEMINI_BASE_URL": "",
}


# Read from the environment when the host's settings do not define them, so a host need
# not copy them into settings.py (docs/integrating.md, Settings).
ENV_FALLBACK = frozenset({"GEMINI_API_KEY", "GEMINI_MODEL", "GEMINI_BASE_URL"})


def setting(name: str) -> Any:
    """The host's value for an explain setting, then (Gemini only) the environment's,
    then the default."""
    if hasattr(settings, name):
        return getattr(settings, name)
    if name in ENV_FALLBACK and os.environ.get(name, "").strip():
        return os.environ[name].strip()
    return DEFAULTS[name]


def _optional_int(name: str) -> int | None:
    value = setting(name)
    return None if value is None else int(value)


class AppSettings:
    """Each setting as a typed property, so call sites never cast.

    Read at each access, never cached, so override_settings holds. The system checks
    (explain/checks/) read the raw values through setting() instead: they must report a
    bad value, not raise on its cast.
    """

    @property
    def SOURCE(self) -> str | None:
        value = setting("EXPLAIN_SOURCE")
        return str(value) if value else None

    @property
    def PROFILE_URL(self) -> str | None:
        value = setting("EXPLAIN_PROFILE_URL")
        return str(value) if value else None

    @property
    def BASE_TEMPLATE(self) -> str:
        return str(setting("EXPLAIN_BASE_TEMPLATE"))

    @property
    def MAX_TEXT_CHARS(self) -> int:
        return int(setting("EXPLAIN_MAX_TEXT_CHARS"))

    @property
    def MAX_QUOTE_WORDS(self) -> int:
        return int(setting("EXPLAIN_MAX_QUOTE_WORDS"))

    @property
    def MAX_POINTS(self) -> int:
        return int(setting("EXPLAIN_MAX_POINTS"))

    @property
    def RATE(self) -> str:
        return str(setting("EXPLAIN_RATE"))

    @property
    def CACHE_ALIAS(self) -> str:
        return str(setting("EXPLAIN_CACHE_ALIAS"))

    @property
    def CACHE_SECONDS(self) -> int:
        return int(setting("EXPLAIN_CACHE_SECONDS"))

    @property
    def TIMEOUT_SECONDS(self) -> float:
        return float(setting("EXPLAIN_TIMEOUT_SECONDS"))

    @property
    def TEMPERATURE(self) -> float:
        return float(setting("EXPLAIN_TEMPERATURE"))

    @property
    def MAX_OUTPUT_TOKENS(self) -> int | None:
        """None (also for 0): the model family's own bound."""
        value = setting("EXPLAIN_MAX_OUTPUT_TOKENS")
        return int(value) if value else None

    @property
    def THINKING(self) -> str | int | None:
        # Passed on as given: the model family decides which kind it takes.
        return cast("str | int | None", setting("EXPLAIN_THINKING"))

    @property
    def BREAKER_FAILURES(self) -> int:
        """0 (also for None): the breaker is off."""
        return int(setting("EXPLAIN_BREAKER_FAILURES") or 0)

    @property
    def BREAKER_WINDOW_SECONDS(self) -> float:
        return float(setting("EXPLAIN_BREAKER_WINDOW_SECONDS"))

    @property
    def BREAKER_COOLDOWN_SECONDS(self) -> float:
        return float(setting("EXPLAIN_BREAKER_COOLDOWN_SECONDS"))

    @property
    def BREAKER_SLOW_SECONDS(self) -> float | None:
        value = setting("EXPLAIN_BREAKER_SLOW_SECONDS")
        return None if value is None else float(value)

    @property
    def MAX_CONCURRENT_CALLS(self) -> int | None:
        return _optional_int("EXPLAIN_MAX_CONCURRENT_CALLS")

    @property
    def ACCOUNT_SLOTS(self) -> int | None:
        return _optional_int("EXPLAIN_ACCOUNT_SLOTS")

    @property
    def DAILY_CALL_LIMIT(self) -> int | None:
        return _optional_int("EXPLAIN_DAILY_CALL_LIMIT")

    @property
    def USER_DAILY_CALLS(self) -> int | None:
        return _optional_int("EXPLAIN_USER_DAILY_CALLS")

    @property
    def NEW_USER_DAILY_CALLS(self) -> int | None:
        return _optional_int("EXPLAIN_NEW_USER_DAILY_CALLS")

    @property
    def ADDRESS_DAILY_CALLS(self) -> int | None:
        """None (also for 0): no cap per address."""
        value = setting("EXPLAIN_ADDRESS_DAILY_CALLS")
        return int(value) if value else None

    @property
    def CLIENT_ADDRESS_HEADER(self) -> str | None:
        value = setting("EXPLAIN_CLIENT_ADDRESS_HEADER")
        return str(value) if value else None

    @property
    def TRUSTED_PROXIES(self) -> tuple[Any, ...]:
        """The usable entries as ip_network values; a broken one is left out (the
        checks name it)."""
        from explain.controls.addresses import parse_networks  # it reads these settings

        return tuple(parse_networks(setting("EXPLAIN_TRUSTED_PROXIES"))[0])

    @property
    def LOG_SPOOL_DIR(self) -> Path | None:
        value = setting("EXPLAIN_LOG_SPOOL_DIR")
        return Path(value) if value else None

    @property
    def LOG_ROWS_PER_MINUTE(self) -> int | None:
        return _optional_int("EXPLAIN_LOG_ROWS_PER_MINUTE")

    @property
    def LOG_SPOOL_MAX_ROWS(self) -> int:
        return int(setting("EXPLAIN_LOG_SPOOL_MAX_ROWS"))

    @property
    def PRICES(self) -> dict[str, Price]:
        """The usable entries only; a broken one is left out (the checks name it)."""
        return parse_prices(setting("EXPLAIN_PRICES"))

    @property
    def CHAT_MODEL(self) -> ChatModel | str | None:
        return cast("ChatModel | str | None", setting("EXPLAIN_CHAT_MODEL"))

    @property
    def SHOW_PANEL(self) -> Callable[[Any], object] | str | None:
        return cast("Callable[[Any], object] | str | None", setting("EXPLAIN_SHOW_PANEL"))

    @property
    def DEMO_MODE(self) -> bool:
        return bool(setting("EXPLAIN_DEMO_MODE"))

    @property
    def RECORDED_DRAFTS(self) -> str | None:
        value = setting("EXPLAIN_RECORDED_DRAFTS")
        return str(value) if value else None

    @property
    def JOB_URL_NAME(self) -> str | None:
        value = setting("EXPLAIN_JOB_URL_NAME")
        return str(value) if value else None

    @property
    def ALERT_DROP_RATE(self) -> float | None:
        value = setting("EXPLAIN_ALERT_DROP_RATE")
        return None if value is None else float(value)

    @property
    def ALERT_WINDOW(self) -> int:
        return int(setting("EXPLAIN_ALERT_WINDOW"))

    @property
    def GEMINI_API_KEY(self) -> str:
        value = setting("GEMINI_API_KEY")
        return str(value) if value else ""

    @property
    def GEMINI_MODEL(self) -> str:
        return str(setting("GEMINI_MODEL"))

    @property
    def GEMINI_BASE_URL(self) -> str:
        return str(setting("GEMINI_BASE_URL") or "")


app_settings = AppSettings()


def profile_url() -> str:
    """Where users edit their profile (EXPLAIN_PROFILE_URL resolved), or "" if the host has none.

    A value that does not resolve gives "" (and explain.E020 at start-up): a typo in a
    setting must not take down every job page.
    """
    target = app_settings.PROFILE_URL
    if not target:
        return ""
    try:
        return resolve_url(target)
    except NoReverseMatch:
        return ""
