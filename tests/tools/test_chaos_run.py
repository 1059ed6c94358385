"""`make chaos --short`'s smallest fault, end to end, as CI's share of the chaos run.

The whole short run takes about four minutes on a busy 2-core machine, too long for
every CI run; the read-only database fault needs the whole private stack (its own
PostgreSQL cluster and Redis, gunicorn, the fake model) and ends in about a minute.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tools.load.stack import REPO


def test_the_database_going_read_only_loses_no_row_and_gives_no_500(tmp_path: Path):
    figures_file = tmp_path / "chaos.json"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "tools.chaos",
            "--short",
            "--faults",
            "read-only",
            "--json",
            str(figures_file),
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert figures_file.exists(), done.stdout[-2000:] + done.stderr[-3000:]
    (figures,) = json.loads(figures_file.read_text(encoding="utf-8"))
    assert figures["fault"].startswith("PostgreSQL read-only")
    assert figures["requests"] > 0
    assert figures["expected_rows"] > 0
    assert figures["http_500"] == 0, figures
    assert figures["lost_rows"] == 0, figures
    assert set(figures["statuses"]) <= {"200", "503"}, figures
    assert figures["recovery_s"] is not None, figures
