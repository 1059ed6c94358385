"""Every exception of the app descends from ExplainError, so a host can catch them all.

Configuration mistakes are Django's ImproperlyConfigured (and the system checks), not
these. Plain Python: the rule layer raises them without importing Django.

Model-call errors are mapped from the provider's in one place (explain.llm.gemini) and
never chained: google-genai errors carry the request headers, and one of them is the
API key.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from explain.usage import TokenUsage


class ExplainError(Exception):
    """The root of the app's exceptions."""


class ModelCallError(ExplainError):
    """A model call went wrong: carries the outcome logged and the status the user gets."""

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
        retry_after: float | None = None,
    ) -> None:
        # The detail is ours (never provider text) and is safe to log.
        super().__init__(detail or self.__class__.__name__)
        self.detail = detail
        # Tokens a refused or unusable answer still cost, for the log row.
        self.usage = usage
        # The provider never answered this call (refused connection, 5xx): the
        # user's rate allowance is given back. Not for a 429: a refund per 429 let one
        # user make call after call, each counted against the site's quota.
        self.unanswered = unanswered
        # A sign the provider is down (5xx, 429, timeout, no connection): the circuit
        # breaker counts these.
        self.outage = outage
        # Seconds the provider asked us to wait (a 429's Retry-After or RetryInfo), if any.
        self.retry_after = retry_after


class ProviderError(ModelCallError):
    """The provider answered with an error, or could not be reached."""

    outcome = "provider_error"


class ProviderTimeout(ModelCallError):
    """No answer within the timeout."""

    outcome = "timeout"


class InvalidResponse(ModelCallError):
    """An answer arrived but does not fit the schema (bad JSON, wrong shape, cut short)."""

    outcome = "invalid_response"


class BlockedResponse(ModelCallError):
    """The provider refused to answer (safety filter or blocked prompt)."""

    outcome = "blocked"


class ModelUnavailable(ModelCallError):
    """The provider does not serve the configured model (HTTP 404: retired or misspelt),
    or GEMINI_MODEL is not a model name at all. The fix is a setting, not a retry."""

    outcome = "model_unavailable"


class ProviderBusy(ModelCallError):
    """The provider refused for quota or load (HTTP 429 RESOURCE_EXHAUSTED)."""

    outcome = "provider_busy"


class LocalFault(ModelCallError):
    """A fault of this site, not the provider's: a request the installed SDK cannot build
    (a config type or field it lacks, a value it refuses). Nothing was sent."""

    outcome = "internal_error"
    local = True

    def __init__(self, detail: str = "") -> None:
        super().__init__(detail, unanswered=True)


class JobUnavailable(ExplainError):
    """The job does not exist, is not published, or this user may not see it."""


class FeedbackRejected(ExplainError):
    """The report does not refer to a point this user was shown recently."""


class RecordingsError(ExplainError, ValueError):
    """The recordings file is not in the documented format."""


class StreamMismatch(ExplainError):
    """The final draft does not continue what was already taken from the stream."""
