"""The real Gemini path: the real google-genai SDK against a fake Gemini server.

Every fault a user can meet goes through the page view and the JSON API. For each one:
a short human message with the right status (never a 500, never provider text),
exactly one attempt (no retries), exactly one log row with the right outcome, and the
API key in no response, no log record at any level and no log row.
"""

from __future__ import annotations

import json
import logging
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from django.urls import reverse
from django.utils.html import escape
from google.genai import errors as genai_errors

from explain import wording
from explain.core.checklist import ViewerAnswer
from explain.core.schema import Draft
from explain.core.viewer_prompt import VIEWER_INSTRUCTION, VIEWER_PROMPT_VERSION
from explain.llm import registry
from explain.llm.client import ChatPrompt
from explain.llm.errors import ModelCallError
from explain.llm.gemini import GeminiChatModel
from explain.models import ExplanationLog
from explain.outcomes import Outcome
from support.fake_gemini import PROVIDER_TEXT, FakeGeminiServer, closed_port
from tests.conftest import WORKED_DRAFT, FakeModel, prepare_postings
from tests.fakes.fixtures import CANARY_KEY, PATIENT_TIMEOUT
from tests.fakes.http import httpx2

pytestmark = pytest.mark.django_db

# Seconds. Only the timeout case has a short timeout, and there the fake holds its answer
# far longer (so the client's timeout fires however loaded the machine is); every other
# fault has PATIENT_TIMEOUT, so no answer is taken for a timeout on a slow machine.
TIMEOUT = 0.5
HELD = 60.0  # the fake's hold in the timeout case (a stopped server lets go at once)
# What a provider may say that a user must never read: the fake's error text, with the
# key echoed into it for good measure, and Google's status names.
LEAKY_MESSAGE = f"{PROVIDER_TEXT}; API key {CANARY_KEY} is not valid"
PROVIDER_WORDS = (
    PROVIDER_TEXT,
    "FAKE_REASON",
    "INVALID_ARGUMENT",
    "UNAUTHENTICATED",
    "PERMISSION_DENIED",
    "RESOURCE_EXHAUSTED",
    "UNAVAILABLE",
    "DEADLINE_EXCEEDED",
    "googleapis",
    "Traceback",
)
NOISY_LOGGERS = ("google_genai", "httpx2", "httpcore2", "httpx", "httpcore", "explain", "django")
TRUNCATED_DRAFT = json.dumps(WORKED_DRAFT)[:70]


@dataclass(frozen=True)
class Fault:
    name: str
    arrange: Callable[[FakeGeminiServer], None]
    status: int
    outcome: Outcome
    refused: bool = False  # nothing listens: the attempt never reaches the fake
    timeout: float = PATIENT_TIMEOUT


def _delayed(server: FakeGeminiServer) -> None:
    server.reply_with_draft(WORKED_DRAFT)
    server.reply_with_delay(HELD)


def http_error(status: int) -> Fault:
    """The provider answers with this HTTP status and a Google-style error body."""
    return Fault(
        f"http-{status}",
        lambda s: s.reply_with_error(status, message=LEAKY_MESSAGE),
        502,
        Outcome.PROVIDER_ERROR,
    )


FAULTS = [
    *(http_error(status) for status in (400, 401, 403, 500, 503)),
    Fault(
        "http-404",  # the model is retired or misspelt: the fix is GEMINI_MODEL
        lambda s: s.reply_with_error(404, message=LEAKY_MESSAGE),
        503,
        Outcome.MODEL_UNAVAILABLE,
    ),
    Fault(
        "http-429",  # quota or load: its own outcome and message
        lambda s: s.reply_with_error(429, message=LEAKY_MESSAGE),
        503,
        Outcome.PROVIDER_BUSY,
    ),
    Fault(
        "http-504",  # Google's DEADLINE_EXCEEDED: its side of our timeout
        lambda s: s.reply_with_error(504, message=LEAKY_MESSAGE),
        504,
        Outcome.TIMEOUT,
    ),
    Fault("delay-past-timeout", _delayed, 504, Outcome.TIMEOUT, timeout=TIMEOUT),
    Fault("connection-refused", lambda s: None, 502, Outcome.PROVIDER_ERROR, refused=True),
    Fault(
        "connection-dropped",
        lambda s: s.reply_by_dropping_connection(),
        502,
        Outcome.PROVIDER_ERROR,
    ),
    Fault(
        "non-json-body",
        lambda s: s.reply_with_raw(f"<html><body>{LEAKY_MESSAGE}</body></html>".encode()),
        502,
        Outcome.INVALID_RESPONSE,
    ),
    Fault(
        "invalid-json-candidate",
        lambda s: s.reply_with_candidate_text('{"matches": [{"term": "Java, ' + PROVIDER_TEXT),
        502,
        Outcome.INVALID_RESPONSE,
    ),
    Fault(
        "wrong-shape",
        lambda s: s.reply_with_candidate_text('{"requirements": "Java fits", "total": 3}'),
        502,
        Outcome.INVALID_RESPONSE,
    ),
    Fault(
        "missing-lists",
        lambda s: s.reply_with_candidate_text('{"answer": "You are a great fit."}'),
        502,
        Outcome.INVALID_RESPONSE,
    ),
    Fault("finish-safety", lambda s: s.reply_with_finish("SAFETY"), 502, Outcome.BLOCKED),
    Fault("blocked-prompt", lambda s: s.reply_blocked("SAFETY"), 502, Outcome.BLOCKED),
    Fault(
        "thoughts-only",  # HTTP 200, STOP, and a thought summary instead of an answer
        lambda s: s.reply_with_thoughts_only(),
        502,
        Outcome.INVALID_RESPONSE,
    ),
    Fault(
        "finish-max-tokens",
        lambda s: s.reply_with_finish("MAX_TOKENS", text=TRUNCATED_DRAFT),
        502,
        Outcome.INVALID_RESPONSE,
    ),
]

# Every finish reason that is a refusal: with no text, and with a whole answer beside it
# (a refusal is a refusal, whatever text came with it). Every reason a prompt can be
# blocked for. HTTP 408: the request's deadline, like 504.
REFUSALS = ("SAFETY", "PROHIBITED_CONTENT", "BLOCKLIST", "SPII", "RECITATION")
BLOCK_REASONS = ("OTHER", "BLOCKLIST", "PROHIBITED_CONTENT", "IMAGE_SAFETY", "MODEL_ARMOR")
FAULTS += [
    *(
        Fault(f"finish-{r.lower()}", lambda s, r=r: s.reply_with_finish(r), 502, Outcome.BLOCKED)
        for r in REFUSALS
        if r != "SAFETY"
    ),
    *(
        Fault(
            f"finish-{r.lower()}-with-an-answer",
            lambda s, r=r: s.reply_with_finish(r, text=json.dumps(WORKED_DRAFT)),
            502,
            Outcome.BLOCKED,
        )
        for r in REFUSALS
    ),
    *(
        Fault(
            f"blocked-prompt-{r.lower()}", lambda s, r=r: s.reply_blocked(r), 502, Outcome.BLOCKED
        )
        for r in BLOCK_REASONS
    ),
    Fault(
        "http-408",
        lambda s: s.reply_with_error(408, message=LEAKY_MESSAGE),
        504,
        Outcome.TIMEOUT,
    ),
]


def page_url(job: Any) -> str:
    return reverse("explain:explain-job", args=[job.pk])


def api_url(job: Any) -> str:
    return reverse("explain:api-explain", args=[job.pk])


@pytest.fixture
def attempts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every HTTP request the SDK sends, counted at its HTTP client (so a refused
    connection, which never reaches the fake server, is counted too)."""
    sent: list[str] = []
    real_send = httpx2.Client.send

    def counting_send(self: httpx2.Client, request: httpx2.Request, **kwargs: Any) -> Any:
        sent.append(str(request.url))
        return real_send(self, request, **kwargs)

    monkeypatch.setattr(httpx2.Client, "send", counting_send)
    return sent


@pytest.fixture
def all_logs(caplog: pytest.LogCaptureFixture) -> Iterator[pytest.LogCaptureFixture]:
    """Every log record at every level, including the SDK's and its HTTP library's
    (the project's settings keep those at WARNING; here they speak at DEBUG)."""
    caplog.set_level(logging.DEBUG)
    for name in NOISY_LOGGERS:
        caplog.set_level(logging.DEBUG, logger=name)
    yield caplog


def _exceptions_in(record: logging.LogRecord) -> Iterator[BaseException]:
    """Every exception object a record holds: exc_info (with its chain) and args."""
    pending: list[Any] = [record.exc_info[1] if record.exc_info else None]
    args = record.args if isinstance(record.args, tuple) else (record.args,)
    pending.extend(args)
    seen: set[int] = set()
    while pending:
        item = pending.pop()
        if isinstance(item, BaseException) and id(item) not in seen:
            seen.add(id(item))
            yield item
            pending.extend([item.__cause__, item.__context__])


def assert_no_sdk_exception_logged(caplog: pytest.LogCaptureFixture) -> None:
    """The SDK's exceptions carry the request (x-goog-api-key included) as objects, not
    text: a record holding one leaks the key to any handler that looks inside."""
    for record in caplog.records:
        for exc in _exceptions_in(record):
            assert not isinstance(exc, genai_errors.APIError | httpx2.HTTPError), (
                f"{record.name} logged an SDK exception object ({type(exc).__name__})"
            )


def assert_no_secret_in_logs(caplog: pytest.LogCaptureFixture, *secrets: str) -> None:
    assert caplog.records, "nothing was captured: the log check would prove nothing"
    assert_no_sdk_exception_logged(caplog)
    for record in caplog.records:
        rendered = [
            record.getMessage(),
            repr(record.args),
            record.exc_text or "",
            "".join(traceback.format_exception(*record.exc_info)) if record.exc_info else "",
            repr(record.__dict__),
        ]
        for secret in secrets:
            for text in rendered:
                assert secret not in text, f"{secret!r} leaked into a log record: {text[:300]}"
    for secret in secrets:
        assert secret not in caplog.text


def assert_no_secret_in_log_rows(*secrets: str) -> None:
    for row in ExplanationLog.objects.values():
        stored = json.dumps(row, default=str)
        for secret in secrets:
            assert secret not in stored


def call(client: Any, job: Any, via: str) -> tuple[int, str, dict[str, Any] | None]:
    """POST through the API or the page: (status, body text, JSON or None)."""
    if via == "api":
        response = client.post(api_url(job))
        return response.status_code, response.content.decode(), response.json()
    response = client.post(page_url(job))
    return response.status_code, response.content.decode(), None


@pytest.mark.parametrize("via", ["api", "page"])
@pytest.mark.parametrize("fault", FAULTS, ids=[f.name for f in FAULTS])
def test_fault_matrix(logged_in, worked_job, use_gemini, attempts, all_logs, fault, via):
    server = use_gemini(timeout=fault.timeout)
    if fault.refused:
        use_gemini(timeout=fault.timeout, base_url=f"http://127.0.0.1:{closed_port()}")
    fault.arrange(server)

    # In the timeout case the answer would come after HELD seconds, as a success: only
    # the timeout setting makes it the timeout asserted below (no clock is read here).
    status, body, data = call(logged_in, worked_job, via)

    # The right status, and a short message in our words.
    assert status == fault.status
    expected = str(wording.ERROR_MESSAGES[fault.outcome])
    assert len(expected) < 160
    if data is not None:
        assert data["outcome"] == fault.outcome
        assert data["error"] == expected
        assert data["matches"] == [] and data["gaps"] == []
    else:
        assert escape(expected) in body
    for word in PROVIDER_WORDS:
        assert word not in body
    assert CANARY_KEY not in body

    # One attempt, no retries: the SDK sent one request and the fake saw it (or, for a
    # refused connection, could not).
    assert len(attempts) == 1
    assert len(server.requests) == (0 if fault.refused else 1)

    # One log row, with the outcome and no secret.
    row = ExplanationLog.objects.get()
    assert row.outcome == fault.outcome
    assert row.model_name == "gemini-test-model"
    assert row.prompt_version == VIEWER_PROMPT_VERSION
    assert (row.kept_matches, row.kept_gaps) == (0, 0)
    assert_no_secret_in_log_rows(CANARY_KEY, PROVIDER_TEXT)

    # The key and the provider's words reach no log record, at any level.
    assert_no_secret_in_logs(all_logs, CANARY_KEY, PROVIDER_TEXT)
    assert any(r.name == "explain.llm.gemini" for r in all_logs.records)


def test_happy_path_request_and_log_row(logged_in, worked_job, use_gemini, attempts, all_logs):
    """The viewer's call: the posting was read ahead, so the request sends one call with
    the title, the requirement lines and the profile (never the posting text), and the
    model's evidence is checked: a quote the profile does not hold is removed."""
    server = use_gemini()
    server.reply_with_draft(
        {
            "requirements": [
                {
                    "id": 1,
                    "profileQuote": "Java (Intermediate, 3 years)",
                    "profileReading": "states",
                },
                {"id": 2, "profileQuote": "AWS (10 years)", "profileReading": "states"},
            ]
        },
        usage={
            "promptTokenCount": 1234,
            "candidatesTokenCount": 56,
            "thoughtsTokenCount": 7,
            "totalTokenCount": 1297,
        },
    )
    response = logged_in.post(api_url(worked_job))
    assert response.status_code == 200, response.content
    data = response.json()
    assert data["outcome"] == "ok"
    # The fake answered in the API's camelCase names; they came through as our fields.
    assert [m["profile_quote"] for m in data["matches"]] == ["Java (Intermediate, 3 years)"]
    # "AWS (10 years)" is in no field of the profile: removed, and AWS is a gap.
    assert [g["job_quote"] for g in data["gaps"]] == ["deploy services on AWS"]
    assert data["dropped"] == 1
    assert CANARY_KEY not in response.content.decode()

    assert len(attempts) == 1
    request = server.last
    assert request.method == "POST"
    assert request.path.startswith("/v1")
    assert request.path.endswith("/models/gemini-test-model:generateContent")
    assert request.model == "gemini-test-model"

    # The key travels in the x-goog-api-key header and nowhere else.
    assert request.headers["x-goog-api-key"] == CANARY_KEY
    others = {k: v for k, v in request.headers.items() if k != "x-goog-api-key"}
    assert CANARY_KEY not in json.dumps(others)
    assert CANARY_KEY not in request.path
    assert CANARY_KEY.encode() not in request.raw_body

    body = request.body
    assert body["systemInstruction"]["parts"][0]["text"] == VIEWER_INSTRUCTION
    user_text = body["contents"][0]["parts"][0]["text"]
    assert user_text == (
        "JOB TITLE: Java Engineer\n"
        "REQUIREMENTS:\n"
        "1. Build secure [Java] APIs\n"
        "2. deploy services on [AWS]\n"
        "CANDIDATE PROFILE:\n"
        "Headline: Backend developer\n"
        "Skills: Java (Intermediate, 3 years)"
    )
    assert worked_job.description not in user_text
    assert "tools" not in body and "toolConfig" not in body

    # An unknown model name gets the newest family's rules (3.x Flash-Lite): minimal
    # thinking, no temperature (ignored there), room for thoughts in the output bound.
    # The whole body is pinned in tests/explain/test_gemini_models.py.
    config = body["generationConfig"]
    assert config["responseMimeType"] == "application/json"
    assert "temperature" not in config
    assert config["thinkingConfig"] == {"thinking_level": "MINIMAL"}
    assert config["maxOutputTokens"] == 3072
    assert config["candidateCount"] == 1
    schema = config["responseSchema"]
    assert schema["type"] == "OBJECT"
    assert schema["required"] == ["requirements"]
    evidence = schema["properties"]["requirements"]["items"]
    assert set(evidence["properties"]) == {"id", "profileQuote", "profileReading"}
    assert sorted(evidence["required"]) == ["id", "profileQuote", "profileReading"]

    row = ExplanationLog.objects.get()
    assert row.outcome == Outcome.OK
    assert (row.kept_matches, row.kept_gaps, row.dropped) == (1, 1, 1)
    assert (row.requirements_shown, row.requirements_not_found) == (1, 1)
    assert row.model_name == "gemini-test-model"
    assert row.prompt_version == VIEWER_PROMPT_VERSION
    assert (row.prompt_tokens, row.output_tokens, row.thoughts_tokens, row.total_tokens) == (
        1234,
        56,
        7,
        1297,
    )
    assert_no_secret_in_log_rows(CANARY_KEY)
    assert_no_secret_in_logs(all_logs, CANARY_KEY)


def test_settings_reach_the_request(logged_in, worked_job, use_gemini, settings):
    server = use_gemini()
    settings.GEMINI_MODEL = "gemini-2.5-flash-lite"  # a family that honours temperature
    settings.EXPLAIN_TEMPERATURE = 0.25
    settings.EXPLAIN_MAX_OUTPUT_TOKENS = 3777
    settings.EXPLAIN_THINKING = 1024
    server.reply_with_draft(WORKED_DRAFT)
    response = logged_in.post(api_url(worked_job))
    assert response.status_code == 200, response.content
    config = server.last.body["generationConfig"]
    assert config["temperature"] == pytest.approx(0.25)
    assert config["maxOutputTokens"] == 3777
    assert config["thinkingConfig"] == {"thinking_budget": 1024}


def test_a_cut_answer_that_is_still_complete_json_is_used(logged_in, worked_job, use_gemini):
    """MAX_TOKENS after the closing brace: the answer is whole, so it is verified as usual."""
    server = use_gemini()
    server.reply_with_finish("MAX_TOKENS", text=json.dumps(WORKED_DRAFT))
    response = logged_in.post(api_url(worked_job))
    assert response.status_code == 200, response.content
    assert response.json()["outcome"] == "ok"


def test_client_is_built_once_per_settings_and_afresh_for_a_new_server(use_gemini, settings):
    first_server = use_gemini()
    model = registry.get_chat_model()
    assert isinstance(model, GeminiChatModel)
    assert registry.get_chat_model() is model
    with FakeGeminiServer() as second_server:
        settings.GEMINI_BASE_URL = second_server.base_url
        other = registry.get_chat_model()
        assert other is not model
        second_server.reply_with_draft(WORKED_DRAFT)
        answer = other(ChatPrompt(system="s", user="u", output_schema=Draft))
        assert isinstance(answer.parsed, Draft)
        assert len(second_server.requests) == 1
    assert first_server.requests == []


def test_the_request_config_is_built_once_and_every_request_is_the_same(gemini_server, monkeypatch):
    """One config per model, built with it; each call sends exactly what a model built
    afresh sends (the SDK's in-place schema rewrite never leaks into the next call), and
    the instruction is the prompt's own."""
    model = GeminiChatModel(
        api_key=CANARY_KEY,
        model="m",
        base_url=gemini_server.base_url,
        timeout_seconds=PATIENT_TIMEOUT,
    )
    built: list[int] = []
    build = model._build_config
    monkeypatch.setattr(model, "_build_config", lambda: built.append(1) or build())
    gemini_server.reply_with_draft(WORKED_DRAFT)
    prompt = ChatPrompt(system=VIEWER_INSTRUCTION, user="u", output_schema=ViewerAnswer)
    other = ChatPrompt(system="another instruction", user="u", output_schema=Draft)
    try:
        for _ in range(3):
            assert isinstance(model(prompt).parsed, ViewerAnswer)
        model(other)
        fresh = GeminiChatModel(
            api_key=CANARY_KEY,
            model="m",
            base_url=gemini_server.base_url,
            timeout_seconds=PATIENT_TIMEOUT,
        )
        fresh(prompt)
        fresh.close()
    finally:
        model.close()
    assert built == []  # built in the constructor, never again per call
    bodies = [r.raw_body for r in gemini_server.requests]
    assert bodies[0] == bodies[1] == bodies[2] == bodies[4]
    assert json.loads(bodies[3])["systemInstruction"]["parts"][0]["text"] == "another instruction"


def test_a_config_the_installed_sdk_cannot_build_is_a_local_fault_not_the_providers(
    gemini_server, monkeypatch, caplog, worked_user, worked_job, logged_in, settings
):
    """An SDK without ThinkingConfig(thinking_level=...) (google-genai before it had one)
    refuses the config: internal_error with a log line saying so, no request sent, never
    the provider's invalid_response."""
    from google.genai import types

    real = types.ThinkingConfig

    def without_thinking_level(**kwargs: Any) -> Any:
        return real.model_validate({**kwargs, "no_such_field": 1})  # as the SDK refuses it

    monkeypatch.setattr("explain.llm.gemini.types.ThinkingConfig", without_thinking_level)
    caplog.set_level(logging.ERROR, logger="explain.llm.gemini")
    model = GeminiChatModel(
        api_key=CANARY_KEY,
        model="gemini-3-flash-preview",
        base_url=gemini_server.base_url,
        timeout_seconds=PATIENT_TIMEOUT,
    )
    assert "Gemini request config could not be built (ValidationError)" in caplog.text
    prompt = ChatPrompt(system=VIEWER_INSTRUCTION, user="u", output_schema=ViewerAnswer)
    try:
        with pytest.raises(ModelCallError) as raised:
            model(prompt)
        assert raised.value.outcome == Outcome.INTERNAL_ERROR
        with pytest.raises(ModelCallError) as raised:
            list(model.stream(prompt))
        assert raised.value.outcome == Outcome.INTERNAL_ERROR
        settings.EXPLAIN_CHAT_MODEL = model
        # The posting read ahead (as on save), so the request is the viewer's call only.
        reader = FakeModel("")
        reader.model_name = model.model_name  # a reading is kept per model
        prepare_postings(reader, "")
        response = logged_in.post(reverse("explain:api-explain", args=[worked_job.pk]))
    finally:
        model.close()
    assert response.status_code == 500
    assert response.json()["outcome"] == Outcome.INTERNAL_ERROR
    row = ExplanationLog.objects.get()
    assert (row.outcome, row.prompt_version) == (Outcome.INTERNAL_ERROR, VIEWER_PROMPT_VERSION)
    assert gemini_server.requests == []
    assert "Gemini call not made: internal_error" in caplog.text


def test_without_a_key_no_client_is_built(settings):
    settings.GEMINI_API_KEY = ""
    assert registry.get_chat_model() is None


@pytest.mark.parametrize(
    "fault",
    [f for f in FAULTS if f.name != "connection-refused"],
    ids=[f.name for f in FAULTS if f.name != "connection-refused"],
)
def test_our_error_keeps_nothing_of_the_sdk_exception(gemini_server, fault):
    """The SDK's exception holds the request headers (the key): ours must not chain it,
    keep it as context, or mention the provider's words."""
    model = GeminiChatModel(
        api_key=CANARY_KEY,
        model="m",
        base_url=gemini_server.base_url,
        timeout_seconds=fault.timeout,
    )
    fault.arrange(gemini_server)
    try:
        with pytest.raises(ModelCallError) as caught:
            model(ChatPrompt(system="s", user="u", output_schema=Draft))
    finally:
        model.close()
    error = caught.value
    assert error.outcome == fault.outcome
    assert error.__cause__ is None
    assert error.__context__ is None
    formatted = "".join(traceback.format_exception(error))
    assert CANARY_KEY not in formatted
    assert PROVIDER_TEXT not in formatted
    assert CANARY_KEY not in repr(error.__dict__)
