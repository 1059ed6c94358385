"""`make run`, the newcomer's first command: it serves on 127.0.0.1:$(PORT) (8000 unless
told), every step sees the same demo mode (so no step warns that no model answers while
the site answers from recordings), and what it prints is true while it serves.

The recipe is read as make expands it (`make -n`: nothing runs, nothing is installed).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def _clean_env(**extra: str) -> dict[str, str]:
    """This environment without any key or explain setting, plus `extra`."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "GEMINI_", "EXPLAIN_", "MAKE", "MFLAGS"))
        and key != "PORT"  # make reads PORT from the environment too
    }
    env.update(extra)
    return env


def _make_run_lines(*args: str, **env: str) -> list[str]:
    make = shutil.which("make")
    assert make is not None, "make is needed (apt-get install make)"
    # STAMP=/dev/null: the install step is only printed, never looked at.
    done = subprocess.run(
        [make, "-n", "run", "STAMP=/dev/null", *args],
        cwd=REPO,
        env=_clean_env(**env),
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return [line for line in done.stdout.splitlines() if "manage.py" in line]


def test_make_run_serves_on_port_8000_unless_told():
    lines = _make_run_lines()
    assert lines[-1].endswith("manage.py runserver 127.0.0.1:8000")
    assert "seed_demo --serving-at http://127.0.0.1:8000" in lines[1]
    moved = _make_run_lines("PORT=8001")
    assert moved[-1].endswith("manage.py runserver 127.0.0.1:8001")
    assert "seed_demo --serving-at http://127.0.0.1:8001" in moved[1]
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    assert "\nPORT ?= 8000\n" in makefile


def test_every_step_of_make_run_sees_the_same_demo_mode():
    """migrate and seed_demo run the system checks too: without the demo mode they said
    twice that every panel is unavailable, before runserver turned it on."""
    lines = _make_run_lines()
    assert [line.split()[0] for line in lines] == ["EXPLAIN_DEMO_MODE=${EXPLAIN_DEMO_MODE:-1}"] * 3
    with_key = _make_run_lines(GEMINI_API_KEY="a-key")
    assert {line.split()[0] for line in with_key} == {"EXPLAIN_DEMO_MODE=${EXPLAIN_DEMO_MODE:-0}"}


def _check(**env: str) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=REPO,
        env=_clean_env(DJANGO_SETTINGS_MODULE="jobportal.settings", **env),
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return done.stdout + done.stderr


@pytest.mark.parametrize(("demo_mode", "warned"), [("1", False), ("0", True)])
def test_the_no_model_warning_follows_the_demo_mode_make_run_sets(demo_mode, warned):
    said = _check(EXPLAIN_DEMO_MODE=demo_mode)
    assert ("explain.W106" in said) is warned, said


def test_the_reloader_line_is_not_said_twice():
    """runserver's "Watching for file changes" went to Django's console handler and,
    propagated, to the root handler as well: the newcomer read it twice."""
    import logging

    assert not logging.getLogger("django.utils.autoreload").isEnabledFor(logging.INFO)
    assert logging.getLogger("django.server").isEnabledFor(logging.INFO)  # requests still show
