"""The checks of the caps on model calls in flight (EXPLAIN_MAX_CONCURRENT_CALLS, site-wide,
and EXPLAIN_ACCOUNT_SLOTS, per account).

explain.E024: EXPLAIN_MAX_CONCURRENT_CALLS not None and not a positive integer. A cap of
0 would refuse every call as provider_busy, which looks like an outage rather than a
setting.
explain.E026: EXPLAIN_ACCOUNT_SLOTS not None and not a positive integer (0 would refuse
every call); explain.W027: it is not below the site's cap, so one account can still
hold every slot and everyone else gets provider_busy.
"""

from __future__ import annotations

from typing import Any

from django.core.checks import CheckMessage, Error, Warning, register

from explain.conf import setting


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
