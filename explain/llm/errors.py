"""One small exception tree for everything that can go wrong with a model call.

Provider exceptions are mapped to these in one place (explain.llm.gemini) and never chained:
google-genai errors carry the request headers, and one of them is the API key.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from explain.llm.client import TokenUsage


class ExplainError(Exception):
    """Base: carries the outcome logged and the status the user gets."""

    outcome: str = "provider_error"

    def __init__(self, detail: str = "", *, usage: TokenUsage | None = None) -> None:
        # The detail is ours (never provider text) and is safe to log.
        super().__init__(detail or self.__class__.__name__)
        self.detail = detail
        # Tokens a refused or unusable answer still cost, for the log row.
        self.usage = usage


class ProviderError(ExplainError):
    """The provider answered with an error, or could not be reached."""

    outcome = "provider_error"


class ProviderTimeout(ExplainError):
    """No answer within the timeout."""

    outcome = "timeout"


class InvalidResponse(ExplainError):
    """An answer arrived but does not fit the schema (bad JSON, wrong shape, cut short)."""

    outcome = "invalid_response"


class BlockedResponse(ExplainError):
    """The provider refused to answer (safety filter or blocked prompt)."""

    outcome = "blocked"
