"""explain.llm.errors: each failure carries its outcome code; the detail is ours only."""

from __future__ import annotations

import pytest

from explain.llm.errors import (
    BlockedResponse,
    InvalidResponse,
    ModelCallError,
    ModelUnavailable,
    ProviderBusy,
    ProviderError,
    ProviderTimeout,
)
from explain.outcomes import HTTP_STATUS, Outcome


@pytest.mark.parametrize(
    ("error", "outcome"),
    [
        (ProviderError, Outcome.PROVIDER_ERROR),
        (ProviderTimeout, Outcome.TIMEOUT),
        (InvalidResponse, Outcome.INVALID_RESPONSE),
        (BlockedResponse, Outcome.BLOCKED),
        (ModelUnavailable, Outcome.MODEL_UNAVAILABLE),
        (ProviderBusy, Outcome.PROVIDER_BUSY),
    ],
)
def test_each_error_is_an_outcome_with_a_status(error, outcome):
    assert issubclass(error, ModelCallError)
    assert error.outcome == outcome
    assert error.outcome in HTTP_STATUS


def test_the_message_is_the_detail_or_the_class_name():
    assert str(ProviderTimeout()) == "ProviderTimeout"
    failure = ProviderError("provider answered HTTP 503", unanswered=True, outage=True)
    assert str(failure) == "provider answered HTTP 503"
    assert failure.unanswered and failure.outage and failure.usage is None
