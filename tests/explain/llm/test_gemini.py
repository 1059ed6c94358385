"""explain.llm.gemini: how the client is built, what each request carries, and what is
logged, in our words only; the key stays out of every repr.

Its behaviour against a server's faults is the fault matrix in
tests/explain/test_gemini_faults.py; how answers and failures are read is in
test_gemini_reading.py beside this file.
"""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict, Field

from explain.core.schema import Draft
from explain.llm import gemini
from explain.llm.client import ChatPrompt, ChatResponse, TokenUsage
from explain.llm.errors import ModelCallError, ModelUnavailable
from explain.llm.gemini import INVALID_MODEL_NAME, GeminiChatModel, response_schema
from support.fake_gemini import FakeGeminiServer, candidate_response
from tests.conftest import WORKED_DRAFT
from tests.fakes.clock import Clock
from tests.fakes.fixtures import PATIENT_TIMEOUT
from tests.fakes.http import httpx2

KEY = "AIza-test-key-never-shown"
PROMPT = ChatPrompt(system="Answer in JSON.", user="CANDIDATE PROFILE:\nJava", output_schema=Draft)


def build(model: str, **kwargs: Any) -> GeminiChatModel:
    return GeminiChatModel(api_key=KEY, model=model, base_url="http://127.0.0.1:9", **kwargs)


def test_the_key_is_not_in_the_repr():
    model = build("gemini-2.5-flash")
    try:
        assert KEY not in repr(model) and KEY not in str(vars(model).get("model_name"))
        assert model.model_name == "gemini-2.5-flash"
    finally:
        model.close()


def test_a_name_that_is_not_a_model_name_is_never_echoed():
    model = build(KEY)  # a key pasted into GEMINI_MODEL
    try:
        assert model.model_name == INVALID_MODEL_NAME
        assert KEY not in repr(model)
    finally:
        model.close()


# --- what the client is built with ----------------------------------------------------


def test_the_default_temperature_is_sent_to_a_family_that_honours_it(
    gemini_server: FakeGeminiServer,
) -> None:
    gemini_server.reply_with_draft(WORKED_DRAFT)
    model = GeminiChatModel(
        api_key=KEY,
        model="gemini-2.5-flash-lite",
        base_url=gemini_server.base_url,
        timeout_seconds=PATIENT_TIMEOUT,
    )
    try:
        model(PROMPT)
    finally:
        model.close()
    assert gemini_server.last.body["generationConfig"]["temperature"] == pytest.approx(0.1)


def sent_by(monkeypatch: pytest.MonkeyPatch, **kwargs: Any) -> httpx2.Request:
    """The one HTTP request a call sends, answered by a fake transport (nothing leaves
    the machine and nothing waits, so no timeout is met on a slow machine)."""
    sent: list[httpx2.Request] = []
    body = json.dumps(candidate_response(text=json.dumps(WORKED_DRAFT))).encode()

    def answer(self: httpx2.Client, request: httpx2.Request, **kw: Any) -> httpx2.Response:
        sent.append(request)
        return httpx2.Response(
            200, content=body, headers={"content-type": "application/json"}, request=request
        )

    monkeypatch.setattr(httpx2.Client, "send", answer)
    model = GeminiChatModel(api_key=KEY, model="gemini-3.5-flash-lite", **kwargs)
    try:
        assert isinstance(model(PROMPT).parsed, Draft)
    finally:
        model.close()
    [request] = sent
    return request


def test_without_a_base_url_requests_go_to_google(monkeypatch: pytest.MonkeyPatch) -> None:
    """An empty GEMINI_BASE_URL means the SDK's own endpoint."""
    url = str(sent_by(monkeypatch).url)
    assert url.split("/v1")[0] == "https://generativelanguage.googleapis.com"


def test_the_timeout_reaches_the_sdk_in_seconds_as_set(monkeypatch: pytest.MonkeyPatch) -> None:
    """The SDK takes milliseconds and tells Google the deadline in whole seconds (rounded
    up) in X-Server-Timeout: 30 s by default, and any setting as given."""
    assert sent_by(monkeypatch).headers["x-server-timeout"] == "30"
    assert sent_by(monkeypatch, timeout_seconds=2.5).headers["x-server-timeout"] == "3"


def test_automatic_function_calling_is_off_for_calls_and_streams(
    gemini_server: FakeGeminiServer,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No tools are sent, and the SDK is told not to run any: it never enters its
    function-calling loop (which would announce itself in its log)."""
    caplog.set_level(logging.DEBUG, logger="google_genai")
    monkeypatch.setattr(gemini, "time", Clock())  # the stream's deadline: never by accident
    gemini_server.reply_with_draft(WORKED_DRAFT)
    model = GeminiChatModel(
        api_key=KEY, model="m", base_url=gemini_server.base_url, timeout_seconds=PATIENT_TIMEOUT
    )
    try:
        model(PROMPT)
        gemini_server.reply_streaming(WORKED_DRAFT)
        assert isinstance(list(model.stream(PROMPT))[-1], ChatResponse)
    finally:
        model.close()
    assert len(gemini_server.requests) == 2
    assert not [r for r in caplog.records if "AFC" in r.getMessage()]


def test_a_thinking_setting_out_of_range_is_said_once_with_what_is_used(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.WARNING, logger="explain.llm.gemini")
    for thinking in (None, "low", "lots"):
        build("gemini-3.5-flash-lite", thinking=thinking).close()
    assert [r.getMessage() for r in caplog.records if r.name == "explain.llm.gemini"] == [
        "EXPLAIN_THINKING is out of range for Gemini 3.x Flash-Lite; requests use MINIMAL"
    ]


# --- the request config ----------------------------------------------------------------


def test_a_prompt_without_a_schema_asks_for_text_and_gets_it(
    gemini_server: FakeGeminiServer,
) -> None:
    """The same instruction with and without a schema: two configs, whichever comes
    first; without one, no JSON is asked for and the answer's text is the answer."""
    plain = ChatPrompt(system=PROMPT.system, user="u")
    model = GeminiChatModel(
        api_key=KEY, model="m", base_url=gemini_server.base_url, timeout_seconds=PATIENT_TIMEOUT
    )
    try:
        gemini_server.reply_with_candidate_text("Java, three years.")
        first = model(plain)
        gemini_server.reply_with_draft(WORKED_DRAFT)
        model(PROMPT)
        gemini_server.reply_with_candidate_text("Java, three years.")
        again = model(plain)
    finally:
        model.close()
    configs = [r.body["generationConfig"] for r in gemini_server.requests]
    assert ["responseSchema" in c for c in configs] == [False, True, False]
    assert ["responseMimeType" in c for c in configs] == [False, True, False]
    usage = TokenUsage(prompt=321, output=87, thoughts=12, total=420)
    assert first == ChatResponse(text="Java, three years.", usage=usage, model="m")
    assert again == first


def test_each_call_gets_its_own_copy_of_the_schema() -> None:
    """The SDK rewrites the schema it is given: a config handed out is never the model's
    own, and two calls never share a schema dict."""
    model = build("m")
    try:
        first, second = model._request_config(PROMPT), model._request_config(PROMPT)
    finally:
        model.close()
    assert first.response_schema == second.response_schema == response_schema(Draft)
    assert first.response_schema is not second.response_schema
    assert isinstance(first.response_schema, dict)
    first.response_schema["properties"]["matches"]["items"]["type"] = "REWRITTEN"
    assert second.response_schema == response_schema(Draft)


def test_the_schema_is_generated_once_per_class_not_per_call() -> None:
    """pydantic's schema generation costs more CPU than the rest of the request building:
    it runs once per schema class, and every call gets a copy of that one result."""
    generated: list[str] = []

    class Counted(BaseModel):
        term: str

        @classmethod
        def model_json_schema(cls, *args: Any, **kwargs: Any) -> dict[str, Any]:
            generated.append(cls.__name__)
            return super().model_json_schema(*args, **kwargs)

    first, second = response_schema(Counted), response_schema(Counted)
    assert generated == ["Counted"]
    assert first == second
    assert first is not second


def patient(server: FakeGeminiServer) -> GeminiChatModel:
    return GeminiChatModel(
        api_key=KEY,
        model="gemini-3.5-flash-lite",
        base_url=server.base_url,
        timeout_seconds=PATIENT_TIMEOUT,
    )


def test_a_call_is_the_sdks_public_generate_content_with_the_models_one_config(
    gemini_server: FakeGeminiServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One public call per explanation, with a copy of the config built with the model:
    the prompt's instruction and schema are the only things added."""
    gemini_server.reply_with_draft(WORKED_DRAFT)
    model = patient(gemini_server)
    calls: list[dict[str, Any]] = []
    public = model._client.models.generate_content

    def recording(**kwargs: Any) -> Any:
        calls.append(kwargs)
        return public(**kwargs)

    monkeypatch.setattr(model._client.models, "generate_content", recording)
    try:
        assert isinstance(model(PROMPT).parsed, Draft)
    finally:
        model.close()
    [call] = calls
    assert call["model"] == "gemini-3.5-flash-lite" and call["contents"] == PROMPT.user
    config = call["config"]
    assert config is not model._config
    assert config.system_instruction == PROMPT.system
    assert config.automatic_continuation is False
    assert config.thinking_config == model._config.thinking_config
    [request] = gemini_server.requests
    assert request.path == "/v1/models/gemini-3.5-flash-lite:generateContent"


# --- what is logged, in our words -------------------------------------------------------


def test_a_name_that_is_not_a_model_name_is_refused_in_our_words(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.WARNING, logger="explain.llm.gemini")
    model = build("gemini 3.5")
    errors = []
    try:
        for attempt in (model, lambda p: list(model.stream(p))):
            with pytest.raises(ModelUnavailable) as caught:
                attempt(PROMPT)
            errors.append(caught.value.detail)
    finally:
        model.close()
    assert errors == ["GEMINI_MODEL is not a model name"] * 2
    expected = (
        "Gemini call not made: model_unavailable (GEMINI_MODEL is not a model name; "
        "set GEMINI_MODEL to e.g. gemini-3.5-flash-lite)"
    )
    assert [r.getMessage() for r in caplog.records] == [expected, expected]


@pytest.mark.parametrize(
    ("status", "message"),
    [
        (
            404,
            "Gemini call failed: model_unavailable (provider answered HTTP 404); the provider "
            "does not serve model gemini-3.5-flash-lite: change the GEMINI_MODEL setting "
            "(see docs/providers.md)",
        ),
        (500, "Gemini call failed: provider_error (provider answered HTTP 500)"),
    ],
)
def test_a_failed_call_is_one_warning_in_our_words(
    gemini_server: FakeGeminiServer, caplog: pytest.LogCaptureFixture, status: int, message: str
) -> None:
    caplog.set_level(logging.WARNING, logger="explain.llm.gemini")
    gemini_server.reply_with_error(status)
    model = GeminiChatModel(
        api_key=KEY,
        model="gemini-3.5-flash-lite",
        base_url=gemini_server.base_url,
        timeout_seconds=PATIENT_TIMEOUT,
    )
    try:
        with pytest.raises(ModelCallError):
            model(PROMPT)
    finally:
        model.close()
    assert [r.getMessage() for r in caplog.records if r.name == "explain.llm.gemini"] == [message]


def test_every_property_is_required_whatever_pydantic_says() -> None:
    """A field with a default is optional to pydantic; the schema sent requires it too,
    so the model always writes every key (a missing one is a wrong answer)."""

    class Pair(BaseModel):
        name: str
        note: str = ""

    assert Pair.model_json_schema()["required"] == ["name"]
    assert response_schema(Pair) == {
        "properties": {"name": {"type": "string"}, "note": {"type": "string"}},
        "required": ["name", "note"],
        "propertyOrdering": ["name", "note"],
        "type": "object",
    }


def test_the_schema_sent_names_properties_by_alias_whatever_the_model_config() -> None:
    """The schema sent names properties by their JSON names (aliases, e.g. profileQuote),
    as response_schema promises, whatever the model's config says about validation."""

    class Quoted(BaseModel):
        model_config = ConfigDict(validate_by_alias=False, validate_by_name=True)
        profile_quote: str = Field(alias="profileQuote")

    assert list(response_schema(Quoted)["properties"]) == ["profileQuote"]


def test_a_schema_two_references_deep_is_inlined_all_the_way() -> None:
    class Inner(BaseModel):
        word: str

    class Middle(BaseModel):
        inner: list[Inner]

    class Outer(BaseModel):
        middle: list[Middle]

    inner = {
        "properties": {"word": {"type": "string"}},
        "required": ["word"],
        "propertyOrdering": ["word"],
        "type": "object",
    }
    middle = {
        "properties": {"inner": {"items": inner, "type": "array"}},
        "required": ["inner"],
        "propertyOrdering": ["inner"],
        "type": "object",
    }
    assert response_schema(Outer)["properties"]["middle"]["items"] == middle
