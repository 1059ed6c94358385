"""A ChatModel made from a plain function, shipped for hosts' tests.

A host testing its integration wants the whole flow (its adapter, the verifier, the
page) without a network or a key: `FunctionChatModel(lambda prompt: {...})` answers every
prompt with what the function returns (a Draft, a dict in the Draft's JSON shape, or
the JSON text itself) and remembers the prompts it was given.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from pydantic import BaseModel

from explain.llm.client import ChatPrompt, ChatResponse, TokenUsage

Answer = BaseModel | Mapping[str, Any] | str


class FunctionChatModel:
    """A (streaming) ChatModel whose answer is `function(prompt)`.

    The function may raise one of explain.llm.errors to play a failing provider. stream()
    hands the same answer over in pieces of `chunk` characters, as a provider would.
    """

    def __init__(
        self,
        function: Callable[[ChatPrompt], Answer],
        *,
        model_name: str = "function",
        usage: TokenUsage | None = None,
        chunk: int = 40,
    ) -> None:
        if chunk < 1:
            raise ValueError("chunk must be at least 1 character")
        self.function = function
        self.model_name = model_name
        self.usage = usage or TokenUsage()
        self.chunk = chunk
        self.prompts: list[ChatPrompt] = []

    def __call__(self, prompt: ChatPrompt, /) -> ChatResponse:
        self.prompts.append(prompt)
        return ChatResponse(
            text=_as_text(self.function(prompt)), usage=self.usage, model=self.model_name
        )

    def stream(self, prompt: ChatPrompt, /) -> Iterator[str | ChatResponse]:
        response = self(prompt)
        text = response.text or ""
        for start in range(0, len(text), self.chunk):
            yield text[start : start + self.chunk]
        yield response


def _as_text(answer: Answer) -> str:
    """The answer as the JSON text a provider sends."""
    if isinstance(answer, BaseModel):
        return answer.model_dump_json()
    if isinstance(answer, Mapping):
        return json.dumps(dict(answer))
    if isinstance(answer, str):
        return answer
    raise TypeError(f"a FunctionChatModel's function returned {type(answer).__name__}")
