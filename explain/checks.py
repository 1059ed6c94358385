"""System checks: a misconfigured explain app says so at start-up, with the fix."""

from __future__ import annotations

from typing import Any

from django.core.checks import CheckMessage, Error, Warning, register
from django.utils.module_loading import import_string

from explain.conf import setting


@register()
def check_explain_settings(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    problems: list[CheckMessage] = []
    source = setting("EXPLAIN_SOURCE")
    if not source:
        problems.append(
            Error(
                "EXPLAIN_SOURCE is not set.",
                hint="Point it at your adapter class, e.g. 'myportal.explain_source.Source'.",
                id="explain.E001",
            )
        )
    else:
        try:
            adapter = import_string(str(source))
        except ImportError:
            problems.append(
                Error(
                    f"EXPLAIN_SOURCE {source!r} cannot be imported.",
                    hint="Check the dotted path to the adapter class.",
                    id="explain.E002",
                )
            )
        else:
            missing = [m for m in ("profile_fields", "job_fields") if not hasattr(adapter, m)]
            if missing:
                problems.append(
                    Error(
                        f"EXPLAIN_SOURCE lacks {', '.join(missing)}.",
                        hint="The adapter must define profile_fields(user) and "
                        "job_fields(job_id, user).",
                        id="explain.E003",
                    )
                )
    for name, low in (
        ("EXPLAIN_MAX_TEXT_CHARS", 200),
        ("EXPLAIN_MAX_QUOTE_WORDS", 1),
        ("EXPLAIN_MAX_POINT_CHARS", 20),
        ("EXPLAIN_MAX_POINTS", 1),
        ("EXPLAIN_MAX_OUTPUT_TOKENS", 64),
    ):
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
    if setting("EXPLAIN_DEMO_MODE") and not setting("EXPLAIN_RECORDED_DRAFTS"):
        problems.append(
            Warning(
                "EXPLAIN_DEMO_MODE is on but EXPLAIN_RECORDED_DRAFTS is not set.",
                hint="Point EXPLAIN_RECORDED_DRAFTS at a JSON file of recorded drafts.",
                id="explain.W001",
            )
        )
    return problems
