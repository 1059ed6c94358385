"""The measured phases of `make load`; each returns its figures and raises LoadFailure."""

from __future__ import annotations

import os
import statistics
import threading
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any

from tools.load import client
from tools.load.client import Result, User
from tools.load.stack import LoadFailure, Stack, log_outcomes, log_position, log_size, server_times


def _user_texts() -> str:
    """The notice exactly as the app words it."""
    from django.conf import settings

    if not settings.configured:  # this process is the load client, not a Django site
        settings.configure(USE_I18N=False)
    from explain.wording import ALL_VERIFIED

    return str(ALL_VERIFIED)


ALL_VERIFIED = _user_texts()


def _allowed_calls() -> int:
    """Model calls one user may make in a window: the count in the default EXPLAIN_RATE
    (the servers run with it; the load stack passes no EXPLAIN_* variable)."""
    from explain.conf import DEFAULTS

    return int(str(DEFAULTS["EXPLAIN_RATE"]).split("/", 1)[0])


ALLOWED_CALLS = _allowed_calls()


def explain_path(job_id: int) -> str:
    return f"/explain/api/jobs/{job_id}/explanation/"


def check(condition: bool, message: str) -> None:
    if not condition:
        raise LoadFailure(message)


def is_verified(result: Result) -> bool:
    """HTTP 200 with an explanation whose points all passed the checks."""
    data = result.json()
    return (
        result.status == 200
        and isinstance(data, dict)
        and data.get("outcome") in {"ok", "cached"}
        and len(data.get("matches") or []) == 1
        and len(data.get("gaps") or []) == 1
        and data.get("dropped") == 0
        and data.get("notice") == ALL_VERIFIED
    )


def burst(calls: list[Callable[[], Result]]) -> tuple[list[Result], float]:
    """All calls at once (one thread each, released together); results and wall time."""
    results: list[Result | None] = [None] * len(calls)
    barrier = threading.Barrier(len(calls) + 1)

    def run(index: int) -> None:
        barrier.wait()
        results[index] = calls[index]()

    threads = [threading.Thread(target=run, args=(i,), daemon=True) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    barrier.wait()
    started = time.monotonic()
    for thread in threads:
        thread.join(timeout=120)
    wall = time.monotonic() - started
    done = [result for result in results if result is not None]
    check(len(done) == len(calls), f"{len(calls) - len(done)} requests never finished")
    return done, wall


def prepare_users(stack: Stack, port: int, seeded: dict[str, Any], ports: list[int]) -> list[User]:
    """Users open the job page first (the CSRF cookie); one logs in through the form."""
    users = [User(u["username"], u["sessionid"]) for u in seeded["users"]]
    job_id = int(seeded["job_id"])
    login_user = _login_through_form(port, users[0].username, str(seeded["password"]))
    check(login_user is not None, "logging in through the login form failed")

    def visit(user: User) -> Result:
        return client.open_job_page(ports[hash(user.username) % len(ports)], user, job_id)

    with ThreadPoolExecutor(max_workers=16) as pool:
        pages = list(pool.map(visit, users))
    bad = [r for r in pages if r.status != 200 or b"Why this job?" not in r.body]
    check(not bad, f"{len(bad)} job pages failed or lacked the button: {bad[:1]}")
    check(all(u.csrftoken for u in users), "a job page set no CSRF cookie")
    return users


def _login_through_form(port: int, username: str, password: str) -> User | None:
    anonymous = User(username=username, sessionid="")
    page = client.request(port, "GET", "/login/")
    cookie = client._COOKIE.search(page.headers.get("set-cookie", ""))
    token = client._FORM_TOKEN.search(page.body)
    if page.status != 200 or not cookie or not token:
        return None
    anonymous.csrftoken = cookie.group(1)
    form = f"username={username}&password={password}&csrfmiddlewaretoken={token.group(1).decode()}"
    done = client.request(
        port,
        "POST",
        "/login/",
        user=anonymous,
        body=form.encode(),
        content_type="application/x-www-form-urlencoded",
    )
    session = client.re.search(r"sessionid=([a-z0-9]+)", done.headers.get("set-cookie", ""))
    if done.status != 302 or not session:
        return None
    return User(username=username, sessionid=session.group(1), csrftoken=anonymous.csrftoken)


def warm(stack: Stack, port: int, users: list[User], job_id: int) -> None:
    """A few explanations through every worker (builds each one's Gemini client)."""
    stack.fake.reply_with_draft(_draft())
    results, _ = burst(
        [partial(client.request, port, "POST", explain_path(job_id), user=u) for u in users]
    )
    check(all(is_verified(r) for r in results), f"warm-up failed: {results[0]}")


def _draft() -> dict[str, Any]:
    from tools.load.seed import DRAFT

    return DRAFT


# --- 1. 200 users at once, the model answering after 2 s, against the sleep ceiling ------


def crowd(
    stack: Stack, port: int, users: list[User], job_id: int, *, with_ceiling: bool = True
) -> dict[str, Any]:
    ceiling: list[Result] = []
    ceiling_wall = float("nan")
    if with_ceiling:
        ceiling, ceiling_wall = burst(
            [lambda: client.request(port, "GET", "/load/sleep/") for _ in users]
        )
        check(all(r.status == 200 for r in ceiling), "the sleep view failed")

    stack.fake.reply_with_draft(_draft())
    stack.fake.reply_with_delay(2.0)
    calls_before = len(stack.fake.requests)
    logged_before = log_position()
    server_cpu, own_cpu = stack.server_cpu_seconds(port), _own_cpu()
    results, wall = burst(
        [partial(client.request, port, "POST", explain_path(job_id), user=u) for u in users]
    )
    time.sleep(0.2)  # the workers finish writing their access log lines
    server_cpu = stack.server_cpu_seconds(port) - server_cpu
    own_cpu = _own_cpu() - own_cpu
    statuses = Counter(r.status for r in results)
    errors = [r for r in results if not is_verified(r)]
    outcomes = log_outcomes(logged_before)
    calls = stack.fake.requests[calls_before:]
    model_calls = len(calls)
    check(not errors, f"{len(errors)} of {len(users)} got no verified explanation: {statuses}")
    check(
        outcomes == {"ok": len(users)},
        f"log rows {outcomes}, expected {len(users)} ok rows",
    )
    check(model_calls == len(users), f"{model_calls} model calls for {len(users)} users")
    return {
        "users": len(users),
        "verified": len(results) - len(errors),
        "errors": len(errors),
        "log_rows": sum(outcomes.values()),
        "model_calls": model_calls,
        "wall": wall,
        "latency": client.summary([r.seconds for r in results]),
        "ceiling_wall": ceiling_wall,
        "ceiling_latency": client.summary([r.seconds for r in ceiling]),
        "ratio": wall / ceiling_wall,
        "server_cpu_ms_each": server_cpu * 1000 / len(users),
        "client_and_fake_cpu_ms_each": own_cpu * 1000 / len(users),
        # When the model calls arrived, from the first request sent: how long the
        # servers took to get every request as far as the model (the work before it).
        "model_calls_from": min(c.received_at for c in calls) - min(r.started for r in results),
        "model_calls_until": max(c.received_at for c in calls) - min(r.started for r in results),
    }


def _own_cpu() -> float:
    """CPU time of this process: the load client and the fake Gemini server."""
    times = os.times()
    return times.user + times.system


# --- 2. two app servers sharing PostgreSQL and Redis -------------------------------------


def two_servers(stack: Stack, ports: list[int], pair: list[User], job_id: int) -> dict[str, Any]:
    first, second = ports
    user, other = pair
    stack.fake.reply_with_draft(_draft())
    stack.fake.reply_with_delay(2.0)  # all 20 arrive while the allowed calls are running
    calls_before = len(stack.fake.requests)
    logged_before = log_position()
    results, _ = burst(
        [
            partial(client.request, ports[i % 2], "POST", explain_path(job_id), user=user)
            for i in range(20)
        ]
    )
    ok = [r for r in results if r.status == 200]
    limited = [r for r in results if r.status == 429]
    model_calls = len(stack.fake.requests) - calls_before
    # Identical requests of one user in flight make one model call, on both servers (the
    # request's one slot is on the shared Redis): one answer, the 19 others 429 at once.
    allowed = len(ok)
    check(
        allowed == 1 and all(is_verified(r) for r in ok),
        f"expected 1 answer (identical requests in flight share one call), got {len(ok)}",
    )
    check(len(limited) == 20 - allowed, f"expected {20 - allowed} answers 429, got {len(limited)}")
    check(
        all(
            int(r.headers.get("retry-after", "0")) > 0 and "Try again in" in r.json()["error"]
            for r in limited
        ),
        "a 429 lacked Retry-After or the 'try again in N s' message",
    )
    check(model_calls == allowed, f"{model_calls} model calls, expected exactly {allowed}")
    per_port = Counter(r.port for r in results)

    # The answer made through one server is served by the other from the shared cache.
    made_on = ok[0].port
    served_on = second if made_on == first else first
    cached = client.request(served_on, "POST", explain_path(job_id), user=user)
    check(
        is_verified(cached) and cached.json()["outcome"] == "cached",
        f"server {served_on} did not serve the cached explanation: {cached.status}",
    )
    # And the other way round, for a second user.
    stack.fake.reply_with_draft(_draft())
    made = client.request(second, "POST", explain_path(job_id), user=other)
    again = client.request(first, "POST", explain_path(job_id), user=other)
    check(is_verified(made) and made.json()["outcome"] == "ok", "second user's answer failed")
    check(
        is_verified(again) and again.json()["outcome"] == "cached",
        f"server {first} did not serve the cached explanation made on {second}",
    )
    model_calls = len(stack.fake.requests) - calls_before
    check(model_calls == allowed + 1, f"{model_calls} model calls in all, expected {allowed + 1}")
    outcomes = log_outcomes(logged_before)
    expected = {"ok": allowed + 1, "rate_limited": 20 - allowed, "cached": 2}
    check(outcomes == {k: n for k, n in expected.items() if n}, f"log rows {outcomes}")
    return {
        "requests": len(results),
        "per_port": dict(per_port),
        "answered": len(ok),
        "rate_limited": len(limited),
        "model_calls_parallel": allowed,
        "cached_across": [f"{made_on}->{served_on}", f"{second}->{first}"],
        "log_rows": outcomes,
    }


# --- 3. server time per explanation with a model that answers at once --------------------


# Requests of each kind in one turn of phase 3's CPU measure (the kernel counts CPU in
# 10-ms ticks: a block of ten bare requests is about three of them).
CPU_BLOCK = 10


def server_time(
    stack: Stack, port: int, users: list[User], spare: list[User], job_id: int
) -> dict[str, Any]:
    stack.fake.reply_with_draft(_draft())
    offset = log_size(stack, port)
    explained = []
    for user in users:  # one at a time, alternating, so both see the same conditions
        explained.append(client.request(port, "POST", explain_path(job_id), user=user))
        answer = client.request(port, "POST", "/load/bare/", user=user)
        check(answer.status == 200, f"bare view answered {answer.status}")
    check(
        all(is_verified(r) and r.json()["outcome"] == "ok" for r in explained),
        "an explanation failed in the server-time run",
    )
    time.sleep(0.3)  # the access log line is written after the response
    times = server_times(stack, port, offset)
    explain_ms = times.get(f"POST {explain_path(job_id)} 200", [])
    bare_ms = times.get("POST /load/bare/ 200", [])
    check(
        len(explain_ms) == len(users) and len(bare_ms) == len(users),
        f"access log has {len(explain_ms)} / {len(bare_ms)} lines, expected {len(users)}",
    )
    explain = client.summary(explain_ms)
    bare = client.summary(bare_ms)
    # CPU time, which other work on the machine inflates far less than elapsed time:
    # blocks of CPU_BLOCK bare requests and as many explanations for fresh users, taken
    # in turns, so a change in the machine's load falls on both alike.
    cpu_bare = cpu_explain = 0.0
    counted = []
    for first in range(0, len(spare), CPU_BLOCK):
        block = spare[first : first + CPU_BLOCK]
        before = stack.server_cpu_seconds(port)
        for user in block:
            client.request(port, "POST", "/load/bare/", user=user)
        middle = stack.server_cpu_seconds(port)
        for user in block:
            counted.append(client.request(port, "POST", explain_path(job_id), user=user))
        cpu_bare += middle - before
        cpu_explain += stack.server_cpu_seconds(port) - middle
    check(
        all(is_verified(r) and r.json()["outcome"] == "ok" for r in counted),
        "an explanation failed in the CPU measure (a refusal costs less than an answer)",
    )
    return {
        "cpu_ms_explain": cpu_explain * 1000 / len(spare),
        "cpu_ms_bare": cpu_bare * 1000 / len(spare),
        "pairs": len(users),
        "explain_ms": explain,
        "bare_ms": bare,
        "ratio_p50": explain["p50"] / bare["p50"],
        "ratio_p95": explain["p95"] / bare["p95"],
        "client_explain_ms": statistics.median(r.seconds * 1000 for r in explained),
    }
