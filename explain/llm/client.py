"""A small fluent client over any ChatModel, in the spirit of Spring AI's ChatClient.

    client.prompt().system(SYSTEM).user(text).call().entity(Draft)

A ChatModel is any callable from a ChatPrompt to a ChatResponse (or to the raw JSON
text), so a test can pass a lambda and the Gemini provider is one implementation.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel, ValidationError

from explain.llm.errors import ExplainError, InvalidResponse, ProviderError

EntityT = TypeVar("EntityT", bound=BaseModel)


@dataclass(frozen=True)
class ChatPrompt:
    """Everything a model is given: our instruction, the user message, the output shape."""

    system: str
    user: str
    output_schema: type[BaseModel] | None = None


@dataclass(frozen=True)
class TokenUsage:
    prompt: int | None = None
    output: int | None = None
    thoughts: int | None = None
    total: int | None = None


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


def model_name(model: object) -> str:
    """The name logged for a model: its `model_name` attribute, or a generic label."""
    return str(getattr(model, "model_name", "") or "custom")


class CallResult:
    """One finished call: the response, and its conversion to an entity."""

    def __init__(self, response: ChatResponse) -> None:
        self.response = response

    def entity(self, entity_type: type[EntityT]) -> EntityT:
        """The answer as a validated object; InvalidResponse if it does not fit."""
        parsed = self.response.parsed
        if isinstance(parsed, entity_type):
            return parsed
        try:
            if isinstance(parsed, dict):
                return entity_type.model_validate(parsed)
            if not self.response.text:
                raise InvalidResponse("empty answer")
            return entity_type.model_validate_json(self.response.text)
        except (ValidationError, json.JSONDecodeError, ValueError, TypeError):
            raise InvalidResponse("answer does not fit the schema") from None


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
        failure: ExplainError | None = None
        try:
            answer = self._model(self.build())
        except ExplainError as exc:
            failure = exc
        except Exception as exc:
            failure = ProviderError(f"model raised {type(exc).__name__}")
        if failure is not None:
            raise failure
        if isinstance(answer, str):
            answer = ChatResponse(text=answer, model=model_name(self._model))
        return CallResult(answer)


class ChatClient:
    """Entry point of the fluent API."""

    def __init__(self, model: ChatModel) -> None:
        self.model = model

    @property
    def model_name(self) -> str:
        return model_name(self.model)

    def prompt(self) -> PromptSpec:
        return PromptSpec(self.model)
