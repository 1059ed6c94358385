"""`make load`, phase 4: the provider is down for 20 s in a 40-s run, with the breaker.

Users arrive at a steady rate, each asking once. From 10 s to 30 s the fake model is
down: it holds each request DOWN_STALL seconds, then answers 503 (an overloaded
provider). We report what users waited before the circuit breaker opened (each waits
for the failure) and once it was open (answered at once, goal: p95 <= 1 s), and when
the first verified answer arrived after the provider came back. Loopback only; the run
is bounded by its user count and its 40 s.
"""

from __future__ import annotations

import os
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from tools.load import client
from tools.load.client import Result, User
from tools.load.stack import LoadFailure, Stack, log_outcomes, log_position

RUN_SECONDS = 40.0
DOWN_FROM, DOWN_UNTIL = 10.0, 30.0
DOWN_STALL = float(os.environ.get("LOAD_DOWN_STALL", "5"))
GOAL_P95_OPEN = 1.0
EXPECTED = {"ok", "provider_error", "circuit_open"}


def _outcome(result: Result) -> str:
    data = result.json()
    return str(data.get("outcome")) if isinstance(data, dict) else f"http-{result.status}"


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise LoadFailure(message)


def provider_down(
    stack: Stack, port: int, users: list[User], job_id: int, draft: dict[str, Any]
) -> dict[str, Any]:
    rate = len(users) / RUN_SECONDS
    fake = stack.fake
    fake.reply_with_draft(draft)
    logged_before = log_position()
    results: list[Result | None] = [None] * len(users)
    marks: dict[str, float] = {}
    path = f"/explain/api/jobs/{job_id}/explanation/"

    def one(index: int) -> None:
        results[index] = client.request(port, "POST", path, user=users[index], timeout=60)

    def switch(started: float) -> None:
        time.sleep(max(0.0, started + DOWN_FROM - time.monotonic()))
        marks["calls_at_down"] = len(fake.requests)
        fake.go_down(stall=DOWN_STALL)
        marks["down"] = time.monotonic()
        time.sleep(max(0.0, started + DOWN_UNTIL - time.monotonic()))
        fake.reply_with_draft(draft)
        marks["up"] = time.monotonic()
        marks["calls_at_up"] = len(fake.requests)

    started = time.monotonic()
    switcher = threading.Thread(target=switch, args=(started,), daemon=True)
    switcher.start()
    with ThreadPoolExecutor(max_workers=64) as pool:
        for index in range(len(users)):
            delay = started + index / rate - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            pool.submit(one, index)
    switcher.join(timeout=RUN_SECONDS)
    done = [r for r in results if r is not None]
    _check(len(done) == len(users), "requests were lost in the outage run")
    outcomes = Counter(_outcome(r) for r in done)
    _check(set(outcomes) <= EXPECTED, f"unexpected answers: {dict(outcomes)}")

    down, up = marks["down"], marks["up"]
    skipped = sorted((r for r in done if _outcome(r) == "circuit_open"), key=lambda r: r.started)
    _check(bool(skipped), "the circuit never opened during the outage")
    opened = skipped[0].started
    before = [r.seconds for r in done if down <= r.started < opened]
    once_open = [r.seconds for r in done if opened <= r.started < up]
    healthy = [r.seconds for r in done if r.started < down]
    recovered = sorted(
        (r for r in done if r.finished >= up and _outcome(r) == "ok"), key=lambda r: r.finished
    )
    _check(bool(recovered), "no verified answer after the provider came back")
    first_ok = recovered[0]
    last = [r for r in done if r.started > first_ok.finished]
    _check(all(_outcome(r) == "ok" for r in last), "answers failed after the recovery")
    rows = log_outcomes(logged_before)
    _check(rows == dict(outcomes), f"log rows {rows} for answers {dict(outcomes)}")
    return {
        "users": len(done),
        "rate_per_s": rate,
        "down_stall_s": DOWN_STALL,
        "outcomes": dict(outcomes),
        "log_rows": sum(rows.values()),
        "asked_while_down": sum(1 for r in done if down <= r.started < up),
        "model_calls_while_down": int(marks["calls_at_up"] - marks["calls_at_down"]),
        "opened_after_s": opened - down,
        "healthy": client.summary(healthy),
        "before_open": client.summary(before),
        "once_open": client.summary(once_open),
        "goal_met": client.summary(once_open)["p95"] <= GOAL_P95_OPEN,
        "first_ok_after_return_s": first_ok.finished - up,
        "first_ok_wait_s": first_ok.seconds,
    }
