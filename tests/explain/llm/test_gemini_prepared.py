"""The request converted once: the same bytes on the wire, the same answers read back.

Each test runs the provider's prepared call and the SDK's public generate_content (same
model, same config) against the fake Gemini server, and compares what the server received
and what the caller got.
"""

from __future__ import annotations

import copy
import json
import threading
from pathlib import Path
from typing import Any

import pytest
from google.genai import errors as genai_errors
from google.genai import types

from explain.llm import gemini_prepared
from explain.llm.client import ChatPrompt, ChatResponse
from explain.llm.errors import ExplainError
from explain.llm.gemini import GeminiChatModel
from explain.prompt import SYSTEM_INSTRUCTION, build_user_message
from explain.schema import Draft
from support.fake_gemini import FakeGeminiServer
from tests.conftest import WORKED_DRAFT
from tests.fakes.fixtures import CANARY_KEY, PATIENT_TIMEOUT

SHAPES = Path(__file__).resolve().parents[3] / "support" / "gemini_shapes"
MODEL = "gemini-3.5-flash-lite"
USER = build_user_message("Skills: Python (5 years), Django", "Build Django services in Python")
PROMPT = ChatPrompt(system=SYSTEM_INSTRUCTION, user=USER, output_schema=Draft)


def provider(server: FakeGeminiServer, **kw: Any) -> GeminiChatModel:
    kw.setdefault("timeout_seconds", PATIENT_TIMEOUT)
    return GeminiChatModel(api_key=CANARY_KEY, model=MODEL, base_url=server.base_url, **kw)


def public_call(model: GeminiChatModel, user: str = USER) -> Any:
    """What the SDK's public call returns for the provider's own request config."""
    prompt = ChatPrompt(system=PROMPT.system, user=user, output_schema=Draft)
    return model._client.models.generate_content(
        model=model.model_name, contents=user, config=model._one_attempt(prompt)
    )


def prepared_call(model: GeminiChatModel, user: str = USER) -> Any:
    prompt = ChatPrompt(system=PROMPT.system, user=user, output_schema=Draft)
    prepared = model._request(prompt)
    assert prepared is not None, "the installed SDK should take the prepared path"
    return prepared.send(user)


def test_the_prepared_request_is_the_public_one_byte_for_byte(gemini_server):
    gemini_server.reply_with_draft(WORKED_DRAFT)
    model = provider(gemini_server, thinking="LOW")
    public_call(model)
    prepared_call(model)
    public, prepared = gemini_server.requests
    assert prepared.path == public.path
    assert prepared.raw_body == public.raw_body
    assert prepared.headers == public.headers
    assert prepared.body["contents"] == [{"parts": [{"text": USER}], "role": "user"}]
    assert "systemInstruction" in prepared.body and "generationConfig" in prepared.body


def test_each_call_sends_its_own_text_and_leaves_the_prepared_body_alone(gemini_server):
    gemini_server.reply_with_draft(WORKED_DRAFT)
    model = provider(gemini_server)
    request = model._request(PROMPT)
    assert request is not None
    before = copy.deepcopy(request.body)
    texts = [f"CANDIDATE PROFILE:\nSkill number {i}" for i in range(8)]
    threads = [threading.Thread(target=request.send, args=(text,)) for text in texts]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    sent = sorted(r.body["contents"][0]["parts"][0]["text"] for r in gemini_server.requests)
    assert sent == sorted(texts)
    assert request.body == before
    assert model._request(PROMPT) is request  # converted once, then reused


def test_a_text_that_holds_the_marker_is_sent_as_it_is(gemini_server):
    gemini_server.reply_with_draft(WORKED_DRAFT)
    model = provider(gemini_server)
    odd = f"CANDIDATE PROFILE:\n{gemini_prepared._MARK} and more"
    prepared_call(model, odd)
    assert gemini_server.requests[0].body["contents"][0]["parts"][0]["text"] == odd


@pytest.mark.parametrize("shape", sorted(p.stem for p in SHAPES.glob("*.json")))
def test_every_published_answer_reads_back_as_the_public_call_reads_it(gemini_server, shape):
    body = (SHAPES / f"{shape}.json").read_bytes()
    status = int(shape.removeprefix("error_")) if shape.startswith("error_") else 200
    gemini_server.reply_with_raw(body, status=status, content_type="application/json")
    model = provider(gemini_server)
    outcomes = []
    for call in (public_call, prepared_call):
        try:
            answer = call(model)
        except genai_errors.APIError as exc:
            outcomes.append(("error", type(exc), exc.code))
        else:
            outcomes.append(("answer", answer.model_dump(exclude={"sdk_http_response"})))
    assert outcomes[0] == outcomes[1]
    assert (outcomes[0][0] == "error") == (status != 200)


def test_the_provider_answers_through_the_prepared_request(gemini_server):
    gemini_server.reply_with_draft(WORKED_DRAFT)
    answer = provider(gemini_server)(PROMPT)
    assert isinstance(answer, ChatResponse)
    assert answer.parsed == Draft.model_validate(WORKED_DRAFT)
    assert len(gemini_server.requests) == 1


def test_without_the_sdk_helpers_the_public_call_is_made(gemini_server, monkeypatch):
    """An SDK release without the private converters: same request, public path."""
    gemini_server.reply_with_draft(WORKED_DRAFT)
    model = provider(gemini_server)
    model(PROMPT)
    monkeypatch.setattr(gemini_prepared, "_TO_WIRE", None)
    assert gemini_prepared.prepare(model._client, MODEL, model._one_attempt(PROMPT)) is None
    public_model = provider(gemini_server)
    answer = public_model(PROMPT)
    assert isinstance(answer, ChatResponse)
    assert public_model._request(PROMPT) is None
    prepared, public = gemini_server.requests
    assert prepared.raw_body == public.raw_body


def test_per_request_http_options_take_the_public_call(gemini_server):
    model = provider(gemini_server)
    config = model._one_attempt(PROMPT).model_copy(
        update={"http_options": types.HttpOptions(timeout=5000)}
    )
    assert gemini_prepared.prepare(model._client, MODEL, config) is None


def test_failures_through_the_prepared_request_are_ours(gemini_server):
    gemini_server.reply_with_error(503)
    with pytest.raises(ExplainError) as caught:
        provider(gemini_server)(PROMPT)
    assert caught.value.outcome == "provider_error"
    assert caught.value.__context__ is None and caught.value.__cause__ is None
    assert CANARY_KEY not in json.dumps(caught.value.detail)


def test_the_prepared_answer_keeps_the_http_headers_as_the_public_one_does(gemini_server):
    gemini_server.reply_with_draft(WORKED_DRAFT)
    model = provider(gemini_server)
    public, prepared = public_call(model), prepared_call(model)
    assert prepared.sdk_http_response is not None
    assert prepared.sdk_http_response.headers is not None
    assert (
        prepared.sdk_http_response.headers["content-type"]
        == public.sdk_http_response.headers["content-type"]
    )


def test_an_empty_answer_body_fails_as_the_public_call_fails(gemini_server, monkeypatch):
    gemini_server.reply_with_raw(b"", status=200, content_type="application/json")
    failures = []
    for helpers in (gemini_prepared._TO_WIRE, None):
        monkeypatch.setattr(gemini_prepared, "_TO_WIRE", helpers)
        with pytest.raises(ExplainError) as caught:
            provider(gemini_server)(PROMPT)
        failures.append((type(caught.value), caught.value.detail))
    assert failures[0] == failures[1]
    assert failures[0][1] == "no candidates"


class _Stub:
    """An object holding only the given attributes (a client of another shape)."""

    def __init__(self, **attributes: Any) -> None:
        self.__dict__.update(attributes)


@pytest.mark.parametrize(
    "client",
    [
        pytest.param(object(), id="no models API"),
        pytest.param(_Stub(models=object()), id="no API client"),
        pytest.param(_Stub(models=_Stub(_api_client=_Stub())), id="API client of unknown kind"),
        pytest.param(_Stub(models=_Stub(_api_client=_Stub(vertexai=True))), id="Vertex AI"),
    ],
)
def test_a_client_it_does_not_know_takes_the_public_call(gemini_server, client):
    config = provider(gemini_server)._one_attempt(PROMPT)
    assert gemini_prepared.prepare(client, MODEL, config) is None


def test_the_marker_is_counted_and_replaced_wherever_it_stands():
    mark = gemini_prepared._MARK
    body = {"contents": [{"parts": [{"text": mark}], "role": "user"}], "n": 1, "s": "x"}
    assert gemini_prepared._marks(body) == 1
    assert gemini_prepared._marks({"a": [mark, {"b": mark}]}) == 2
    assert gemini_prepared._marks({"a": ["x", 1, None]}) == 0
    assert gemini_prepared._marks(mark) == 1
    replaced = gemini_prepared._with_text(body, "hello")
    assert replaced == {
        "contents": [{"parts": [{"text": "hello"}], "role": "user"}],
        "n": 1,
        "s": "x",
    }
    assert body["contents"][0]["parts"][0]["text"] == mark  # the original is untouched


def test_helpers_that_fail_or_give_another_shape_take_the_public_call(gemini_server, monkeypatch):
    model = provider(gemini_server)
    config = model._one_attempt(PROMPT)

    def refuses(*args: Any) -> dict[str, Any]:
        raise TypeError("another signature")

    monkeypatch.setattr(gemini_prepared, "_TO_WIRE", refuses)
    assert gemini_prepared.prepare(model._client, MODEL, config) is None
    monkeypatch.setattr(gemini_prepared, "_TO_WIRE", lambda *args: {"contents": []})
    assert gemini_prepared.prepare(model._client, MODEL, config) is None
    monkeypatch.setattr(
        gemini_prepared, "_TO_WIRE", lambda *args: {"_url": {"model": "models/m"}, "contents": []}
    )
    assert gemini_prepared.prepare(model._client, MODEL, config) is None  # no marker


def test_the_path_names_the_model(gemini_server):
    request = provider(gemini_server)._request(PROMPT)
    assert request is not None
    assert request.path == f"models/{MODEL}:generateContent"
