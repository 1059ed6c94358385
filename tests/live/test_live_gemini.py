"""Against the real Gemini API. Not run unless asked for:

    GEMINI_API_KEY=... .venv/bin/python -m pytest tests/live --live -rs

Without --live, or without GEMINI_API_KEY in the environment, these tests are reported
as skipped with the reason (tests/fakes/fixtures.py decides). GEMINI_MODEL picks the
model (default: gemini-3.5-flash-lite, the site's default since 2026-12-01). Each test
makes one billed request: three in all.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.management import call_command
from django.urls import reverse

from explain.llm import registry
from explain.llm.profiles import DEFAULT_MODEL
from explain.models import ExplanationLog
from explain.outcomes import Outcome

pytestmark = [pytest.mark.live, pytest.mark.django_db]

BAD_KEY = "AIzaSyFAKE-LIVE-TEST-NOT-A-VALID-KEY-00000"


@pytest.fixture
def live_gemini(settings: Any) -> Iterator[str]:
    """The real provider at Google's endpoint, with the key from the environment."""
    key = os.environ["GEMINI_API_KEY"]  # the --live gate guarantees it is set
    settings.EXPLAIN_CHAT_MODEL = None
    settings.GEMINI_API_KEY = key
    settings.GEMINI_BASE_URL = ""  # Google's own endpoint, never a fake
    settings.GEMINI_MODEL = os.environ.get("GEMINI_MODEL") or DEFAULT_MODEL
    settings.EXPLAIN_TIMEOUT_SECONDS = 30.0
    yield key
    registry.forget_built_models()


def test_live_worked_example(logged_in, worked_job, live_gemini, caplog):
    caplog.set_level(logging.DEBUG)
    response = logged_in.post(reverse("explain:api-explain", args=[worked_job.pk]))
    body = response.content.decode()
    row = ExplanationLog.objects.get()
    assert response.status_code == 200, f"{row.outcome}: {body[:300]}"
    data = response.json()
    assert data["outcome"] == Outcome.OK
    assert data["matches"] or data["gaps"]
    for point in data["matches"] + data["gaps"]:
        assert point["job_span"] is not None  # every kept quote was found in the posting
    assert row.prompt_tokens and row.prompt_tokens > 0
    assert row.total_tokens and row.total_tokens >= row.prompt_tokens
    assert live_gemini not in body
    assert live_gemini not in caplog.text


def test_live_invalid_key_is_a_provider_error_without_provider_text(
    logged_in, worked_job, live_gemini, settings, caplog
):
    caplog.set_level(logging.DEBUG)
    settings.GEMINI_API_KEY = BAD_KEY
    response = logged_in.post(reverse("explain:api-explain", args=[worked_job.pk]))
    body = response.content.decode()
    assert response.status_code == 502
    assert response.json()["outcome"] == Outcome.PROVIDER_ERROR
    for leaked in (BAD_KEY, "API key not valid", "API_KEY_INVALID", "googleapis"):
        assert leaked not in body
    assert BAD_KEY not in caplog.text
    assert ExplanationLog.objects.get().outcome == Outcome.PROVIDER_ERROR


def test_live_schema_check_on_the_default_model(live_gemini, settings, capsys, caplog):
    """explain_check --live: Google accepts both schemas we send (the posting's reading,
    then the viewer's evidence: type, properties, required, description, ordering) and
    answers in them, on the model the site uses, and the profile shows the requirement."""
    caplog.set_level(logging.DEBUG)
    settings.DEBUG = True  # the local-memory cache of the test settings is only a warning
    call_command("explain_check", "--live")
    out = capsys.readouterr().out
    live = next(line for line in out.splitlines() if line.startswith("OK   live:"))
    assert f"model {settings.GEMINI_MODEL}," in live
    assert "schema accepted: yes" in live
    assert re.search(r"checklist of [1-9]\d* requirement\(s\): shown [1-9]", live), live
    assert live_gemini not in out and live_gemini not in caplog.text
