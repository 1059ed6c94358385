"""The Gemini provider: a ChatModel on the maintained Google Gen AI SDK (google-genai).

One attempt, a timeout, JSON fitted to the schema, no tools, and the request rules of the
model's family (explain.llm.profiles: how thinking is bounded, whether temperature is
honoured, the output bound with room for thoughts). Every
failure is mapped here, in one place, to explain.llm.errors, and the SDK's exception is
dropped (never logged, kept or chained): it holds the request headers, key included.
Our exceptions are raised outside the `except` blocks, so not even `__context__`
points back at the SDK's.
"""

from __future__ import annotations

import copy
import functools
import logging
import time
from collections.abc import Iterator
from contextlib import suppress
from typing import Any

from google import genai
from google.genai import errors as genai_errors
from google.genai import types
from pydantic import BaseModel

from explain.llm.client import ChatPrompt, ChatResponse, TokenUsage, parse_entity
from explain.llm.errors import (
    BlockedResponse,
    InvalidResponse,
    LocalFault,
    ModelCallError,
    ModelUnavailable,
    ProviderBusy,
    ProviderError,
    ProviderTimeout,
)
from explain.llm.profiles import (
    DEFAULT_MODEL,
    RequestRules,
    Thinking,
    is_valid_model_name,
    request_rules,
)

logger = logging.getLogger(__name__)

try:  # google-genai 3.x talks HTTP through httpx2; older releases used httpx.
    import httpx2 as _http
except ImportError:  # pragma: no cover - depends on the installed SDK
    import httpx as _http  # type: ignore[no-redef]

# HTTP statuses that mean the provider ran out of time, not that it failed.
_DEADLINE_CODES = frozenset({408, 504})

# The logged name of a GEMINI_MODEL value that is not a model name (never the value
# itself: it could be anything, a pasted key included).
INVALID_MODEL_NAME = "invalid-model-name"

# The only schema keywords sent: what the task needs, and what every API version takes.
_SCHEMA_KEYS = ("type", "description", "properties", "items", "required")

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
        max_output_tokens: int | None = None,
        thinking: str | int | None = None,
    ) -> None:
        http_options = types.HttpOptions(
            timeout=int(timeout_seconds * 1000),  # the SDK counts milliseconds
            base_url=base_url or None,
            # No retry_options: the SDK then makes exactly one attempt.
        )
        self._client = genai.Client(api_key=api_key, http_options=http_options)
        self._timeout_seconds = timeout_seconds
        self._valid_name = is_valid_model_name(model)
        self.model_name = model if self._valid_name else INVALID_MODEL_NAME
        self.rules: RequestRules = request_rules(
            self.model_name, thinking=thinking, max_output_tokens=max_output_tokens
        )
        if thinking is not None and not self.rules.thinking_overridden:
            # Said once per built client (explain.E102 said it at start-up, with the range).
            logger.warning(
                "EXPLAIN_THINKING is out of range for %s; requests use %s",
                self.rules.family.name,
                self.rules.thinking,
            )
        self._temperature = temperature
        # The request config, built once with this model: every call sends a copy with
        # its own instruction and schema. A config the installed SDK cannot build (a
        # field it lacks, a value it refuses) is this site's fault, not the provider's:
        # it is logged once here, and every call ends as internal_error without a request.
        self._config: types.GenerateContentConfig | None = None
        try:
            self._config = self._build_config()
        except Exception as exc:
            logger.error(
                "Gemini request config could not be built (%s) with the installed "
                "google-genai: no request is sent for %s; install a google-genai release "
                "in the range pyproject.toml declares",
                type(exc).__name__,
                self.model_name,
            )

    def __repr__(self) -> str:
        return f"GeminiChatModel(model={self.model_name!r})"

    def close(self) -> None:
        """Release the HTTP connections (the process would do it on exit anyway)."""
        self._client.close()

    def _build_config(self) -> types.GenerateContentConfig:
        """Everything the request says but the prompt: thinking, temperature, the output
        bound, one candidate, no tools and no automatic continuation (one attempt)."""
        rules = self.rules
        if rules.thinking_param is Thinking.LEVEL:
            thinking = types.ThinkingConfig(thinking_level=str(rules.thinking))
        else:
            thinking = types.ThinkingConfig(thinking_budget=int(rules.thinking))
        return types.GenerateContentConfig(
            temperature=self._temperature if rules.send_temperature else None,
            max_output_tokens=rules.max_output_tokens,
            candidate_count=1,
            thinking_config=thinking,
            automatic_function_calling=types.AutomaticFunctionCallingConfig(disable=True),
            automatic_continuation=False,
        )

    def _request_config(self, prompt: ChatPrompt) -> types.GenerateContentConfig:
        """A copy of the model's config with this prompt's instruction and schema.

        The schema is a fresh dict each time: the SDK rewrites the schema it is given in
        place, and threads must not share what it rewrites.
        """
        if self._config is None:
            failure = LocalFault("the request config could not be built with the installed SDK")
            logger.error("Gemini call not made: internal_error (%s)", failure.detail)
            raise failure
        schema = prompt.output_schema
        return self._config.model_copy(
            update={
                "system_instruction": prompt.system,
                "response_mime_type": "application/json" if schema is not None else None,
                "response_schema": response_schema(schema) if schema is not None else None,
            }
        )

    def _refuse_an_invalid_name(self) -> None:
        """Spaces, slashes or other scripts in GEMINI_MODEL: no request is sent."""
        if not self._valid_name:
            logger.warning(
                "Gemini call not made: model_unavailable (GEMINI_MODEL is not a model name; "
                "set GEMINI_MODEL to e.g. %s)",
                DEFAULT_MODEL,
            )
            raise ModelUnavailable("GEMINI_MODEL is not a model name")

    def __call__(self, prompt: ChatPrompt, /) -> ChatResponse:
        self._refuse_an_invalid_name()
        failure: ModelCallError | None = None
        response: Any = None
        config = self._request_config(prompt)
        try:
            response = self._client.models.generate_content(
                model=self.model_name, contents=prompt.user, config=config
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
        self._log_failure("call", failure)
        raise failure

    def _log_failure(self, what: str, failure: ModelCallError) -> None:
        """One warning in our words; for a 404 it names the setting to change."""
        if isinstance(failure, ModelUnavailable):
            logger.warning(
                "Gemini %s failed: model_unavailable (%s); the provider does not serve "
                "model %s: change the GEMINI_MODEL setting (see docs/providers.md)",
                what,
                failure.detail,
                self.model_name,
            )
        else:
            logger.warning("Gemini %s failed: %s (%s)", what, failure.outcome, failure.detail)

    def stream(self, prompt: ChatPrompt, /) -> Iterator[str | ChatResponse]:
        """The answer's text pieces as Gemini writes them, then the whole answer.

        The same request config as __call__ and the same single attempt: the SDK's
        automatic continuation (a new request that resumes a broken stream) is off. The
        timeout bounds each wait for the next piece (the SDK's read timeout) and the
        whole answer (checked between pieces).
        """
        self._refuse_an_invalid_name()
        config = self._request_config(prompt)
        deadline = time.monotonic() + self._timeout_seconds
        pieces: list[str] = []
        last: Any = None
        chunks = self._client.models.generate_content_stream(
            model=self.model_name, contents=prompt.user, config=config
        )
        try:
            while True:
                failure: ModelCallError | None = None
                finished = False
                try:
                    chunk = next(chunks)
                except StopIteration:
                    finished = True
                except Exception as exc:
                    failure = _map_failure(exc)
                if failure is None and not finished and time.monotonic() > deadline:
                    failure = ProviderTimeout("the answer was not finished before the timeout")
                if failure is not None:
                    self._log_failure("stream", failure)
                    raise failure
                if finished:
                    break
                last = chunk
                piece = _chunk_text(chunk)
                if piece:
                    pieces.append(piece)
                    yield piece
        finally:
            close = getattr(chunks, "close", None)  # a generator: closing ends the request
            if callable(close):
                close()
        whole = _whole(last, "".join(pieces))
        answer = _read_response(whole, self.model_name, prompt.output_schema)
        if isinstance(answer, ChatResponse):
            yield answer
            return
        self._log_failure("stream", answer)
        raise answer


def _chunk_text(chunk: Any) -> str:
    """The answer text one streamed chunk adds (thought parts are not answer text)."""
    candidates = getattr(chunk, "candidates", None) or []
    content = candidates[0].content if candidates else None
    parts = getattr(content, "parts", None) or []
    return "".join(part.text for part in parts if part.text and not part.thought)


def _whole(last: Any, text: str) -> Any:
    """The last streamed chunk (finish reason, usage) carrying the whole answer text."""
    if last is None:
        return types.GenerateContentResponse()
    candidates = list(last.candidates or [])
    if not candidates:
        return last
    content = types.Content(role="model", parts=[types.Part(text=text)] if text else [])
    candidates[0] = candidates[0].model_copy(update={"content": content})
    return last.model_copy(update={"candidates": candidates})


def response_schema(schema: type[BaseModel]) -> dict[str, Any]:
    """The schema sent to Gemini: only type, description, properties, items, required and
    property ordering, by JSON names (aliases, e.g. "profileQuote"), `$defs` inlined.

    pydantic's `title` and `default` stay home: not every API version has accepted them,
    and the task needs neither. Every property is required, so the model always writes
    every key and a missing list is a wrong answer, not an empty one.
    """
    return copy.deepcopy(_stripped_schema(schema))


@functools.cache
def _stripped_schema(schema: type[BaseModel]) -> dict[str, Any]:
    """Built once per schema class: pydantic's JSON schema generation is about 1.5 ms of
    CPU, and a class's schema does not change while the process runs. Callers get a deep
    copy (response_schema), because the SDK rewrites the schema it is given in place."""
    document = schema.model_json_schema(by_alias=True)
    return _strip(document, document.get("$defs", {}))


def _strip(node: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        return _strip(defs[ref.removeprefix("#/$defs/")], defs)
    kept: dict[str, Any] = {}
    for key in _SCHEMA_KEYS:
        if key not in node:
            continue
        value = node[key]
        if key == "properties":
            kept[key] = {name: _strip(child, defs) for name, child in value.items()}
            kept["required"] = list(value)
            kept["propertyOrdering"] = list(value)
        elif key == "items":
            kept[key] = _strip(value, defs)
        elif key != "required":
            kept[key] = value
    return kept


def _provider_wait(exc: Any) -> float | None:
    """The wait a 429 asks for: its Retry-After header, else the RetryInfo detail
    ("30s"). None when it names none; never more than an hour."""
    seconds: float | None = None
    headers = getattr(getattr(exc, "response", None), "headers", None)
    with suppress(AttributeError, TypeError, ValueError):
        header = headers.get("retry-after") if headers is not None else None
        if header:
            seconds = float(header)
    if seconds is None:
        body = getattr(exc, "details", None)
        error = body.get("error", body) if isinstance(body, dict) else {}
        details = error.get("details", []) if isinstance(error, dict) else []
        for item in details if isinstance(details, list) else []:
            delay = item.get("retryDelay") if isinstance(item, dict) else None
            if isinstance(delay, str) and delay.endswith("s"):
                with suppress(ValueError):
                    seconds = float(delay[:-1])
                break
    if seconds is None or seconds < 0:
        return None
    return min(seconds, 3600.0)


def _map_failure(exc: BaseException) -> ModelCallError:
    """Our exception for an SDK or transport failure. Provider text is never copied."""
    if isinstance(exc, genai_errors.APIError):
        code = getattr(exc, "code", None)
        detail = f"provider answered HTTP {code}"
        if code in _DEADLINE_CODES:
            # The SDK sends our timeout as X-Server-Timeout; Google answers 504
            # DEADLINE_EXCEEDED when it runs out before our own read timeout does.
            return ProviderTimeout(detail, outage=True)
        if code == 404:
            return ModelUnavailable(detail)
        if code == 429:
            # Counted by the breaker (a run of them opens it for the provider's wait) and
            # against the user's allowance: a refund per 429 would let one user spin.
            return ProviderBusy(detail, outage=True, retry_after=_provider_wait(exc))
        if isinstance(code, int) and code >= 500:
            return ProviderError(detail, unanswered=True, outage=True)
        return ProviderError(detail)
    if isinstance(exc, _http.ConnectTimeout):
        # No connection within the timeout: nothing was sent, the allowance goes back.
        return ProviderTimeout("no connection before the timeout", unanswered=True, outage=True)
    if isinstance(exc, _http.TimeoutException):
        return ProviderTimeout("no answer before the timeout", outage=True)
    if isinstance(exc, _http.ConnectError):
        return ProviderError(
            f"transport failure ({type(exc).__name__})", unanswered=True, outage=True
        )
    if isinstance(exc, _http.HTTPError):
        return ProviderError(f"transport failure ({type(exc).__name__})", outage=True)
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
) -> ChatResponse | ModelCallError:
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
    text = _answer_text(candidates[0])
    if text is None and _has_thoughts(candidates[0]):
        return InvalidResponse("the answer held thoughts only", usage=usage)
    if schema is None:
        if not text:
            return InvalidResponse("empty answer", usage=usage)
        return ChatResponse(text=text, usage=usage, model=model)
    parsed = parse_entity(text, schema)
    if parsed is not None:
        return ChatResponse(text=text, parsed=parsed, usage=usage, model=model)
    if finish == types.FinishReason.MAX_TOKENS:
        return InvalidResponse("answer cut at the output limit", usage=usage)
    return InvalidResponse("answer does not fit the schema", usage=usage)


def _parts(candidate: Any) -> list[Any]:
    content = getattr(candidate, "content", None)
    return list(getattr(content, "parts", None) or [])


def _answer_text(candidate: Any) -> str | None:
    """The candidate's answer: its text parts, thought summaries left out."""
    texts = [p.text for p in _parts(candidate) if p.text is not None and not p.thought]
    return "".join(texts) if texts else None


def _has_thoughts(candidate: Any) -> bool:
    return any(p.thought for p in _parts(candidate))
