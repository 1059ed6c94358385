"""Where one explanation's CPU goes, in-process: cProfile over N explanation requests.

    python -m tools.load.profile_request [N] [--sort cumulative|tottime] [--top 40]

The request path `make load` measures, without the HTTP server: tools.load.settings on
PostgreSQL and Redis (a database and key prefix of its own, recreated each run), the real
GeminiChatModel against support.fake_gemini's HTTP server, and Django's test client with
a seeded user's session. Every request is a different user (distinct profile text, so a
model call each time). It prints thread CPU ms per request, SQL queries per request, and
the profile's top entries; and, as a yardstick, the CPU of tools/load/urls.py's bare JSON
view (session, DRF, no explanation). Nothing is asserted: it prints figures.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import secrets
import sys
import time

import psycopg
import redis

PG_SERVER = os.environ.get("LOAD_PG_SERVER", "postgres://postgres@127.0.0.1:5432")
PROFILE_DB = "profile_request"
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

    bare = Client()
    bare.cookies[settings.SESSION_COOKIE_NAME] = users[0]["sessionid"]
    start = time.thread_time()
    for _ in range(len(users)):
        bare.get("/load/bare/", secure=True)
    bare_ms = (time.thread_time() - start) * 1000 / len(users)
    print(f"thread CPU per request of the bare JSON view (yardstick): {bare_ms:.2f} ms")

    measured = users[warm + 1 :]
    start = time.thread_time()
    for user in measured:
        ask(user)
    plain = (time.thread_time() - start) * 1000 / len(measured)
    print(f"thread CPU per request (no profiler): {plain:.2f} ms over {len(measured)}")

    profiler = cProfile.Profile()
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
