"""A small fluent client over any ChatModel, in the spirit of Spring AI's ChatClient.

    client.prompt().system(SYSTEM).user(text).call().entity(Draft)

A ChatModel is any callable from a ChatPrompt to a ChatResponse (or to the raw JSON
text), so a test can pass a lambda and the Gemini provider is one implementation.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel, ValidationError

from explain.llm.errors import InvalidResponse, ModelCallError, ProviderError
from explain.usage import TokenUsage

EntityT = TypeVar("EntityT", bound=BaseModel)


@dataclass(frozen=True)
class ChatPrompt:
    """Everything a model is given: our instruction, the user message, the output shape."""

    system: str
    user: str
    output_schema: type[BaseModel] | None = None


@dataclass(frozen=True)
class ChatResponse:
    """A model's answer: raw text, and the parsed object when the provider parsed it."""

    text: str | None
    parsed: Any = None
    usage: TokenUsage = field(default_factory=TokenUsage)
    model: str = ""


class ChatModel(Protocol):
    """Any callable from a prompt to a response."""

    def __call__(self, prompt: ChatPrompt, /) -> ChatResponse | str: ...


class StreamingChatModel(Protocol):
    """A ChatModel that can also hand over its answer while writing it.

    stream() yields pieces of the answer text as they come, then one ChatResponse for
    the whole answer; it raises a ModelCallError when there is none.
    """

    def __call__(self, prompt: ChatPrompt, /) -> ChatResponse | str: ...

    def stream(self, prompt: ChatPrompt, /) -> Iterator[str | ChatResponse]: ...


def model_name(model: object) -> str:
    """The name logged for a model: its `model_name` attribute, or a generic label."""
    return str(getattr(model, "model_name", "") or "custom")


class CallResult:
    """One finished call: the response, and its conversion to an entity."""

    def __init__(self, response: ChatResponse) -> None:
        self.response = response

    def entity(self, entity_type: type[EntityT]) -> EntityT:
        """The answer as a validated object; InvalidResponse if it does not fit.

        Every model's answer goes through the same check (parse_entity), whatever made
        it: a lambda, the recorded drafts or Gemini. Only an object the model built in
        code, with no text, is taken as it is.
        """
        text, parsed = self.response.text, self.response.parsed
        if text is None and isinstance(parsed, entity_type):
            return parsed
        candidate = parse_entity(parsed if text is None else text, entity_type)
        if candidate is None:
            raise InvalidResponse("answer does not fit the schema" if text else "empty answer")
        return candidate


def parse_entity(answer: str | dict[str, Any] | None, entity_type: type[EntityT]) -> EntityT | None:
    """The answer validated against the schema, or None.

    Every top-level key must be present: the schema sent marks them all required, so
    `{}` or `{"answer": ...}` is a wrong shape, not an empty explanation (the fields all
    have defaults, which pydantic alone would fill in).
    """
    data: Any = answer
    if isinstance(answer, str):
        try:
            data = json.loads(answer)
        except ValueError:
            return None
    if not isinstance(data, dict):
        return None
    names = [f.alias or name for name, f in entity_type.model_fields.items()]
    if any(name not in data for name in names):
        return None
    try:
        return entity_type.model_validate(data)
    except (ValidationError, ValueError, TypeError):
        return None


class PromptSpec:
    """A prompt being built; call() sends it once."""

    def __init__(self, model: ChatModel) -> None:
        self._model = model
        self._system = ""
        self._user = ""
        self._schema: type[BaseModel] | None = None

    def system(self, text: str) -> PromptSpec:
        self._system = text
        return self

    def user(self, text: str) -> PromptSpec:
        self._user = text
        return self

    def schema(self, output_schema: type[BaseModel]) -> PromptSpec:
        """The shape to ask the provider for natively (entity() checks it either way)."""
        self._schema = output_schema
        return self

    def build(self) -> ChatPrompt:
        return ChatPrompt(system=self._system, user=self._user, output_schema=self._schema)

    def call(self) -> CallResult:
        """Send the prompt once. Any failure becomes one of ours, without its message."""
        failure: ModelCallError | None = None
        try:
            answer = self._model(self.build())
        except ModelCallError as exc:
            failure = exc
        except Exception as exc:
            failure = ProviderError(f"model raised {type(exc).__name__}")
        if failure is not None:
            raise failure
        if isinstance(answer, str):
            answer = ChatResponse(text=answer, model=model_name(self._model))
        return CallResult(answer)

    def stream(self) -> Iterator[str | CallResult]:
        """Send the prompt once; yield the answer's text pieces as they come, then the
        CallResult for the whole answer. A model that cannot stream answers in one piece.

        Failures become ours, without their message, as in call(). Closing this
        iterator early closes the model's stream (and its connection).
        """
        streamer = getattr(self._model, "stream", None)
        if not callable(streamer):
            result = self.call()
            if result.response.text:
                yield result.response.text
            yield result
            return
        prompt = self.build()
        pieces: Iterator[str | ChatResponse] | None = None
        try:
            while True:
                failure: ModelCallError | None = None
                item: str | ChatResponse | None = None
                try:
                    if pieces is None:
                        pieces = iter(streamer(prompt))
                    item = next(pieces)
                except StopIteration:
                    failure = InvalidResponse("the stream ended without an answer")
                except ModelCallError as exc:
                    failure = exc
                except Exception as exc:
                    failure = ProviderError(f"model raised {type(exc).__name__}")
                if failure is not None:
                    raise failure
                if isinstance(item, ChatResponse):
                    yield CallResult(item)
                    return
                if item:
                    yield str(item)
        finally:
            close = getattr(pieces, "close", None)
            if callable(close):
                close()


class ChatClient:
    """Entry point of the fluent API."""

    def __init__(self, model: ChatModel) -> None:
        self.model = model

    @property
    def model_name(self) -> str:
        return model_name(self.model)

    def prompt(self) -> PromptSpec:
        return PromptSpec(self.model)
