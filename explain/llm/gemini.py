"""The Gemini provider: a ChatModel on the maintained Google Gen AI SDK (google-genai).

One attempt, a timeout, low temperature, JSON fitted to the schema, no tools. Every
failure is mapped here, in one place, to explain.llm.errors, and the SDK's exception is
dropped (never logged, kept or chained): it holds the request headers, key included.
Our exceptions are raised outside the `except` blocks, so not even `__context__`
points back at the SDK's.
"""

from __future__ import annotations

import json
import logging
from functools import lru_cache
from typing import Any

from google import genai
from google.genai import errors as genai_errors
from google.genai import types
from pydantic import BaseModel, ValidationError

from explain.llm.client import ChatPrompt, ChatResponse, TokenUsage
from explain.llm.errors import (
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

# HTTP statuses that mean the provider ran out of time, not that it failed.
_DEADLINE_CODES = frozenset({408, 504})

# Request configs kept per model (and schemas per process); the app sends one
# instruction with one schema.
_MAX_CONFIGS = 16

# Finish reasons that mean the provider refused to answer, whatever text came with them.
_REFUSALS = frozenset(
    {
        types.FinishReason.SAFETY,
        types.FinishReason.PROHIBITED_CONTENT,
        types.FinishReason.BLOCKLIST,
        types.FinishReason.SPII,
        types.FinishReason.RECITATION,
    }
)


class GeminiChatModel:
    """Calls Gemini once per prompt; built once per process when GEMINI_API_KEY is set."""

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
            # No retry_options: the SDK then makes exactly one attempt.
        )
        self._client = genai.Client(api_key=api_key, http_options=http_options)
        self.model_name = model
        self._temperature = temperature
        self._max_output_tokens = max_output_tokens
        # Request configs by (system instruction, output schema), built once: turning the
        # pydantic schema into JSON schema and validating the SDK's config model cost
        # about half a millisecond per call.
        self._configs: dict[tuple[str, type[BaseModel] | None], types.GenerateContentConfig] = {}

    def __repr__(self) -> str:
        return f"GeminiChatModel(model={self.model_name!r})"

    def close(self) -> None:
        """Release the HTTP connections (the process would do it on exit anyway)."""
        self._client.close()

    def _config(self, prompt: ChatPrompt) -> types.GenerateContentConfig:
        """The request config for this prompt: built once per instruction and schema.

        Each call gets its own copy with a fresh schema dict: the SDK rewrites the
        schema it is given in place, and threads must not share what it rewrites.
        """
        schema = prompt.output_schema
        key = (prompt.system, schema)
        config = self._configs.get(key)
        if config is None:
            if len(self._configs) >= _MAX_CONFIGS:  # bounded if callers vary the instruction
                self._configs.clear()
            config = self._configs[key] = self._build_config(prompt)
        if schema is None:
            return config.model_copy()
        return config.model_copy(update={"response_schema": json.loads(_schema_json(schema))})

    def _build_config(self, prompt: ChatPrompt) -> types.GenerateContentConfig:
        schema = prompt.output_schema
        return types.GenerateContentConfig(
            system_instruction=prompt.system,
            temperature=self._temperature,
            max_output_tokens=self._max_output_tokens,
            candidate_count=1,
            response_mime_type="application/json" if schema is not None else None,
            response_schema=response_schema(schema) if schema is not None else None,
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
        if failure is None:
            answer = _read_response(response, self.model_name, prompt.output_schema)
            if isinstance(answer, ChatResponse):
                return answer
            failure = answer
        # Our outcome and our own words only; raised outside the except block, so the
        # SDK's exception is not even this one's context.
        logger.warning("Gemini call failed: %s (%s)", failure.outcome, failure.detail)
        raise failure


@lru_cache(maxsize=_MAX_CONFIGS)
def _schema_json(schema: type[BaseModel]) -> str:
    """response_schema(schema) as JSON text, made once per schema (a copy is one loads)."""
    return json.dumps(response_schema(schema))


def response_schema(schema: type[BaseModel]) -> dict[str, Any]:
    """The JSON schema sent to Gemini: the pydantic model by its JSON names (aliases,
    e.g. "profileQuote"), with every property required, so the model always writes
    every key and a missing list is a wrong answer, not an empty one.
    """
    document = schema.model_json_schema(by_alias=True)
    _require_every_property(document)
    return document


def _require_every_property(node: Any) -> None:
    if isinstance(node, dict):
        properties = node.get("properties")
        if isinstance(properties, dict):
            node["required"] = list(properties)
            for child in properties.values():
                _require_every_property(child)
        for key, child in node.items():
            if key != "properties":
                _require_every_property(child)
    elif isinstance(node, list):
        for child in node:
            _require_every_property(child)


def _map_failure(exc: BaseException) -> ExplainError:
    """Our exception for an SDK or transport failure. Provider text is never copied."""
    if isinstance(exc, genai_errors.APIError):
        code = getattr(exc, "code", None)
        if code in _DEADLINE_CODES:
            # The SDK sends our timeout as X-Server-Timeout; Google answers 504
            # DEADLINE_EXCEEDED when it runs out before our own read timeout does.
            return ProviderTimeout(f"provider answered HTTP {code}")
        return ProviderError(f"provider answered HTTP {code}")
    if isinstance(exc, _http.TimeoutException):
        return ProviderTimeout("no answer before the timeout")
    if isinstance(exc, _http.HTTPError):
        return ProviderError(f"transport failure ({type(exc).__name__})")
    if isinstance(exc, ValueError):  # json.JSONDecodeError, pydantic's ValidationError
        return InvalidResponse("provider sent a body that is not a generateContent answer")
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


def _read_response(
    response: Any, model: str, schema: type[BaseModel] | None
) -> ChatResponse | ExplainError:
    """The answer, or our error saying why there is none (the SDK raises nothing for
    a blocked prompt, a refusal, a cut answer, invalid JSON or a wrong shape)."""
    usage = _usage(response)
    candidates = getattr(response, "candidates", None) or []
    if not candidates:
        feedback = getattr(response, "prompt_feedback", None)
        if feedback is not None and feedback.block_reason:
            return BlockedResponse("prompt blocked", usage=usage)
        return InvalidResponse("no candidates", usage=usage)
    finish = candidates[0].finish_reason
    if finish in _REFUSALS:
        return BlockedResponse("answer blocked", usage=usage)
    text = response.text
    if schema is None:
        if not text:
            return InvalidResponse("empty answer", usage=usage)
        return ChatResponse(text=text, usage=usage, model=model)
    parsed = _parse(text, schema)
    if parsed is not None:
        return ChatResponse(text=text, parsed=parsed, usage=usage, model=model)
    if finish == types.FinishReason.MAX_TOKENS:
        return InvalidResponse("answer cut at the output limit", usage=usage)
    return InvalidResponse("answer does not fit the schema", usage=usage)


def _parse(text: str | None, schema: type[BaseModel]) -> BaseModel | None:
    """The answer validated against the schema, or None.

    We validate the text ourselves rather than trust the SDK's `parsed`: every top-level
    key must be present, so `{}` or `{"answer": ...}` is a wrong shape, not an empty
    explanation (the model's fields all have defaults, which pydantic alone would fill).
    """
    if not text:
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    names = [field.alias or name for name, field in schema.model_fields.items()]
    if any(name not in data for name in names):
        return None
    try:
        return schema.model_validate(data)
    except ValidationError:
        return None
