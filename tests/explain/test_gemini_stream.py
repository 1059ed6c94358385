"""GeminiChatModel.stream against the fake server, without the views in between."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from explain.core.schema import Draft
from explain.llm import gemini
from explain.llm.client import ChatPrompt, ChatResponse, TokenUsage
from explain.llm.errors import InvalidResponse, ModelCallError, ProviderError, ProviderTimeout
from explain.llm.gemini import GeminiChatModel
from support.fake_gemini import FakeGeminiServer
from tests.conftest import WORKED_DRAFT
from tests.fakes.clock import Clock
from tests.fakes.fixtures import CANARY_KEY, PATIENT_TIMEOUT
from tests.fakes.http import httpx2

PROMPT = ChatPrompt(system="Answer in JSON.", user="CANDIDATE PROFILE:\nJava", output_schema=Draft)
# No test here meets it by accident on a loaded or paused machine: the tests of the
# whole-answer deadline move a fake clock instead of waiting.
TIMEOUT = PATIENT_TIMEOUT


@pytest.fixture
def model(gemini_server: FakeGeminiServer) -> Iterator[GeminiChatModel]:
    built = GeminiChatModel(
        api_key=CANARY_KEY,
        model="gemini-3.5-flash-lite",
        base_url=gemini_server.base_url,
        timeout_seconds=TIMEOUT,
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


@pytest.fixture(autouse=True)
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    """Every stream here runs on the fake clock (the SDK's own read timeout stays real)."""
    fake = Clock()
    monkeypatch.setattr(gemini, "time", fake)
    return fake


@dataclass(frozen=True)
class Later:
    """In a fake stream: this many seconds pass before the next item."""

    seconds: float


class Chunks:
    """What the SDK's generate_content_stream hands back: an iterator that can be closed.

    Items are chunks, exceptions (raised where they stand, as a broken connection is) and
    Later(seconds), which moves the fake clock. Reading on after the end is a provider
    that does not see the end: it fails the test at once.
    """

    def __init__(self, items: list[Any]) -> None:
        self.items = iter(items)
        self.closed = False
        self.ended = False

    def __iter__(self) -> Chunks:
        return self

    def __next__(self) -> Any:
        if self.ended:
            raise AssertionError("the stream was read again after its end")
        try:
            item = next(self.items)
            while isinstance(item, Later):
                clock = gemini.time
                assert isinstance(clock, Clock)
                clock.now += item.seconds
                item = next(self.items)
        except StopIteration:
            self.ended = True
            raise
        if isinstance(item, BaseException):
            raise item
        return item

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
    with pytest.raises(InvalidResponse) as caught:
        list(model.stream(PROMPT))
    assert (caught.value.detail, caught.value.usage) == ("no candidates", TokenUsage())
    assert chunks.closed


def streamed(
    model: GeminiChatModel, monkeypatch: pytest.MonkeyPatch, chunks: Iterable[Any]
) -> list[Any]:
    """Every item model.stream yields for these chunks."""
    monkeypatch.setattr(model._client.models, "generate_content_stream", lambda **kw: chunks)
    return list(model.stream(PROMPT))


TEXT = json.dumps({"matches": [], "gaps": []})
HEAD, TAIL = TEXT[:12], TEXT[12:]


def test_a_piece_that_comes_at_the_deadline_is_in_time(
    model: GeminiChatModel, monkeypatch: pytest.MonkeyPatch
) -> None:
    chunks = Chunks([_chunk([{"text": HEAD}]), Later(TIMEOUT), _chunk([{"text": TAIL}], "STOP")])
    *pieces, answer = streamed(model, monkeypatch, chunks)
    assert pieces == [HEAD, TAIL]
    assert isinstance(answer, ChatResponse) and answer.text == TEXT


def test_a_piece_after_the_deadline_ends_the_stream_as_a_timeout(
    model: GeminiChatModel, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Each piece may come in time for the SDK's read timeout while the whole answer does
    not: the timeout bounds the whole answer too."""
    caplog.set_level(logging.WARNING, logger="explain.llm.gemini")
    chunks = Chunks(
        [_chunk([{"text": HEAD}]), Later(TIMEOUT + 0.001), _chunk([{"text": TAIL}], "STOP")]
    )
    seen: list[Any] = []
    with pytest.raises(ProviderTimeout) as caught:
        seen.extend(model_stream(model, monkeypatch, chunks))
    assert seen == [HEAD]
    assert caught.value.detail == "the answer was not finished before the timeout"
    assert str(caught.value) == "the answer was not finished before the timeout"
    assert chunks.closed
    assert [r.getMessage() for r in caplog.records if r.name == "explain.llm.gemini"] == [
        "Gemini stream failed: timeout (the answer was not finished before the timeout)"
    ]


def model_stream(
    model: GeminiChatModel, monkeypatch: pytest.MonkeyPatch, chunks: Chunks
) -> Iterator[Any]:
    """model.stream over fake chunks, item by item (so a test sees what came before a raise)."""
    monkeypatch.setattr(model._client.models, "generate_content_stream", lambda **kw: chunks)
    yield from model.stream(PROMPT)


def test_the_end_of_a_stream_read_after_the_deadline_still_ends_it(
    model: GeminiChatModel, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The deadline is checked between pieces: an answer whose last piece came in time is
    whole, however late its end is read."""
    chunks = Chunks([_chunk([{"text": TEXT}], "STOP"), Later(2 * TIMEOUT)])
    *_, answer = streamed(model, monkeypatch, chunks)
    assert isinstance(answer, ChatResponse) and answer.text == TEXT


@pytest.mark.parametrize(
    ("failure", "expected"),
    [
        (httpx2.ReadError("reset"), (ProviderError, "transport failure (ReadError)")),
        (httpx2.ReadTimeout("slow"), (ProviderTimeout, "no answer before the timeout")),
    ],
)
def test_a_failure_mid_stream_is_mapped_even_past_the_deadline(
    model: GeminiChatModel,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    failure: Exception,
    expected: tuple[type, str],
) -> None:
    caplog.set_level(logging.WARNING, logger="explain.llm.gemini")
    chunks = Chunks([_chunk([{"text": HEAD}]), Later(2 * TIMEOUT), failure])
    with pytest.raises(ModelCallError) as caught:
        list(model_stream(model, monkeypatch, chunks))
    assert (type(caught.value), caught.value.detail) == expected
    assert chunks.closed
    [record] = [r for r in caplog.records if r.name == "explain.llm.gemini"]
    assert record.getMessage() == (
        f"Gemini stream failed: {caught.value.outcome} ({caught.value.detail})"
    )


def test_an_iterator_that_cannot_be_closed_is_read_to_the_end(
    model: GeminiChatModel, monkeypatch: pytest.MonkeyPatch
) -> None:
    *pieces, answer = streamed(
        model, monkeypatch, iter([_chunk([{"text": HEAD}]), _chunk([{"text": TAIL}], "STOP")])
    )
    assert pieces == [HEAD, TAIL]
    assert isinstance(answer, ChatResponse) and answer.text == TEXT


def test_chunks_without_candidates_or_content_add_nothing(
    model: GeminiChatModel, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Gemini may open a stream with a chunk of usage only and close it with a finish
    reason and no content: neither is a piece, and the answer is still whole."""
    from google.genai import types

    usage_only = types.GenerateContentResponse.model_validate(
        {"usage_metadata": {"prompt_token_count": 5}}
    )
    finish_only = types.GenerateContentResponse.model_validate(
        {"candidates": [{"finish_reason": "STOP"}], "usage_metadata": {"total_token_count": 9}}
    )
    chunks = Chunks([usage_only, _chunk([{"text": HEAD}]), _chunk([{"text": TAIL}]), finish_only])
    *pieces, answer = streamed(model, monkeypatch, chunks)
    assert pieces == [HEAD, TAIL]
    assert isinstance(answer, ChatResponse)
    assert (answer.text, answer.usage.total) == (TEXT, 9)


def test_a_stream_cut_for_continuation_is_not_resumed(
    model: GeminiChatModel, gemini_server: FakeGeminiServer, caplog: pytest.LogCaptureFixture
) -> None:
    """The SDK would send a second request to resume from the continuation token; one
    attempt means one request, and a cut answer is no answer."""
    caplog.set_level(logging.WARNING, logger="explain.llm.gemini")
    gemini_server.reply_streaming(WORKED_DRAFT, tokens_per_chunk=3, continue_after_chunks=4)
    with pytest.raises(InvalidResponse) as caught:
        list(model.stream(PROMPT))
    assert len(gemini_server.requests) == 1
    assert "continuationToken" not in gemini_server.last.body
    assert caught.value.detail == "answer does not fit the schema"
    assert [r.getMessage() for r in caplog.records if r.name == "explain.llm.gemini"] == [
        "Gemini stream failed: invalid_response (answer does not fit the schema)"
    ]
