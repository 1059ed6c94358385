"""GeminiChatModel.stream against the fake server, without the views in between."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest

from explain.llm.client import ChatPrompt, ChatResponse
from explain.llm.errors import ProviderTimeout
from explain.llm.gemini import GeminiChatModel
from explain.schema import Draft
from support.fake_gemini import FakeGeminiServer
from tests.conftest import WORKED_DRAFT
from tests.fakes.fixtures import CANARY_KEY

PROMPT = ChatPrompt(system="Answer in JSON.", user="CANDIDATE PROFILE:\nJava", output_schema=Draft)


@pytest.fixture
def model(gemini_server: FakeGeminiServer) -> Iterator[GeminiChatModel]:
    built = GeminiChatModel(
        api_key=CANARY_KEY,
        model="gemini-3.5-flash-lite",
        base_url=gemini_server.base_url,
        timeout_seconds=0.6,
    )
    yield built
    built.close()


def test_a_stream_sends_what_a_whole_call_sends_and_ends_with_the_answer(
    model: GeminiChatModel, gemini_server: FakeGeminiServer
) -> None:
    gemini_server.reply_with_draft(WORKED_DRAFT)
    model(PROMPT)
    whole = gemini_server.last
    gemini_server.reply_streaming(WORKED_DRAFT, tokens_per_chunk=3)
    items = list(model.stream(PROMPT))
    streamed = gemini_server.last

    assert streamed.path.endswith("/models/gemini-3.5-flash-lite:streamGenerateContent?alt=sse")
    assert streamed.body["contents"][0]["parts"][0]["text"] == PROMPT.user
    assert streamed.body["generationConfig"] == whole.body["generationConfig"]
    assert streamed.body["systemInstruction"] == whole.body["systemInstruction"]
    assert len(gemini_server.requests) == 2  # one each: no continuation request

    *pieces, answer = items
    assert len(pieces) > 3 and all(isinstance(p, str) and p for p in pieces)
    assert "".join(pieces) == json.dumps(WORKED_DRAFT)
    assert isinstance(answer, ChatResponse)
    assert answer.text == json.dumps(WORKED_DRAFT)
    assert answer.parsed == Draft.model_validate(WORKED_DRAFT)
    assert answer.model == "gemini-3.5-flash-lite"


def test_an_answer_slower_than_the_timeout_in_all_is_a_timeout(
    model: GeminiChatModel, gemini_server: FakeGeminiServer, caplog: pytest.LogCaptureFixture
) -> None:
    # Each piece comes well within the timeout; the whole answer does not.
    gemini_server.reply_streaming(WORKED_DRAFT, tokens_per_chunk=2, tokens_per_second=20)
    caplog.set_level(logging.WARNING, logger="explain.llm.gemini")
    stream = model.stream(PROMPT)
    with pytest.raises(ProviderTimeout) as caught:
        for _ in stream:
            pass
    assert str(caught.value) == "the answer was not finished before the timeout"
    assert caught.value.outcome == "timeout"
    [record] = [r for r in caplog.records if r.name == "explain.llm.gemini"]
    assert record.getMessage() == (
        "Gemini stream failed: timeout (the answer was not finished before the timeout)"
    )


class Chunks:
    """What the SDK's generate_content_stream hands back: an iterator that can be closed."""

    def __init__(self, chunks: list[Any]) -> None:
        self.chunks = iter(chunks)
        self.closed = False

    def __iter__(self) -> Chunks:
        return self

    def __next__(self) -> Any:
        return next(self.chunks)

    def close(self) -> None:
        self.closed = True


def _chunk(parts: list[dict[str, Any]], finish: str | None = None) -> Any:
    from google.genai import types

    candidate: dict[str, Any] = {"content": {"role": "model", "parts": parts}}
    if finish:
        candidate["finish_reason"] = finish
    return types.GenerateContentResponse.model_validate(
        {"candidates": [candidate], "usage_metadata": {"total_token_count": 7}}
    )


def test_thoughts_are_no_answer_text_and_pieces_join_as_written(
    model: GeminiChatModel, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = json.dumps({"matches": [], "gaps": []})
    chunks = Chunks(
        [
            _chunk([{"text": "Let me think.", "thought": True}]),
            _chunk([{"text": text[:5]}, {"text": text[5:12]}]),
            _chunk([{"text": ""}]),
            _chunk([{"text": text[12:]}], finish="STOP"),
        ]
    )
    monkeypatch.setattr(model._client.models, "generate_content_stream", lambda **kw: chunks)
    items = list(model.stream(PROMPT))
    assert len(items) == 3
    assert items[0] == text[:12]
    assert items[1] == text[12:]
    answer = items[2]
    assert isinstance(answer, ChatResponse)
    assert answer.text == text
    assert answer.usage.total == 7
    assert chunks.closed


def test_leaving_a_stream_early_closes_the_request(
    model: GeminiChatModel, monkeypatch: pytest.MonkeyPatch
) -> None:
    chunks = Chunks([_chunk([{"text": '{"matches": '}]), _chunk([{"text": "[]}"}])])
    monkeypatch.setattr(model._client.models, "generate_content_stream", lambda **kw: chunks)
    stream = model.stream(PROMPT)
    assert next(stream) == '{"matches": '
    stream.close()
    assert chunks.closed


def test_a_stream_with_no_chunk_at_all_is_no_answer(
    model: GeminiChatModel, monkeypatch: pytest.MonkeyPatch
) -> None:
    chunks = Chunks([])
    monkeypatch.setattr(model._client.models, "generate_content_stream", lambda **kw: chunks)
    with pytest.raises(Exception) as caught:
        list(model.stream(PROMPT))
    assert getattr(caught.value, "outcome", None) == "invalid_response"
    assert chunks.closed
