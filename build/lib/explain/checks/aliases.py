"""Check of the skill alias table (explain/data/skill_aliases.tsv).

explain.W030: a row of the table was skipped (an empty or over-long name, a row with one
name, an everyday word in lower case, a name already in an earlier row, too many rows).
A skipped row only makes gaps and matches stricter, never wrong, so this is a warning:
the app starts, and the message names the line to fix.
"""

from __future__ import annotations

from typing import Any

from django.core.checks import CheckMessage, Warning, register

from explain.core.rules import equivalence

# More lines than this would bury the start-up output; the count says how many there are.
_SHOWN = 20


@register()
def check_aliases(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    found = equivalence.problems()
    messages: list[CheckMessage] = [
        Warning(
            f"Skill alias table: {problem}.",
            hint="Fix or remove the row; every other row still applies.",
            id="explain.W030",
        )
        for problem in found[:_SHOWN]
    ]
    if len(found) > _SHOWN:
        messages.append(
            Warning(
                f"Skill alias table: {len(found) - _SHOWN} more problem(s) not shown.",
                id="explain.W030",
            )
        )
    return messages
