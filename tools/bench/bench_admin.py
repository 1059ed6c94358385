"""The explain admin with a million log rows on PostgreSQL: page times and queries per page.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_admin \\
        python -m tools.bench.bench_admin [--rows 1000000] [--runs 15] [--export]

The database is created if missing and migrated; when it does not hold exactly --rows
log rows they are regenerated inside PostgreSQL with generate_series (about 20 s for a
million): 60 days, two models, two prompt versions, the outcome mix of a busy site,
drop reasons on the answers that lost a point, a job title on every row. Then, signed in
as a superuser through Django's test client (the whole stack: middleware, admin, template
rendering), each page is loaded once to warm up and --runs times measured. It prints p50
and p95 wall time and the number of SQL queries per page; the goal is p95 under 1 s.
With --export it also streams the whole CSV export and reports its time and the growth
of the process's peak memory. Nothing is asserted: it prints figures.
"""

from __future__ import annotations

import argparse
import math
import os
import resource
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]
GOAL_SECONDS = 1.0

GENERATE = """
INSERT INTO explain_explanationlog (
    created_at, user_id, job_ref, job_title, outcome, kept_matches, kept_gaps, dropped,
    unchecked, drop_reasons, model_name, prompt_version, latency_ms, prompt_tokens,
    output_tokens, thoughts_tokens, total_tokens)
SELECT
    now() - (g.n::double precision / %(rows)s) * interval '60 days',
    NULL,
    (g.n %% 500)::text,
    (ARRAY['Senior Java Engineer', 'Data Analyst', 'Frontend Engineer (React)',
           'Platform Engineer', 'Nurse, night shift', 'Product Designer (UX/UI)',
           'Hotel Front Office Manager', 'Backend Developer (Python)'])[1 + g.n %% 8],
    o.outcome,
    CASE WHEN o.answered THEN 1 + g.n %% 3 ELSE 0 END,
    CASE WHEN o.answered THEN g.n %% 2 ELSE 0 END,
    d.dropped,
    0,
    CASE d.dropped
        WHEN 0 THEN '{}'::jsonb
        WHEN 1 THEN jsonb_build_object(
            (ARRAY['job_quote_not_found', 'profile_quote_not_found', 'duplicate'])[1 + g.n %% 3], 1)
        ELSE jsonb_build_object('job_quote_not_found', 1, 'profile_quote_not_found', d.dropped - 1)
    END,
    (ARRAY['gemini-3.5-flash-lite', 'gemini-2.5-flash-lite'])[1 + (g.n / 3) %% 2],
    (ARRAY['2026-11-01', '2026-11-20'])[1 + (g.n / 7) %% 2],
    CASE WHEN o.called THEN 800 + (g.n::bigint * 7919) %% 5200
         WHEN o.outcome = 'timeout' THEN 30000 ELSE 2 + g.n %% 30 END,
    CASE WHEN o.called THEN 900 + g.n %% 600 END,
    CASE WHEN o.called THEN 150 + g.n %% 250 END,
    NULL,
    CASE WHEN o.called THEN 1050 + g.n %% 600 + g.n %% 250 END
FROM generate_series(1, %(rows)s) AS g(n)
CROSS JOIN LATERAL (
    SELECT (ARRAY['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok',
                  'cached', 'cached', 'cached', 'nothing_verified', 'rate_limited',
                  'timeout', 'provider_error', 'no_profile'])[1 + (g.n::bigint * 31) %% 20]
           AS outcome
) AS pick
CROSS JOIN LATERAL (
    SELECT pick.outcome AS outcome,
           pick.outcome IN ('ok', 'cached', 'nothing_verified') AS answered,
           pick.outcome IN ('ok', 'nothing_verified', 'timeout', 'provider_error') AS called
) AS o
CROSS JOIN LATERAL (
    SELECT CASE WHEN o.outcome = 'nothing_verified' THEN 3
                WHEN o.answered THEN (ARRAY[0, 0, 0, 1, 1, 2])[1 + (g.n::bigint * 13) %% 6]
                ELSE 0 END AS dropped
) AS d
"""


def ensure_database(url: str) -> None:
    """Create the named database if the server lacks it (never drops anything)."""
    import psycopg

    parts = urlsplit(url)
    name = parts.path.lstrip("/")
    admin_url = parts._replace(path="/postgres").geturl()
    with psycopg.connect(admin_url, autocommit=True) as conn:
        found = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
        if not found:
            conn.execute(f'CREATE DATABASE "{name}"')


def fill(rows: int) -> float:
    """Make the log table hold exactly `rows` generated rows; seconds spent (0 if kept)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM explain_explanationlog")
        if cursor.fetchone()[0] == rows:
            return 0.0
        started = time.perf_counter()
        cursor.execute("TRUNCATE explain_feedbackreport, explain_explanationlog")
        cursor.execute(GENERATE, {"rows": rows})
        # One report per 5,000 rows, so the list's report column has something to count.
        cursor.execute(
            "INSERT INTO explain_feedbackreport (created_at, log_id, kind, point, "
            "profile_quote, job_quote, reason, note, times_reported, status, reviewer_note, "
            "expected, expected_reason) SELECT created_at, id, 'match', 'A point', 'q', "
            "'q', 'misleading', '', 1, 'new', '', '', '' FROM explain_explanationlog "
            "WHERE id % 5000 = 0"
        )
        cursor.execute("ANALYZE explain_explanationlog")
        cursor.execute("ANALYZE explain_feedbackreport")
        return time.perf_counter() - started


def resident_bytes() -> int:
    """This process's resident memory now (Linux /proc), not its lifetime high-water mark."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * resource.getpagesize()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[max(1, math.ceil(share * len(ordered))) - 1]


def measure(get: Callable[[], object], runs: int) -> tuple[list[float], int]:
    """Wall times of `runs` loads after one warm-up, and the queries of the last one."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    get()
    times = []
    queries = 0
    for _ in range(runs):
        with CaptureQueriesContext(connection) as captured:
            started = time.perf_counter()
            response = get()
            times.append(time.perf_counter() - started)
        status = getattr(response, "status_code", 0)
        if status != 200:
            raise SystemExit(f"page answered {status}")
        queries = len(captured.captured_queries)
    return times, queries


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--export", action="store_true", help="also time the CSV export")
    args = parser.parse_args()
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        raise SystemExit("Set DATABASE_URL to a PostgreSQL database of this benchmark's own.")
    ensure_database(url)
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "jobportal.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client

    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    call_command("migrate", verbosity=0)
    generated = fill(args.rows)
    from explain.reporting import rollup

    started = time.perf_counter()
    days = rollup.roll_up(rebuild=True)
    rolled = time.perf_counter() - started
    user_model = get_user_model()
    admin, _ = user_model.objects.get_or_create(
        username="bench-admin", defaults={"is_staff": True, "is_superuser": True}
    )
    client = Client()
    client.force_login(admin)

    base = "/admin/explain/explanationlog/"
    pages = [
        ("changelist, all rows", base),
        ("changelist, one model, last 7 days", base + "?model_name=gemini-2.5-flash-lite"
         "&created_at__gte={week}"),
        ("changelist, search by job title", base + "?q=java"),
        ("changelist, a day of the chart", base + "?created_at__gte={day}&created_at__lt={next}"),
        ("summary, all rows", base + "summary/"),
        ("summary, one prompt version", base + "summary/?prompt_version=2026-11-20"),
        ("summary, with cache hits", base + "summary/?cached=1"),
    ]  # fmt: skip
    from datetime import timedelta
    from urllib.parse import quote

    from django.utils import timezone

    midnight = timezone.localtime().replace(hour=0, minute=0, second=0, microsecond=0)
    week = quote((midnight - timedelta(days=7)).isoformat())
    print(f"{args.rows:,} log rows" + (f" (generated in {generated:.1f} s)" if generated else ""))
    print(
        f"daily rollup built from scratch: {days} days in {rolled:.1f} s (once; then a day a day)"
    )
    print(f"{'page':<40} {'p50':>8} {'p95':>8} {'queries':>8}  goal p95 < {GOAL_SECONDS:.0f} s")
    for name, template in pages:
        yesterday = midnight - timedelta(days=1)
        path = template.format(
            week=week, day=quote(yesterday.isoformat()), next=quote(midnight.isoformat())
        )
        times, queries = measure(partial(client.get, path), args.runs)
        p50, p95 = statistics.median(times), percentile(times, 0.95)
        verdict = "met" if p95 < GOAL_SECONDS else "MISSED"
        print(f"{name:<40} {p50 * 1000:>6.0f}ms {p95 * 1000:>6.0f}ms {queries:>8}  {verdict}")

    if args.export:
        from explain.models import ExplanationLog
        from explain.reporting.export import stream_csv

        before = resident_bytes()
        highest = before
        started = time.perf_counter()
        size = lines = 0
        for number, piece in enumerate(stream_csv(ExplanationLog.objects.all())):
            size += len(piece)
            lines += piece.count("\n")
            if number % 20 == 0:
                highest = max(highest, resident_bytes())
        seconds = time.perf_counter() - started
        print(
            f"CSV export: {lines - 1:,} rows, {size / 1e6:.0f} MB of CSV in {seconds:.1f} s; "
            f"resident memory {before / 1e6:.0f} MB before, at most {highest / 1e6:.0f} MB during"
        )


if __name__ == "__main__":
    main()
