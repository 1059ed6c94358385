"""explain.llm.gemini reads failures and answers: each SDK or transport failure and each
kind of answer becomes exactly one of our errors (its detail, its flags for the rate
allowance and the circuit breaker, the tokens it cost) or the answer itself.

Unit-level on purpose: the fault matrix (tests/explain/test_gemini_faults.py) shows the
same through the views; here every branch is pinned where it is decided, cheaply.
"""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

import pytest
from google.genai import errors as genai_errors
from google.genai import types

from explain.core.schema import Draft
from explain.llm.client import ChatResponse, TokenUsage
from explain.llm.errors import (
    BlockedResponse,
    InvalidResponse,
    ModelCallError,
    ModelUnavailable,
    ProviderBusy,
    ProviderError,
    ProviderTimeout,
)
from explain.llm.gemini import _chunk_text, _map_failure, _read_response
from support.fake_gemini import PROVIDER_TEXT
from tests.conftest import WORKED_DRAFT
from tests.fakes.http import httpx2


def facts(error: ModelCallError) -> tuple[Any, ...]:
    """What the service and the log row read from one of our errors."""
    return (type(error), error.detail, error.unanswered, error.outage, error.usage)


def api_error(code: int) -> genai_errors.APIError:
    body = {"error": {"code": code, "message": PROVIDER_TEXT, "status": "FAKE"}}
    return genai_errors.APIError(code, body)


# (failure, our error, detail, unanswered: allowance given back, outage: breaker counts it)
FAILURES = [
    (api_error(408), ProviderTimeout, "provider answered HTTP 408", False, True),
    (api_error(504), ProviderTimeout, "provider answered HTTP 504", False, True),
    (api_error(404), ModelUnavailable, "provider answered HTTP 404", False, False),
    (api_error(429), ProviderBusy, "provider answered HTTP 429", False, True),
    (api_error(500), ProviderError, "provider answered HTTP 500", True, True),
    (api_error(503), ProviderError, "provider answered HTTP 503", True, True),
    (api_error(400), ProviderError, "provider answered HTTP 400", False, False),
    (api_error(499), ProviderError, "provider answered HTTP 499", False, False),
    (httpx2.ReadTimeout("slow"), ProviderTimeout, "no answer before the timeout", False, True),
    # Nothing sent: the user's allowance is given back (sent and unanswered, it is not).
    (
        httpx2.ConnectTimeout("slow"),
        ProviderTimeout,
        "no connection before the timeout",
        True,
        True,
    ),
    (
        httpx2.ConnectError("refused"),
        ProviderError,
        "transport failure (ConnectError)",
        True,
        True,
    ),
    (
        httpx2.RemoteProtocolError("reset"),
        ProviderError,
        "transport failure (RemoteProtocolError)",
        False,
        True,
    ),
    (httpx2.ReadError("reset"), ProviderError, "transport failure (ReadError)", False, True),
    (
        json.JSONDecodeError("Expecting value", "<html>", 0),
        InvalidResponse,
        "provider sent a body that is not a generateContent answer",
        False,
        False,
    ),
    (
        ValueError("not a response"),
        InvalidResponse,
        "provider sent a body that is not a generateContent answer",
        False,
        False,
    ),
    (RuntimeError(PROVIDER_TEXT), ProviderError, "unexpected failure (RuntimeError)", False, False),
]


@pytest.mark.parametrize(
    ("failure", "kind", "detail", "unanswered", "outage"),
    FAILURES,
    ids=[f"{type(f[0]).__name__}-{getattr(f[0], 'code', '')}" for f in FAILURES],
)
def test_each_failure_is_mapped_to_one_error_in_our_words(
    failure: BaseException, kind: type, detail: str, unanswered: bool, outage: bool
) -> None:
    error = _map_failure(failure)
    assert facts(error) == (kind, detail, unanswered, outage, None)
    assert PROVIDER_TEXT not in str(error)


USAGE = {
    "prompt_token_count": 300,
    "candidates_token_count": 40,
    "thoughts_token_count": 12,
    "total_token_count": 352,
}
COST = TokenUsage(prompt=300, output=40, thoughts=12, total=352)
ANSWER = json.dumps(WORKED_DRAFT)


def response(
    *parts: dict[str, Any], finish: str | None = "STOP", usage: bool = True, **extra: Any
) -> types.GenerateContentResponse:
    """A generateContent answer as the SDK hands it over: one candidate with these parts."""
    candidate: dict[str, Any] = {"finish_reason": finish} if finish else {}
    if parts:
        candidate["content"] = {"role": "model", "parts": list(parts)}
    data: dict[str, Any] = {"candidates": [candidate], **extra}
    if usage:
        data["usage_metadata"] = USAGE
    return types.GenerateContentResponse.model_validate(data)


def no_candidates(**extra: Any) -> types.GenerateContentResponse:
    return types.GenerateContentResponse.model_validate({"usage_metadata": USAGE, **extra})


ERRORS = [
    (
        "blocked-prompt",
        no_candidates(prompt_feedback={"block_reason": "SAFETY"}),
        (BlockedResponse, "prompt blocked", False, False, COST),
    ),
    (
        "feedback-without-a-block",
        no_candidates(prompt_feedback={}),
        (InvalidResponse, "no candidates", False, False, COST),
    ),
    ("no-candidates", no_candidates(), (InvalidResponse, "no candidates", False, False, COST)),
    (
        "nothing-at-all",
        types.GenerateContentResponse(),
        (InvalidResponse, "no candidates", False, False, TokenUsage()),
    ),
    (
        "refusal-with-an-answer",
        response({"text": ANSWER}, finish="RECITATION"),
        (BlockedResponse, "answer blocked", False, False, COST),
    ),
    (
        "thoughts-only",
        response({"text": "Java, then AWS...", "thought": True}),
        (InvalidResponse, "the answer held thoughts only", False, False, COST),
    ),
    (
        "cut-at-the-output-limit",
        response({"text": ANSWER[:40]}, finish="MAX_TOKENS"),
        (InvalidResponse, "answer cut at the output limit", False, False, COST),
    ),
    (
        "wrong-shape",
        response({"text": '{"matches": "Java"}'}),
        (InvalidResponse, "answer does not fit the schema", False, False, COST),
    ),
    (
        "no-answer-text",
        response(finish="STOP"),
        (InvalidResponse, "answer does not fit the schema", False, False, COST),
    ),
]


@pytest.mark.parametrize(
    ("answer", "expected"), [e[1:] for e in ERRORS], ids=[e[0] for e in ERRORS]
)
def test_an_unusable_answer_is_one_error_with_what_it_cost(
    answer: types.GenerateContentResponse, expected: tuple[Any, ...]
) -> None:
    error = _read_response(answer, "m", Draft)
    assert isinstance(error, ModelCallError)
    assert facts(error) == expected


def test_an_answer_is_its_text_parsed_with_its_usage_and_model() -> None:
    answer = response({"text": "Thinking...", "thought": True}, {"text": ANSWER})
    assert _read_response(answer, "gemini-x", Draft) == ChatResponse(
        text=ANSWER, parsed=Draft.model_validate(WORKED_DRAFT), usage=COST, model="gemini-x"
    )


def test_without_a_schema_the_text_is_the_answer_and_no_text_is_none() -> None:
    answer = response({"text": "Java, "}, {"text": "three years."})
    assert _read_response(answer, "gemini-x", None) == ChatResponse(
        text="Java, three years.", usage=COST, model="gemini-x"
    )
    for empty in (response({"text": ""}), response(finish="STOP")):
        error = _read_response(empty, "gemini-x", None)
        assert isinstance(error, ModelCallError)
        assert facts(error) == (InvalidResponse, "empty answer", False, False, COST)


def test_a_field_an_sdk_leaves_out_reads_as_absent_not_as_a_crash() -> None:
    """The readers take whatever the SDK hands over: a missing attribute is no value."""
    error = _read_response(SimpleNamespace(), "m", Draft)
    assert isinstance(error, ModelCallError)
    assert facts(error) == (InvalidResponse, "no candidates", False, False, TokenUsage())
    bare = SimpleNamespace(candidates=[SimpleNamespace(finish_reason=None)], usage_metadata=None)
    error = _read_response(bare, "m", None)
    assert isinstance(error, ModelCallError)
    assert facts(error) == (InvalidResponse, "empty answer", False, False, TokenUsage())
    partless = SimpleNamespace(content=SimpleNamespace(), finish_reason=None)
    error = _read_response(SimpleNamespace(candidates=[partless]), "m", None)
    assert isinstance(error, ModelCallError) and error.detail == "empty answer"
    assert _chunk_text(SimpleNamespace()) == ""
    assert _chunk_text(SimpleNamespace(candidates=[SimpleNamespace(content=None)])) == ""
    assert (
        _chunk_text(SimpleNamespace(candidates=[SimpleNamespace(content=SimpleNamespace())])) == ""
    )


def test_an_sdk_error_without_a_status_code_is_still_a_provider_error() -> None:
    """Every APIError the SDK makes today has a code; one without is no crash either."""
    failure = api_error(500)
    del failure.code
    error = _map_failure(failure)
    assert facts(error) == (ProviderError, "provider answered HTTP None", False, False, None)


def test_a_429_carries_the_providers_wait():
    from explain.llm.gemini import _map_failure

    body = {
        "error": {
            "code": 429,
            "status": "RESOURCE_EXHAUSTED",
            "details": [{"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "17s"}],
        }
    }
    assert _map_failure(genai_errors.APIError(429, body)).retry_after == 17.0
    assert _map_failure(api_error(429)).retry_after is None
