"""One atomic counter on the shared cache, used by the circuit breaker and the budget."""

from __future__ import annotations

from typing import Any


def incr(cache: Any, key: str, timeout: int) -> int:
    """Increment `key` atomically, creating it at 1 (kept `timeout` seconds) if missing.

    Django's incr is atomic on Redis (INCRBY, which keeps the key's expiry) and under
    the local-memory cache's lock; add() is atomic too, so two processes creating the
    same counter at once still count two.
    """
    try:
        return int(cache.incr(key))
    except ValueError:
        if cache.add(key, 1, timeout=timeout):
            return 1
        return int(cache.incr(key))
