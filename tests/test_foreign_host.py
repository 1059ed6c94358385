"""Runs the foreign host's suite (tests/hosts/foreign) in a pytest process of its own.

That host has its own settings module (e-mail-login user model, JWT-only DRF, its own
URLs), and one process can configure Django only once, so it cannot share this run. A
failure there fails this test with the whole output; skips there (no browser) are skips
here, and the skip guard (EXPLAIN_FORBID_SKIPS=1 in CI) turns them into failures."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
COMMAND = [
    sys.executable,
    "-m",
    "pytest",
    "tests/hosts/foreign",
    "--confcutdir=tests/hosts",  # not tests/conftest.py: it imports jobportal's models
    "--ds=tests.hosts.foreign.settings",
    "-p",
    "tests.skip_guard",
    "-q",
    "-rs",
]


def test_the_foreign_host_suite_passes() -> None:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    result = subprocess.run(
        COMMAND, cwd=ROOT, env=env, capture_output=True, text=True, timeout=900, check=False
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, f"{' '.join(COMMAND[2:])} failed:\n{output}"
    summary = output.strip().splitlines()[-1]
    assert " passed" in summary, output
    if " skipped" in summary:
        pytest.skip(f"the foreign host's run skipped tests: {summary}\n{output}")
