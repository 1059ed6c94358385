"""explain.checks.demo: the recordings load, and demo mode runs on the demo portal."""

from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
from django.core.checks import run_checks
from django.core.management import call_command
from django.core.management.base import CommandError

from explain.checks.demo import check_demo_users
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


OWN_PROFILE = {"headline": "Gardener", "skills": "Pruning roses, composting"}


@pytest.fixture
def demo(settings: Any) -> None:
    settings.DEBUG = True
    settings.EXPLAIN_DEMO_MODE = True
    settings.GEMINI_API_KEY = ""


def _doctor(*args: str) -> tuple[bool, str]:
    out = StringIO()
    try:
        call_command("explain_check", *args, stdout=out)
    except CommandError:
        return False, out.getvalue()
    return True, out.getvalue()


def test_demo_mode_with_none_of_the_recorded_users_is_a_warning_with_the_fix(demo, make_user):
    make_user("gardener", **OWN_PROFILE)
    message = by_id(check_demo_users(databases=["default"]), "explain.W053")
    assert "none of the 1 users read is one of the demo's seeded users" in message.msg
    assert "GEMINI_API_KEY" in message.hint and "EXPLAIN_DEMO_MODE = False" in message.hint
    passed, out = _doctor()
    assert not passed
    assert "FAIL demo: EXPLAIN_DEMO_MODE is on, and none of the 1 users" in out
    assert "Fix: Set GEMINI_API_KEY" in out


def test_a_user_without_a_recording_is_answered_by_the_matcher_on_a_demo_posting(
    demo, make_user, worked_job
):
    make_user("gardener", **OWN_PROFILE)
    _passed, out = _doctor("--user", "gardener", "--job", str(worked_job.pk))
    assert "OK   demo: the demo's word matcher answers this user" in out, out


def test_a_job_that_is_not_a_demo_posting_fails_for_that_user_and_job(demo, make_user):
    from jobportal.models import Job

    user = make_user("gardener", **OWN_PROFILE)
    job = Job.objects.create(title="Tree surgeon", description="Climb and prune oaks.")
    passed, out = _doctor("--user", user.get_username(), "--job", str(job.pk))
    assert not passed
    assert "FAIL demo: this job is not one of the demo's postings" in out


def test_the_demo_portals_users_pass(demo, worked_user, worked_job, make_user):
    make_user("gardener", **OWN_PROFILE)
    assert check_demo_users(databases=["default"]) == []
    _passed, out = _doctor("--user", "dana", "--job", str(worked_job.pk))
    assert "OK   demo: the demo's word matcher answers this user on this demo posting" in out, out


def test_with_a_model_or_without_a_database_nothing_is_read(settings, make_user):
    make_user("gardener", **OWN_PROFILE)
    settings.EXPLAIN_DEMO_MODE = True
    assert check_demo_users(databases=None) == []
    settings.EXPLAIN_CHAT_MODEL = "tests.explain.checks.test_demo.OWN_PROFILE"
    assert check_demo_users(databases=["default"]) == []
