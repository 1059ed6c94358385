"""The fake Gemini server against Google's published response shapes.

support/gemini_shapes/ holds one answer per shape, written from Google's reference. Here
(1) every key the fake sends is a key Google sends somewhere, with the same JSON type;
(2) each of the fake's answers has every key of the matching reference answer, except a
few that nothing in explain reads (OPTIONAL); and (3) the reference answers themselves,
served verbatim through the real SDK, end in the outcome the fake's do. So the fake
cannot drift from the API without a test saying where.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from explain.core.schema import Draft
from explain.llm.client import ChatPrompt, ChatResponse
from explain.llm.errors import ModelCallError
from explain.llm.gemini import GeminiChatModel
from support.fake_gemini import FakeGeminiServer
from tests.conftest import WORKED_DRAFT
from tests.fakes.fixtures import CANARY_KEY, PATIENT_TIMEOUT

SHAPES = Path(__file__).resolve().parents[2] / "support" / "gemini_shapes"

# Sent by Google, left out by the fake: nothing in explain reads them.
OPTIONAL = ("usageMetadata.promptTokensDetails",)

REFUSALS = ("SAFETY", "PROHIBITED_CONTENT", "BLOCKLIST", "SPII", "RECITATION")
ERRORS = (400, 403, 404, 429, 500, 503)
NO_THOUGHTS = {"promptTokenCount": 512, "candidatesTokenCount": 40, "totalTokenCount": 552}


def reference(name: str) -> Any:
    return json.loads((SHAPES / f"{name}.json").read_text(encoding="utf-8"))


def json_type(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if value is None:
        return "null"
    return "array" if isinstance(value, list) else "object"


def paths(value: Any, prefix: str = "") -> dict[str, str]:
    """Every key path in a JSON value with its type; list items share the path `name[]`."""
    found = {prefix: json_type(value)} if prefix else {}
    if isinstance(value, dict):
        for key, child in value.items():
            found.update(paths(child, f"{prefix}.{key}" if prefix else key))
    elif isinstance(value, list):
        for child in value:
            found.update(paths(child, f"{prefix}[]"))
    return found


def known_paths() -> dict[str, str]:
    """Every key path Google's answers use, over all the reference files."""
    known: dict[str, str] = {}
    for file in sorted(SHAPES.glob("*.json")):
        for path, kind in paths(json.loads(file.read_text(encoding="utf-8"))).items():
            assert known.setdefault(path, kind) == kind, f"{file.name}: {path} changes type"
    return known


@dataclass(frozen=True)
class Shape:
    reference: str
    arrange: Callable[[FakeGeminiServer], None]
    status: int = 200


def _refusal(reason: str) -> Shape:
    return Shape(f"refusal_{reason.lower()}", lambda s: s.reply_with_finish(reason))


def _error(status: int) -> Shape:
    return Shape(f"error_{status}", lambda s: s.reply_with_error(status), status)


FAKE_SHAPES = [
    Shape("success_with_thoughts", lambda s: s.reply_with_draft(WORKED_DRAFT)),
    Shape("success", lambda s: s.reply_with_draft(WORKED_DRAFT, usage=NO_THOUGHTS)),
    Shape("thoughts_only", lambda s: s.reply_with_thoughts_only()),
    Shape("max_tokens", lambda s: s.reply_with_finish("MAX_TOKENS", text='{"matches": [{"po')),
    Shape("blocked_prompt", lambda s: s.reply_blocked("SAFETY")),
    *(_refusal(reason) for reason in REFUSALS),
    *(_error(status) for status in ERRORS),
]


def fetch(server: FakeGeminiServer) -> tuple[int, Any]:
    """POST a generateContent request as the SDK would, and read the answer as JSON."""
    body = {
        "contents": [{"parts": [{"text": "CANDIDATE PROFILE:\n..."}], "role": "user"}],
        "generationConfig": {
            "responseMimeType": "application/json",
            "maxOutputTokens": 3072,
            "thinkingConfig": {"thinkingLevel": "MINIMAL"},
        },
    }
    request = urllib.request.Request(  # noqa: S310 - the fake on 127.0.0.1
        f"{server.base_url}/v1beta/models/gemini-3.5-flash-lite:generateContent",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "x-goog-api-key": CANARY_KEY},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:  # noqa: S310
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_the_reference_files_are_one_consistent_api() -> None:
    known = known_paths()
    assert known["candidates[].content.parts[].text"] == "string"
    assert known["candidates[].content.parts[].thought"] == "boolean"
    assert known["usageMetadata.thoughtsTokenCount"] == "integer"
    assert known["promptFeedback.blockReason"] == "string"
    assert known["error.code"] == "integer"
    assert {f"refusal_{r.lower()}" for r in REFUSALS} | {f"error_{c}" for c in ERRORS} <= {
        f.stem for f in SHAPES.glob("*.json")
    }


@pytest.mark.parametrize("shape", FAKE_SHAPES, ids=[s.reference for s in FAKE_SHAPES])
def test_the_fake_answers_in_googles_shape(gemini_server: FakeGeminiServer, shape: Shape) -> None:
    shape.arrange(gemini_server)
    status, answer = fetch(gemini_server)
    assert status == shape.status
    sent = paths(answer)
    known = known_paths()
    invented = {p: t for p, t in sent.items() if known.get(p) != t}
    assert invented == {}, "the fake sends keys or types Google does not"
    expected = paths(reference(shape.reference))
    if shape.status != 200:  # an error body has exactly the details Google gives it
        assert set(sent) - set(expected) == set()
    missing = sorted(p for p in expected if p not in sent and not p.startswith(OPTIONAL))
    assert missing == [], f"Google's {shape.reference}.json has keys the fake leaves out"


# What our provider makes of each of Google's own answers, served verbatim.
OUTCOMES = {
    "success": "ok",
    "success_with_thoughts": "ok",
    "thoughts_only": "invalid_response",
    "max_tokens": "invalid_response",
    "blocked_prompt": "blocked",
    **{f"refusal_{reason.lower()}": "blocked" for reason in REFUSALS},
    "error_400": "provider_error",
    "error_403": "provider_error",
    "error_404": "model_unavailable",
    "error_429": "provider_busy",
    "error_500": "provider_error",
    "error_503": "provider_error",
}


@pytest.mark.parametrize("name", sorted(OUTCOMES))
def test_googles_own_answers_through_the_real_sdk(gemini_server: FakeGeminiServer, name: str):
    body = reference(name)
    status = body["error"]["code"] if "error" in body else 200
    gemini_server.reply_with_json(body, status=status)
    model = GeminiChatModel(
        api_key=CANARY_KEY,
        model="m",
        base_url=gemini_server.base_url,
        timeout_seconds=PATIENT_TIMEOUT,
    )
    try:
        try:
            answer = model(ChatPrompt(system="s", user="u", output_schema=Draft))
        except ModelCallError as error:
            outcome = error.outcome
        else:
            assert isinstance(answer, ChatResponse)
            assert answer.parsed == Draft()
            outcome = "ok"
    finally:
        model.close()
    assert outcome == OUTCOMES[name]
    assert {f.stem for f in SHAPES.glob("*.json")} == set(OUTCOMES)
