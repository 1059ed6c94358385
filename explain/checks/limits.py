"""Checks of the numbers and caps the app runs with.

explain.E004 (a bound not an integer or below its floor), E005 (a timeout outside 0-120 s);
E009, W005: the rate limit (django-ratelimit) can run and is on;
E024: EXPLAIN_MAX_CONCURRENT_CALLS not None and not a positive integer (a cap of 0 would
refuse every call as provider_busy, which looks like an outage rather than a setting);
E026: EXPLAIN_ACCOUNT_SLOTS not None and not a positive integer (0 would refuse every
call); W027: it is not below the site's cap, so one account can still hold every slot
and everyone else gets provider_busy;
E111: the bound on log rows of requests without a model call is unusable.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage, Error, Warning, register

from explain.conf import setting

# Each bound and the least value that still lets an explanation through.
FLOORS = (
    ("EXPLAIN_MAX_TEXT_CHARS", 200),
    ("EXPLAIN_MAX_QUOTE_WORDS", 1),
    ("EXPLAIN_MAX_POINTS", 1),
    ("EXPLAIN_MAX_OUTPUT_TOKENS", 64),
)


@register()
def check_limits(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    problems: list[CheckMessage] = []
    for name, low in FLOORS:
        value = setting(name)
        if name == "EXPLAIN_MAX_OUTPUT_TOKENS" and value is None:
            continue  # the model family's own bound (explain/llm/profiles.py)
        if not isinstance(value, int) or value < low:
            problems.append(
                Error(
                    f"{name} must be an integer of at least {low}.",
                    hint=f"Got {value!r}.",
                    id="explain.E004",
                )
            )
    timeout = setting("EXPLAIN_TIMEOUT_SECONDS")
    if not isinstance(timeout, int | float) or not 0 < timeout <= 120:
        problems.append(
            Error(
                "EXPLAIN_TIMEOUT_SECONDS must be a number between 0 and 120.",
                hint="Someone is waiting: 30 is the default.",
                id="explain.E005",
            )
        )
    return problems


@register()
def check_ratelimit(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """The rate limit uses django-ratelimit's functions: it must be importable and on
    (explain.E009, explain.W005). Listing it in INSTALLED_APPS is not needed."""
    try:
        import django_ratelimit.core  # noqa: F401
    except ImportError:
        return [
            Error(
                "django-ratelimit is not installed; explain counts AI requests with it.",
                hint="pip install django-ratelimit (adding it to INSTALLED_APPS is optional).",
                id="explain.E009",
            )
        ]
    if not getattr(settings, "RATELIMIT_ENABLE", True):
        return [
            Warning(
                "RATELIMIT_ENABLE is False: every user may ask for AI explanations without limit.",
                hint="Remove RATELIMIT_ENABLE = False from your settings (or set it to True).",
                id="explain.W005",
            )
        ]
    return []


def _positive(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


@register()
def check_concurrency(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    value = setting("EXPLAIN_MAX_CONCURRENT_CALLS")
    problems: list[CheckMessage] = []
    if not (value is None or _positive(value)):
        problems.append(
            Error(
                "EXPLAIN_MAX_CONCURRENT_CALLS must be None or an integer of at least 1.",
                hint=f"Got {value!r}. Keep it well under the worker threads (default 20).",
                id="explain.E024",
            )
        )
    own = setting("EXPLAIN_ACCOUNT_SLOTS")
    if not (own is None or _positive(own)):
        problems.append(
            Error(
                "EXPLAIN_ACCOUNT_SLOTS must be None or an integer of at least 1.",
                hint=f"Got {own!r}. Model calls one account may have in flight (default 2).",
                id="explain.E026",
            )
        )
    elif _positive(value) and (own is None or own >= value):
        problems.append(
            Warning(
                "EXPLAIN_ACCOUNT_SLOTS is not below EXPLAIN_MAX_CONCURRENT_CALLS: one "
                "account can hold every call slot, and everyone else is refused.",
                hint=f"Got {own!r} of {value!r}. A small share, such as the default 2.",
                id="explain.W027",
            )
        )
    return problems


@register()
def check_log_rows_per_minute(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    value = setting("EXPLAIN_LOG_ROWS_PER_MINUTE")
    if value is None or (isinstance(value, int) and not isinstance(value, bool) and value >= 1):
        return []
    return [
        Error(
            "EXPLAIN_LOG_ROWS_PER_MINUTE must be None (no bound) or a whole number of at least 1.",
            hint=f"Got a {type(value).__name__}. Log rows per user and minute for requests "
            "that cost no model call; a request that reached the model always has its row.",
            id="explain.E111",
        )
    ]
