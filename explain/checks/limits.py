"""Checks of the numbers the app runs with: text, quote, points and output bounds, timeout.

explain.E004 (a bound not an integer or below its floor), E005 (a timeout outside 0-120 s).
"""

from __future__ import annotations

from typing import Any

from django.core.checks import CheckMessage, Error, register

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
