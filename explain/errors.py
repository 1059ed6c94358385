"""One small exception tree for everything that can go wrong with a model call.

Provider exceptions are mapped to these in one place (explain.gemini) and never chained:
google-genai errors carry the request headers, and one of them is the API key.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from explain.outcomes import Outcome

if TYPE_CHECKING:
    from explain.chat import TokenUsage


class ExplainError(Exception):
    """Base: carries the outcome logged and the status the user gets."""

    outcome: Outcome = Outcome.PROVIDER_ERROR

    def __init__(self, detail: str = "", *, usage: TokenUsage | None = None) -> None:
        # The detail is ours (never provider text) and is safe to log.
        super().__init__(detail or self.__class__.__name__)
        self.detail = detail
        # Tokens a refused or unusable answer still cost, for the log row.
        self.usage = usage


class ProviderError(ExplainError):
    """The provider answered with an error, or could not be reached."""

    outcome = Outcome.PROVIDER_ERROR


class ProviderTimeout(ExplainError):
    """No answer within the timeout."""

    outcome = Outcome.TIMEOUT


class InvalidResponse(ExplainError):
    """An answer arrived but does not fit the schema (bad JSON, wrong shape, cut short)."""

    outcome = Outcome.INVALID_RESPONSE


class BlockedResponse(ExplainError):
    """The provider refused to answer (safety filter or blocked prompt)."""

    outcome = Outcome.BLOCKED
