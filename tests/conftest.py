"""Shared fixtures: users with profiles, jobs, and fake ChatModels (plain lambdas)."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.utils import translation
from hypothesis import Phase
from hypothesis import settings as hypothesis_settings

from explain.llm.client import ChatPrompt
from jobportal.models import CandidateProfile, Job
from support.two_step import answer_in_shape, is_draft
from tests.fakes.worked import WORKED_DRAFT

pytest_plugins = ["tests.fakes.fixtures", "tests.skip_guard"]

# The foreign host has its own settings module: its own process runs it
# (tests/test_foreign_host.py).
collect_ignore = ["hosts"]

# Tests create users by the dozen; the production hasher's cost is for attackers, not CI.
FAST_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# `make mutate` runs with --hypothesis-profile=mutation: the same examples on every run,
# so a mutant's fate (and the score) does not change between two runs of the same code.
# Each surviving mutant reruns every property test that reaches it, so the profile also
# caps the examples a test asks for (the normal suite keeps its own numbers), and a
# killed mutant is not shrunk: the first failing example is all the score needs.
MUTATION_EXAMPLES = 25
hypothesis_settings.register_profile(
    "mutation",
    derandomize=True,
    deadline=None,
    database=None,
    max_examples=MUTATION_EXAMPLES,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)

# CI (EXPLAIN_FORBID_SKIPS=1) runs the same examples on every run, so a green run on a
# machine is green in CI; a local run keeps drawing new examples to find new failures.
hypothesis_settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("EXPLAIN_FORBID_SKIPS") == "1":
    hypothesis_settings.load_profile("ci")

# The rate most tests run with: the second model call within 30 s is refused.
TIGHT_RATE = "1/30s"
WORKED_PROFILE = {"headline": "Backend developer", "skills": "Java (Intermediate, 3 years)"}
WORKED_JOB_DESCRIPTION = "Build secure Java APIs and deploy services on AWS."


def pytest_configure(config: pytest.Config) -> None:
    """Under pytest-xdist, each worker its own Redis key prefix (and so its own keys):
    the workers share one Redis database, and a test that empties the cache deletes only
    its own prefix's keys, never a neighbour's rate-limit window. PostgreSQL needs nothing
    here: pytest-django gives each worker its own test database (test_<name>_gw0, ...).
    Processes a test starts (gunicorn, manage.py) inherit the prefix through the env."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not worker:
        return
    for cache in django_settings.CACHES.values():
        if "KEY_PREFIX" in cache:
            cache["KEY_PREFIX"] = f"{cache['KEY_PREFIX']}-{worker}"
    if "CACHE_KEY_PREFIX" in os.environ:
        os.environ["CACHE_KEY_PREFIX"] = f"{os.environ['CACHE_KEY_PREFIX']}-{worker}"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under the mutation profile, cap the examples of tests that set their own number
    (an explicit @settings outranks any profile); other runs are left as written. A test
    marked full_examples keeps its number: it checks what the generated examples reach."""
    if config.getoption("hypothesis_profile", None) != "mutation":
        return
    for item in items:
        if item.get_closest_marker("full_examples"):
            continue
        test = getattr(item, "obj", None)
        own = getattr(test, "_hypothesis_internal_use_settings", None)
        if own is not None and own.max_examples > MUTATION_EXAMPLES:
            test._hypothesis_internal_use_settings = hypothesis_settings(  # type: ignore[union-attr]
                own, max_examples=MUTATION_EXAMPLES
            )


@pytest.fixture(autouse=True)
def _isolated(settings: Any, tmp_path: Any) -> Iterator[None]:
    """No real model, no key, no demo mode, a fast password hasher, and a fresh cache
    (rate limits live there).

    One model call per 30 s per user, so a test sees a refusal at the second call; the
    default burst (EXPLAIN_RATE unset) has its own tests (tests/explain/controls/test_ratelimit.py).
    """
    settings.GEMINI_API_KEY = ""
    settings.EXPLAIN_DEMO_MODE = False
    settings.EXPLAIN_CHAT_MODEL = None
    settings.PASSWORD_HASHERS = FAST_HASHERS
    settings.EXPLAIN_RATE = TIGHT_RATE
    # Each test its own log spool: rows spooled by one are never replayed into another.
    settings.EXPLAIN_LOG_SPOOL_DIR = str(tmp_path / "log-spool")
    for alias in settings.CACHES:
        clear_cache(caches[alias])
    yield
    for alias in settings.CACHES:
        clear_cache(caches[alias])
    # LocaleMiddleware leaves the request's language active in this thread: the next
    # test starts in the default language, whatever this one asked for.
    translation.deactivate()


def clear_cache(cache: Any) -> None:
    """Empty a cache. On Redis only this run's keys (its KEY_PREFIX): clear() is FLUSHDB,
    which would also wipe another run, or anything else, sharing the database."""
    delete_pattern = getattr(cache, "delete_pattern", None)
    if delete_pattern is not None:
        delete_pattern("*")
    else:
        cache.clear()


class RateClock:
    """The clock django-ratelimit reads, under the test's control."""

    def __init__(self) -> None:
        self.now = float(int(time.time()))

    def time(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture(autouse=True)
def rate_clock(monkeypatch: pytest.MonkeyPatch) -> RateClock:
    """Freeze django-ratelimit's clock. Its windows are fixed, not sliding, so two requests
    a moment apart could fall either side of a window's end and both pass; a test moves
    the clock on explicitly instead."""
    import django_ratelimit.core

    clock = RateClock()
    monkeypatch.setattr(django_ratelimit.core, "time", clock)
    return clock


class FakeModel:
    """A ChatModel that records each prompt and answers with a fixed JSON text: a draft
    of the older shape is answered in the shape each call asks for (tests/fakes/two_step.py)."""

    def __init__(self, answer: Callable[[ChatPrompt], Any] | str) -> None:
        self.answer = answer
        self.prompts: list[ChatPrompt] = []
        self.model_name = "fake-model"

    def __call__(self, prompt: ChatPrompt, /) -> Any:
        self.prompts.append(prompt)
        text = self.answer(prompt) if callable(self.answer) else self.answer
        return answer_in_shape(text, prompt) if isinstance(text, str) else text


def prepare_postings(model: FakeModel, draft: Any) -> None:
    """Read every job's posting ahead of time, as a site does when a job is saved, from
    the draft's job quotes (the worked draft's when the test gives no draft): the
    request under test then makes the viewer's call only. The reading's own log rows
    belong to that earlier step and are not kept."""
    from explain.adapter import JobUnavailable
    from explain.models import ExplanationLog
    from explain.services import postings

    try:
        source = json.loads(draft) if isinstance(draft, str) else None
    except ValueError:
        source = None
    answer = json.dumps(source if is_draft(source) else WORKED_DRAFT)
    reader = FakeModel(answer)
    reader.model_name = model.model_name
    before = set(ExplanationLog.objects.values_list("pk", flat=True))
    for job in Job.objects.all():
        try:
            posting, title = postings.posting_text(str(job.pk))
        except JobUnavailable:  # not published: nobody may ask about it
            continue
        postings.requirements_for(str(job.pk), posting, title, reader)
    ExplanationLog.objects.exclude(pk__in=before).filter(
        prompt_version__startswith="posting-"
    ).delete()


@pytest.fixture
def use_model(settings: Any, request: pytest.FixtureRequest) -> Callable[[Any], FakeModel]:
    """Install a fake model answering with a draft (dict), JSON text, or a callable; with
    a database, every job's posting is read ahead (prepare_postings)."""

    def install(answer: Any) -> FakeModel:
        if isinstance(answer, dict):
            answer = json.dumps(answer)
        model = answer if isinstance(answer, FakeModel) else FakeModel(answer)
        settings.EXPLAIN_CHAT_MODEL = model
        if "db" in request.fixturenames or "transactional_db" in request.fixturenames:
            prepare_postings(model, model.answer)
        return model

    return install


@pytest.fixture
def make_user(db: None) -> Callable[..., Any]:
    def make(username: str = "dana", **profile: Any) -> Any:
        user = get_user_model().objects.create_user(username=username, password="pw-123456!")
        if profile is not None:
            CandidateProfile.objects.create(user=user, **profile)
        return user

    return make


@pytest.fixture
def worked_user(make_user: Callable[..., Any]) -> Any:
    return make_user(
        "dana",
        full_name="Dana Q. Private",
        email="dana.private@example.org",
        phone="+44 20 7946 0000",
        salary_expectation=987654,
        **WORKED_PROFILE,
    )


@pytest.fixture
def worked_job(db: None) -> Job:
    return Job.objects.create(
        title="Java Engineer",
        company="Northwind Systems",
        location="Berlin",
        remote=Job.Remote.HYBRID,
        description=WORKED_JOB_DESCRIPTION,
    )


@pytest.fixture
def logged_in(client: Any, worked_user: Any) -> Any:
    client.force_login(worked_user)
    return client
