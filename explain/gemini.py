"""The Gemini provider: a ChatModel on the maintained Google Gen AI SDK (google-genai).

One attempt, a timeout, low temperature, JSON fitted to the schema, no tools. Every
failure is mapped here, in one place, to explain.errors, and the SDK's exception is
dropped (never logged, kept or chained): it holds the request headers, key included.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from django.views.decorators.debug import sensitive_variables
from google import genai
from google.genai import errors as genai_errors
from google.genai import types

from explain.chat import ChatPrompt, ChatResponse, TokenUsage
from explain.errors import (
    BlockedResponse,
    ExplainError,
    InvalidResponse,
    ProviderError,
    ProviderTimeout,
)

logger = logging.getLogger(__name__)

try:  # google-genai 3.x talks HTTP through httpx2; older releases used httpx.
    import httpx2 as _http
except ImportError:  # pragma: no cover - depends on the installed SDK
    import httpx as _http  # type: ignore[no-redef]


class GeminiChatModel:
    """Calls Gemini once per prompt; built once per process when GEMINI_API_KEY is set."""

    @sensitive_variables("api_key")
    def __init__(
        self,
        *,
        api_key: str,
        model: str,
        base_url: str = "",
        timeout_seconds: float = 30.0,
        temperature: float = 0.1,
        max_output_tokens: int = 2048,
    ) -> None:
        http_options = types.HttpOptions(
            timeout=int(timeout_seconds * 1000),  # the SDK counts milliseconds
            base_url=base_url or None,
        )
        self._client = genai.Client(api_key=api_key, http_options=http_options)
        self.model_name = model
        self._temperature = temperature
        self._max_output_tokens = max_output_tokens

    def __repr__(self) -> str:
        return f"GeminiChatModel(model={self.model_name!r})"

    def _config(self, prompt: ChatPrompt) -> types.GenerateContentConfig:
        return types.GenerateContentConfig(
            system_instruction=prompt.system,
            temperature=self._temperature,
            max_output_tokens=self._max_output_tokens,
            candidate_count=1,
            response_mime_type="application/json",
            response_schema=prompt.output_schema,
            automatic_function_calling=types.AutomaticFunctionCallingConfig(disable=True),
        )

    def __call__(self, prompt: ChatPrompt, /) -> ChatResponse:
        failure: ExplainError | None = None
        response: Any = None
        try:
            response = self._client.models.generate_content(
                model=self.model_name, contents=prompt.user, config=self._config(prompt)
            )
        except Exception as exc:
            failure = _map_failure(exc)
        # Raised outside the except block, so the SDK's exception is not even the context.
        if failure is not None:
            logger.warning("Gemini call failed: %s", failure.outcome)
            raise failure
        return _read_response(response, self.model_name)


def _map_failure(exc: BaseException) -> ExplainError:
    """Our exception for an SDK or transport failure. Provider text is never copied."""
    if isinstance(exc, genai_errors.APIError):
        code = getattr(exc, "code", None)
        return ProviderError(f"provider answered HTTP {code}")
    if isinstance(exc, _http.TimeoutException):
        return ProviderTimeout("no answer before the timeout")
    if isinstance(exc, _http.HTTPError):
        return ProviderError(f"transport failure ({type(exc).__name__})")
    if isinstance(exc, json.JSONDecodeError | ValueError):
        return InvalidResponse("provider sent a body that is not JSON")
    return ProviderError(f"unexpected failure ({type(exc).__name__})")


def _usage(response: Any) -> TokenUsage:
    meta = getattr(response, "usage_metadata", None)
    if meta is None:
        return TokenUsage()
    return TokenUsage(
        prompt=meta.prompt_token_count,
        output=meta.candidates_token_count,
        thoughts=meta.thoughts_token_count,
        total=meta.total_token_count,
    )


def _read_response(response: Any, model: str) -> ChatResponse:
    """A parsed answer, or the reason there is none (the SDK raises nothing for these)."""
    usage = _usage(response)
    if response.parsed is not None:
        return ChatResponse(text=None, parsed=response.parsed, usage=usage, model=model)
    feedback = getattr(response, "prompt_feedback", None)
    if not response.candidates:
        if feedback is not None and feedback.block_reason:
            raise BlockedResponse("prompt blocked")
        raise InvalidResponse("no candidates")
    finish = response.candidates[0].finish_reason
    if finish == types.FinishReason.MAX_TOKENS:
        raise InvalidResponse("answer cut at the output limit")
    if finish in {
        types.FinishReason.SAFETY,
        types.FinishReason.PROHIBITED_CONTENT,
        types.FinishReason.BLOCKLIST,
        types.FinishReason.SPII,
        types.FinishReason.RECITATION,
    }:
        raise BlockedResponse("answer blocked")
    raise InvalidResponse("answer does not fit the schema")
