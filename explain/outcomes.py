"""Every way one explanation request can end, the groups they fall in, and the claim kinds.

One home for these: the service sets an outcome, the log stores it, views map it to a
status, the admin groups it. Nothing else spells the values out.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class Outcome(models.TextChoices):
    OK = "ok", _("OK")
    CACHED = "cached", _("Served from cache")
    NOTHING_VERIFIED = "nothing_verified", _("Nothing verified")
    PROVIDER_ERROR = "provider_error", _("Provider error")
    TIMEOUT = "timeout", _("Timeout")
    INVALID_RESPONSE = "invalid_response", _("Invalid response")
    BLOCKED = "blocked", _("Blocked by the provider")
    RATE_LIMITED = "rate_limited", _("Rate limited")
    DISABLED = "disabled", _("Explanations unavailable")
    NO_PROFILE = "no_profile", _("No profile yet")
    JOB_UNAVAILABLE = "job_unavailable", _("Job not found")
    # A fault on this site (the host's adapter, a bug of ours), not the provider's.
    INTERNAL_ERROR = "internal_error", _("Internal error")
    # Demo mode has no recorded answer for this profile and job.
    NO_RECORDING = "no_recording", _("No demo recording")
    # The fix is a setting: the provider does not serve GEMINI_MODEL (retired, misspelt).
    MODEL_UNAVAILABLE = "model_unavailable", _("Model unavailable (check GEMINI_MODEL)")
    PROVIDER_BUSY = "provider_busy", _("Provider busy (HTTP 429)")
    # The circuit breaker skipped the call: the provider failed repeatedly just now.
    CIRCUIT_OPEN = "circuit_open", _("Skipped: provider down (circuit open)")
    # EXPLAIN_DAILY_CALL_LIMIT model calls were made today, site-wide.
    DAILY_LIMIT = "daily_limit", _("Daily call limit reached")
    # This account made EXPLAIN_USER_DAILY_CALLS model calls today (fewer when new).
    ACCOUNT_DAILY_LIMIT = "account_daily_limit", _("Account's daily calls used")
    # The shared cache (rate limit, breaker, budget) could not be reached: no call made.
    TEMPORARILY_UNAVAILABLE = "temporarily_unavailable", _("Shared cache unavailable")
    # A log row only: a page view showed the remembered explanation again, nobody asked.
    RECALLED = "recalled", _("Shown again on a page view")


class Kind(models.TextChoices):
    """The two kinds of claim: where profile and job meet, and what the job asks for
    that the profile does not show."""

    MATCH = "match", _("match")
    GAP = "gap", _("gap")


# The user got verified points.
SUCCESS = frozenset({Outcome.OK, Outcome.CACHED})
# The user was shown verified points: asked for, or shown again on a page view.
SHOWN_OUTCOMES = frozenset({*SUCCESS, Outcome.RECALLED})
# Rows that are not asks: the admin counts them apart from requests.
PAGE_VIEW_OUTCOMES = (Outcome.RECALLED,)
# A model answer was checked by the verifier (served fresh or from the cache).
CHECKED_OUTCOMES = (Outcome.OK, Outcome.CACHED, Outcome.NOTHING_VERIFIED)
# The provider failed us: no usable answer although a model call was made.
ERROR_OUTCOMES = (
    Outcome.PROVIDER_ERROR,
    Outcome.TIMEOUT,
    Outcome.INVALID_RESPONSE,
    Outcome.BLOCKED,
    Outcome.MODEL_UNAVAILABLE,
    Outcome.PROVIDER_BUSY,
)
# A model call was made (cached answers, refusals and rate limits make none).
MODEL_CALL_OUTCOMES = (Outcome.OK, Outcome.NOTHING_VERIFIED, *ERROR_OUTCOMES)

HTTP_STATUS: dict[str, int] = {
    Outcome.OK: 200,
    Outcome.CACHED: 200,
    Outcome.NOTHING_VERIFIED: 502,
    Outcome.PROVIDER_ERROR: 502,
    Outcome.TIMEOUT: 504,
    Outcome.INVALID_RESPONSE: 502,
    Outcome.BLOCKED: 502,
    Outcome.RATE_LIMITED: 429,
    Outcome.DISABLED: 503,
    Outcome.NO_PROFILE: 422,
    Outcome.JOB_UNAVAILABLE: 404,
    Outcome.INTERNAL_ERROR: 500,
    Outcome.NO_RECORDING: 503,
    Outcome.MODEL_UNAVAILABLE: 503,
    Outcome.PROVIDER_BUSY: 503,
    Outcome.CIRCUIT_OPEN: 503,
    Outcome.DAILY_LIMIT: 503,
    Outcome.ACCOUNT_DAILY_LIMIT: 429,
    Outcome.TEMPORARILY_UNAVAILABLE: 503,
    Outcome.RECALLED: 200,  # the job page that showed it; no API answer has it
}

# Seconds a user is told to wait (Retry-After) when the provider side is the reason.
RETRY_AFTER: dict[str, int] = {
    Outcome.PROVIDER_BUSY: 60,
}


def http_status(outcome: str) -> int:
    """The HTTP status a page or the API answers with for this outcome."""
    return HTTP_STATUS[outcome]
