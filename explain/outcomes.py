"""Every way one explanation request can end, and what each one means: one table.

The service sets an outcome, the log stores it; the row in OUTCOMES gives its HTTP
status, its Retry-After, the group the admin counts it in and the words the user reads.
Views, wording, reporting and docs/api.md (tested) all read that table.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

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
    # This client address (IPv6: its /64) made EXPLAIN_ADDRESS_DAILY_CALLS model calls today.
    ADDRESS_DAILY_LIMIT = "address_daily_limit", _("Address's daily calls used")
    # The shared cache (rate limit, breaker, budget) could not be reached: no call made.
    TEMPORARILY_UNAVAILABLE = "temporarily_unavailable", _("Shared cache unavailable")
    # A log row only: a page view showed the remembered explanation again, nobody asked.
    RECALLED = "recalled", _("Shown again on a page view")
    # Another request is reading this posting's requirements right now: no call made.
    POSTING_BEING_READ = "posting_being_read", _("Posting's requirements being read")
    # The posting's reading kept no requirement: nothing to check a profile against.
    NO_REQUIREMENTS = "no_requirements", _("No requirement found in the posting")


class Kind(models.TextChoices):
    """The two kinds of claim: where profile and job meet, and what the job asks for
    that the profile does not show."""

    MATCH = "match", _("match")
    GAP = "gap", _("gap")


class Group(enum.StrEnum):
    """How the admin and the reports count an outcome."""

    OK = "ok"  # verified points were shown
    UNVERIFIED = "unverified"  # the model answered; no point survived the checks
    PROVIDER = "provider"  # a model call was made and the provider failed us
    REFUSED = "refused"  # no model call, on purpose: a limit, a setting, nothing to compare
    FAULT = "fault"  # a fault of this site (the host's adapter, a bug of ours)
    PAGE_VIEW = "page_view"  # a log row only: a page view showed a remembered answer again


class Retry(enum.Enum):
    """Whether the answer carries Retry-After, and who decides the seconds."""

    NONE = "none"
    # A fixed wait (OutcomeRule.retry_seconds) unless the cause gives its own: the
    # provider's 429, a database outage.
    FIXED = "fixed"
    # The control that refused measures the real wait (the rate window, the cool-down).
    MEASURED = "measured"


@dataclass(frozen=True)
class OutcomeRule:
    """Everything decided about one outcome, so adding one is adding a row."""

    status: int
    group: Group
    # What the user reads (lazy, translated); None when points are shown or when the
    # words depend on the wait (explain.wording).
    message: Any = None
    retry: Retry = Retry.NONE
    retry_seconds: int = 0
    # A model call was made (a cached answer, a refusal or a page view makes none).
    model_call: bool = False


_PROVIDER_DOWN = _(
    "The explanation service is not responding right now. Please try again in a few minutes."
)

# Adding an outcome: a member of Outcome above (its value and admin label), one row here,
# a migration for the log's choices (makemigrations), its row in docs/api.md (tested), and
# the German words for its label and message (makemessages).
OUTCOMES: dict[Outcome, OutcomeRule] = {
    Outcome.OK: OutcomeRule(200, Group.OK, model_call=True),
    Outcome.CACHED: OutcomeRule(200, Group.OK),
    Outcome.NOTHING_VERIFIED: OutcomeRule(
        502,
        Group.UNVERIFIED,
        _(
            "We could not find an explanation whose every point quotes your profile or this "
            "job, so we are not showing one. Please try again later."
        ),
        model_call=True,
    ),
    Outcome.PROVIDER_ERROR: OutcomeRule(502, Group.PROVIDER, _PROVIDER_DOWN, model_call=True),
    Outcome.TIMEOUT: OutcomeRule(
        504,
        Group.PROVIDER,
        _("The explanation took too long. Please try again in a minute."),
        model_call=True,
    ),
    Outcome.INVALID_RESPONSE: OutcomeRule(
        502,
        Group.PROVIDER,
        _("The explanation service sent an answer we could not read. Please try again later."),
        model_call=True,
    ),
    Outcome.BLOCKED: OutcomeRule(
        502,
        Group.PROVIDER,
        _("The explanation service declined to answer for this job."),
        model_call=True,
    ),
    # The words count the seconds down (explain.wording.rate_limited_message).
    Outcome.RATE_LIMITED: OutcomeRule(429, Group.REFUSED, retry=Retry.MEASURED),
    Outcome.DISABLED: OutcomeRule(
        503, Group.REFUSED, _("Explanations are not available on this site right now.")
    ),
    Outcome.NO_PROFILE: OutcomeRule(
        422,
        Group.REFUSED,
        _(
            "Add your skills or experience to your profile first, so there is something to "
            "compare with this job."
        ),
    ),
    Outcome.JOB_UNAVAILABLE: OutcomeRule(404, Group.REFUSED, _("This job is not available.")),
    Outcome.INTERNAL_ERROR: OutcomeRule(
        500,
        Group.FAULT,
        _(
            "Something went wrong on this site while preparing the explanation. It has been "
            "logged for the site's team; please try again later."
        ),
    ),
    Outcome.NO_RECORDING: OutcomeRule(
        503,
        Group.REFUSED,
        _(
            "Demo answers exist only for the demo postings; with a Gemini key every posting gets "
            "its own."
        ),
    ),
    Outcome.MODEL_UNAVAILABLE: OutcomeRule(
        503, Group.PROVIDER, _("Explanations are unavailable right now."), model_call=True
    ),
    # 60 s when the provider's 429 names no wait; a local cap on calls in flight sets its own.
    Outcome.PROVIDER_BUSY: OutcomeRule(
        503,
        Group.PROVIDER,
        _("Many people are asking right now. Try again in a minute."),
        retry=Retry.FIXED,
        retry_seconds=60,
        model_call=True,
    ),
    # With the cool-down known, the words give it (explain.wording.circuit_open_message).
    Outcome.CIRCUIT_OPEN: OutcomeRule(503, Group.REFUSED, _PROVIDER_DOWN, retry=Retry.MEASURED),
    Outcome.DAILY_LIMIT: OutcomeRule(
        503,
        Group.REFUSED,
        _("This site has used today's explanations. Please try again tomorrow."),
    ),
    # The allowance measures the wait: to the site's midnight, or to a new account's first day.
    Outcome.ACCOUNT_DAILY_LIMIT: OutcomeRule(
        429,
        Group.REFUSED,
        _("You have used today's explanations for your account. You can ask again tomorrow."),
        retry=Retry.MEASURED,
    ),
    # Every account on one connection shares it: the words say so, not "your account".
    Outcome.ADDRESS_DAILY_LIMIT: OutcomeRule(
        429,
        Group.REFUSED,
        _(
            "Today's explanations for your internet connection have been used up. You can "
            "ask again tomorrow."
        ),
        retry=Retry.MEASURED,
    ),
    # About what a restarted Redis takes to answer again; a database outage sets its own.
    Outcome.TEMPORARILY_UNAVAILABLE: OutcomeRule(
        503,
        Group.REFUSED,
        _("Explanations are briefly unavailable on this site. Please try again in a moment."),
        retry=Retry.FIXED,
        retry_seconds=10,
    ),
    # The job page that showed it; no API answer has it.
    Outcome.RECALLED: OutcomeRule(200, Group.PAGE_VIEW),
    # The reading takes one model call; the viewer asks again when it is stored.
    Outcome.POSTING_BEING_READ: OutcomeRule(
        503,
        Group.REFUSED,
        _(
            "This job's requirements are being read for the first time. Please try again "
            "in a few seconds."
        ),
        retry=Retry.FIXED,
        retry_seconds=3,
    ),
    # A true answer about the posting, not a fault: said plainly, never an empty list.
    Outcome.NO_REQUIREMENTS: OutcomeRule(
        200,
        Group.REFUSED,
        _(
            "We found no requirement in this job's posting that we can quote, so there is "
            "nothing to check your profile against."
        ),
    ),
}


def outcome_rule(outcome: str) -> OutcomeRule:
    """The row for an outcome, given as the enum or as its stored value."""
    return OUTCOMES[Outcome(outcome)]


def http_status(outcome: str) -> int:
    """The HTTP status a page or the API answers with for this outcome."""
    return outcome_rule(outcome).status


def default_retry_after(outcome: str) -> int:
    """Seconds for Retry-After when the cause names no wait of its own (0: none fixed)."""
    rule = outcome_rule(outcome)
    return rule.retry_seconds if rule.retry is Retry.FIXED else 0


def _where(*groups: Group, model_call: bool | None = None) -> tuple[Outcome, ...]:
    """The outcomes of these groups, in the table's order."""
    return tuple(
        outcome
        for outcome, rule in OUTCOMES.items()
        if rule.group in groups and (model_call is None or rule.model_call is model_call)
    )


# The sets below are read off the table; they keep the names callers import.
# The user got verified points.
SUCCESS = frozenset(_where(Group.OK))
# The user was shown verified points: asked for, or shown again on a page view.
SHOWN_OUTCOMES = frozenset(_where(Group.OK, Group.PAGE_VIEW))
# Rows that are not asks: the admin counts them apart from requests.
PAGE_VIEW_OUTCOMES = _where(Group.PAGE_VIEW)
# A model answer was checked by the verifier (served fresh or from the cache).
CHECKED_OUTCOMES = _where(Group.OK, Group.UNVERIFIED)
# A model answer checked by the verifier just now (a cached answer is the same answer again).
FRESH_OUTCOMES = _where(Group.OK, Group.UNVERIFIED, model_call=True)
# The provider failed us: no usable answer although a model call was made.
ERROR_OUTCOMES = _where(Group.PROVIDER)
# A model call was made (cached answers, refusals and rate limits make none).
MODEL_CALL_OUTCOMES = tuple(outcome for outcome, rule in OUTCOMES.items() if rule.model_call)
# What the user reads per outcome (the wait-dependent words are in explain.wording).
MESSAGES: dict[str, Any] = {
    outcome: rule.message for outcome, rule in OUTCOMES.items() if rule.message is not None
}

HTTP_STATUS: dict[str, int] = {outcome: rule.status for outcome, rule in OUTCOMES.items()}

# Seconds a user is told to wait (Retry-After) when the cause names none of its own.
RETRY_AFTER: dict[str, int] = {
    outcome: rule.retry_seconds for outcome, rule in OUTCOMES.items() if rule.retry is Retry.FIXED
}
