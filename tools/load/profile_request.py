"""Where one explanation's CPU goes, in-process: cProfile over N explanation requests.

    python -m tools.load.profile_request [N] [--sort cumulative|tottime] [--top 40]

The request path `make load` measures, without the HTTP server: tools.load.settings on
PostgreSQL and Redis (a database and key prefix of its own, recreated each run), the real
GeminiChatModel against support.fake_gemini's HTTP server, and Django's test client with
a seeded user's session. Every request is a different user (distinct profile text, so a
model call each time). It prints thread CPU ms per request, SQL queries per request, the
thread CPU of each step of explain.services.explanations (and of the adapter's reads and
the log spool's files), the garbage collector's share, and the profile's top entries;
and, as a yardstick, the CPU of tools/load/urls.py's bare JSON view (session, DRF, no
explanation). Nothing is asserted: it prints figures.
"""

from __future__ import annotations

import argparse
import cProfile
import functools
import gc
import importlib
import os
import pstats
import secrets
import statistics
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

import psycopg
import redis

PG_SERVER = os.environ.get("LOAD_PG_SERVER", "postgres://postgres@127.0.0.1:5432")
# A database of its own, dropped and made again each run: LOAD_PROFILE_DATABASE (and
# LOAD_REDIS_URL) keep two profiles running at once apart.
PROFILE_DB = os.environ.get("LOAD_PROFILE_DATABASE", "profile_request")
REDIS_URL = os.environ.get("LOAD_REDIS_URL", "redis://127.0.0.1:6379/2")
KEY_PREFIX = "profilerequest"


def _fresh_stores() -> None:
    with psycopg.connect(f"{PG_SERVER}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{PROFILE_DB}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{PROFILE_DB}"')
    _fresh_redis_only()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("n", nargs="?", type=int, default=200)
    parser.add_argument("--sort", default="cumulative")
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--dump", default="", help="also write the raw profile here")
    args = parser.parse_args()

    from support.fake_gemini import FakeGeminiServer
    from tools.load.seed import DRAFT

    fake = FakeGeminiServer()
    fake.start()
    fake.reply_with_draft(DRAFT)
    _fresh_stores()
    os.environ.update(
        DJANGO_SETTINGS_MODULE="tools.load.settings",
        DJANGO_DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="testserver",
        DATABASE_URL=f"{PG_SERVER}/{PROFILE_DB}",
        REDIS_URL=REDIS_URL,
        CACHE_KEY_PREFIX=KEY_PREFIX,
        GEMINI_API_KEY="fake-profile-key",
        GEMINI_BASE_URL=fake.base_url,
        GEMINI_MODEL="gemini-3.5-flash-lite",
        LOG_LEVEL="ERROR",
    )
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from tools.load.seed import seed

    call_command("migrate", verbosity=0)
    warm = 20
    data = seed(args.n + warm)
    path = f"/explain/api/jobs/{data['job_id']}/explanation/"
    users = data["users"]
    assert isinstance(users, list)

    def ask(user: dict[str, str]) -> None:
        client = Client(enforce_csrf_checks=False)
        client.cookies[settings.SESSION_COOKIE_NAME] = user["sessionid"]
        response = client.post(path, secure=True)
        if response.status_code != 200:
            raise SystemExit(f"{response.status_code}: {response.content[:300]!r}")

    for user in users[:warm]:
        ask(user)
    with CaptureQueriesContext(connection) as queries:
        ask(users[warm])
    print(f"SQL queries per request: {len(queries)}")
    for query in queries.captured_queries:
        print("   ", query["sql"][:140])

    # The yardstick and the explanation interleaved, one of each per user, so both see
    # the same conditions on a shared machine; medians leave out the collector's passes.
    bare = Client()
    bare.cookies[settings.SESSION_COOKIE_NAME] = users[0]["sessionid"]
    measured = users[warm + 1 :]
    bare_ms: list[float] = []
    explain_ms: list[float] = []
    for user in measured:
        start = time.thread_time()
        answer = bare.post("/load/bare/", secure=True)
        middle = time.thread_time()
        ask(user)
        bare_ms.append((middle - start) * 1000)
        explain_ms.append((time.thread_time() - middle) * 1000)
        if answer.status_code != 200:  # the view takes POST only, as `make load` sends it
            raise SystemExit(f"bare view: {answer.status_code}")
    for name, spent in (("bare JSON view (yardstick)", bare_ms), ("explanation", explain_ms)):
        print(
            f"thread CPU per request, {name}: median {statistics.median(spent):.2f} ms, "
            f"mean {statistics.fmean(spent):.2f} ms over {len(spent)}"
        )
    ratio = statistics.median(explain_ms) / statistics.median(bare_ms)
    print(f"explanation / bare view, medians: {ratio:.1f}x")

    _fresh_redis_only()

    def ask_each() -> None:
        for user in measured:
            ask(user)

    steps, collector = _steps(ask_each)
    print("thread CPU per request, step by step (explain.services.explanations' steps):")
    for name, seconds in steps.items():
        print(f"   {name:<34} {seconds * 1000 / len(measured):6.2f} ms")
    collected = collector * 1000 / len(measured)
    print(f"   {'garbage collector (within any step)':<34} {collected:6.2f} ms")

    # cProfile on this thread's CPU clock: with the wall clock, waits for PostgreSQL,
    # Redis and the fake model (whose threads take turns in this process) were charged
    # to whatever the request was running then. The clock's own calls inflate every
    # entry alike: read the shares, and the step table above for the milliseconds.
    profiler = cProfile.Profile(time.thread_time)
    _fresh_redis_only()
    profiler.enable()
    for user in measured:
        ask(user)
    profiler.disable()
    fake.stop()
    if args.dump:
        profiler.dump_stats(args.dump)
    stats = pstats.Stats(profiler, stream=sys.stdout)
    stats.sort_stats(args.sort).print_stats(args.top)


# The steps of one explanation as explain.services.explanations names them (read the
# texts, choose the model, the cache, admit, call, verify, record), and the adapter's and
# the log spool's parts; a name the module no longer has is left out of the table.
STEPS = {
    "explain.web.api": ("ExplanationAPI.post", "explanation_payload"),
    "explain.services.explanations": (
        "prepare",
        "read_texts",
        "choose_model",
        "read_requirements",
        "cache_key_for",
        "cached_answer",
        "first_of_its_kind",
        "build_prompt",
        "admit",
        "start_call",
        "mark_call_in_flight",
        "call_answered",
        "verify_sent",
        "checklist_for",
        "conclude",
        "record",
        "_log",
    ),
    "explain.services.postings": ("stored", "requirements_for", "reading_of"),
    "explain.llm.client": ("PromptSpec.call",),
    "jobportal.explain_source": (
        "PortalExplainSource.job_fields",
        "PortalExplainSource.profile_fields",
        "PortalExplainSource.private_values",
        "PortalExplainSource.profile_and_private_values",
    ),
    "explain.services.log_spool": ("_write", "replay", "InFlight.done"),
}


def _steps(run: Callable[[], object]) -> tuple[dict[str, float], float]:
    """Run `run` with each step in STEPS timed on this thread's CPU clock, and the
    garbage collector's passes timed too; the steps are put back afterwards."""
    spent: dict[str, float] = {}
    undo: list[tuple[object, str, object]] = []
    for module_name, names in STEPS.items():
        module = importlib.import_module(module_name)
        for name in names:
            owner_name, _, attribute = name.rpartition(".")
            owner = getattr(module, owner_name) if owner_name else module
            original = getattr(owner, attribute, None)
            if original is None:
                continue
            spent[name] = 0.0
            undo.append((owner, attribute, original))
            setattr(owner, attribute, _timed(original, name, spent))
    collector = [0.0, 0.0]

    def on_collect(phase: str, info: dict[str, int]) -> None:
        if threading.current_thread() is threading.main_thread():
            if phase == "start":
                collector[1] = time.thread_time()
            else:
                collector[0] += time.thread_time() - collector[1]

    gc.callbacks.append(on_collect)
    try:
        run()
    finally:
        gc.callbacks.remove(on_collect)
        for owner, attribute, original in undo:
            setattr(owner, attribute, original)
    return spent, collector[0]


def _timed(function: Any, name: str, spent: dict[str, float]) -> Any:
    @functools.wraps(function)
    def timed(*args: Any, **kwargs: Any) -> Any:
        if threading.current_thread() is not threading.main_thread():
            return function(*args, **kwargs)
        start = time.thread_time()
        try:
            return function(*args, **kwargs)
        finally:
            spent[name] += time.thread_time() - start

    return timed


def _fresh_redis_only() -> None:
    """Drop the cached explanations so the profiled round calls the model again."""
    conn = redis.Redis.from_url(REDIS_URL)
    try:
        keys = list(conn.scan_iter(match=f"{KEY_PREFIX}:*", count=1000))
        if keys:
            conn.delete(*keys)
    finally:
        conn.close()


if __name__ == "__main__":
    main()
