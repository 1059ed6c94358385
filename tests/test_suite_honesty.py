"""The suite's own rules: CI fails on a skip (the opt-in live tests aside), Django's async
guard stays on outside the browser tests, and tests hash passwords cheaply."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from django.conf import settings
from django.contrib.auth.hashers import get_hasher

from tests.skip_guard import ENV

ROOT = Path(__file__).resolve().parents[1]

SAMPLE = """
import pytest

def test_runs():
    assert 1 + 1 == 2

def test_skips():
    pytest.skip("needs something this machine lacks")

@pytest.mark.xfail(reason="known wrong")
def test_expected_to_fail():
    assert False

@pytest.mark.live
def test_live():
    pytest.skip("live Gemini test not run")
"""


def run_sample(tmp_path: Path, *, forbid: bool) -> subprocess.CompletedProcess[str]:
    """Run a small suite of its own with the guard loaded, outside this project's conftest."""
    (tmp_path / "test_sample.py").write_text(SAMPLE)
    (tmp_path / "pytest.ini").write_text("[pytest]\nmarkers =\n    live: calls Google\n")
    env = {k: v for k, v in os.environ.items() if k != ENV}
    if forbid:
        env[ENV] = "1"
    return subprocess.run(
        [
            *(sys.executable, "-m", "pytest", "-rs", "-p", "tests.skip_guard", "-p", "no:django"),
            *("-p", "no:cacheprovider", "-c", str(tmp_path / "pytest.ini"), str(tmp_path)),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_ci_fails_on_a_skip_or_an_xfail_but_not_on_a_live_skip(tmp_path: Path) -> None:
    run = run_sample(tmp_path, forbid=True)
    assert run.returncode == 1, run.stdout
    assert "2 forbidden skips" in run.stdout
    assert "test_sample.py::test_skips: needs something this machine lacks" in run.stdout
    assert "test_sample.py::test_expected_to_fail: xfail: known wrong" in run.stdout
    assert "test_live:" not in run.stdout.split("forbidden skips", 1)[1]


def test_locally_a_skip_is_reported_with_its_reason_and_passes(tmp_path: Path) -> None:
    run = run_sample(tmp_path, forbid=False)
    assert run.returncode == 0, run.stdout
    assert "forbidden" not in run.stdout
    # -rs (as `make test` passes): every skip is listed with its reason.
    skipped = [line for line in run.stdout.splitlines() if line.startswith("SKIPPED [1] ")]
    assert len(skipped) == 2
    assert skipped[0].endswith("test_sample.py:8: needs something this machine lacks")


def test_make_test_and_ci_ask_for_skip_reasons_and_forbid_skips() -> None:
    makefile = (ROOT / "Makefile").read_text()
    assert "\nXDIST ?= -n auto --dist loadfile\n" in makefile
    for target in ("\ntest:", "\ntest-services:"):
        recipe = makefile.split(target, 1)[1].split("\n\n", 1)[0] + "\n"
        assert "$(PY) -m pytest -rs $(XDIST) --ignore=$(BROWSER_TESTS)\n" in recipe
        assert "$(PY) -m pytest -rs $(BROWSER_TESTS)\n" in recipe
    assert f"export {ENV}=1" in (ROOT / ".ci" / "run").read_text()


def test_async_unsafe_is_not_allowed_outside_the_browser_tests() -> None:
    assert "DJANGO_ALLOW_ASYNC_UNSAFE" not in os.environ


def test_tests_use_a_fast_password_hasher() -> None:
    assert get_hasher().algorithm == "md5"
    assert settings.PASSWORD_HASHERS == ["django.contrib.auth.hashers.MD5PasswordHasher"]
