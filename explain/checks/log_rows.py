"""Check that the bound on log rows of requests without a model call is usable
(explain.E111)."""

from __future__ import annotations

from typing import Any

from django.core.checks import CheckMessage, Error, register

from explain.conf import setting


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
