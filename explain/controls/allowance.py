"""Each account's and each client address's daily allowance of model calls, on the shared cache.

The per-minute rate limit bounds how fast one account spends; this bounds how much it
spends in a day (EXPLAIN_USER_DAILY_CALLS), so a handful of fresh sign-ups cannot use up
the site's daily budget for everyone. Accounts younger than a day get
EXPLAIN_NEW_USER_DAILY_CALLS instead. One address (explain.controls.addresses) opening
account after account gets EXPLAIN_ADDRESS_DAILY_CALLS in all.

One counter per account, and one per address, per day of the site's time zone
(TIME_ZONE), taken atomically before the call, so parallel requests cannot overshoot. A
call that never happens (refused further on) or that the provider never answered is
given back; one the provider answered, a 429 included, is not. An address counter's key
is a keyed hash of the address (SECRET_KEY), so the cache holds no readable address.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

from django.utils import timezone
from django.utils.crypto import salted_hmac

from explain.controls.counters import incr

_PREFIX = "explain:account-calls:"
_ADDRESS_PREFIX = "explain:address-calls:"
_KEEP_SECONDS = 2 * 24 * 3600
# An account younger than this gets the new accounts' allowance.
NEW_ACCOUNT_AGE = timedelta(hours=24)


def _nothing() -> None:
    return None


@dataclass(frozen=True)
class AccountDecision:
    """Whether this account (or address) may make one more model call today, and how
    long to wait."""

    allowed: bool
    retry_after: int = 0
    # Give the taken call back: it was refused further on, or the provider never answered.
    give_back: Callable[[], None] = field(default=_nothing, compare=False)


def site_now() -> datetime:
    """Now in the site's time zone (TIME_ZONE), whether or not USE_TZ is on."""
    return datetime.now(timezone.get_default_timezone())


def _key(user_id: Any, day: date) -> str:
    return f"{_PREFIX}{user_id}:{day.isoformat()}"


def joined_at(user: Any) -> datetime | None:
    """When the account was made (date_joined on Django's user model), aware; None when
    the host's user model does not say."""
    joined = getattr(user, "date_joined", None)
    if not isinstance(joined, datetime):
        return None
    if timezone.is_naive(joined):
        return timezone.make_aware(joined, timezone.get_default_timezone())
    return joined


def is_new_account(user: Any, *, now: datetime) -> bool:
    joined = joined_at(user)
    return joined is not None and now - joined < NEW_ACCOUNT_AGE


def _seconds_until(moment: datetime, now: datetime) -> int:
    return max(1, math.ceil((moment - now).total_seconds()))


def _next_midnight(now: datetime) -> datetime:
    tomorrow = now.date() + timedelta(days=1)
    return datetime.combine(tomorrow, datetime.min.time(), tzinfo=now.tzinfo)


def take_account_call(
    cache: Any,
    user: Any,
    *,
    limit: int | None,
    new_limit: int | None,
    now: datetime | None = None,
) -> AccountDecision:
    """Count one model call against this account's allowance for today.

    limit: calls per day for an account (None: no cap); new_limit: the same for one
    younger than a day (None: the same as everyone's). Refused, the wait is until the
    site's midnight, or until the account is a day old if its allowance then grows.
    """
    now = now or site_now()
    user_id = getattr(user, "pk", None)
    new = is_new_account(user, now=now)
    own = new_limit if new and new_limit is not None else limit
    if user_id is None or own is None:
        return AccountDecision(allowed=True)
    taken, used = _take(cache, _key(user_id, now.date()), own)
    if taken is not None:
        return taken
    wait = _next_midnight(now)
    joined = joined_at(user)
    if new and joined is not None and (limit is None or used < limit):
        wait = min(wait, joined + NEW_ACCOUNT_AGE)
    return AccountDecision(allowed=False, retry_after=_seconds_until(wait, now))


def _take(cache: Any, key: str, own: int) -> tuple[AccountDecision | None, int]:
    """One call off this counter's allowance `own`: the decision if let through,
    else None and the calls already used today."""
    if own <= 0:
        return None, int(cache.get(key) or 0)
    count = incr(cache, key, _KEEP_SECONDS)
    if count <= own:
        return AccountDecision(allowed=True, give_back=lambda: _give_back(cache, key)), count
    # A refused attempt is no call: it must not count once the allowance grows.
    _give_back(cache, key)
    return None, count - 1


def _address_key(network: str, day: date) -> str:
    digest = salted_hmac("explain.address-calls", network).hexdigest()[:32]
    return f"{_ADDRESS_PREFIX}{digest}:{day.isoformat()}"


def take_address_call(
    cache: Any, network: str | None, *, limit: int | None, now: datetime | None = None
) -> AccountDecision:
    """Count one model call against this client address's allowance for today.

    network: the address as counted (explain.controls.addresses.client_network; None:
    no address known, not counted); limit: calls per day (None: no cap). Refused, the
    wait is until the site's midnight.
    """
    if network is None or limit is None:
        return AccountDecision(allowed=True)
    now = now or site_now()
    taken, _used = _take(cache, _address_key(network, now.date()), limit)
    if taken is not None:
        return taken
    return AccountDecision(allowed=False, retry_after=_seconds_until(_next_midnight(now), now))


def address_calls_today(cache: Any, network: str, *, now: datetime | None = None) -> int:
    """Model calls made from this client address today (the tests read it)."""
    now = now or site_now()
    return int(cache.get(_address_key(network, now.date())) or 0)


def _give_back(cache: Any, key: str) -> None:
    """One call back to the account (atomic decr; a counter already gone stays gone)."""
    try:
        cache.decr(key)
    except ValueError:
        return


def calls_today(cache: Any, user: Any, *, now: datetime | None = None) -> int:
    """Model calls this account has taken today (the admin and tests read it)."""
    now = now or site_now()
    return int(cache.get(_key(getattr(user, "pk", None), now.date())) or 0)
