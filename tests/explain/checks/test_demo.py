"""explain.checks.demo: demo mode's recordings must load (W001)."""

from __future__ import annotations

from django.core.checks import run_checks

from tests.explain.checks.helpers import by_id, ids


def test_the_packaged_recordings_load(settings):
    settings.EXPLAIN_DEMO_MODE = True
    settings.EXPLAIN_RECORDED_DRAFTS = None
    assert "explain.W001" not in ids(run_checks())


def test_a_missing_recordings_file_is_a_warning_naming_it(settings, tmp_path):
    missing = tmp_path / "nowhere.json"
    settings.EXPLAIN_DEMO_MODE = True
    settings.EXPLAIN_RECORDED_DRAFTS = str(missing)
    message = by_id(run_checks(), "explain.W001")
    assert str(missing) in message.msg
    assert "FileNotFoundError" in message.msg


def test_with_demo_mode_off_the_file_is_not_read(settings, tmp_path):
    settings.EXPLAIN_DEMO_MODE = False
    settings.EXPLAIN_RECORDED_DRAFTS = str(tmp_path / "nowhere.json")
    assert "explain.W001" not in ids(run_checks())
