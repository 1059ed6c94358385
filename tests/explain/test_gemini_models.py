"""Gemini as Google serves it from 1 December 2026, through the real SDK and the fake.

The fake behaves like 3.x (support/fake_gemini.py); each behaviour is shown here through
google-genai itself, then through our provider, whose request is pinned byte for byte.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from google import genai
from google.genai import errors as genai_errors
from google.genai import types

from explain.core.schema import Draft
from explain.llm.client import ChatPrompt
from explain.llm.errors import InvalidResponse, ModelUnavailable
from explain.llm.gemini import INVALID_MODEL_NAME, GeminiChatModel, response_schema
from support.fake_gemini import FakeGeminiServer
from tests.conftest import WORKED_DRAFT
from tests.fakes.fixtures import CANARY_KEY, PATIENT_TIMEOUT
from tools.bench.one_call_prompt import SYSTEM_INSTRUCTION

PROMPT = ChatPrompt(system=SYSTEM_INSTRUCTION, user="CANDIDATE PROFILE:\nJava", output_schema=Draft)


@pytest.fixture
def sdk(gemini_server: FakeGeminiServer) -> Iterator[Any]:
    """The SDK's own models API, pointed at the fake (the client kept open meanwhile)."""
    client = genai.Client(
        api_key=CANARY_KEY, http_options=types.HttpOptions(base_url=gemini_server.base_url)
    )
    yield client.models
    client.close()


def provider(server: FakeGeminiServer, model: str = "gemini-3.5-flash-lite", **kw: Any) -> Any:
    kw.setdefault("timeout_seconds", PATIENT_TIMEOUT)
    return GeminiChatModel(api_key=CANARY_KEY, model=model, base_url=server.base_url, **kw)


# --- the fake, through the SDK alone ---------------------------------------------------


def test_the_fake_reports_thought_tokens(gemini_server, sdk):
    gemini_server.reply_with_draft(WORKED_DRAFT)
    config = types.GenerateContentConfig(
        max_output_tokens=4096, thinking_config=types.ThinkingConfig(thinking_level="LOW")
    )
    answer = sdk.generate_content(model="gemini-3.5-flash-lite", contents="u", config=config)
    assert answer.usage_metadata is not None
    assert answer.usage_metadata.thoughts_token_count == 600
    assert answer.candidates and answer.candidates[0].finish_reason == types.FinishReason.STOP


def test_unbounded_thinking_eats_max_output_tokens_and_ends_in_max_tokens(gemini_server, sdk):
    """The old request (2,048 tokens, no thinking config) on a model that thinks freely."""
    gemini_server.reply_with_draft(WORKED_DRAFT)
    answer = sdk.generate_content(
        model="gemini-3.8-flash",
        contents="u",
        config=types.GenerateContentConfig(max_output_tokens=2048),
    )
    assert answer.candidates
    assert answer.candidates[0].finish_reason == types.FinishReason.MAX_TOKENS
    assert answer.text is None
    assert answer.usage_metadata is not None
    assert answer.usage_metadata.thoughts_token_count == 2048


def test_the_fake_answers_404_not_found_for_a_retired_model(gemini_server, sdk):
    gemini_server.reply_with_draft(WORKED_DRAFT)
    with pytest.raises(genai_errors.ClientError) as caught:
        sdk.generate_content(model="gemini-2.5-flash", contents="u")
    assert (caught.value.code, caught.value.status) == (404, "NOT_FOUND")


def test_the_fake_answers_400_when_both_thinking_parameters_are_sent(gemini_server, sdk):
    gemini_server.reply_with_draft(WORKED_DRAFT)
    both = types.ThinkingConfig(thinking_level="MINIMAL", thinking_budget=0)
    with pytest.raises(genai_errors.ClientError) as caught:
        sdk.generate_content(
            model="gemini-3.5-flash-lite",
            contents="u",
            config=types.GenerateContentConfig(thinking_config=both),
        )
    assert (caught.value.code, caught.value.status) == (400, "INVALID_ARGUMENT")


def test_the_fake_refuses_penalties_on_flash_lite_3(gemini_server, sdk):
    gemini_server.reply_with_draft(WORKED_DRAFT)
    with pytest.raises(genai_errors.ClientError) as caught:
        sdk.generate_content(
            model="gemini-3.5-flash-lite",
            contents="u",
            config=types.GenerateContentConfig(presence_penalty=0.5),
        )
    assert caught.value.code == 400


# --- our provider against it -----------------------------------------------------------

# The model's reading of each quote (optional when parsed, asked for in the schema).
PROFILE_READING = (
    "What profileQuote says of the term: one of states, absent, wished, someone_else, past."
)
JOB_READING = (
    "What jobQuote says of the term: one of required, optional, not_needed, offered, "
    "other_role, about_company."
)
PINNED_CLAIM = {
    "description": "One requirement or skill with the words it rests on, copied from each text.",
    "properties": {
        "term": {
            "description": "The requirement or skill the claim is about: 1 to 4 words copied "
            "from jobQuote (and, for a match, also in profileQuote).",
            "type": "STRING",
        },
        "profileQuote": {
            "description": "Words copied exactly from the CANDIDATE PROFILE.",
            "type": "STRING",
        },
        "jobQuote": {"description": "Words copied exactly from the JOB POSTING.", "type": "STRING"},
        "profileReading": {"description": PROFILE_READING, "type": "STRING"},
        "jobReading": {"description": JOB_READING, "type": "STRING"},
    },
    "property_ordering": ["term", "profileQuote", "jobQuote", "profileReading", "jobReading"],
    "required": ["term", "profileQuote", "jobQuote", "profileReading", "jobReading"],
    "type": "OBJECT",
}
PINNED_GAP = {  # no profileQuote: a gap has nothing to copy from the profile
    "description": "A requirement of the job that the profile does not show, with the job's words.",
    "properties": {
        "term": {
            "description": "The requirement or skill the job asks for: 1 to 4 words copied "
            "from jobQuote.",
            "type": "STRING",
        },
        "jobQuote": {"description": "Words copied exactly from the JOB POSTING.", "type": "STRING"},
        "jobReading": {"description": JOB_READING, "type": "STRING"},
    },
    "property_ordering": ["term", "jobQuote", "jobReading"],
    "required": ["term", "jobQuote", "jobReading"],
    "type": "OBJECT",
}
PINNED_BODY = {
    "contents": [{"parts": [{"text": "CANDIDATE PROFILE:\nJava"}], "role": "user"}],
    "systemInstruction": {"parts": [{"text": SYSTEM_INSTRUCTION}], "role": "user"},
    "generationConfig": {
        "candidateCount": 1,
        "maxOutputTokens": 3072,
        "responseMimeType": "application/json",
        "responseSchema": {
            "description": "What the model proposes; nothing in it is shown before verification.",
            "properties": {
                "matches": {"items": PINNED_CLAIM, "type": "ARRAY"},
                "gaps": {"items": PINNED_GAP, "type": "ARRAY"},
            },
            "property_ordering": ["matches", "gaps"],
            "required": ["matches", "gaps"],
            "type": "OBJECT",
        },
        "thinkingConfig": {"thinking_level": "MINIMAL"},
    },
}


def test_the_request_body_for_the_default_model_is_exactly_this(gemini_server):
    """No temperature (3.5 Flash-Lite ignores it), minimal thinking, room for thoughts,
    and a schema of type, properties, required, description and ordering only: no
    pydantic `title` or `default`, no `$defs`."""
    gemini_server.reply_with_draft(WORKED_DRAFT)
    model = provider(gemini_server)
    try:
        answer = model(PROMPT)
    finally:
        model.close()
    assert isinstance(answer.parsed, Draft)
    assert gemini_server.last.body == PINNED_BODY
    assert gemini_server.last.path == "/v1/models/gemini-3.5-flash-lite:generateContent"
    raw = gemini_server.last.raw_body.decode()
    for absent in ('"title"', '"default"', "$defs", "$ref", "temperature", "thinking_budget"):
        assert absent not in raw


def test_the_schema_sent_keeps_only_what_the_task_needs():
    allowed = {"type", "properties", "required", "description", "items", "propertyOrdering"}

    def walk(node: Any) -> None:
        assert set(node) <= allowed, set(node) - allowed
        for child in node.get("properties", {}).values():
            walk(child)
        if "items" in node:
            walk(node["items"])

    walk(response_schema(Draft))


def test_a_2_5_model_gets_a_thinking_budget_and_temperature(gemini_server):
    gemini_server.reply_with_draft(WORKED_DRAFT)
    model = provider(gemini_server, "gemini-2.5-flash-lite", temperature=0.2)
    try:
        model(PROMPT)
    finally:
        model.close()
    config = gemini_server.last.body["generationConfig"]
    assert config["thinkingConfig"] == {"thinking_budget": 0}
    assert config["temperature"] == pytest.approx(0.2)
    assert config["maxOutputTokens"] == 2048


def test_thinking_high_gets_the_room_it_needs_and_the_answer_arrives(gemini_server):
    gemini_server.reply_with_draft(WORKED_DRAFT)
    model = provider(gemini_server, thinking="high")
    try:
        answer = model(PROMPT)
    finally:
        model.close()
    assert isinstance(answer.parsed, Draft)
    assert answer.usage.thoughts == 8000
    assert gemini_server.last.body["generationConfig"]["thinkingConfig"] == {
        "thinking_level": "HIGH"
    }


def test_a_bound_with_no_room_for_thoughts_is_a_cut_answer_not_a_crash(gemini_server):
    gemini_server.reply_with_draft(WORKED_DRAFT)
    model = provider(gemini_server, thinking="HIGH", max_output_tokens=2048)
    try:
        with pytest.raises(InvalidResponse) as caught:
            model(PROMPT)
    finally:
        model.close()
    assert caught.value.detail == "answer cut at the output limit"
    assert caught.value.usage is not None and caught.value.usage.thoughts == 2048


def test_a_retired_model_is_model_unavailable(gemini_server, caplog):
    gemini_server.reply_with_draft(WORKED_DRAFT)
    model = provider(gemini_server, "gemini-2.5-flash")
    try:
        with pytest.raises(ModelUnavailable):
            model(PROMPT)
    finally:
        model.close()
    assert "GEMINI_MODEL" in caplog.text  # the log names the setting to change
    assert "not found for API version" not in caplog.text  # and not the provider's words


@pytest.mark.parametrize("name", ["gemini 3.5 flash", "models/../x", "gémini-3", CANARY_KEY, "a/b"])
def test_a_model_name_that_is_not_one_is_never_sent_nor_echoed(gemini_server, caplog, name):
    model = provider(gemini_server, name)
    try:
        with pytest.raises(ModelUnavailable):
            model(PROMPT)
    finally:
        model.close()
    assert gemini_server.requests == []
    assert model.model_name == INVALID_MODEL_NAME
    assert name not in caplog.text and CANARY_KEY not in caplog.text
    assert "GEMINI_MODEL" in caplog.text


def test_thoughts_only_is_an_invalid_response(gemini_server):
    gemini_server.reply_with_thoughts_only()
    model = provider(gemini_server)
    try:
        with pytest.raises(InvalidResponse) as caught:
            model(PROMPT)
    finally:
        model.close()
    assert caught.value.detail == "the answer held thoughts only"


def test_thought_parts_are_not_read_as_the_answer(gemini_server):
    answer = {
        "candidates": [
            {
                "content": {
                    "parts": [
                        {"text": "thinking about Java...", "thought": True},
                        {"text": json.dumps(WORKED_DRAFT)},
                    ],
                    "role": "model",
                },
                "finishReason": "STOP",
            }
        ]
    }
    gemini_server.reply_with_json(answer)
    model = provider(gemini_server)
    try:
        parsed = model(PROMPT).parsed
    finally:
        model.close()
    assert isinstance(parsed, Draft) and len(parsed.matches) == 2
