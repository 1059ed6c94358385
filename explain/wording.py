"""Everything the user reads about an outcome, in plain, translatable words."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from explain.outcomes import Outcome
from explain.verify import DropReason

ERROR_MESSAGES: dict[str, Any] = {
    Outcome.NOTHING_VERIFIED: _(
        "We could not find an explanation whose every point quotes your profile or this "
        "job, so we are not showing one. Please try again later."
    ),
    Outcome.PROVIDER_ERROR: _(
        "The explanation service is not responding right now. Please try again in a few minutes."
    ),
    Outcome.TIMEOUT: _("The explanation took too long. Please try again in a minute."),
    Outcome.INVALID_RESPONSE: _(
        "The explanation service sent an answer we could not read. Please try again later."
    ),
    Outcome.BLOCKED: _("The explanation service declined to answer for this job."),
    Outcome.DISABLED: _("Explanations are not available on this site right now."),
    Outcome.NO_PROFILE: _(
        "Add your skills or experience to your profile first, so there is something to "
        "compare with this job."
    ),
    Outcome.JOB_UNAVAILABLE: _("This job is not available."),
    Outcome.INTERNAL_ERROR: _(
        "Something went wrong on this site while preparing the explanation. It has been "
        "logged for the site's team; please try again later."
    ),
    Outcome.NO_RECORDING: _(
        "Demo answers exist only for the demo users; with a Gemini key every profile gets its own."
    ),
    Outcome.MODEL_UNAVAILABLE: _("Explanations are unavailable right now."),
    Outcome.PROVIDER_BUSY: _("Many people are asking right now. Try again in a minute."),
    Outcome.CIRCUIT_OPEN: _(
        "The explanation service is not responding right now. Please try again in a few minutes."
    ),
    Outcome.DAILY_LIMIT: _("This site has used today's explanations. Please try again tomorrow."),
}

REASON_TEXT = {
    DropReason.POINT_MISSING: _("the point was empty"),
    DropReason.POINT_TOO_LONG: _("the point was too long"),
    DropReason.POINT_HAS_LINK: _(
        "the point contained a link, markup, an e-mail address or a phone number"
    ),
    DropReason.QUOTE_MISSING: _("a quote was missing"),
    DropReason.QUOTE_TOO_SHORT: _("a quote was too short to prove anything"),
    DropReason.QUOTE_TOO_LONG: _("a quote was longer than 12 words"),
    DropReason.PROFILE_QUOTE_NOT_FOUND: _("the quoted words are not in your profile"),
    DropReason.JOB_QUOTE_NOT_FOUND: _("the quoted words are not in this job posting"),
    DropReason.GAP_HAS_PROFILE_QUOTE: _("a missing requirement came with a profile quote"),
    DropReason.GAP_CONTRADICTED: _("your profile does mention it"),
    DropReason.DUPLICATE: _("it repeated another point"),
}

ALL_VERIFIED = _("Every point below quotes your profile or this job.")


def rate_limited_message(seconds: int) -> str:
    return ngettext(
        "You asked for an explanation a moment ago. Try again in %(seconds)d second.",
        "You asked for an explanation a moment ago. Try again in %(seconds)d seconds.",
        seconds,
    ) % {"seconds": seconds}


def error_message(outcome: str, *, retry_after: int = 0) -> str:
    """What the user reads when an explanation is not shown ("" when it is)."""
    if outcome == Outcome.RATE_LIMITED:
        return rate_limited_message(retry_after)
    return str(ERROR_MESSAGES.get(outcome, ""))


def removed_notice(dropped: int) -> str:
    if dropped == 0:
        return str(ALL_VERIFIED)
    return ngettext(
        "%(count)d point was removed because it failed the checks.",
        "%(count)d points were removed because they failed the checks.",
        dropped,
    ) % {"count": dropped}


def reason_label(text: str, count: int) -> str:
    """One line of the "why?" disclosure: how many points, and the check they failed."""
    return ngettext(
        "%(count)d point: %(reason)s.",
        "%(count)d points: %(reason)s.",
        count,
    ) % {"count": count, "reason": text}


def reason_lines(drop_reasons: dict[str, int]) -> list[tuple[str, int]]:
    """(plain words, count) for each reason, for the "why?" disclosure."""
    lines = []
    for code, count in drop_reasons.items():
        try:
            text = str(REASON_TEXT[DropReason(code)])
        except ValueError:
            text = code
        lines.append((text, count))
    return lines
