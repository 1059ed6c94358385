"""Start-up checks for the provider settings: that a model answers at all (a warning, an
error under `check --deploy`), the model, thinking, owner controls, prices.

A retired or unknown model, a thinking value the family does not take, or a budget that
stops every call is said once at start-up, with the fix, instead of on every request.
Values that could be anything (a model name that is not one) are never echoed: a key
pasted into the wrong variable must not reach the console.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from typing import Any

from django.core.checks import CheckMessage, Error, Tags, Warning, register

from explain.conf import app_settings, setting
from explain.controls.budget import today_utc
from explain.llm.profiles import (
    DEFAULT_MODEL,
    family_for,
    is_valid_model_name,
    retirement,
)
from explain.reporting.costs import price_problems

NO_MODEL = (
    "No model answers: GEMINI_API_KEY is not set, EXPLAIN_DEMO_MODE is off and "
    "EXPLAIN_CHAT_MODEL is unset, so every panel says explanations are unavailable."
)
NO_MODEL_FIX = (
    "Set GEMINI_API_KEY (in settings or the environment), or EXPLAIN_DEMO_MODE = True to "
    "answer from recordings, or point EXPLAIN_CHAT_MODEL at a ChatModel."
)


def has_a_model() -> bool:
    """Whether any model is configured, read from the settings alone (nothing is built:
    a check must not construct a client or read the recordings)."""
    return bool(app_settings.CHAT_MODEL or app_settings.GEMINI_API_KEY or app_settings.DEMO_MODE)


@register()
def check_a_model_answers(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """Without a model the app runs, but explains nothing: a warning in development."""
    if has_a_model():
        return []
    return [Warning(NO_MODEL, hint=NO_MODEL_FIX, id="explain.W106")]


@register(Tags.security, deploy=True)
def check_a_model_answers_in_production(
    app_configs: Any = None, **kwargs: Any
) -> list[CheckMessage]:
    """`check --deploy`: a site deployed without a model is broken, not switched off."""
    if has_a_model():
        return []
    return [Error(NO_MODEL, hint=NO_MODEL_FIX, id="explain.E107")]


# How Django names a request header in META (and REMOTE_ADDR): capitals, digits, underscores.
META_KEY = re.compile(r"[A-Z][A-Z0-9_]*")


@register()
def check_provider_settings(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    return provider_problems()


def provider_problems(today: Callable[[], date] = today_utc) -> list[CheckMessage]:
    """Every provider-setting problem; `today` decides what is retired already."""
    return [
        *_model_problems(setting("GEMINI_MODEL"), today()),
        *_thinking_problems(setting("GEMINI_MODEL"), setting("EXPLAIN_THINKING")),
        *_control_problems(),
        *_price_problems(setting("EXPLAIN_PRICES"), setting("GEMINI_MODEL")),
    ]


def _model_problems(model: object, today: date) -> list[CheckMessage]:
    if not is_valid_model_name(model):
        length = len(model) if isinstance(model, str) else 0
        return [
            Error(
                f"GEMINI_MODEL is not a model name ({length} characters; only lower-case "
                "letters, digits, dots and dashes are sent).",
                hint=f"Set GEMINI_MODEL to a model Google serves, e.g. {DEFAULT_MODEL}.",
                id="explain.E101",
            )
        ]
    name = str(model)
    retired = retirement(name)
    if retired is not None:
        when = "was retired" if retired.retired_on <= today else "retires"
        return [
            Warning(
                f"GEMINI_MODEL {name!r} {when} on {retired.retired_on.isoformat()}: "
                "Google may refuse it (explanations would end as model_unavailable).",
                hint=f"Google names {retired.replacement} as its replacement; set "
                "GEMINI_MODEL to it (docs/providers.md).",
                id="explain.W101",
            )
        ]
    family, known = family_for(name)
    if not known:
        return [
            Warning(
                f"GEMINI_MODEL {name!r} is not in the model table; the rules of the newest "
                f"family ({family.name}) apply.",
                hint="Add its family to explain/llm/profiles.py if those rules are wrong for it.",
                id="explain.W102",
            )
        ]
    return []


def _thinking_problems(model: object, thinking: object) -> list[CheckMessage]:
    if thinking is None or not is_valid_model_name(model):
        return []
    family, _ = family_for(str(model))
    problem = family.thinking_problem(thinking)
    if problem is None:
        return []
    return [
        Error(
            "EXPLAIN_THINKING is out of range for GEMINI_MODEL.",
            hint=f"{problem}; or None for {family.copy_thinking!r}, the setting for a "
            "copying task. Until then requests use that setting.",
            id="explain.E102",
        )
    ]


def _number(value: object, *, low: float, integer: bool = False) -> bool:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return (isinstance(value, int) or not integer) and value >= low


def _control_problems() -> list[CheckMessage]:
    problems: list[CheckMessage] = []
    limit = setting("EXPLAIN_DAILY_CALL_LIMIT")
    if limit is not None and not _number(limit, low=0, integer=True):
        problems.append(
            Error(
                "EXPLAIN_DAILY_CALL_LIMIT must be None (no cap) or a whole number of at least 0.",
                hint=f"Got a {type(limit).__name__}.",
                id="explain.E103",
            )
        )
    elif limit == 0:
        problems.append(
            Warning(
                "EXPLAIN_DAILY_CALL_LIMIT is 0: no model calls are made, and every "
                "explanation ends as daily_limit.",
                hint="Set a positive number of calls per day, or None for no cap.",
                id="explain.W103",
            )
        )
    for name in ("EXPLAIN_USER_DAILY_CALLS", "EXPLAIN_NEW_USER_DAILY_CALLS"):
        allowance = setting(name)
        if allowance is not None and not _number(allowance, low=0, integer=True):
            problems.append(
                Error(
                    f"{name} must be None (no cap) or a whole number of at least 0.",
                    hint=f"Got a {type(allowance).__name__}. Model calls per account per day.",
                    id="explain.E106",
                )
            )
    problems.extend(_address_problems())
    failures = setting("EXPLAIN_BREAKER_FAILURES")
    window = setting("EXPLAIN_BREAKER_WINDOW_SECONDS")
    cooldown = setting("EXPLAIN_BREAKER_COOLDOWN_SECONDS")
    slow = setting("EXPLAIN_BREAKER_SLOW_SECONDS")
    if (
        not _number(failures, low=0, integer=True)
        or not _number(window, low=1)
        or not _number(cooldown, low=1)
        or not (slow is None or _number(slow, low=0))
    ):
        problems.append(
            Error(
                "The circuit breaker needs EXPLAIN_BREAKER_FAILURES as a whole number "
                "(0 turns it off), EXPLAIN_BREAKER_WINDOW_SECONDS and "
                "EXPLAIN_BREAKER_COOLDOWN_SECONDS of at least 1, and "
                "EXPLAIN_BREAKER_SLOW_SECONDS None or a number of at least 0.",
                hint="The defaults are 5 failures, a 60-s window, a 3-s cool-down "
                "and 10 s for a slow call.",
                id="explain.E104",
            )
        )
    return problems


def _address_problems() -> list[CheckMessage]:
    """The allowance per client address, and where the address is read from."""
    problems: list[CheckMessage] = []
    calls = setting("EXPLAIN_ADDRESS_DAILY_CALLS")
    if calls is not None and not _number(calls, low=0, integer=True):
        problems.append(
            Error(
                "EXPLAIN_ADDRESS_DAILY_CALLS must be None or 0 (no cap) or a whole number.",
                hint=f"Got a {type(calls).__name__}. Model calls per client address per day.",
                id="explain.E108",
            )
        )
    header = setting("EXPLAIN_CLIENT_ADDRESS_HEADER")
    if header is not None and not (isinstance(header, str) and META_KEY.fullmatch(header)):
        problems.append(
            Error(
                "EXPLAIN_CLIENT_ADDRESS_HEADER must be None (REMOTE_ADDR) or a key of "
                "request.META.",
                hint="The header's name in capitals, dashes as underscores, after HTTP_: "
                "HTTP_X_FORWARDED_FOR for X-Forwarded-For.",
                id="explain.E109",
            )
        )
    return problems


def _price_problems(prices: object, model: object) -> list[CheckMessage]:
    problems: list[CheckMessage] = [
        Error(
            f"EXPLAIN_PRICES: {problem}.",
            hint='Use {"model-name": {"input": 0.1, "output": 0.4, "thinking": 0.4}}, '
            "in your currency per million tokens.",
            id="explain.E105",
        )
        for problem in price_problems(prices)
    ]
    if (
        not problems
        and isinstance(prices, dict)
        and prices
        and is_valid_model_name(model)
        and model not in prices
    ):
        problems.append(
            Warning(
                f"EXPLAIN_PRICES has no price for GEMINI_MODEL {model!r}: the admin "
                "cannot estimate what its calls cost.",
                hint="Add the model to EXPLAIN_PRICES.",
                id="explain.W104",
            )
        )
    return problems
