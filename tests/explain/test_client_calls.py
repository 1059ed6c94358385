"""explain.llm.client on its own: one attempt, our errors without the model's words, and
one schema check for every answer, whole or streamed."""

from __future__ import annotations

import json
from typing import Any

import pytest

from explain.core.schema import Claim, Draft
from explain.llm.client import (
    CallResult,
    ChatClient,
    ChatPrompt,
    ChatResponse,
    TokenUsage,
    model_name,
    parse_entity,
)
from explain.llm.errors import BlockedResponse, InvalidResponse, ModelCallError, ProviderError

SECRET = "SECRET-in-the-model's-message"
EMPTY = {"matches": [], "gaps": []}


class Named:
    def __init__(self, name: Any) -> None:
        self.model_name = name

    def __call__(self, prompt: ChatPrompt) -> str:
        return json.dumps(EMPTY)


@pytest.mark.parametrize(
    ("model", "expected"),
    [(Named("gemini-x"), "gemini-x"), (Named(""), "custom"), (Named(None), "custom")],
)
def test_model_name(model: Any, expected: str) -> None:
    assert model_name(model) == expected
    assert ChatClient(model).model_name == expected


def test_a_model_without_a_name_is_custom() -> None:
    assert model_name(lambda prompt: "{}") == "custom"


def test_the_prompt_is_built_from_what_was_given() -> None:
    seen: list[ChatPrompt] = []

    def model(prompt: ChatPrompt) -> str:
        seen.append(prompt)
        return json.dumps(EMPTY)

    spec = ChatClient(model).prompt().system("sys").user("usr").schema(Draft)
    assert spec.build() == ChatPrompt(system="sys", user="usr", output_schema=Draft)
    result = spec.call()
    assert seen == [ChatPrompt(system="sys", user="usr", output_schema=Draft)]
    assert ChatClient(model).prompt().build() == ChatPrompt(system="", user="")
    assert result.response == ChatResponse(text=json.dumps(EMPTY), model="custom")
    assert result.entity(Draft) == Draft()


def test_a_response_object_is_passed_through() -> None:
    response = ChatResponse(text=json.dumps(EMPTY), usage=TokenUsage(total=9), model="m")
    assert ChatClient(lambda p: response).prompt().call().response is response


def test_our_error_passes_through_unchanged() -> None:
    error = BlockedResponse("answer blocked", usage=TokenUsage(total=3))

    def model(prompt: ChatPrompt) -> str:
        raise error

    with pytest.raises(BlockedResponse) as caught:
        ChatClient(model).prompt().call()
    assert caught.value is error


def test_any_other_failure_becomes_a_provider_error_without_its_message() -> None:
    def model(prompt: ChatPrompt) -> str:
        raise RuntimeError(SECRET)

    with pytest.raises(ProviderError) as caught:
        ChatClient(model).prompt().call()
    assert str(caught.value) == "model raised RuntimeError"
    assert caught.value.outcome == "provider_error"
    assert caught.value.__cause__ is None and caught.value.__context__ is None


# --------------------------------------------------------------------------- entity


def test_a_parsed_object_without_text_is_taken_as_it_is() -> None:
    draft = Draft(matches=[Claim(term="p")])
    assert CallResult(ChatResponse(text=None, parsed=draft)).entity(Draft) is draft


def test_a_parsed_dict_without_text_is_checked() -> None:
    result = CallResult(ChatResponse(text=None, parsed=dict(EMPTY)))
    assert result.entity(Draft) == Draft()
    with pytest.raises(InvalidResponse, match="empty answer"):
        CallResult(ChatResponse(text=None, parsed={"matches": []})).entity(Draft)


def test_text_wins_over_a_parsed_object() -> None:
    result = CallResult(ChatResponse(text='{"matches": []}', parsed=Draft()))
    with pytest.raises(InvalidResponse, match="answer does not fit the schema"):
        result.entity(Draft)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (None, "empty answer"),
        ("", "empty answer"),
        ("{not json", "answer does not fit the schema"),
        ("[]", "answer does not fit the schema"),
        ('{"matches": [], "gaps": 3}', "answer does not fit the schema"),
    ],
)
def test_answers_that_do_not_fit(text: str | None, message: str) -> None:
    with pytest.raises(InvalidResponse) as caught:
        CallResult(ChatResponse(text=text)).entity(Draft)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("answer", "fits"),
    [
        ('{"matches": [], "gaps": []}', True),
        ({"matches": [], "gaps": []}, True),
        ('{"matches": [], "gaps": [], "extra": 1}', True),
        ('{"matches": []}', False),
        ('{"gaps": []}', False),
        ("{}", False),
        ('"text"', False),
        ("null", False),
        ('{"matches": [{"term": 3}], "gaps": []}', False),
        ('{"matches": "x", "gaps": []}', False),
        (None, False),
        (42, False),
    ],
)
def test_parse_entity(answer: Any, fits: bool) -> None:
    parsed = parse_entity(answer, Draft)
    assert (parsed is not None) is fits
    if fits:
        assert parsed == Draft()


def test_parse_entity_uses_the_json_names() -> None:
    text = '{"matches": [{"term": "a", "profileQuote": "a b c", "jobQuote": "d e f"}], "gaps": []}'
    parsed = parse_entity(text, Draft)
    assert parsed is not None
    assert parsed.matches[0].profile_quote == "a b c"


# --------------------------------------------------------------------------- stream


class Pieces:
    """The model's stream: an iterator that records whether it was closed (explicitly:
    not left to the garbage collector, as a generator's finally would be)."""

    def __init__(self, items: list[Any], fail: Exception | None) -> None:
        self.items = iter(items)
        self.fail = fail
        self.closed = False

    def __iter__(self) -> Pieces:
        return self

    def __next__(self) -> Any:
        try:
            return next(self.items)
        except StopIteration:
            if self.fail is not None:
                raise self.fail from None
            raise

    def close(self) -> None:
        self.closed = True


class Streaming:
    """A model that writes its answer in pieces, then hands over the whole response."""

    def __init__(self, items: list[Any], fail: Exception | None = None) -> None:
        self.pieces = Pieces(items, fail)
        self.prompts: list[ChatPrompt] = []
        self.model_name = "streaming"

    @property
    def closed(self) -> bool:
        return self.pieces.closed

    def __call__(self, prompt: ChatPrompt) -> str:
        raise AssertionError("a streaming model is not called whole")

    def stream(self, prompt: ChatPrompt) -> Pieces:
        self.prompts.append(prompt)
        return self.pieces


def test_a_stream_yields_its_pieces_then_the_result() -> None:
    whole = ChatResponse(text=json.dumps(EMPTY), model="streaming")
    model = Streaming(['{"matches": ', "", '[], "gaps": []}', whole])
    items = list(ChatClient(model).prompt().system("s").user("u").stream())
    assert model.prompts == [ChatPrompt(system="s", user="u")]
    assert items[:2] == ['{"matches": ', '[], "gaps": []}']
    assert isinstance(items[2], CallResult) and items[2].response is whole
    assert len(items) == 3
    assert model.closed


def test_a_model_that_cannot_stream_answers_in_one_piece() -> None:
    items = list(ChatClient(Named("whole")).prompt().stream())
    assert items[0] == json.dumps(EMPTY)
    assert isinstance(items[1], CallResult)
    assert len(items) == 2


def test_a_model_that_cannot_stream_and_says_nothing_yields_only_the_result() -> None:
    items = list(ChatClient(lambda p: ChatResponse(text=None)).prompt().stream())
    assert len(items) == 1 and isinstance(items[0], CallResult)


@pytest.mark.parametrize(
    ("fail", "error", "message"),
    [
        (None, InvalidResponse, "the stream ended without an answer"),
        (RuntimeError(SECRET), ProviderError, "model raised RuntimeError"),
        (BlockedResponse("answer blocked"), BlockedResponse, "answer blocked"),
    ],
)
def test_a_stream_that_fails_raises_ours_and_closes(
    fail: Exception | None, error: type[ModelCallError], message: str
) -> None:
    model = Streaming(["piece"], fail=fail)
    stream = ChatClient(model).prompt().stream()
    assert next(stream) == "piece"
    with pytest.raises(error) as caught:
        next(stream)
    assert str(caught.value) == message
    assert SECRET not in repr(caught.value.__dict__)
    assert model.closed


def test_closing_a_stream_early_closes_the_model_stream() -> None:
    model = Streaming(["a", "b", ChatResponse(text="{}")])
    stream = ChatClient(model).prompt().stream()
    assert next(stream) == "a"
    stream.close()
    assert model.closed
