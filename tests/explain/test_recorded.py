"""Demo mode's recordings: the demo postings' requirements keyed by field keys, never by a
host's labels; the recorded profiles only for the exact profile they were made for."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.core.checks import run_checks
from django.urls import reverse

from explain.adapter import Field
from explain.core.schema import Draft
from explain.core.texts import job_text, profile_text
from explain.llm.recorded import (
    FORMAT,
    PACKAGED_RECORDINGS,
    RecordedChatModel,
    RecordingsError,
    field_values,
)
from explain.models import ExplanationLog
from explain.outcomes import Outcome
from jobportal.models import Job
from tests.conftest import WORKED_DRAFT

DATA = {
    "format": FORMAT,
    "profiles": {"ana": {"skills": "Go, gRPC", "headline": "Platform engineer"}},
    "recordings": [{"job": {"title": "SRE"}, "profile": "ana", "draft": WORKED_DRAFT}],
}


def texts(profile_label: str, job_label: str, skills: str = "Go, gRPC") -> tuple[Any, Any]:
    profile = profile_text(
        [
            Field("headline", "Kopfzeile", "Platform engineer"),
            Field("skills", profile_label, skills),
        ],
        max_chars=8000,
    )
    job = job_text(
        [Field("title", job_label, "SRE"), Field("body", "Body", "Run Go services")],
        max_chars=8000,
    )
    return profile, job


@pytest.mark.parametrize("labels", [("Skills", "Job title"), ("Fähigkeiten", "Stelle")])
def test_any_hosts_labels_find_the_posting_and_the_profile(labels):
    model = RecordedChatModel.from_data(DATA)
    profile, job = texts(*labels)
    draft = Draft.model_validate(WORKED_DRAFT)
    expected = [(c.job_quote, c.term) for c in [*draft.matches, *draft.gaps]]
    assert [(r.job_quote, r.term) for r in model.requirements(field_values(job))] == expected
    assert model.has_profile(profile)


def test_an_edited_profile_is_no_recorded_profile_and_the_posting_still_has_requirements():
    model = RecordedChatModel.from_data(DATA)
    profile, job = texts("Skills", "Job title", skills="Go, gRPC, Rust")
    assert not model.has_profile(profile)
    assert model.requirements(field_values(job))  # the matcher answers it on these


def test_a_profile_with_an_extra_field_is_no_recorded_profile():
    model = RecordedChatModel.from_data(DATA)
    fuller = profile_text(
        [
            Field("headline", "H", "Platform engineer"),
            Field("skills", "S", "Go, gRPC"),
            Field("experience", "E", "Ran Kubernetes"),
        ],
        max_chars=8000,
    )
    assert not model.has_profile(fuller)


def test_another_posting_has_no_requirements():
    model = RecordedChatModel.from_data(DATA)
    other = job_text([Field("title", "Title", "Chef"), Field("body", "B", "Cook")], max_chars=800)
    assert model.requirements(field_values(other)) == ()


@pytest.mark.parametrize(
    "broken",
    [
        {"profiles": {}, "recordings": []},
        {"format": FORMAT, "profiles": {}, "recordings": [{"job": {}, "profile": "x"}]},
        {"format": FORMAT, "recordings": [{"job": {"t": "x"}, "profile": "p", "draft": 1}]},
        [],
    ],
)
def test_a_file_in_another_format_is_refused_with_a_reason(broken):
    with pytest.raises(RecordingsError):
        RecordedChatModel.from_data(broken)


def test_the_packaged_recordings_load():
    data = json.loads(PACKAGED_RECORDINGS.read_text(encoding="utf-8"))
    assert data["format"] == FORMAT
    assert len(RecordedChatModel.from_data(data)._recordings) == len(data["recordings"]) > 0


def test_every_demo_posting_has_recorded_requirements_that_its_text_holds():
    """Each recorded requirement's quote is in its demo posting and holds its names."""
    from explain.core.rules.equivalence import find_term
    from explain.verify import is_quoted
    from jobportal.demo_data import DEMO_JOBS

    model = RecordedChatModel.from_file(PACKAGED_RECORDINGS)
    for job in (job for job in DEMO_JOBS if job.published):
        requirements = model.requirements({"title": job.title})
        assert requirements, job.title
        for requirement in requirements:
            assert is_quoted(requirement.job_quote, f"{job.description}\n{job.requirements}")
            for name in requirement.names:
                assert find_term(name, requirement.job_quote), (job.title, name)


def test_a_file_of_the_older_format_takes_its_requirements_from_its_drafts():
    older = {**DATA, "format": "explain-recordings/2"}
    model = RecordedChatModel.from_data(older)
    pairs = {(r.job_quote, r.term) for r in model.requirements({"title": "SRE"})}
    draft = Draft.model_validate(WORKED_DRAFT)
    assert pairs == {(c.job_quote, c.term) for c in [*draft.matches, *draft.gaps]}


@pytest.mark.django_db
def test_an_edited_demo_profile_is_answered_by_the_matcher(
    logged_in, worked_user, worked_job, settings
):
    settings.EXPLAIN_DEMO_MODE = True
    profile = worked_user.candidate_profile
    profile.skills += ", AWS (Lambda, S3)"
    profile.save()
    response = logged_in.post(reverse("explain:api-explain", args=[worked_job.pk]))
    assert response.status_code == 200
    body = response.json()
    assert body["demo"] is True
    assert body["demo_notice"] == (
        "Demo mode: these points come from a simple word matcher on this server, "
        "not from an AI model."
    )
    matches = {point["term"]: point["profile_quote"] for point in body["matches"]}
    assert matches["AWS"] == "AWS (Lambda, S3)"
    assert ExplanationLog.objects.get().model_name == "local-matcher-demo"


@pytest.mark.django_db
def test_a_posting_that_is_not_a_demo_posting_gets_the_honest_outcome(
    logged_in, worked_user, settings
):
    settings.EXPLAIN_DEMO_MODE = True
    job = Job.objects.create(title="Lighthouse Keeper", description="Keep the lamp lit at night.")
    response = logged_in.post(reverse("explain:api-explain", args=[job.pk]))
    assert response.status_code == 503
    body = response.json()
    assert body["outcome"] == Outcome.NO_RECORDING
    assert body["error"] == (
        "Demo answers exist only for the demo postings; "
        "with a Gemini key every posting gets its own."
    )
    assert ExplanationLog.objects.get().outcome == Outcome.NO_RECORDING


@pytest.mark.django_db
def test_the_seeded_profile_is_answered_by_the_matcher_too(logged_in, worked_job, settings):
    """The recorded drafts are no longer answers: a seeded user gets the same word matcher
    on the posting's recorded requirements as anyone, said so on the page."""
    settings.EXPLAIN_DEMO_MODE = True
    body = logged_in.post(reverse("explain:api-explain", args=[worked_job.pk])).json()
    assert body["outcome"] == Outcome.OK
    assert body["demo_notice"] == (
        "Demo mode: these points come from a simple word matcher on this server, "
        "not from an AI model."
    )
    assert [p["profile_quote"] for p in body["matches"]] == ["Java (Intermediate, 3 years)"]
    assert ExplanationLog.objects.get().model_name == "local-matcher-demo"


@pytest.mark.django_db
def test_an_unreadable_recordings_file_is_a_check_warning_and_an_unavailable_panel(
    tmp_path, settings, logged_in, worked_job
):
    bad = tmp_path / "recordings.json"
    bad.write_text('[{"job_title": "Java Engineer"}]')
    settings.EXPLAIN_DEMO_MODE = True
    settings.EXPLAIN_RECORDED_DRAFTS = str(bad)
    [warning] = [m for m in run_checks() if m.id == "explain.W001"]
    assert str(bad) in warning.msg and FORMAT in warning.msg
    response = logged_in.post(reverse("explain:api-explain", args=[worked_job.pk]))
    assert response.json()["outcome"] == Outcome.DISABLED


MATCHER_NOTICE = (
    "Demo mode: these points come from a simple word matcher on this server, not from an AI model."
)


@pytest.mark.django_db
def test_a_new_sign_up_gets_matches_and_gaps_from_the_matcher(client, make_user, settings):
    settings.EXPLAIN_DEMO_MODE = True
    from jobportal.demo_data import DEMO_JOBS

    posting = next(job for job in DEMO_JOBS if job.title == "Data Engineer")
    job = Job.objects.create(
        title=posting.title, description=posting.description, requirements=posting.requirements
    )
    newcomer = make_user(
        "noor",
        headline="Analytics engineer",
        skills="SQL (Snowflake, 4 years)\nAirflow\nLooker",
        experience="I model data in dbt for a retail group.",
    )
    client.force_login(newcomer)
    response = client.post(reverse("explain:api-explain", args=[job.pk]))
    assert response.status_code == 200
    body = response.json()
    matches = {point["term"]: point["profile_quote"] for point in body["matches"]}
    assert matches["SQL"] == "SQL (Snowflake, 4 years)"
    assert matches["dbt"] == "I model data in dbt for a retail group"
    assert matches["Snowflake"] == "Snowflake"  # one of "BigQuery or Snowflake"
    assert "Python" in {point["term"] for point in body["gaps"]}
    assert body["demo_notice"] == MATCHER_NOTICE


@pytest.mark.django_db
def test_the_page_says_the_points_come_from_the_word_matcher(
    logged_in, worked_user, worked_job, settings
):
    settings.EXPLAIN_DEMO_MODE = True
    profile = worked_user.candidate_profile
    profile.skills = "Java (Intermediate, 3 years), AWS"
    profile.save()
    page = logged_in.get(reverse("job-detail", args=[worked_job.pk])).content.decode()
    assert "simple word matcher on this server" in page  # before asking, in the panel
    # Without JavaScript: the form post renders the result server-side.
    result = logged_in.post(
        reverse("explain:explain-job", args=[worked_job.pk]),
        {"next": reverse("job-detail", args=[worked_job.pk])},
        follow=True,
    ).content.decode()
    assert f'<p class="explain-demo-source">{MATCHER_NOTICE}</p>' in result
    assert "Recorded demo answer" not in result
