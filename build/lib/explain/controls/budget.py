"""A site-wide daily cap on model calls (EXPLAIN_DAILY_CALL_LIMIT), on the shared cache.

One counter per UTC day, incremented atomically before each call, so every worker and
every server counts against one budget. A cost control: a bug or a crowd cannot run up
more than the owner agreed to pay for in a day.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from explain.controls.counters import incr

_PREFIX = "explain:calls:"
_KEEP_SECONDS = 2 * 24 * 3600


def today_utc() -> date:
    return datetime.now(UTC).date()


def _key(day: date) -> str:
    return f"{_PREFIX}{day.isoformat()}"


def take_call(cache: Any, limit: int | None, *, day: date | None = None) -> bool:
    """Count one model call against today's budget; False when it is used up.

    None means no cap; 0 means no model calls at all (the check says so at start-up).
    """
    if limit is None:
        return True
    if limit <= 0:
        return False
    return incr(cache, _key(day or today_utc()), _KEEP_SECONDS) <= limit


def calls_today(cache: Any, *, day: date | None = None) -> int:
    """Model calls counted so far today (refused ones included)."""
    return int(cache.get(_key(day or today_utc())) or 0)
