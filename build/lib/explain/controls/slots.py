"""A site-wide cap on model calls in flight (EXPLAIN_MAX_CONCURRENT_CALLS), on the shared cache.

A hung provider otherwise holds one worker thread per waiting user until every thread
is taken and plain job pages stall. With a cap, the call past it is refused at once
(outcome provider_busy) and the threads stay free for everything else.

Each slot is one cache key taken with add(), which is atomic on Redis (SET NX) and
under the local-memory cache's lock, so every process of a Redis-backed site shares
one set of slots (a locmem site caps each process on its own). A slot expires by
itself a little after the longest call may last, so a killed worker cannot keep one.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass
from typing import Any

logger = logging.getLogger(__name__)

_PREFIX = "explain:slot:"


@dataclass(frozen=True)
class Slot:
    """One slot held by one model call; release it when the call ends."""

    cache: Any
    key: str
    token: str

    def release(self) -> None:
        """Free the slot, unless it expired and another call holds it now.

        Never raises: with the shared cache down the slot expires on its own, and the
        answer the call got must still reach the user.
        """
        if self.cache is None:
            return
        try:
            if self.cache.get(self.key) == self.token:
                self.cache.delete(self.key)
        except Exception as exc:
            logger.warning("Shared cache unavailable (call slot): %s", type(exc).__name__)


NO_CAP = Slot(cache=None, key="", token="")


def take_slot(cache: Any, limit: int | None, *, hold_seconds: float) -> Slot | None:
    """A free slot, or None when all `limit` are in use (NO_CAP when limit is None)."""
    if limit is None:
        return NO_CAP
    token = secrets.token_hex(8)
    start = secrets.randbelow(limit) if limit > 0 else 0
    for step in range(max(limit, 0)):
        key = f"{_PREFIX}{(start + step) % limit}"
        if cache.add(key, token, timeout=max(1, round(hold_seconds))):
            return Slot(cache=cache, key=key, token=token)
    return None


def in_use(cache: Any, limit: int) -> int:
    """Slots held right now (for the admin and tests)."""
    return sum(1 for i in range(limit) if cache.get(f"{_PREFIX}{i}") is not None)
