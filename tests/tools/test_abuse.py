"""`make abuse`, in small: two of its attacks end to end (CI's share of the run), and
its table.

The login throttle and the read-only login run through the site's real URLconf and
middleware on a throw-away SQLite file, with the fake model on loopback; the whole run
takes a few minutes, too long for every CI run.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

from tools.abuse.attacks import ATTACKS, LABELS, Finding
from tools.abuse.run import BEFORE, read_before, table

REPO = Path(__file__).resolve().parents[2]


def test_a_small_run_measures_the_login_attacks_and_prints_the_table(tmp_path: Path):
    findings_file = tmp_path / "abuse.json"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "tools.abuse",
            "--small",
            "--only",
            "7,9",
            "--json",
            str(findings_file),
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    assert findings_file.exists(), done.stderr[-3000:]
    findings = {f["attack"]: f for f in json.loads(findings_file.read_text(encoding="utf-8"))}
    assert set(findings) == {"7 login throttle", "9 read-only login"}
    throttle = findings["7 login throttle"]["figures"]
    assert throttle["refused"] == 0, findings  # successful logins are never counted
    assert throttle["refusal"].startswith("the site's page"), findings
    assert findings["9 read-only login"]["figures"]["status"] == 503, findings
    header, rule, *rows = done.stdout.splitlines()[:4]
    assert [cell.strip() for cell in header.split("|")] == ["attack", "before", "after"]
    assert set(rule) <= {"-", "+"}
    before, _note = read_before()
    assert rows[0].startswith("7 login throttle") and before["7 login throttle"] in rows[0]


def test_every_item_of_the_issue_has_an_attack_and_a_before_figure():
    before, note = read_before()
    assert set(LABELS) == set(ATTACKS)
    assert set(before) == set(LABELS.values())
    original = tomllib.loads(BEFORE.read_text(encoding="utf-8"))["issue"]
    assert set(original) == set(LABELS.values())
    items = {label.split()[0] for label in LABELS.values()}
    assert items == {str(n) for n in range(1, 11)}
    assert "a2d0be9" in note


def test_the_table_lines_up_its_columns():
    text = table(
        [Finding("7 login throttle", "0 of 12 refused", {}), Finding("x", "y", {})],
        {"7 login throttle": "locked out"},
    )
    lines = text.splitlines()
    assert len(lines) == 4
    assert len({line.index("|") for line in lines if "|" in line}) == 1
    assert lines[3].split("|")[1].strip() == "-"  # no before figure: a dash, not a guess
