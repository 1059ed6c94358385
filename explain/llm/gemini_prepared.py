"""generateContent with the request converted to its wire form once per request config.

The SDK turns the whole request config (instruction, schema, thinking, limits) into the
JSON it sends on every call: about 0.9 ms of CPU, more than the verifier and the cache
together, for a config that never changes between calls. Only the user's text does. So
the SDK converts one request, with a marker where the text goes; each call puts the text
in place of the marker and hands the body to the SDK's own API client (same URL, headers,
key, timeout, single attempt and errors) and reads the answer with the SDK's own
converters. The body on the wire is the one generate_content sends, byte for byte
(tests/explain/llm/test_gemini_prepared.py compares them through the fake server).

These are the SDK's private helpers, pinned with it in pyproject.toml: when a release
lacks one of them, `prepare` returns None and the caller uses the public generate_content.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from google.genai import types

try:  # the SDK's own converters and client; private, so looked up defensively
    from google.genai import _common
    from google.genai import models as _models

    _TO_WIRE = _models._GenerateContentParameters_to_mldev
    _FROM_WIRE = _models._GenerateContentResponse_from_mldev
    _TO_DICT = _common.convert_to_dict
    _ENCODE = _common.encode_unserializable_types
    _PARAMETERS = types._GenerateContentParameters
    _FROM_RESPONSE = types.GenerateContentResponse._from_response
except (ImportError, AttributeError):  # pragma: no cover - depends on the installed SDK
    _TO_WIRE = None  # type: ignore[assignment]

# Stands where the user's text goes while the SDK converts the request; no prompt holds it.
_MARK = "\x00explain-user-text\x00"


@dataclass(frozen=True)
class PreparedRequest:
    """One generateContent request, converted by the SDK, waiting for its user text."""

    api_client: Any
    path: str
    body: dict[str, Any]  # the wire body, with _MARK as the user's text
    answer_kwargs: dict[str, Any]  # what the SDK's answer reader needs of the config

    def send(self, user_text: str) -> types.GenerateContentResponse:
        """One attempt, as generate_content makes it; the SDK's errors pass through."""
        body = {**self.body, "contents": _with_text(self.body["contents"], user_text)}
        response = self.api_client.request("post", self.path, body, None)
        answer = json.loads(response.body) if response.body else {}
        converted = _FROM_WIRE(answer)
        result = _FROM_RESPONSE(response=converted, kwargs=self.answer_kwargs)
        result.sdk_http_response = types.HttpResponse(headers=response.headers)
        return result


def prepare(client: Any, model: str, config: types.GenerateContentConfig) -> PreparedRequest | None:
    """The request for this model and config, or None when the SDK cannot be used so.

    Vertex AI, per-request HTTP options or an SDK without these helpers: None.
    """
    api_client = getattr(getattr(client, "models", None), "_api_client", None)
    if _TO_WIRE is None or api_client is None or getattr(api_client, "vertexai", True):
        return None
    if config.http_options is not None:
        return None
    try:
        parameters = _PARAMETERS(model=model, contents=_MARK, config=config)
        body = _TO_WIRE(api_client, parameters)
    except Exception:  # a release whose helpers differ: its public call says what is wrong
        return None
    # The SDK pops "config" before sending (a key only some releases set) and takes the
    # path from "_url"; the rest of the underscore keys it drops itself.
    body.pop("config", None)
    url = body.get("_url")
    if not isinstance(url, dict):
        return None
    path = "{model}:generateContent".format_map(url)
    body = _ENCODE(_TO_DICT(body))
    if _marks(body) != 1 or _marks(body.get("contents")) != 1:
        return None
    # The SDK's answer reader fills `parsed` by the schema (as rewritten by the SDK above).
    answer_kwargs = {"config": {"response_schema": config.response_schema}}
    return PreparedRequest(api_client, path, body, answer_kwargs)


def _with_text(node: Any, text: str) -> Any:
    """A copy of node with the marker replaced by text (only what holds it is copied)."""
    if node == _MARK:
        return text
    if isinstance(node, list):
        return [_with_text(item, text) for item in node]
    if isinstance(node, dict):
        return {key: _with_text(value, text) for key, value in node.items()}
    return node


def _marks(node: Any) -> int:
    """How many times the marker stands in node."""
    if node == _MARK:
        return 1
    if isinstance(node, list):
        return sum(_marks(item) for item in node)
    if isinstance(node, dict):
        return sum(_marks(value) for value in node.values())
    return 0
