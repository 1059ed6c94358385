"""Every setting the explain app reads, with its default, in one place.

Read when used (not at import), so tests can change them with override_settings.
"""

from __future__ import annotations

import os
from functools import cache
from typing import Any

from django.conf import settings
from django.core.cache import caches
from django.shortcuts import resolve_url
from django.urls import NoReverseMatch
from django.utils.module_loading import import_string

from explain.adapter import ExplainSource
from explain.controls.breaker import BreakerSettings
from explain.core.verify import Limits
from explain.llm.profiles import DEFAULT_MODEL

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
    # connection) within the window, calls are skipped for the cool-down. 0: off.
    "EXPLAIN_BREAKER_FAILURES": 5,
    "EXPLAIN_BREAKER_WINDOW_SECONDS": 60,
    "EXPLAIN_BREAKER_COOLDOWN_SECONDS": 15,
    # A call unanswered after this long counts as a failure, and as many calls stalled
    # at once as EXPLAIN_BREAKER_FAILURES open the circuit before any of them times out.
    # None: only errors and timeouts count.
    "EXPLAIN_BREAKER_SLOW_SECONDS": 10.0,
    # Model calls in flight at once, site-wide (on the shared cache); past it a call is
    # refused at once as provider_busy, so a hung provider cannot take every worker
    # thread. None: no cap. Keep it well under the total worker threads.
    "EXPLAIN_MAX_CONCURRENT_CALLS": 20,
    # Site-wide model calls per UTC day; None: no cap, 0: no calls at all.
    "EXPLAIN_DAILY_CALL_LIMIT": None,
    # Model calls per account per day (the site's TIME_ZONE), so a few accounts cannot
    # spend the site's day; past it account_daily_limit (429) until midnight. None: no
    # cap. Accounts younger than 24 h (date_joined) get the smaller NEW allowance
    # (None: the same as everyone's). Cached and recorded answers use none of it.
    "EXPLAIN_USER_DAILY_CALLS": 100,
    "EXPLAIN_NEW_USER_DAILY_CALLS": 20,
    # Log rows the database could not take (down, read-only) wait here, one small JSON
    # file each (counts, never texts), until the next write or `explain_replay_log`.
    # None: no spool, such rows are lost (logged at ERROR). A directory of each server's own.
    "EXPLAIN_LOG_SPOOL_DIR": None,
    "EXPLAIN_LOG_SPOOL_MAX_ROWS": 10000,
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


def profile_url() -> str:
    """Where users edit their profile (EXPLAIN_PROFILE_URL resolved), or "" if the host has none.

    A value that does not resolve gives "" (and explain.E020 at start-up): a typo in a
    setting must not take down every job page.
    """
    target = setting("EXPLAIN_PROFILE_URL")
    if not target:
        return ""
    try:
        return resolve_url(target)
    except NoReverseMatch:
        return ""


def verify_limits() -> Limits:
    """The verifier's bounds as this site configures them."""
    return Limits(
        max_quote_words=int(setting("EXPLAIN_MAX_QUOTE_WORDS")),
        max_points=int(setting("EXPLAIN_MAX_POINTS")),
    )


@cache
def _load_source(path: str) -> ExplainSource:
    return import_string(path)()


def get_source() -> ExplainSource:
    """The host's adapter named in EXPLAIN_SOURCE, built once per dotted path."""
    path = setting("EXPLAIN_SOURCE")
    if not path:
        raise LookupError("EXPLAIN_SOURCE is not set")
    return _load_source(str(path))


def show_panel(request: Any) -> bool:
    """Whether {% explain_panel %} renders for this request (EXPLAIN_SHOW_PANEL)."""
    rule = setting("EXPLAIN_SHOW_PANEL")
    if rule is None:
        return True
    try:
        decide = import_string(rule) if isinstance(rule, str) else rule
    except ImportError:
        # A typo hides the panel instead of taking down the job page (explain.E021).
        return False
    if not callable(decide):
        return False
    return bool(decide(request))


def site_cache() -> Any:
    """The shared cache the app keeps its explanations, breaker and budget on."""
    return caches[setting("EXPLAIN_CACHE_ALIAS")]


def breaker_settings() -> BreakerSettings:
    slow = setting("EXPLAIN_BREAKER_SLOW_SECONDS")
    return BreakerSettings(
        failures=int(setting("EXPLAIN_BREAKER_FAILURES") or 0),
        window_seconds=float(setting("EXPLAIN_BREAKER_WINDOW_SECONDS")),
        cooldown_seconds=float(setting("EXPLAIN_BREAKER_COOLDOWN_SECONDS")),
        # A probe is one model call: it reports within the timeout, or it was lost.
        probe_seconds=float(setting("EXPLAIN_TIMEOUT_SECONDS")) + 5,
        slow_seconds=None if slow is None else float(slow),
    )
