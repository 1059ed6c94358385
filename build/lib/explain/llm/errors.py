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
    # A fault of this site found before any request was sent: the provider is not to
    # blame, and the circuit breaker hears nothing of it.
    local: bool = False

    def __init__(
        self,
        detail: str = "",
        *,
        usage: TokenUsage | None = None,
        unanswered: bool = False,
        outage: bool = False,
    ) -> None:
        # The detail is ours (never provider text) and is safe to log.
        super().__init__(detail or self.__class__.__name__)
        self.detail = detail
        # Tokens a refused or unusable answer still cost, for the log row.
        self.usage = usage
        # The provider never answered this call (refused connection, 5xx, 429): the
        # user's rate allowance is given back.
        self.unanswered = unanswered
        # A sign the provider is down (5xx, timeout, no connection): the circuit
        # breaker counts these.
        self.outage = outage


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


class ModelUnavailable(ExplainError):
    """The provider does not serve the configured model (HTTP 404: retired or misspelt),
    or GEMINI_MODEL is not a model name at all. The fix is a setting, not a retry."""

    outcome = "model_unavailable"


class ProviderBusy(ExplainError):
    """The provider refused for quota or load (HTTP 429 RESOURCE_EXHAUSTED)."""

    outcome = "provider_busy"


class LocalFault(ExplainError):
    """A fault of this site, not the provider's: a request the installed SDK cannot build
    (a config type or field it lacks, a value it refuses). Nothing was sent."""

    outcome = "internal_error"
    local = True

    def __init__(self, detail: str = "") -> None:
        super().__init__(detail, unanswered=True)
