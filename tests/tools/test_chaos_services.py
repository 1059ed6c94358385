"""The chaos run's private PostgreSQL starts even when its port was taken meanwhile.

`free_port` only says a port was free when asked; on a busy machine (the suite on every
core) another socket can take it before the server binds it. CI saw the read-only fault
test fail once with "pg_ctl: could not start server" and no reason.
"""

from __future__ import annotations

import shutil
import socket
import tempfile
from pathlib import Path

import psycopg

from tools.chaos.services import PrivatePostgres


def test_a_taken_port_moves_the_cluster_to_another_and_it_answers() -> None:
    workdir = Path(tempfile.mkdtemp(prefix="jobportal-chaos-test-"))
    workdir.chmod(0o711)  # the cluster's owner (postgres, when we are root) passes through
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as squatter:
        squatter.bind(("127.0.0.1", 0))
        squatter.listen()
        taken = squatter.getsockname()[1]
        cluster = PrivatePostgres(workdir / "pg", port=taken)
        try:
            cluster.init()
            assert cluster.port != taken
            with psycopg.connect(cluster.url, connect_timeout=10) as conn:
                assert conn.execute("SELECT 1").fetchone() == (1,)
        finally:
            cluster.destroy()
            shutil.rmtree(workdir, ignore_errors=True)


def test_a_start_that_fails_names_the_server_log(tmp_path: Path) -> None:
    cluster = PrivatePostgres(tmp_path / "pg")
    (tmp_path / "pg").mkdir()
    (tmp_path / "pg" / "postgres.log").write_text("FATAL:  could not bind IPv4 address\n")
    assert "could not bind" in cluster.log_tail()
    assert PrivatePostgres(tmp_path / "none").log_tail() == "(no server log)"
