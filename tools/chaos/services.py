"""A PostgreSQL cluster and a Redis of the chaos run's own, on private loopback ports.

The machine's own PostgreSQL (5432) and Redis (6379) serve CI and other work: the chaos
run stops and breaks only what it started here, by process id, and deletes its data dir.
PostgreSQL refuses to run as root, so as root the cluster belongs to the `postgres` user.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path

import psycopg
import redis

PG_BIN = Path(os.environ.get("CHAOS_PG_BIN", "/usr/lib/postgresql/15/bin"))
REDIS_SERVER = os.environ.get("CHAOS_REDIS_SERVER", "/usr/bin/redis-server")
PG_USER = "postgres"
DB_NAME = "chaos"


class ServiceFailure(Exception):
    """A private service would not start or stop as asked."""


def free_port() -> int:
    """A loopback port nothing listens on now (the kernel's choice)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _as_owner(command: list[str]) -> list[str]:
    """Run as the cluster's owner: `postgres` when we are root (initdb refuses root)."""
    if os.geteuid() == 0:
        return ["runuser", "-u", PG_USER, "--", *command]
    return command


@dataclass
class PrivatePostgres:
    """A throwaway cluster: trust auth, loopback only, no fsync (its data is discarded)."""

    root: Path
    port: int = field(default_factory=free_port)

    @property
    def data(self) -> Path:
        return self.root / "data"

    @property
    def server_url(self) -> str:
        return f"postgres://{PG_USER}@127.0.0.1:{self.port}"

    @property
    def url(self) -> str:
        return f"{self.server_url}/{DB_NAME}"

    def _run(self, *args: str, timeout: float = 120) -> None:
        done = subprocess.run(  # noqa: S603 - our own command line
            _as_owner([str(PG_BIN / args[0]), *args[1:]]),
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
        if done.returncode != 0:
            raise ServiceFailure(f"{args[0]} failed: {done.stderr[-1500:] or done.stdout[-1500:]}")

    def init(self) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        if os.geteuid() == 0:
            shutil.chown(self.root, PG_USER, PG_USER)
        self._run("initdb", "-D", str(self.data), "-U", PG_USER, "--auth=trust", "-E", "UTF8")
        settings = (
            "listen_addresses = '127.0.0.1'\n"
            f"port = {self.port}\n"
            f"unix_socket_directories = '{self.root}'\n"
            "fsync = off\nsynchronous_commit = off\nfull_page_writes = off\n"
            "max_connections = 60\nshared_buffers = 32MB\n"
        )
        with (self.data / "postgresql.conf").open("a", encoding="utf-8") as conf:
            conf.write(settings)
        self._start_on_a_free_port()
        with psycopg.connect(f"{self.server_url}/postgres", autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{DB_NAME}"')

    def start(self) -> None:
        log = self.root / "postgres.log"
        try:
            self._run("pg_ctl", "-D", str(self.data), "-l", str(log), "-w", "-t", "60", "start")
        except ServiceFailure as failure:
            raise ServiceFailure(f"{failure}\n{self.log_tail()}") from None

    def log_tail(self, chars: int = 1500) -> str:
        """The end of the server's own log: why it would not start, in its words."""
        with suppress(OSError):
            return (self.root / "postgres.log").read_text(errors="replace")[-chars:]
        return "(no server log)"

    def _start_on_a_free_port(self, attempts: int = 3) -> None:
        """Start, moving to another free port when the first one was taken meanwhile.

        `free_port` only says a port was free when asked; on a busy machine (the suite
        on every core) another socket may take it before the server binds it, and the
        server then exits with "could not bind". A later `port` line in postgresql.conf
        overrides the earlier one.
        """
        for attempt in range(attempts):
            try:
                self.start()
                return
            except ServiceFailure:
                if attempt == attempts - 1:
                    raise
            self.port = free_port()
            with (self.data / "postgresql.conf").open("a", encoding="utf-8") as conf:
                conf.write(f"port = {self.port}\n")

    def stop(self, mode: str = "fast") -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "-t", "60", "stop")

    def set_read_only(self, on: bool) -> None:
        """Every new transaction read-only (existing sessions too, at the reload)."""
        with psycopg.connect(f"{self.server_url}/postgres", autocommit=True) as conn:
            conn.execute("SET default_transaction_read_only = off")
            if on:
                conn.execute("ALTER SYSTEM SET default_transaction_read_only = on")
            else:
                conn.execute("ALTER SYSTEM RESET default_transaction_read_only")
            conn.execute("SELECT pg_reload_conf()")

    def pid(self) -> int | None:
        pidfile = self.data / "postmaster.pid"
        with suppress(OSError, ValueError, IndexError):
            return int(pidfile.read_text().split()[0])
        return None

    def destroy(self) -> None:
        """Stop the cluster whatever its state, then delete it."""
        if self.pid() is not None:
            with suppress(ServiceFailure, subprocess.TimeoutExpired):
                self.stop("immediate")
        pid = self.pid()
        if pid is not None:
            with suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        shutil.rmtree(self.root, ignore_errors=True)


@dataclass
class PrivateRedis:
    """redis-server with no persistence, loopback only, restartable on its own port."""

    root: Path
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        log = (self.root / "redis.log").open("ab")
        self.process = subprocess.Popen(  # noqa: S603 - our own command line
            [
                REDIS_SERVER,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.root),
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        log.close()
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise ServiceFailure(f"redis-server exited; see {self.root / 'redis.log'}")
            conn = redis.Redis.from_url(self.url, socket_connect_timeout=0.5)
            with suppress(redis.RedisError):
                if conn.ping():
                    conn.close()
                    return
            conn.close()
            time.sleep(0.1)
        raise ServiceFailure("redis-server did not answer within 20 s")

    def freeze(self, frozen: bool) -> None:
        """SIGSTOP (or SIGCONT): the port still takes connections, nothing answers, as
        with a Redis stuck in a long command or a network that drops packets."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGSTOP if frozen else signal.SIGCONT)

    def stop(self) -> None:
        process, self.process = self.process, None
        if process is None or process.poll() is not None:
            return
        process.send_signal(signal.SIGKILL)  # a crash, not a shutdown: nothing saved anyway
        process.wait(timeout=10)
