"""How many times one explanation asks the shared cache: each ask is a round trip to
Redis, on the request's thread. Pinned for a fresh answer and a cached one, so a step
that reads again what an earlier step read, or a key that could be one with another,
shows here.

The cache is the local-memory one, counting each operation the app asks of it (an
operation is one Redis command with django-redis: incr and decr are one script each).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache.backends.locmem import LocMemCache
from django.urls import reverse

from explain.outcomes import Outcome
from tests.conftest import WORKED_DRAFT

pytestmark = pytest.mark.django_db

OPERATIONS = (
    "add",
    "get",
    "set",
    "touch",
    "delete",
    "incr",
    "decr",
    "get_many",
    "set_many",
    "delete_many",
    "has_key",
)


class CountingCache(LocMemCache):
    """A local-memory cache that lists the operations asked of it on one thread; an
    operation made of others (decr is incr, get_many is gets) counts once."""

    asked: list[str] | None = None
    thread: int | None = None
    _depth = threading.local()

    def __getattribute__(self, name: str) -> Any:
        found = super().__getattribute__(name)
        if name not in OPERATIONS or not callable(found):
            return found

        def counted(*args: Any, **kwargs: Any) -> Any:
            depth = getattr(CountingCache._depth, "n", 0)
            if depth == 0 and threading.get_ident() == CountingCache.thread:
                assert CountingCache.asked is not None
                CountingCache.asked.append(name)
            CountingCache._depth.n = depth + 1
            try:
                return found(*args, **kwargs)
            finally:
                CountingCache._depth.n = depth

        return counted


@pytest.fixture
def counted(settings: Any) -> Iterator[list[str]]:
    settings.CACHES = {
        "default": {"BACKEND": f"{__name__}.CountingCache", "LOCATION": "round-trips"}
    }
    asked: list[str] = []
    CountingCache.asked, CountingCache.thread = asked, threading.get_ident()
    yield asked
    CountingCache.asked = CountingCache.thread = None


def ask(client: Any, job: Any, asked: list[str]) -> tuple[str, list[str]]:
    asked.clear()
    response = client.post(reverse("explain:api-explain", args=[job.pk]))
    return response.json()["outcome"], list(asked)


# A fresh answer, the account's and the address's first call of the day, each step's
# operations in order.
FRESH = [
    "get",  # the cached answer: none
    "add",  # the same request's one slot
    "add",  # the user's place among their calls in flight (the rate limit)
    "add",  # the rate window's count, read (django-ratelimit creates it at 0)
    "get_many",  # the breaker's state and the call slots (the stalled-call count)
    "add",  # one of the account's own slots
    "add",  # one of the site's slots
    "incr",  # the account's day: no counter yet,
    "add",  # so it starts at 1
    "incr",  # the address's day: no counter yet,
    "add",  # so it starts at 1
    "add",  # the provider answered: the rate window counts the call
    "incr",  # (django-ratelimit: add, then incr)
    "decr",  # and the place in flight is left
    "set",  # the breaker: when the provider last answered
    "get_many",  # the breaker: any failures or open circuit to clear
    "get_many",  # the account's slot and the site's, still ours?
    "delete_many",  # freed
    "set",  # the answer cached (the same request's slot ends with its lease)
]
# The same request again: the cached answer, and the bound on rows of requests that
# cost no model call.
CACHED = ["get", "add"]


def test_a_fresh_answer_and_a_cached_one_ask_the_cache_only_what_their_rules_need(
    counted: list[str], logged_in: Any, worked_job: Any, use_model: Any
) -> None:
    use_model(WORKED_DRAFT)
    fresh, fresh_asked = ask(logged_in, worked_job, counted)
    cached, cached_asked = ask(logged_in, worked_job, counted)
    assert (fresh, cached) == (Outcome.OK, Outcome.CACHED)
    assert fresh_asked == FRESH
    assert cached_asked == CACHED
