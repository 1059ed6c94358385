"""Secrets and personal data.

A canary API key and canary private profile values (name, e-mail, phone, salary, résumé,
and contact details typed into a matching field) must appear in no response, no log
record at any level, no log row, no cache entry, no prompt sent, no Django error report
or error e-mail, and no file kept in the repository. Deleting a user keeps their log rows
with the user set to null; log rows hold counts, never texts.
"""

from __future__ import annotations

import logging
import pickle
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.cache import caches
from django.db import models
from django.test import Client
from django.urls import reverse
from django.utils.log import AdminEmailHandler
from django.views.debug import ExceptionReporter, SafeExceptionReporterFilter

from explain.core.schema import Draft
from explain.core.verify import DropReason
from explain.llm import registry
from explain.llm.client import ChatPrompt
from explain.llm.errors import ModelCallError
from explain.models import ExplanationLog, FeedbackReport
from jobportal.models import CandidateProfile, Job
from support.fake_gemini import closed_port
from support.injection import clear_caches
from tests.conftest import WORKED_DRAFT, WORKED_JOB_DESCRIPTION, WORKED_PROFILE
from tests.fakes.fixtures import CANARY_KEY
from tests.fakes.http import httpx2

pytestmark = pytest.mark.django_db

REPO = Path(__file__).resolve().parents[2]
PRIVATE = {
    "full_name": "Zelda Quill-Canary",
    "email": "zelda.canary@private.example",
    "phone": "+44 20 7946 0999",
    "salary_expectation": 913377,
}
TYPED_CONTACTS = (
    "Reach me at zelda.canary@private.example or +44 20 7946 0999; "
    "portfolio https://zelda-canary.example/cv"
)
CANARIES = (
    CANARY_KEY,
    "Zelda Quill-Canary",
    "zelda.canary",
    "7946 0999",
    "913377",
    "zelda-canary",
)
NOISY_LOGGERS = (
    "",
    "django",
    "explain",
    "jobportal",
    "google_genai",
    "httpx2",
    "httpcore2",
    "httpx",
    "httpcore",
)


def leaks(text: str) -> list[str]:
    return [canary for canary in CANARIES if canary in text]


@pytest.fixture
def zelda(client: Client) -> Any:
    user = get_user_model().objects.create_user(username="zelda")
    profile = CandidateProfile.objects.create(
        user=user, **PRIVATE, **WORKED_PROFILE, experience=TYPED_CONTACTS
    )
    profile.resume.name = "resumes/zelda-canary-cv.pdf"
    profile.save()
    client.force_login(user)
    return user


@pytest.fixture
def job(db: None) -> Job:
    """Asks for db by name: use_model and use_gemini read every posting ahead only when
    the test has a database fixture (a module's django_db mark is not one)."""
    return Job.objects.create(
        title="Java Engineer", company="Northwind", description=WORKED_JOB_DESCRIPTION
    )


@pytest.fixture
def every_log_record(caplog: pytest.LogCaptureFixture) -> Iterator[pytest.LogCaptureFixture]:
    """Every record at every level, from our code, Django, the SDK and its HTTP stack."""
    for name in NOISY_LOGGERS:
        caplog.set_level(logging.DEBUG, logger=name or None)
    yield caplog


def record_text(record: logging.LogRecord) -> str:
    parts = [record.getMessage(), repr(record.args), str(record.__dict__)]
    if record.exc_info:
        parts.append(logging.Formatter().formatException(record.exc_info))
    return "\n".join(parts)


def page(job: Job) -> str:
    return reverse("explain:explain-job", args=[job.pk])


def api(job: Job) -> str:
    return reverse("explain:api-explain", args=[job.pk])


# --------------------------------------------------------------------------- the real SDK path


def test_canaries_reach_no_response_log_row_log_record_prompt_or_cache(
    client: Client,
    zelda: Any,
    job: Job,
    use_gemini: Callable[..., Any],
    every_log_record: pytest.LogCaptureFixture,
) -> None:
    # Both jobs exist before the model is set up: their postings are read ahead, and each
    # request below makes the viewer's call only (every one holds the scrubbed profile).
    other = Job.objects.create(title="Other", company="N", description=WORKED_JOB_DESCRIPTION)
    server = use_gemini(timeout=0.5)
    seen: list[str] = []

    def ask(url: str) -> None:
        response = client.post(url)
        seen.append(response.content.decode(errors="replace"))
        seen.append(repr(sorted(response.items())))

    # ok, then the same again (cached), then rate limited on another job
    server.reply_with_draft(WORKED_DRAFT)
    ask(page(job))
    ask(api(job))
    ask(api(other))
    # a provider that echoes the key and private-looking words back in its errors
    echo = f"API key {CANARY_KEY} rejected for Zelda Quill-Canary zelda.canary@private.example"
    for arrange in (
        lambda: server.reply_with_error(403, message=echo),
        lambda: server.reply_with_error(500, message=echo),
        lambda: server.reply_with_raw(f"<html>{echo}</html>".encode()),
        lambda: server.reply_with_candidate_text('{"matches": [{"point": "' + echo),
    ):
        arrange()
        clear_caches()
        ask(api(job))
        clear_caches()
        ask(page(job))
    # a timeout
    server.reply_with_draft(WORKED_DRAFT)
    server.reply_with_delay(3.0)
    clear_caches()
    ask(api(job))

    assert [leaks(text) for text in seen if leaks(text)] == []
    assert [leaks(record_text(r)) for r in every_log_record.records if leaks(record_text(r))] == []
    rows = list(ExplanationLog.objects.values())
    assert len(rows) == 12
    assert leaks(repr(rows)) == []
    # What left the server: the key only in its header, private values nowhere.
    assert server.requests
    for request in server.requests:
        assert request.headers.get("x-goog-api-key") == CANARY_KEY
        assert CANARY_KEY not in request.path
        others = {k: v for k, v in request.headers.items() if k != "x-goog-api-key"}
        assert leaks(request.raw_body.decode() + repr(others)) == []
        assert "[removed]" in request.raw_body.decode()  # the typed contacts were scrubbed
    # The explanation cache (drafts, shown points) holds no canary either.
    cache = caches["default"]
    store = getattr(cache, "_cache", None)
    if store is not None:  # the local-memory cache used in tests
        blob = b"".join(v if isinstance(v, bytes) else pickle.dumps(v) for v in store.values())
        assert [c for c in CANARIES if c.encode() in blob] == []


# --------------------------------------------------------------------------- error reports


def _exc_info(call: Callable[[], Any]) -> Any:
    """Run call and return its exception's info; the key is no local of this frame."""
    try:
        call()
    except Exception:
        return sys.exc_info()
    raise AssertionError("expected an exception")


def _report(exc_info: Any, request: Any = None) -> str:
    reporter = ExceptionReporter(request, *exc_info)
    return reporter.get_traceback_text() + reporter.get_traceback_html()


def test_error_reports_hide_the_key_in_settings_and_in_every_frame(
    settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.DEBUG = False  # reports are filtered in production only
    settings.EXPLAIN_CHAT_MODEL = None
    settings.GEMINI_API_KEY = CANARY_KEY
    settings.GEMINI_BASE_URL = f"http://127.0.0.1:{closed_port()}"
    substitute = SafeExceptionReporterFilter.cleansed_substitute
    assert SafeExceptionReporterFilter().get_safe_settings()["GEMINI_API_KEY"] == substitute
    registry.forget_built_models()

    # 1. Building the SDK client fails deep inside the SDK, with the key in locals above.
    def broken_client(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("client construction failed")

    with monkeypatch.context() as patch:
        patch.setattr(httpx2.Client, "__init__", broken_client)
        info = _exc_info(registry.get_chat_model)
    report = _report(info)
    assert "get_chat_model" in report and "GeminiChatModel" in report  # the frames are there
    assert substitute in report
    assert CANARY_KEY not in report
    registry.forget_built_models()

    # 2. Sending fails inside the SDK: our error is raised afresh, with no SDK frames.
    def broken_send(*args: Any, **kwargs: Any) -> None:
        raise httpx2.ConnectError("refused")

    model = registry.get_chat_model()
    assert model is not None
    with monkeypatch.context() as patch:
        patch.setattr(httpx2.Client, "send", broken_send)
        info = _exc_info(lambda: model(ChatPrompt(system="s", user="u", output_schema=Draft)))
    assert isinstance(info[1], ModelCallError)
    assert info[1].__context__ is None and info[1].__cause__ is None
    assert CANARY_KEY not in _report(info)
    registry.forget_built_models()


def test_a_500_mailed_to_admins_holds_no_key_and_no_private_value(
    settings: Any,
    zelda: Any,
    job: Job,
    use_gemini: Callable[..., Any],
    monkeypatch: pytest.MonkeyPatch,
    every_log_record: pytest.LogCaptureFixture,
) -> None:
    """A bug after the model call (here: rendering) reaches Django's error e-mail."""
    settings.DEBUG = False
    settings.ADMINS = [("Ops", "ops@example.org")]
    use_gemini().reply_with_draft(WORKED_DRAFT)

    def broken_payload(explanation: Any) -> None:
        raise RuntimeError("rendering failed")

    monkeypatch.setattr("explain.web.views.explanation_payload", broken_payload)
    client = Client(raise_request_exception=False)
    client.force_login(zelda)
    response = client.post(page(job), {"next": "/"})
    assert response.status_code == 500
    (record,) = [r for r in every_log_record.records if r.name == "django.request" and r.exc_info]
    mail.outbox.clear()
    AdminEmailHandler(include_html=True).emit(record)
    (message,) = mail.outbox
    html = "".join(str(content) for content, _ in getattr(message, "alternatives", []))
    assert "rendering failed" in message.body and "explain_job" in message.body
    assert html  # the full HTML report, local variables included
    assert leaks(message.subject + message.body + html) == []
    assert leaks(response.content.decode()) == []


# --------------------------------------------------------------------------- log rows


def test_log_rows_hold_counts_only_and_outlive_their_user(
    client: Client, zelda: Any, job: Job, use_model: Callable[[Any], Any]
) -> None:
    profile_words = ("Backend developer", "Java (Intermediate", "[removed]")
    job_words = ("Build secure Java APIs", "deploy services", "Northwind")
    # A posting whose one requirement the profile names: read ahead with the job's.
    java_only = Job.objects.create(
        title="Java Developer", company="Northwind", description="Build secure Java APIs."
    )
    use_model(WORKED_DRAFT)
    data = client.post(api(job)).json()  # ok: Java shown, AWS not found
    client.post(api(job))  # cached
    report = client.post(
        reverse("explain:api-feedback"),
        {"log_id": data["log_id"], "kind": "match", "index": 0, "reason": "misleading"},
        content_type="application/json",
    )
    assert report.status_code == 201
    invented = {
        "term": "Java",
        "profileQuote": "Java (Expert, 9 years)",
        "jobQuote": "Build secure Java APIs",
    }
    use_model({"matches": [invented], "gaps": []})
    clear_caches()
    # Nothing verified: the invented quote is removed, and Java, which the profile names,
    # could not be checked.
    client.post(api(java_only))
    client.post(api(job))  # limited

    zelda.delete()

    rows = list(ExplanationLog.objects.order_by("id"))
    assert [r.outcome for r in rows] == ["ok", "cached", "nothing_verified", "rate_limited"]
    assert rows[2].drop_reasons == {DropReason.PROFILE_QUOTE_NOT_FOUND.value: 1}
    assert all(r.user_id is None for r in rows)
    assert FeedbackReport.objects.get().user_id is None
    for row in rows:
        assert set(row.drop_reasons) <= {reason.value for reason in DropReason}
        assert all(isinstance(n, int) for n in row.drop_reasons.values())
        stored = repr(list(ExplanationLog.objects.filter(pk=row.pk).values()))
        assert [w for w in (*profile_words, *job_words, *CANARIES) if w in stored] == []


def test_the_log_table_has_room_for_counts_and_codes_only() -> None:
    text_fields = {
        f.name: f.max_length
        for f in ExplanationLog._meta.get_fields()
        if isinstance(f, models.CharField | models.TextField)
    }
    # The job title is public posting text, stored so admins can find rows;
    # nothing of the profile, the description or the quotes has a column.
    assert text_fields == {
        "job_ref": 64,
        "job_title": 200,
        "outcome": 32,
        "model_name": 100,
        "prompt_version": 40,
    }
    json_fields = [
        f.name for f in ExplanationLog._meta.get_fields() if isinstance(f, models.JSONField)
    ]
    # Reason code -> count, for removed and for reworded points.
    assert json_fields == ["drop_reasons", "rewritten"]


# --------------------------------------------------------------------------- the repository

GOOGLE_KEY = re.compile(r"AIza[0-9A-Za-z_\-]{35}")
# Key-shaped strings that say what they are: canaries and deliberately invalid keys.
FAKE_KEY_MARKS = ("CANARY", "FAKE", "TEST", "NOT-A-VALID", "EXAMPLE", "DUMMY")
SKIP_DIRS = {
    ".git",
    ".venv",
    ".nox",  # the version matrix's venvs (noxfile.py)
    "venv",
    "node_modules",
    ".mypy_cache",
    ".ruff_cache",
    ".pytest_cache",
    ".hypothesis",
    ".mutation",  # make mutate's scratch copies of the repository
    "__pycache__",
    "staticfiles",
    "media",
}


def _repository_files() -> Iterator[Path]:
    for path in REPO.rglob("*"):
        parts = set(path.relative_to(REPO).parts)
        if parts & SKIP_DIRS or any(p.endswith(".egg-info") for p in parts):
            continue
        if path.is_file() and path.suffix not in {".sqlite3", ".pyc"} and path.stat().st_size < 5e6:
            yield path


def test_no_file_in_the_repository_holds_a_real_looking_key_or_these_canaries() -> None:
    """Snapshots, recordings, fixtures and docs: only marked fakes look like keys."""
    offenders = []
    this_file = Path(__file__).resolve()
    for path in _repository_files():
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        for key in GOOGLE_KEY.findall(text):
            if not any(mark in key.upper() for mark in FAKE_KEY_MARKS):
                offenders.append(f"{path.relative_to(REPO)}: key-shaped string")
        if path.resolve() != this_file and "Zelda Quill-Canary" in text:
            offenders.append(f"{path.relative_to(REPO)}: a canary from this test")
    assert offenders == []
