"""Are PostgreSQL and Redis reachable? Used by `.ci/check_services.py` and `make load`.

CI runs it before the suite on the real services, so an unreachable service fails the
run with a message naming it, not with two hundred connection errors.
"""

from __future__ import annotations

import os
import sys
from urllib.parse import urlsplit


def _where(url: str) -> str:
    """host:port/db of a URL, without any password."""
    parts = urlsplit(url)
    return f"{parts.hostname}:{parts.port or ''}{parts.path}"


def postgres_problem(url: str) -> str | None:
    import psycopg

    try:
        with psycopg.connect(url, connect_timeout=3) as conn:
            conn.execute("select 1")
    except Exception as exc:
        return f"PostgreSQL at {_where(url)} is unreachable: {type(exc).__name__}: {exc}"
    return None


def redis_problem(url: str) -> str | None:
    import redis

    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=3, socket_timeout=3)
        client.ping()
        client.close()
    except Exception as exc:
        return f"Redis at {_where(url)} is unreachable: {type(exc).__name__}: {exc}"
    return None


def problems(database_url: str, redis_url: str) -> list[str]:
    found = []
    if not database_url.startswith(("postgres://", "postgresql://")):
        found.append(f"DATABASE_URL is not a PostgreSQL URL: {database_url!r}")
    elif problem := postgres_problem(database_url):
        found.append(problem)
    if not redis_url.startswith(("redis://", "rediss://", "unix://")):
        found.append(f"REDIS_URL is not a Redis URL: {redis_url!r}")
    elif problem := redis_problem(redis_url):
        found.append(problem)
    return found


def main() -> int:
    database_url = os.environ.get("DATABASE_URL", "")
    redis_url = os.environ.get("REDIS_URL", "")
    found = problems(database_url, redis_url)
    for problem in found:
        print(f"ERROR: {problem}", file=sys.stderr)
    if found:
        return 1
    print(f"PostgreSQL at {_where(database_url)} and Redis at {_where(redis_url)} are reachable.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
