"""A site-wide cap on model calls in flight (EXPLAIN_MAX_CONCURRENT_CALLS), on the shared cache.

A hung provider otherwise holds one worker thread per waiting user until every thread
is taken and plain job pages stall. With a cap, the call past it is refused at once
(outcome provider_busy) and the threads stay free for everything else.

Each slot is one cache key taken with add(), which is atomic on Redis (SET NX) and
under the local-memory cache's lock, so every process of a Redis-backed site shares
one set of slots (a locmem site caps each process on its own). A slot names the
process that holds it and lives on a short lease (LEASE_SECONDS) that a background
thread of that process renews while the call runs: a SIGKILLed worker renews nothing,
so its slots are gone within the lease, and its unanswered calls never count as
stalled calls of a hung provider. A renewed slot still ends after hold_seconds, the
longest a call may last.
"""

from __future__ import annotations

import logging
import os
import secrets
import socket
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

logger = logging.getLogger(__name__)

_PREFIX = "explain:slot:"
_ACCOUNT_PREFIX = "explain:account-slot:"
_SINGLE_FLIGHT_PREFIX = "explain:preparing:"

# Seconds a slot outlives its process: a lease renewed every RENEW_SECONDS, so a
# renewal may miss twice (a busy machine) before a live call loses its slot.
LEASE_SECONDS = 5
RENEW_SECONDS = 1.5


def owner() -> str:
    """This process, as slots name it (host and pid: a restarted worker is another)."""
    return f"{socket.gethostname()}-{os.getpid()}"


@dataclass(frozen=True)
class Slot:
    """One slot held by one model call; release it when the call ends."""

    cache: Any
    key: str
    token: str
    # The registry renewing its lease (None: NO_CAP, or a slot nobody renews).
    leases: Leases | None = field(default=None, compare=False, repr=False)

    def release(self) -> bool:
        """Free the slot, unless it expired and another call holds it now; False when
        the shared cache could not be asked (the slot then ends with its lease).

        Never raises: with the shared cache down the slot expires on its own, and the
        answer the call got must still reach the user.
        """
        if self.cache is None:
            return True
        self.forget()
        try:
            if self.cache.get(self.key) == self.token:
                self.cache.delete(self.key)
        except Exception as exc:
            logger.warning("Shared cache unavailable (call slot): %s", type(exc).__name__)
            return False
        return True

    def forget(self) -> None:
        """Stop renewing the slot without asking the cache (known down): it ends with
        its lease."""
        if self.leases is not None:
            self.leases.forget(self)


NO_CAP = Slot(cache=None, key="", token="")


def release_together(*held: Slot) -> bool:
    """Free a call's slots (its own and the site's) as Slot.release frees one, in one
    read of them all and one delete of those still ours; False when the shared cache
    could not be asked. Never raises."""
    taken = [slot for slot in held if slot.cache is not None]
    if len(taken) < 2 or any(slot.cache is not taken[0].cache for slot in taken):
        return all([slot.release() for slot in taken])
    for slot in taken:
        slot.forget()
    cache = taken[0].cache
    try:
        tokens = cache.get_many([slot.key for slot in taken])
        ours = [slot.key for slot in taken if tokens.get(slot.key) == slot.token]
        if ours:
            cache.delete_many(ours)
    except Exception as exc:
        logger.warning("Shared cache unavailable (call slot): %s", type(exc).__name__)
        return False
    return True


class Leases:
    """The slots this process holds, with when each must end at the latest; renew()
    extends the lease of each one still ours. The thread that calls it every
    RENEW_SECONDS starts with the first slot taken (again in a forked child)."""

    def __init__(self, *, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock
        self._held: dict[Slot, float] = {}
        self._lock = threading.Lock()
        self._thread_pid: int | None = None

    def hold(self, slot: Slot, *, until: float) -> None:
        with self._lock:
            self._held[slot] = until

    def forget(self, slot: Slot) -> None:
        with self._lock:
            self._held.pop(slot, None)

    def held(self) -> list[Slot]:
        with self._lock:
            return list(self._held)

    def renew(self) -> None:
        """One round: each slot still ours gets LEASE_SECONDS more (never past its end);
        a slot past its end, or taken over, is dropped. A slot the cache cannot renew is
        dropped too: an outage longer than the lease ends it anyway (a stopped Redis
        loses its keys, a frozen one finds them expired), and one warning a round says so."""
        now = self.clock()
        with self._lock:
            held = list(self._held.items())
        failure: Exception | None = None
        for slot, until in held:
            left = until - now
            try:
                if left <= 0 or slot.cache.get(slot.key) != slot.token:
                    self.forget(slot)
                    continue
                slot.cache.touch(slot.key, timeout=max(1, round(min(LEASE_SECONDS, left))))
            except Exception as exc:
                self.forget(slot)
                failure = exc
        if failure is not None:
            logger.warning("Shared cache unavailable (call slot lease): %s", type(failure).__name__)

    def ensure_renewing(self) -> None:
        """Start this process's renewal thread, once per process (a fork has none)."""
        pid = os.getpid()
        if self._thread_pid == pid:
            return
        with self._lock:
            if self._thread_pid == pid:
                return
            self._thread_pid = pid
        threading.Thread(target=self._run, name="explain-slot-leases", daemon=True).start()

    def _run(self) -> None:
        while True:
            time.sleep(RENEW_SECONDS)
            self.renew()


LEASES = Leases()


def take_slot(
    cache: Any,
    limit: int | None,
    *,
    hold_seconds: float,
    now: float | None = None,
    leases: Leases | None = None,
    prefix: str = _PREFIX,
) -> Slot | None:
    """A free slot, or None when all `limit` are in use (NO_CAP when limit is None).
    The slot holds when its call started, so stalled calls can be counted, and this
    process's name; it lives on a lease this process renews for up to hold_seconds.
    prefix: whose slots (the site's by default; account_slot and single_flight below
    keep sets of their own the same way)."""
    if limit is None:
        return NO_CAP
    leases = LEASES if leases is None else leases
    started = time.time() if now is None else now
    token = f"{started:.3f}:{owner()}:{secrets.token_hex(8)}"
    first = secrets.randbelow(limit) if limit > 0 else 0
    lease = max(1, round(min(LEASE_SECONDS, hold_seconds)))
    for step in range(max(limit, 0)):
        key = f"{prefix}{(first + step) % limit}"
        if cache.add(key, token, timeout=lease):
            slot = Slot(cache=cache, key=key, token=token, leases=leases)
            leases.hold(slot, until=started + hold_seconds)
            if leases is LEASES:
                leases.ensure_renewing()
            return slot
    return None


def account_slot(
    cache: Any, user_id: Any, limit: int | None, *, hold_seconds: float
) -> Slot | None:
    """One of this account's own slots (EXPLAIN_ACCOUNT_SLOTS), or None when it holds
    them all: one account cannot take every slot of the site. Taken, renewed and freed
    like the site's, under a prefix of the account's own."""
    return take_slot(cache, limit, hold_seconds=hold_seconds, prefix=f"{_ACCOUNT_PREFIX}{user_id}:")


def single_flight(cache: Any, request_key: str, *, hold_seconds: float) -> Slot | None:
    """The one slot of one request (a user's texts, model and prompt version: its cache
    key), or None while an identical request holds it: identical requests in flight make
    one model call. The holder frees it when its call ends without an answer to cache;
    with one cached, and in a killed worker, it ends with its lease."""
    return take_slot(
        cache, 1, hold_seconds=hold_seconds, prefix=f"{_SINGLE_FLIGHT_PREFIX}{request_key}:"
    )


def started_at(token: Any) -> float | None:
    """When the call holding a slot started (None for a value that is no slot's)."""
    started, _, _ = str(token).partition(":")
    try:
        return float(started)
    except ValueError:
        return None


def slot_keys(limit: int | None) -> list[str]:
    """The site's slots' keys (none when uncapped)."""
    return [f"{_PREFIX}{i}" for i in range(limit or 0)]


def stalled(
    cache: Any, limit: int | None, *, older_than: float, now: float, since: float | None = None
) -> int:
    """Calls in flight that started more than `older_than` seconds ago (one round trip):
    a provider that hangs shows here long before the first call times out. since: only
    calls started after then count (the provider's last answer: calls made while it
    hung say nothing about it now)."""
    if not limit:
        return 0
    held = cache.get_many(slot_keys(limit))
    return count_stalled(held.values(), older_than=older_than, now=now, since=since)


def count_stalled(
    tokens: Iterable[Any], *, older_than: float, now: float, since: float | None = None
) -> int:
    """stalled() on the slots' tokens as already read (the breaker's gate reads them in
    its own round trip)."""
    count = 0
    for token in tokens:
        started = started_at(token)
        if started is None or (since is not None and started <= since):
            continue
        count += now - started > older_than
    return count


def in_use(cache: Any, limit: int) -> int:
    """Slots held right now (for the admin and tests)."""
    return sum(1 for i in range(limit) if cache.get(f"{_PREFIX}{i}") is not None)
