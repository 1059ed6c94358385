"""Every way one explanation request can end: logged, shown, and mapped to a status."""

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


SUCCESS = frozenset({Outcome.OK, Outcome.CACHED})

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
}
