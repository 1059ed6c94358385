"""Demo mode's recordings: keyed by field keys, never by a host's labels, and only for
the exact profile they were made for."""

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
)
from explain.models import ExplanationLog
from explain.outcomes import Outcome
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
def test_any_hosts_labels_find_the_recording(labels):
    model = RecordedChatModel.from_data(DATA)
    answer = model.for_texts(*texts(*labels))
    assert answer is not None
    # The recorded draft still carries the old sentences ("point"); they are dropped on reading.
    evidence = Draft.model_validate(WORKED_DRAFT).model_dump(by_alias=True)
    assert "point" not in str(evidence)
    assert answer(None).parsed.model_dump(by_alias=True) == evidence  # type: ignore[arg-type]


def test_an_edited_profile_has_no_recording():
    model = RecordedChatModel.from_data(DATA)
    assert model.for_texts(*texts("Skills", "Job title", skills="Go, gRPC, Rust")) is None


def test_a_profile_with_an_extra_field_has_no_recording():
    model = RecordedChatModel.from_data(DATA)
    _, job = texts("Skills", "Job title")
    fuller = profile_text(
        [
            Field("headline", "H", "Platform engineer"),
            Field("skills", "S", "Go, gRPC"),
            Field("experience", "E", "Ran Kubernetes"),
        ],
        max_chars=8000,
    )
    assert model.for_texts(fuller, job) is None


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


@pytest.mark.django_db
def test_an_edited_demo_profile_gets_the_honest_outcome(
    logged_in, worked_user, worked_job, settings
):
    settings.EXPLAIN_DEMO_MODE = True
    profile = worked_user.candidate_profile
    profile.skills += ", Kotlin"
    profile.save()
    response = logged_in.post(reverse("explain:api-explain", args=[worked_job.pk]))
    assert response.status_code == 503
    body = response.json()
    assert body["outcome"] == Outcome.NO_RECORDING
    assert body["error"] == (
        "Demo answers exist only for the demo users; with a Gemini key every profile gets its own."
    )
    assert ExplanationLog.objects.get().outcome == Outcome.NO_RECORDING


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
