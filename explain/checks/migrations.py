"""explain's migrations must be applied before an explanation is answered: without its
tables every request's log row would be lost.

`manage.py check --database default` and `manage.py migrate` run this database check
(explain.W052). It is a warning, not an error: `migrate` runs the checks before it
migrates, and an error would stop the very command that fixes it. A fresh database (no
migration of any app applied yet) is left alone: `migrate` is about to create it all,
and a newcomer's first `make run` should not read a warning it is already fixing.
`explain_check` fails on it, and at request time `prepare` answers 503 with an ERROR
line naming the command (explain.services.readiness), instead of answering and losing
the row.
"""

from __future__ import annotations

import logging
from typing import Any

from django.core.checks import CheckMessage, Tags, Warning, register

from explain.services.readiness import FIX, applied_elsewhere, unapplied, unapplied_text

logger = logging.getLogger(__name__)


@register(Tags.database)
def check_migrations_applied(
    app_configs: Any = None, databases: Any = None, **kwargs: Any
) -> list[CheckMessage]:
    messages: list[CheckMessage] = []
    for alias in databases or ():
        try:
            names = unapplied(alias)
            fresh = names and not applied_elsewhere(alias)
        except Exception as exc:  # the database cannot be read: other checks say so
            logger.debug("Could not read explain's migrations: %s", type(exc).__name__)
            continue
        if names and not fresh:
            messages.append(
                Warning(
                    f"{unapplied_text(names)} (database {alias!r}).",
                    hint=f"Run: {FIX}",
                    id="explain.W052",
                )
            )
    return messages
