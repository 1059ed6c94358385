"""`manage.py explain_check`, the configuration doctor, against the fake Gemini server."""

from __future__ import annotations

import logging
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from explain.core.posting_prompt import POSTING_INSTRUCTION
from explain.core.viewer_prompt import VIEWER_INSTRUCTION
from support.fake_gemini import PROVIDER_TEXT
from tests.conftest import WORKED_DRAFT
from tests.fakes.fixtures import CANARY_KEY

pytestmark = pytest.mark.django_db


def doctor(*args: str) -> tuple[bool, str]:
    """(passed, output) of one run."""
    out = StringIO()
    try:
        call_command("explain_check", *args, stdout=out)
    except CommandError as failed:
        return False, out.getvalue() + str(failed)
    return True, out.getvalue()


@pytest.fixture
def demo_setup(settings: Any) -> None:
    """The single-process demo: the local-memory cache is fine there (a warning)."""
    settings.DEBUG = True


# What a model says of the --live texts: Django is asked for and the profile names it.
LIVE_DRAFT = {
    "matches": [
        {"term": "Django", "profileQuote": "Python, Django", "jobQuote": "Build Django APIs"}
    ],
    "gaps": [],
}


def test_live_reports_model_latency_tokens_and_the_schema(use_gemini, demo_setup, caplog):
    caplog.set_level(logging.DEBUG)
    server = use_gemini()
    server.reply_with_draft(LIVE_DRAFT)
    passed, out = doctor("--live")
    assert passed, out
    live = next(line for line in out.splitlines() if line.startswith("OK   live:"))
    assert "model gemini-test-model" in live and " ms for 2 calls, " in live
    # The fake reports 321 prompt, 87 output, 12 thinking, 420 total tokens per call.
    assert "tokens prompt 642, output 174, thoughts 24, total 840" in live
    assert "schema accepted: yes" in live
    assert live.endswith(
        "checklist of 1 requirement(s): shown 1, not_found 0, not_yet 0, unchecked 0"
    )
    assert "thinking_level MINIMAL, maxOutputTokens 3072, temperature not sent" in out
    # The two calls of a first request: the posting's reading, then the viewer's, which
    # sends the requirement's line and the profile, never the posting again.
    assert len(server.requests) == 2
    posting, viewer = (r.body for r in server.requests)
    assert posting["systemInstruction"]["parts"][0]["text"] == POSTING_INSTRUCTION
    assert viewer["systemInstruction"]["parts"][0]["text"] == VIEWER_INSTRUCTION
    assert viewer["contents"][0]["parts"][0]["text"] == (
        "JOB TITLE: Python Developer\nREQUIREMENTS:\n1. Build [Django] APIs\n"
        "CANDIDATE PROFILE:\nHeadline: Backend developer\nSkills: Python, Django"
    )
    for body in (posting, viewer):
        assert body["generationConfig"]["responseMimeType"] == "application/json"
    assert CANARY_KEY not in out and CANARY_KEY not in caplog.text


def test_live_warns_when_the_profile_shows_no_requirement(use_gemini, demo_setup):
    """The model gave no evidence that passed the checks: said, not hidden as a pass."""
    server = use_gemini()
    server.reply_with_draft(
        {"matches": [], "gaps": [{"term": "Django", "jobQuote": "Build Django APIs"}]}
    )
    passed, out = doctor("--live")
    assert passed, out
    live = next(line for line in out.splitlines() if line.startswith("WARN live:"))
    assert live.endswith("shown 0, not_found 0, not_yet 0, unchecked 1")


def test_live_fails_when_the_posting_reading_keeps_no_requirement(use_gemini, demo_setup):
    server = use_gemini()
    server.reply_with_draft(WORKED_DRAFT)  # quotes of another posting: none is in LIVE_JOB
    passed, out = doctor("--live")
    assert not passed
    assert "FAIL live: model gemini-test-model" in out
    assert "the posting's reading kept no requirement of the test posting" in out
    assert len(server.requests) == 1  # no viewer's call without a requirement


def test_live_fails_when_the_provider_refuses_the_request(use_gemini, demo_setup):
    server = use_gemini()
    server.reply_with_error(400)
    passed, out = doctor("--live")
    assert not passed
    assert "FAIL live: model gemini-test-model" in out
    assert "provider answered HTTP 400" in out and "schema accepted: no" in out
    assert "in the posting's reading" in out
    assert PROVIDER_TEXT not in out and CANARY_KEY not in out


def test_live_fails_for_a_retired_model_and_the_settings_say_why(use_gemini, demo_setup, settings):
    use_gemini()
    settings.GEMINI_MODEL = "gemini-2.5-flash"
    passed, out = doctor("--live")
    assert not passed
    assert "WARN settings: explain.W101" in out
    assert "FAIL live:" in out and "model_unavailable" in out


def test_live_without_a_model_fails(demo_setup):
    passed, out = doctor("--live")
    assert not passed
    assert "FAIL live: no model to call" in out


def test_without_live_no_call_is_made(use_gemini, demo_setup):
    server = use_gemini()
    passed, out = doctor()
    assert passed, out
    assert server.requests == []
    assert "live" not in out


def test_the_adapter_is_called_for_a_real_user_and_job(
    use_gemini, worked_user, worked_job, demo_setup
):
    use_gemini()
    passed, out = doctor("--user", worked_user.username, "--job", str(worked_job.pk))
    assert passed, out
    assert "OK   adapter: profile 2 fields" in out
    assert "dana.private" not in out and "Backend developer" not in out  # counts only
    passed, out = doctor("--user", str(worked_user.pk), "--job", str(worked_job.pk))
    assert passed, out


@pytest.mark.parametrize(
    ("user", "job", "expected"),
    [
        ("nobody", "1", "FAIL adapter: no user with username 'nobody'"),
        ("dana", "99999", "FAIL adapter: the adapter says this job is not available"),
    ],
)
def test_the_adapter_check_fails_for_a_missing_user_or_job(
    worked_user, worked_job, demo_setup, user, job, expected
):
    passed, out = doctor("--user", user, "--job", job)
    assert not passed
    assert expected in out


def test_without_user_and_job_the_adapter_is_not_called(use_gemini, demo_setup):
    use_gemini()
    passed, out = doctor()
    assert passed
    assert "WARN adapter: not called" in out


def test_a_cache_processes_do_not_share_fails_in_production(settings):
    settings.DEBUG = False
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    passed, out = doctor()
    assert not passed
    assert "FAIL cache: 'default' is LocMemCache, which processes do not share" in out


def test_urls_that_do_not_reverse_fail(demo_setup, settings):
    settings.ROOT_URLCONF = "tests.explain.urls_without_explain"
    passed, out = doctor()
    assert not passed
    assert "FAIL urls: explain:explain-job does not reverse" in out


def test_a_settings_error_fails_and_is_reported_not_raised(demo_setup, settings):
    settings.EXPLAIN_THINKING = "ULTRA"
    settings.EXPLAIN_DAILY_CALL_LIMIT = 0
    passed, out = doctor()
    assert not passed
    assert "FAIL settings: explain.E102" in out
    assert "WARN settings: explain.W103" in out


def test_a_model_name_that_is_not_one_is_not_echoed(use_gemini, demo_setup, settings):
    use_gemini()
    settings.GEMINI_MODEL = CANARY_KEY
    passed, out = doctor("--live")
    assert not passed
    assert "explain.E101" in out
    assert CANARY_KEY not in out


def test_no_key_and_no_demo_mode_fails_with_the_fix(demo_setup):
    passed, out = doctor()
    assert not passed
    assert "FAIL model: none: GEMINI_API_KEY is not set" in out
    assert "EXPLAIN_DEMO_MODE = True" in out
    assert "explain.W106" not in out  # the model line says it, once


class _Returns:
    """An adapter whose methods return what the test sets, to check the doctor reads it."""

    profile: Any = None
    job: Any = None

    def profile_fields(self, user: Any) -> Any:
        return type(self).profile

    def job_fields(self, job_id: str, user: Any) -> Any:
        return type(self).job


@pytest.fixture
def returning(settings: Any, use_gemini: Any, worked_user: Any, demo_setup: None) -> Any:
    from explain.adapter import Field
    from explain.source import _load_source

    use_gemini()
    settings.EXPLAIN_SOURCE = f"{__name__}._Returns"
    _load_source.cache_clear()
    _Returns.profile = [Field("skills", "Skills", "Python")]
    _Returns.job = [Field("title", "Title", "Python developer")]
    yield _Returns
    _load_source.cache_clear()


@pytest.mark.parametrize(
    ("profile", "job", "expected"),
    [
        (None, [], "profile_fields returned NoneType; expected list[explain.adapter.Field]"),
        ("Python", [], "profile_fields returned str; expected list"),
        ([{"key": "k"}], [], "profile_fields()[0] is dict; expected list"),
        ("ok", None, "job_fields returned NoneType; expected list"),
        ("ok", ["x"], "job_fields()[0] is str; expected list"),
    ],
)
def test_an_adapter_returning_the_wrong_type_names_method_type_and_contract(
    returning, worked_user, profile, job, expected
):
    from explain.adapter import Field

    if profile != "ok":
        returning.profile = profile
    returning.job = job
    passed, out = doctor("--user", worked_user.username, "--job", "1")
    assert not passed
    assert f"FAIL adapter: {expected}" in out
    assert "raised AttributeError" not in out
    returning.profile = [Field("skills", "Skills", None)]
    passed, out = doctor("--user", worked_user.username, "--job", "1")
    assert "FAIL adapter: profile_fields()[0].value is NoneType" in out


def test_an_adapter_returning_an_empty_job_fails(returning, worked_user):
    from explain.adapter import Field

    returning.job = [Field("title", "Title", " \u200b ")]
    passed, out = doctor("--user", worked_user.username, "--job", "1")
    assert not passed
    assert "FAIL adapter:" in out and "the job is empty" in out
    returning.job = []
    passed, out = doctor("--user", worked_user.username, "--job", "1")
    assert not passed and "the job is empty" in out


class _ProfileSource:
    """A BaseExplainSource reading the portal's own models, its names set by the test."""

    @staticmethod
    def make(profile_attributes: dict[str, str], job_attributes: dict[str, str], *, wrong=False):
        from explain.adapter import BaseExplainSource
        from jobportal.models import Job

        class Source(BaseExplainSource):
            def get_profile(self, user: Any) -> Any:
                # The wrong object: the user record instead of its profile.
                return user if wrong else getattr(user, "candidate_profile", None)

            def get_job(self, job_id: str, user: Any) -> Any:
                return Job.objects.filter(pk=job_id).first()

        Source.profile_attributes = profile_attributes
        Source.job_attributes = job_attributes
        return Source


@pytest.fixture
def base_source(settings: Any, use_gemini: Any, demo_setup: None) -> Any:
    from explain.source import _load_source

    use_gemini()

    def install(*args: Any, **kwargs: Any) -> None:
        globals()["_Installed"] = _ProfileSource.make(*args, **kwargs)
        settings.EXPLAIN_SOURCE = f"{__name__}._Installed"
        _load_source.cache_clear()

    yield install
    _load_source.cache_clear()


def test_a_typo_in_the_attribute_names_fails_naming_it_and_the_close_match(
    base_source, worked_user, worked_job
):
    base_source({"headline": "Headline", "skils": "Skills"}, {"title": "Job title"})
    passed, out = doctor("--user", worked_user.username, "--job", str(worked_job.pk))
    assert not passed
    assert "FAIL adapter: profile_attributes names 'skils'" in out
    assert "did you mean 'skills'" in out and "Fix: " in out
    base_source({"skills": "Skills"}, {"title": "Job title", "locaton": "Location"})
    passed, out = doctor("--user", worked_user.username, "--job", str(worked_job.pk))
    assert not passed
    assert "job_attributes names 'locaton'" in out and "did you mean 'location'" in out
    base_source({"skills": "Skills"}, {"title": "Job title", "location": "Location"})
    passed, out = doctor("--user", worked_user.username, "--job", str(worked_job.pk))
    assert passed, out


def test_an_adapter_reading_the_wrong_object_fails_with_the_fix(
    base_source, worked_user, worked_job
):
    base_source({"skills": "Skills", "experience": "Experience"}, {"title": "T"}, wrong=True)
    passed, out = doctor("--user", worked_user.username, "--job", str(worked_job.pk))
    assert not passed
    line = next(x for x in out.splitlines() if x.startswith("FAIL adapter:"))
    assert "has none of them" in line and "Fix: return the object" in line
    assert "get_profile" in line


def test_user_takes_the_login_field_and_says_so(worked_user, worked_job, demo_setup):
    from django.contrib.auth import get_user_model

    out = StringIO()
    from explain.management.commands.explain_check import Command

    parser = Command().create_parser("manage.py", "explain_check")
    parser.print_help(out)
    field = get_user_model().USERNAME_FIELD
    assert f"({field}: USERNAME_FIELD)" in " ".join(out.getvalue().split())
    passed, text = doctor("--user", "dana.private@example.org", "--job", str(worked_job.pk))
    assert not passed
    assert f"no user with {field} 'dana.private@example.org'" in text
    assert f"give --user the user's {field}" in text
