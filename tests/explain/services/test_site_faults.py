"""A fault of this site is `internal_error`: logged with its traceback, never its texts,
and never blamed on the provider."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from django.urls import reverse

from explain.adapter import Field
from explain.models import ExplanationLog
from explain.outcomes import Outcome
from explain.services.site_faults import traceback_without_messages
from explain.wording import error_message
from tests.conftest import WORKED_DRAFT

pytestmark = pytest.mark.django_db

SECRET_PROFILE = "Dana's private résumé text 4242"


class BrokenSource:
    """A host adapter with a bug whose message carries the profile it choked on."""

    def profile_fields(self, user: Any) -> list[Field]:
        return [Field("skills", "Skills", "Java")]

    def job_fields(self, job_id: str, user: Any) -> list[Field]:
        try:
            {}["missing"]
        except KeyError as exc:
            raise ValueError(f"could not parse {SECRET_PROFILE}") from exc


def test_an_adapter_bug_is_an_internal_error_with_a_traceback_and_no_text(
    settings, logged_in, worked_job, use_model, caplog
):
    model = use_model(WORKED_DRAFT)  # the posting read ahead, through the working adapter
    settings.EXPLAIN_SOURCE = "tests.explain.services.test_site_faults.BrokenSource"
    with caplog.at_level(logging.ERROR, logger="explain"):
        response = logged_in.post(reverse("explain:api-explain", args=[worked_job.pk]))
    assert response.status_code == 500
    body = response.json()
    assert body["outcome"] == Outcome.INTERNAL_ERROR
    assert "service" not in body["error"] and "provider" not in body["error"]
    assert model.prompts == []
    assert ExplanationLog.objects.get().outcome == Outcome.INTERNAL_ERROR
    [record] = [r for r in caplog.records if r.name == "explain.services.explanations"]
    logged = record.getMessage() + (record.exc_text or "")
    assert record.exc_info is None
    assert "in job_fields" in logged and "test_site_faults.py" in logged
    assert "builtins.KeyError" in logged and "builtins.ValueError" in logged
    # Source lines are code and stay; the message built from the text does not.
    assert SECRET_PROFILE not in logged and "Dana" not in logged


def test_the_no_javascript_page_says_the_same(settings, logged_in, worked_job):
    settings.EXPLAIN_SOURCE = "tests.explain.services.test_site_faults.BrokenSource"
    settings.EXPLAIN_CHAT_MODEL = lambda prompt: "{}"
    response = logged_in.post(reverse("explain:explain-job", args=[worked_job.pk]))
    assert response.status_code == 500
    assert error_message(Outcome.INTERNAL_ERROR)[:40] in response.content.decode()


def test_the_traceback_lists_frames_and_types_only():
    def inner() -> None:
        raise RuntimeError(SECRET_PROFILE)

    try:
        inner()
    except RuntimeError as exc:
        text = traceback_without_messages(exc)
    assert "in inner" in text and "raise RuntimeError(SECRET_PROFILE)" in text
    assert text.endswith("builtins.RuntimeError")
    assert SECRET_PROFILE not in text
