"""`make load-compare`: which gunicorn server model, measured on this machine.

For each model: the 200-user burst against an explanation whose model answers after
2 s (and, for threaded models, the sleep-2-s ceiling), the server time of explanations
one at a time, resident memory of all the server's processes, and the most PostgreSQL
connections seen during the burst. One app server at a time, on 127.0.0.1:8111.
Takes about 4 minutes, most of it the sync workers queueing the burst.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path
from typing import Any

from tools.load import phases
from tools.load.run import CROWD, USERS, machine, stop_on_signals
from tools.load.stack import (
    LoadFailure,
    Stack,
    clear_redis,
    database_connections,
    fake_gemini,
    workdir,
)

PORT = 8111
ONE_CONNECTION = {"DB_POOL_MIN_SIZE": "1", "DB_POOL_MAX_SIZE": "1"}
MODELS: list[tuple[str, dict[str, str], dict[str, str]]] = [
    (
        "sync, 5 workers (2 x cores + 1)",
        {"worker_class": "sync", "workers": "5", "threads": "1"},
        ONE_CONNECTION,
    ),
    ("sync, 40 workers", {"worker_class": "sync", "workers": "40", "threads": "1"}, ONE_CONNECTION),
    (
        "gthread, 2 workers x 100 threads",
        {"worker_class": "gthread", "workers": "2", "threads": "100"},
        {},
    ),
    (
        "gthread, 2 workers x 100 threads, gunicorn's 1000 connections",
        {"worker_class": "gthread", "workers": "2", "threads": "100", "worker_connections": "1000"},
        {},
    ),
    (
        "gthread, 4 workers x 50 threads",
        {"worker_class": "gthread", "workers": "4", "threads": "50"},
        {},
    ),
    (
        "gthread, 1 worker x 200 threads",
        {"worker_class": "gthread", "workers": "1", "threads": "200"},
        {},
    ),
]


def peak_connections(stop: threading.Event, seen: list[int]) -> None:
    while not stop.is_set():
        seen.append(database_connections())
        stop.wait(0.1)


def measure(
    stack: Stack, seeded: dict[str, Any], name: str, model: dict[str, str], env: dict[str, str]
) -> dict[str, Any]:
    clear_redis()
    stack.start_server(PORT, extra_env=env, **model)
    try:
        users = phases.prepare_users(stack, PORT, seeded, [PORT])
        job_id = int(seeded["job_id"])
        phases.warm(stack, PORT, users[300:340], job_id)
        seen: list[int] = []
        stop = threading.Event()
        sampler = threading.Thread(target=peak_connections, args=(stop, seen), daemon=True)
        sampler.start()
        threaded = model["worker_class"] == "gthread"
        crowd = phases.crowd(stack, PORT, users[:CROWD], job_id, with_ceiling=threaded)
        stop.set()
        sampler.join()
        clear_redis()
        timing = phases.server_time(stack, PORT, users[:60], users[60:90], job_id)
        rss = stack.server_rss_mb(PORT)
    finally:
        stack.stop_server(PORT)
    return {
        "name": name,
        "crowd": crowd,
        "server_time": timing,
        "rss_mb": rss,
        "pg_peak": max(seen) if seen else 0,
    }


def main() -> int:
    stop_on_signals()
    started = time.monotonic()
    fake = fake_gemini()
    rows = []
    with workdir() as tmp:
        stack = Stack.prepare(fake, Path(tmp))
        try:
            seeded = stack.setup_database(USERS)
            only = os.environ.get("LOAD_COMPARE_ONLY")
            for name, model, env in MODELS:
                if only and only not in name:
                    continue
                print(f"== {name}", flush=True)
                row = measure(stack, seeded, name, model, env)
                rows.append(row)
                _print(row)
        except LoadFailure as failure:
            print(f"\nLOAD CHECK FAILED: {failure}", file=sys.stderr)
            return 1
        finally:
            stack.stop()
            fake.stop()
    print(
        f"\n{machine()}; load average {os.getloadavg()[0]:.1f}; {time.monotonic() - started:.0f} s"
    )
    print(
        "| server model | burst wall | p50 | p95 | p99 | sleep-2-s wall | server time p50 "
        "| RSS | PG conns |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for row in rows:
        c, t = row["crowd"], row["server_time"]
        ceiling = f"{c['ceiling_wall']:.1f} s" if c["ceiling_wall"] == c["ceiling_wall"] else "-"
        print(
            f"| {row['name']} | {c['wall']:.1f} s | {c['latency']['p50']:.1f} s "
            f"| {c['latency']['p95']:.1f} s | {c['latency']['p99']:.1f} s | {ceiling} "
            f"| {t['explain_ms']['p50']:.1f} ms | {row['rss_mb']:.0f} MB | {row['pg_peak']} |"
        )
    return 0


def _print(row: dict[str, Any]) -> None:
    c, t = row["crowd"], row["server_time"]
    print(
        f"   burst: wall {c['wall']:.1f} s, p50 {c['latency']['p50']:.2f} s, "
        f"p99 {c['latency']['p99']:.2f} s (sleep ceiling {c['ceiling_wall']:.1f} s); "
        f"server time p50 {t['explain_ms']['p50']:.1f} ms; RSS {row['rss_mb']:.0f} MB; "
        f"PG connections peak {row['pg_peak']}",
        flush=True,
    )


if __name__ == "__main__":
    sys.exit(main())
