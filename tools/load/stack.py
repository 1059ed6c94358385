"""The production stack on this machine for the load runs: database, Redis, fake model, gunicorn.

Everything is on loopback and everything started here is stopped here, by process id.
"""

from __future__ import annotations

import json
import os
import secrets
import signal
import subprocess
import sys
import tempfile
import time
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg
import redis

from support.fake_gemini import FakeGeminiServer
from support.services import problems
from tools.load import client
from tools.load.seed import DRAFT

REPO = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
PG_SERVER = os.environ.get("LOAD_PG_SERVER", "postgres://postgres@127.0.0.1:5432")
LOAD_DB = os.environ.get("LOAD_DATABASE", "loadtest")
DATABASE_URL = f"{PG_SERVER}/{LOAD_DB}"
# A Redis database of its own, and a key prefix: the run deletes only its own keys.
REDIS_URL = os.environ.get("LOAD_REDIS_URL", "redis://127.0.0.1:6379/2")
KEY_PREFIX = "loadtest"
# The default model's name (its family's request rules apply); the fake answers whatever is asked.
MODEL = "gemini-3.5-flash-lite"
ACCESS_LOG_FORMAT = "%(m)s %(U)s %(s)s %(D)s"


class LoadFailure(Exception):
    """A check of the run failed."""


def fake_gemini() -> FakeGeminiServer:
    """The tests' fake Gemini server, answering with DRAFT (its listen queue takes bursts)."""
    fake = FakeGeminiServer()
    fake.start()
    fake.reply_with_draft(DRAFT)
    return fake


def recreate_database() -> None:
    with psycopg.connect(f"{PG_SERVER}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{LOAD_DB}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{LOAD_DB}"')


def clear_redis() -> int:
    """Delete this run's keys (rate-limit counters and cached explanations)."""
    conn = redis.Redis.from_url(REDIS_URL)
    try:
        keys = list(conn.scan_iter(match=f"{KEY_PREFIX}:*", count=1000))
        if keys:
            conn.delete(*keys)
        return len(keys)
    finally:
        conn.close()


def log_position() -> int:
    with psycopg.connect(DATABASE_URL) as conn:
        row = conn.execute("select coalesce(max(id), 0) from explain_explanationlog").fetchone()
        return int(row[0]) if row else 0


def log_outcomes(after_id: int) -> dict[str, int]:
    with psycopg.connect(DATABASE_URL) as conn:
        rows = conn.execute(
            "select outcome, count(*) from explain_explanationlog where id > %s group by 1",
            (after_id,),
        ).fetchall()
    return {str(outcome): int(count) for outcome, count in rows}


def forget_readings(job_id: int) -> int:
    """Delete the stored readings of one job's posting (its next request reads it again)."""
    with psycopg.connect(DATABASE_URL) as conn:
        done = conn.execute("delete from explain_postingreading where job_ref = %s", (str(job_id),))
        return done.rowcount


def stored_requirements(job_id: int) -> int:
    """How many requirements the newest stored reading of the job's posting holds (0: none)."""
    with psycopg.connect(DATABASE_URL) as conn:
        row = conn.execute(
            "select requirement_count from explain_postingreading where job_ref = %s "
            "order by read_at desc, id desc limit 1",
            (str(job_id),),
        ).fetchone()
        return int(row[0]) if row else 0


def database_connections() -> int:
    with psycopg.connect(f"{PG_SERVER}/postgres") as conn:
        row = conn.execute(
            "select count(*) from pg_stat_activity where datname = %s", (LOAD_DB,)
        ).fetchone()
        return int(row[0]) if row else 0


@dataclass
class Stack:
    """Environment and processes of one load run."""

    fake: FakeGeminiServer
    workdir: Path
    env: dict[str, str] = field(default_factory=dict)
    servers: dict[int, subprocess.Popen[bytes]] = field(default_factory=dict)

    @classmethod
    def prepare(cls, fake: FakeGeminiServer, workdir: Path) -> Stack:
        found = problems(DATABASE_URL.rsplit("/", 1)[0] + "/postgres", REDIS_URL)
        if found:
            raise LoadFailure("; ".join(found))
        env = {
            key: value
            for key, value in os.environ.items()
            if not key.startswith(("GEMINI_", "EXPLAIN_", "GUNICORN_", "DJANGO_"))
        }
        env.update(
            DJANGO_SETTINGS_MODULE="tools.load.settings",
            DJANGO_DEBUG="0",
            SECRET_KEY=secrets.token_urlsafe(50),
            ALLOWED_HOSTS="127.0.0.1",
            DATABASE_URL=DATABASE_URL,
            REDIS_URL=REDIS_URL,
            CACHE_KEY_PREFIX=KEY_PREFIX,
            STATIC_ROOT=str(workdir / "static"),
            GEMINI_API_KEY="fake-load-key",
            GEMINI_BASE_URL=fake.base_url,
            GEMINI_MODEL=MODEL,
            LOG_LEVEL="ERROR",
            PYTHONPATH=str(REPO),
            # A burst of clicks queues for the pool on this small machine: production's 1-s
            # wait (made for a database that is down) would turn the queue into 503s.
            DB_POOL_TIMEOUT=os.environ.get("DB_POOL_TIMEOUT", "10"),
        )
        return cls(fake=fake, workdir=workdir, env=env)

    def _python(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(  # noqa: S603 - our own command line
            [str(BIN / "python"), *args],
            cwd=REPO,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )

    def manage(self, *args: str) -> str:
        done = self._python("manage.py", *args)
        if done.returncode != 0:
            raise LoadFailure(f"manage.py {' '.join(args)} failed:\n{done.stderr[-2000:]}")
        return done.stdout

    def setup_database(self, n_users: int) -> dict[str, Any]:
        recreate_database()
        self.manage("check", "--deploy", "--fail-level", "WARNING")
        self.manage("migrate", "--noinput")
        self.manage("collectstatic", "--noinput")
        done = self._python("-m", "tools.load.seed", str(n_users))
        if done.returncode != 0:
            raise LoadFailure(f"seeding failed:\n{done.stderr[-2000:]}")
        clear_redis()
        return json.loads(done.stdout)

    def access_log(self, port: int) -> Path:
        return self.workdir / f"access-{port}.log"

    def start_server(
        self, port: int, *, extra_env: dict[str, str] | None = None, **model: str
    ) -> None:
        """gunicorn with the production config file; `model` overrides GUNICORN_* values."""
        env = dict(self.env)
        env.update({f"GUNICORN_{key.upper()}": value for key, value in model.items()})
        if "workers" in model:
            env["WEB_CONCURRENCY"] = model["workers"]
        env.update(extra_env or {})
        command = [
            str(BIN / "gunicorn"),
            "--config",
            str(REPO / "jobportal" / "gunicorn.conf.py"),
            "--bind",
            f"127.0.0.1:{port}",
            "--access-logfile",
            str(self.access_log(port)),
            "--access-logformat",
            ACCESS_LOG_FORMAT,
            "--error-logfile",
            str(self.workdir / f"error-{port}.log"),
            # gunicorn's control socket defaults to one path per user: one per server here.
            "--control-socket",
            str(self.workdir / f"control-{port}.sock"),
        ]
        output = (self.workdir / f"output-{port}.log").open("ab")
        self.servers[port] = subprocess.Popen(  # noqa: S603 - our own command line
            command,
            cwd=REPO,
            env=env,
            start_new_session=True,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
        output.close()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.servers[port].poll() is not None:
                raise LoadFailure(f"gunicorn on port {port} exited; see {self.workdir}")
            if client.request(port, "GET", "/login/", timeout=5).status == 200:
                return
            time.sleep(0.3)
        raise LoadFailure(f"gunicorn on port {port} did not answer within 60 s")

    def server_pids(self, port: int) -> list[int]:
        """The gunicorn master and its workers."""
        master = self.servers[port].pid
        children = Path(f"/proc/{master}/task/{master}/children")
        pids = [master]
        with suppress(OSError):
            pids += [int(pid) for pid in children.read_text().split()]
        return pids

    def server_rss_mb(self, port: int) -> float:
        total = 0
        for pid in self.server_pids(port):
            with suppress(OSError):
                for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
        return total / 1024

    def server_cpu_seconds(self, port: int) -> float:
        """CPU time (user + system) used so far by the server's master and workers."""
        ticks = os.sysconf("SC_CLK_TCK")
        total = 0
        for pid in self.server_pids(port):
            with suppress(OSError, IndexError, ValueError):
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                total += int(fields[11]) + int(fields[12])  # utime, stime
        return total / ticks

    def stop_server(self, port: int) -> None:
        process = self.servers.pop(port, None)
        if process is None or process.poll() is not None:
            return
        process.send_signal(signal.SIGTERM)  # gunicorn's graceful stop
        try:
            process.wait(timeout=45)
        except subprocess.TimeoutExpired:
            with suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)

    def stop(self) -> None:
        for port in list(self.servers):
            self.stop_server(port)


def workdir() -> tempfile.TemporaryDirectory[str]:
    return tempfile.TemporaryDirectory(prefix="jobportal-load-")


def server_times(stack: Stack, port: int, offset: int) -> dict[str, list[float]]:
    """Server time (ms) per path, from gunicorn's access log lines after `offset` bytes."""
    times: dict[str, list[float]] = {}
    with stack.access_log(port).open("rb") as log:
        log.seek(offset)
        for line in log.read().decode().splitlines():
            parts = line.split()
            if len(parts) == 4:
                times.setdefault(f"{parts[0]} {parts[1]} {parts[2]}", []).append(
                    int(parts[3]) / 1000
                )
    return times


def log_size(stack: Stack, port: int) -> int:
    path = stack.access_log(port)
    return path.stat().st_size if path.exists() else 0
