"""The default rate limit: a short burst that fits browsing, still bounded per user."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache.backends.locmem import LocMemCache
from django.urls import reverse

from explain.conf import DEFAULTS
from explain.models import ExplanationLog
from explain.outcomes import Outcome
from jobportal.models import Job
from tests.conftest import WORKED_DRAFT

pytestmark = pytest.mark.django_db


def api_url(job: Any) -> str:
    return reverse("explain:api-explain", args=[job.pk])


def jobs(count: int) -> list[Job]:
    return [
        Job.objects.create(
            title=f"Java role {n}", company="X", description="Build secure Java APIs."
        )
        for n in range(count)
    ]


@pytest.fixture
def default_rate(settings: Any) -> None:
    """The site's default, not the tight rate the other tests run with."""
    del settings.EXPLAIN_RATE


def test_the_default_lets_someone_read_ten_jobs_in_ten_minutes(
    logged_in, use_model, default_rate, rate_clock
):
    assert DEFAULTS["EXPLAIN_RATE"] == "10/10m"
    *ten, eleventh = jobs(11)
    model = use_model(WORKED_DRAFT)  # the postings read ahead: only viewers' calls count
    # One instant (the clock is frozen): a fixed window would let calls either side of
    # its end both pass, which a moving clock could make this test depend on.
    for job in ten:
        assert logged_in.post(api_url(job)).status_code == 200
    refused = logged_in.post(api_url(eleventh))
    assert refused.status_code == 429
    seconds = int(refused["Retry-After"])
    assert 1 <= seconds <= 601
    assert len(model.prompts) == 10
    # Looking again at a job already explained costs nothing, even now.
    assert logged_in.post(api_url(ten[1])).json()["outcome"] == "cached"
    rate_clock.advance(seconds)
    assert logged_in.post(api_url(eleventh)).status_code == 200
    assert list(ExplanationLog.objects.order_by("id").values_list("outcome", flat=True)) == [
        *[Outcome.OK] * 10,
        Outcome.RATE_LIMITED,
        Outcome.CACHED,
        Outcome.OK,
    ]


def test_the_default_still_bounds_one_user(logged_in, use_model, default_rate):
    """A script hammering different jobs gets ten calls, not fifty."""
    fourteen = jobs(14)
    model = use_model(WORKED_DRAFT)  # the postings read ahead: only viewers' calls count
    statuses = [logged_in.post(api_url(job)).status_code for job in fourteen]
    assert statuses == [200] * 10 + [429] * 4
    assert len(model.prompts) == 10


def test_a_host_may_set_its_own_rate(logged_in, use_model, settings):
    settings.EXPLAIN_RATE = "2/h"
    use_model(WORKED_DRAFT)
    statuses = [logged_in.post(api_url(job)).status_code for job in jobs(3)]
    assert statuses == [200, 200, 429]


def test_threads_asking_at_once_get_at_most_the_limit(settings):
    """25 threads of one user check at once, before any call is answered: the limit's
    ten pass, each counted from its start (the cache's atomic incr orders them), the
    other fifteen are refused; answered, the ten stay counted."""
    import threading
    from types import SimpleNamespace

    from django.test import RequestFactory

    from explain.controls.ratelimit import RateDecision, in_flight, model_call_allowed
    from explain.controls.site import site_cache

    settings.EXPLAIN_RATE = "10/10m"
    user = SimpleNamespace(pk=4242)
    start = threading.Barrier(25)
    decisions: list[RateDecision] = []
    lock = threading.Lock()

    def ask() -> None:
        request = RequestFactory().post("/")
        request.user = user
        start.wait()
        decision = model_call_allowed(request)
        with lock:
            decisions.append(decision)

    threads = [threading.Thread(target=ask) for _ in range(25)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    allowed = [d for d in decisions if d.allowed]
    assert len(allowed) == 10
    assert in_flight(site_cache(), user.pk) == 10
    for decision in allowed:
        decision.spend()
    assert in_flight(site_cache(), user.pk) == 0
    request = RequestFactory().post("/")
    request.user = user
    assert not model_call_allowed(request).allowed


class CountingCache(LocMemCache):
    """A local-memory cache that keeps the name of every operation asked of it."""

    def __init__(self, name: str, params: dict[str, Any]) -> None:
        super().__init__(name, params)
        self.asked: list[str] = []

    def add(self, *args: Any, **kwargs: Any) -> bool:
        self.asked.append("add")
        return super().add(*args, **kwargs)

    def incr(self, *args: Any, **kwargs: Any) -> int:
        self.asked.append("incr")
        return super().incr(*args, **kwargs)

    def touch(self, *args: Any, **kwargs: Any) -> bool:
        self.asked.append("touch")
        return super().touch(*args, **kwargs)


def test_a_first_call_in_flight_takes_its_place_in_one_operation(settings):
    """No call of the user in flight: add() makes the count 1 with its expiry (one round
    trip on Redis). With one in flight the count goes up and its expiry moves on (touch)."""
    from types import SimpleNamespace

    from django.core.cache import caches
    from django.test import RequestFactory

    from explain.controls.ratelimit import in_flight, model_call_allowed

    settings.CACHES = {
        **settings.CACHES,
        "counting": {"BACKEND": "tests.explain.controls.test_ratelimit.CountingCache"},
    }
    settings.EXPLAIN_CACHE_ALIAS = "counting"
    settings.EXPLAIN_RATE = "10/10m"
    cache = caches["counting"]
    request = RequestFactory().post("/")
    request.user = SimpleNamespace(pk=5151)

    assert model_call_allowed(request).allowed
    assert cache.asked[:1] == ["add"] and "incr" not in cache.asked
    assert in_flight(cache, 5151) == 1

    cache.asked.clear()
    assert model_call_allowed(request).allowed
    assert cache.asked[:3] == ["add", "incr", "touch"]
    assert in_flight(cache, 5151) == 2
