"""`make chaos`: the production stack on private ports, broken one dependency at a time.

Its own PostgreSQL cluster and Redis (loopback, free ports), the fake Gemini, gunicorn
with the production config (2 workers); steady load of RATE explanation requests a
second, each by a fresh user, so each request that reaches the model must leave one log
row. The workers are warmed first (job pages and a few explanations, on users of their
own), so a worker's first requests do not count as the fault's. Each fault runs LEAD s
healthy, then the fault, then TAIL s after the dependency returns; the run prints one
table row per fault and stops everything it started, on success, failure, Ctrl-C or
SIGTERM alike.
"""

from __future__ import annotations

import argparse
import atexit
import http.client
import json
import os
import re
import secrets
import shutil
import signal
import string
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any

import psycopg

from support.fake_gemini import FakeGeminiServer
from tools.chaos.services import PrivatePostgres, PrivateRedis, free_port
from tools.chaos.table import FaultResult, as_json, render
from tools.load.client import HOST, User
from tools.load.seed import DRAFT, STREAM_DRAFT
from tools.load.stack import MODEL, REPO, Stack

RATE = 3.0  # explanation requests a second, each by a fresh user
PROBE_EVERY = 0.5  # a job page request every this many seconds
RECOVERY_GOAL_S = 5.0
WARM_PAGES = 40  # job pages before the first fault, 8 at a time: both workers serve some
WARM_USERS = 6  # explanations before the first fault, each by a user of its own
STREAM_SECONDS = 4.0  # how long the fake takes to write a streamed answer (at most)
_HEADLINE = re.compile(rb"Backend developer number (\d+)")


@dataclass(frozen=True)
class Timing:
    """Seconds of each part of a fault phase, and the app's clocks for the run."""

    lead: float
    down: dict[str, float]
    tail: float
    model_timeout: float
    cooldown: float

    def tail_of(self, name: str) -> float:
        """Seconds of load after the fault: past a hung model, the calls still waiting
        for their timeout keep the breaker open, then its cool-down runs."""
        if name == "model-hang":
            return max(self.tail, self.model_timeout + self.cooldown + 5)
        return self.tail


FULL = Timing(
    lead=5,
    down={
        "redis": 20,
        "redis-freeze": 20,
        "postgres": 15,
        "read-only": 20,
        "worker-kill": 0,
        "model-hang": 40,
    },
    tail=20,
    model_timeout=30,
    cooldown=3,
)
SHORT = Timing(
    lead=3,
    down={
        "redis": 5,
        "redis-freeze": 5,
        "postgres": 5,
        "read-only": 5,
        "worker-kill": 0,
        "model-hang": 8,
    },
    tail=8,
    model_timeout=3,
    cooldown=4,
)
LABELS = {
    "redis": "Redis stopped {down:.0f} s",
    "redis-freeze": "Redis frozen (SIGSTOP) {down:.0f} s",
    "postgres": "PostgreSQL stopped {down:.0f} s",
    "read-only": "PostgreSQL read-only {down:.0f} s",
    "worker-kill": "gunicorn worker SIGKILLed under open streams",
    "model-hang": "Model hangs {down:.0f} s (timeout {timeout:.0f} s)",
}


@dataclass
class Sample:
    """One user's request: when it ran, what came back."""

    started: float
    finished: float
    status: str
    outcome: str = ""


def _ask(port: int, user: User, job_id: int, *, stream: bool) -> Sample:
    """One explanation request; a stream is read to its end ("cut" if it had no result)."""
    path = f"/explain/api/jobs/{job_id}/explanation/" + ("?stream=1" if stream else "")
    headers = {
        "Host": f"{HOST}:{port}",
        "X-Forwarded-Proto": "https",
        "Connection": "close",
        "Accept": "application/x-ndjson" if stream else "application/json",
        "Cookie": user.cookie(),
        "Origin": f"https://{HOST}:{port}",
        "X-CSRFToken": user.csrftoken,
        "Content-Length": "0",
    }
    started = time.monotonic()
    conn = http.client.HTTPConnection(HOST, port, timeout=90)
    status, outcome = "none", ""
    try:
        conn.request("POST", path, headers=headers)
        response = conn.getresponse()
        status = str(response.status)
        if stream and response.status == 200:
            status = "cut"
            for line in response:
                data = json.loads(line) if line.strip() else {}
                if data.get("event") == "result":
                    status, outcome = "200", str(data.get("outcome"))
        else:
            body = response.read()
            with_outcome = json.loads(body) if body.startswith(b"{") else {}
            outcome = str(with_outcome.get("outcome", "")) if isinstance(with_outcome, dict) else ""
    except (OSError, http.client.HTTPException, ValueError):
        pass  # no (whole) answer: status stays "none" or "cut"
    finally:
        conn.close()
    return Sample(started, time.monotonic(), status, outcome)


def _page(port: int, user: User, job_id: int) -> float:
    """Seconds a job page takes (any status): what a visitor waits meanwhile."""
    started = time.monotonic()
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    try:
        conn.request(
            "GET",
            f"/jobs/{job_id}/",
            headers={
                "Host": f"{HOST}:{port}",
                "X-Forwarded-Proto": "https",
                "Cookie": user.cookie(),
            },
        )
        conn.getresponse().read()
    except (OSError, http.client.HTTPException):
        pass
    finally:
        conn.close()
    return time.monotonic() - started


def _csrf_secret() -> str:
    """A CSRF cookie value as Django makes them (32 letters and digits)."""
    alphabet = string.ascii_letters + string.digits
    return "".join(secrets.choice(alphabet) for _ in range(32))


class ChaosRun:
    """The private stack and the faults; `close()` stops everything it started."""

    def __init__(self, timing: Timing, workdir: Path) -> None:
        self.timing = timing
        self.workdir = workdir
        self.pg = PrivatePostgres(workdir / "pg")
        self.redis = PrivateRedis(workdir / "redis")
        self.fake = FakeGeminiServer()
        self.port = free_port()
        self.stack: Stack | None = None
        self.users: list[User] = []
        # User 0 opens job pages (the probe); the next WARM_USERS warm the workers up.
        self.next_user = 1 + WARM_USERS
        self.job_id = 0
        self._closed = False

    # --- the stack ----------------------------------------------------------------------

    def start(self, n_users: int) -> None:
        self.fake.start()
        self.fake.reply_with_draft(DRAFT)
        self.pg.init()
        self.redis.start()
        env = {
            key: value
            for key, value in os.environ.items()
            if not key.startswith(("GEMINI_", "EXPLAIN_", "GUNICORN_", "DJANGO_", "DB_POOL_"))
        }
        env.update(
            DJANGO_SETTINGS_MODULE="tools.chaos.settings",
            DJANGO_DEBUG="0",
            SECRET_KEY=secrets.token_urlsafe(50),
            ALLOWED_HOSTS="127.0.0.1",
            DATABASE_URL=self.pg.url,
            REDIS_URL=self.redis.url,
            CACHE_KEY_PREFIX="chaos",
            STATIC_ROOT=str(self.workdir / "static"),
            EXPLAIN_LOG_SPOOL_DIR=str(self.workdir / "spool"),
            GEMINI_API_KEY="fake-chaos-key",
            GEMINI_BASE_URL=self.fake.base_url,
            GEMINI_MODEL=MODEL,
            CHAOS_TIMEOUT_SECONDS=str(self.timing.model_timeout),
            CHAOS_BREAKER_COOLDOWN_SECONDS=str(int(self.timing.cooldown)),
            LOG_LEVEL="WARNING",
            PYTHONPATH=str(REPO),
        )
        self.stack = Stack(fake=self.fake, workdir=self.workdir, env=env)
        for step in (
            ("manage.py", "migrate", "--noinput"),
            ("manage.py", "collectstatic", "--noinput"),
        ):
            began = time.monotonic()
            self.run_python(*step)
            print(f"chaos: {' '.join(step[1:2])} {time.monotonic() - began:.0f} s")
        began = time.monotonic()
        seeded = json.loads(self.run_python("-m", "tools.load.seed", str(n_users)))
        print(f"chaos: seed {time.monotonic() - began:.0f} s")
        self.job_id = int(seeded["job_id"])
        self.users = [
            User(u["username"], u["sessionid"], csrftoken=_csrf_secret()) for u in seeded["users"]
        ]
        self.stack.start_server(self.port, workers="2", threads="50")
        began = time.monotonic()
        self.warm()
        print(f"chaos: workers warmed in {time.monotonic() - began:.0f} s")

    def warm(self) -> None:
        """Job pages and a few explanations before anything is measured: each worker's
        first requests load templates, the model client and the pools."""
        with ThreadPoolExecutor(max_workers=8) as pool:
            list(
                pool.map(lambda _: _page(self.port, self.users[0], self.job_id), range(WARM_PAGES))
            )
            asks = [
                pool.submit(_ask, self.port, user, self.job_id, stream=index % 2 == 1)
                for index, user in enumerate(self.users[1 : 1 + WARM_USERS])
            ]
            for ask in asks:
                ask.result()

    def run_python(self, *args: str) -> str:
        assert self.stack is not None
        done = subprocess.run(  # noqa: S603 - our own command line
            [sys.executable, *args],
            cwd=REPO,
            env=self.stack.env,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(args)} failed:\n{done.stderr[-2000:]}")
        return done.stdout

    def keep_logs(self, folder: Path) -> None:
        """Copy the servers' logs (gunicorn, PostgreSQL, Redis) out before the cleanup."""
        folder.mkdir(parents=True, exist_ok=True)
        for log in self.workdir.rglob("*.log"):
            shutil.copy(log, folder / log.name)

    def close(self) -> None:
        """Stop gunicorn, the fake, Redis and PostgreSQL; each even if another fails."""
        if self._closed:
            return
        self._closed = True
        steps: list[Callable[[], None]] = []
        if self.stack is not None:
            steps.append(self.stack.stop)
        steps += [self.fake.stop, self.redis.stop, self.pg.destroy]
        for step in steps:
            try:
                step()
            except Exception as exc:
                print(f"chaos: cleanup step failed: {type(exc).__name__}: {exc}", file=sys.stderr)

    # --- counting -----------------------------------------------------------------------

    def _rows_for(self, usernames: set[str]) -> int:
        """Users among `usernames` with a log row, after the spool has been replayed."""
        self.run_python("manage.py", "explain_replay_log")
        with psycopg.connect(self.pg.url) as conn:
            found = conn.execute(
                "select count(distinct u.username) from explain_explanationlog l "
                "join auth_user u on u.id = l.user_id where u.username = any(%s)",
                (sorted(usernames),),
            ).fetchone()
        return int(found[0]) if found else 0

    def _reached_model(self, since: int) -> set[str]:
        """Users whose request reached the fake model (their profile headline was sent)."""
        reached = set()
        for request in self.fake.requests[since:]:
            found = _HEADLINE.search(request.raw_body)
            if found:
                reached.add(f"load{int(found.group(1)):04d}")
        return reached

    # --- one fault ----------------------------------------------------------------------

    def fault(
        self,
        name: str,
        apply: Callable[[], None],
        restore: Callable[[], None],
        *,
        stream: bool = False,
    ) -> FaultResult:
        """Steady load through LEAD, the fault and TAIL; the figures of every request."""
        down = self.timing.down[name]
        label = LABELS[name].format(down=down, timeout=self.timing.model_timeout)
        seconds = self.timing.lead + down + self.timing.tail_of(name)
        count = int(seconds * RATE)
        users = self.users[self.next_user : self.next_user + count]
        self.next_user += count
        calls_before = len(self.fake.requests)
        samples: list[Sample] = []
        page_waits: list[float] = []
        marks: dict[str, float] = {}
        lock = threading.Lock()
        stop_probe = threading.Event()

        def one(user: User) -> None:
            sample = _ask(self.port, user, self.job_id, stream=stream)
            with lock:
                samples.append(sample)

        def probe() -> None:
            while not stop_probe.wait(PROBE_EVERY):
                if "fault" in marks:
                    page_waits.append(_page(self.port, self.users[0], self.job_id))

        def switch(started: float) -> None:
            time.sleep(max(0.0, started + self.timing.lead - time.monotonic()))
            marks["fault"] = time.monotonic()
            apply()
            time.sleep(max(0.0, marks["fault"] + down - time.monotonic()))
            restore()
            marks["restored"] = time.monotonic()

        started = time.monotonic()
        switcher = threading.Thread(target=switch, args=(started,), daemon=True)
        prober = threading.Thread(target=probe, daemon=True)
        switcher.start()
        prober.start()
        try:
            with ThreadPoolExecutor(max_workers=150) as pool:
                for index, user in enumerate(users):
                    time.sleep(max(0.0, started + index / RATE - time.monotonic()))
                    pool.submit(one, user)
                switcher.join()
        finally:
            stop_probe.set()
            prober.join(timeout=35)
            if switcher.is_alive() or "restored" not in marks:
                restore()  # the fault never outlives its phase
        time.sleep(1.0)  # the last rows are written
        reached = self._reached_model(calls_before)
        restored = marks.get("restored", time.monotonic())
        after = [
            s.finished - restored for s in samples if s.started >= restored and s.outcome == "ok"
        ]
        return FaultResult(
            fault=label,
            statuses=Counter(s.status for s in samples),
            waits=[s.finished - s.started for s in samples],
            refusal_waits=[s.finished - s.started for s in samples if s.status == "503"],
            refusals=Counter(s.outcome or "-" for s in samples if s.status == "503"),
            page_waits=page_waits,
            expected_rows=len(reached),
            written_rows=self._rows_for(reached),
            recovery_s=min(after) if after else None,
        )

    def kill_worker(self) -> None:
        assert self.stack is not None
        workers = self.stack.server_pids(self.port)[1:]
        if workers:
            os.kill(workers[0], signal.SIGKILL)

    def run_fault(self, name: str) -> FaultResult:
        """One fault by name (FAULTS), the fake set up for it and back to normal after."""
        if name == "redis":
            return self.fault(name, self.redis.stop, self.redis.start)
        if name == "redis-freeze":
            return self.fault(
                name, lambda: self.redis.freeze(True), lambda: self.redis.freeze(False)
            )
        if name == "postgres":
            return self.fault(name, self.pg.stop, self.pg.start)
        if name == "read-only":
            return self.fault(
                name, lambda: self.pg.set_read_only(True), lambda: self.pg.set_read_only(False)
            )
        if name == "worker-kill":
            tokens = len(json.dumps(STREAM_DRAFT)) / 4
            # Well inside the model timeout (the short run's is 3 s): streams end in answers.
            writing = min(STREAM_SECONDS, self.timing.model_timeout / 2)
            self.fake.reply_streaming(
                STREAM_DRAFT, tokens_per_second=tokens / writing, tokens_per_chunk=16
            )
            try:
                # Killed after the lead: the streams of the last STREAM_SECONDS are open.
                return self.fault(name, self.kill_worker, lambda: None, stream=True)
            finally:
                self.fake.reply_with_draft(DRAFT)
        return self.fault(
            name,
            lambda: self.fake.reply_with_delay(self.timing.model_timeout + 60),
            lambda: self.fake.reply_with_draft(DRAFT),
        )


FAULTS = tuple(FULL.down)


def users_needed(timing: Timing, faults: list[str]) -> int:
    return (
        1
        + WARM_USERS
        + sum(
            int((timing.lead + timing.down[name] + timing.tail_of(name)) * RATE) for name in faults
        )
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.chaos", description=__doc__)
    parser.add_argument(
        "--short", action="store_true", help="CI's version: 5-s faults, 3-s timeout"
    )
    parser.add_argument(
        "--faults",
        default=",".join(FAULTS),
        help=f"comma-separated, in this order by default: {','.join(FAULTS)}",
    )
    parser.add_argument("--json", type=Path, help="also write the figures here as JSON")
    parser.add_argument("--logs", type=Path, help="copy the servers' logs here before cleanup")
    args = parser.parse_args(argv)
    faults = [name.strip() for name in args.faults.split(",") if name.strip()]
    unknown = sorted(set(faults) - set(FAULTS))
    if unknown:
        parser.error(f"unknown fault(s): {', '.join(unknown)}")
    timing = SHORT if args.short else FULL
    workdir = Path(tempfile.mkdtemp(prefix="jobportal-chaos-"))
    workdir.chmod(0o711)  # the cluster's owner (postgres, when we are root) passes through
    run = ChaosRun(timing, workdir)

    def cleanup() -> None:
        run.close()
        shutil.rmtree(workdir, ignore_errors=True)

    def on_signal(signum: int, frame: FrameType | None) -> None:
        cleanup()
        raise SystemExit(128 + signum)

    atexit.register(cleanup)
    previous: dict[signal.Signals, Any] = {}
    for caught in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        previous[caught] = signal.signal(caught, on_signal)
    began = time.monotonic()
    try:
        print(f"chaos: private PostgreSQL :{run.pg.port}, Redis :{run.redis.port}, app :{run.port}")
        run.start(users_needed(timing, faults))
        print(f"chaos: stack up in {time.monotonic() - began:.0f} s; {RATE:.0f} requests/s")
        results = [run.run_fault(name) for name in faults]
    finally:
        if args.logs is not None:
            run.keep_logs(args.logs)
        cleanup()
        for caught, handler in previous.items():
            signal.signal(caught, handler)
    print(render(results))
    if args.json is not None:
        args.json.write_text(json.dumps(as_json(results), indent=2), encoding="utf-8")
    clean = all(r.clean(recovery_goal_s=RECOVERY_GOAL_S) for r in results)
    print(
        f"chaos: {time.monotonic() - began:.0f} s; goal (no 500, no lost row, back within "
        f"{RECOVERY_GOAL_S:.0f} s) {'met' if clean else 'NOT met'}"
    )
    return 0 if clean else 1
