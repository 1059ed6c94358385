"""The check of the cap on model calls in flight (EXPLAIN_MAX_CONCURRENT_CALLS).

explain.E024: not None and not a positive integer. A cap of 0 would refuse every call
as provider_busy, which looks like an outage rather than a setting.
"""

from __future__ import annotations

from typing import Any

from django.core.checks import CheckMessage, Error, register

from explain.conf import setting


@register()
def check_concurrency(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    value = setting("EXPLAIN_MAX_CONCURRENT_CALLS")
    if value is None or (isinstance(value, int) and not isinstance(value, bool) and value >= 1):
        return []
    return [
        Error(
            "EXPLAIN_MAX_CONCURRENT_CALLS must be None or an integer of at least 1.",
            hint=f"Got {value!r}. Keep it well under the worker threads (default 20).",
            id="explain.E024",
        )
    ]
