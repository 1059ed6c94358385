"""Everything the user reads about an outcome, in plain, translatable words."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.utils.timesince import timesince
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from explain.core.verify import DropReason, RewriteReason
from explain.outcomes import Outcome

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
    Outcome.TEMPORARILY_UNAVAILABLE: _(
        "Explanations are briefly unavailable on this site. Please try again in a moment."
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
    DropReason.QUOTE_SPANS_FIELDS: _(
        'a quote ran across two parts of the text or included a heading such as "Skills:"'
    ),
    DropReason.QUOTE_IN_INSTRUCTION: _(
        "a quote came from text addressed to an AI rather than to readers"
    ),
    DropReason.QUOTE_AFTER_CUT: _(
        "the quoted words are in a part of the text that was too long to compare"
    ),
    DropReason.GAP_HAS_PROFILE_QUOTE: _("a missing requirement came with a profile quote"),
    DropReason.TERM_MISSING: _("it did not name the skill or requirement it was about"),
    DropReason.TERM_NOT_IN_QUOTES: _("the skill or requirement it named is not in its quotes"),
    DropReason.GAP_CONTRADICTED: _("your profile does mention it"),
    DropReason.DUPLICATE: _("it repeated another point"),
}

REWRITE_TEXT = {
    RewriteReason.POINT_JUDGES: _("it judged, scored or advised you"),
    RewriteReason.GAP_BLAMES_PERSON: _("it said what you lack, not what your profile shows"),
    RewriteReason.POINT_UNSUPPORTED: _("it used words its quotes do not contain"),
}

# The sentences code writes for a reworded point (explain.core.rules.points writes the same
# sentences in English; these are their translatable forms).
CODE_POINTS = {
    "match": _("Your profile mentions %(term)s, and this job asks for it."),
    "gap": _("This job asks for %(term)s; it is not shown in your profile."),
}

ALL_VERIFIED = _("Every point above quotes your profile or this job.")


def rate_limited_message(seconds: int) -> str:
    return ngettext(
        "You asked for an explanation a moment ago. Try again in %(seconds)d second.",
        "You asked for an explanation a moment ago. Try again in %(seconds)d seconds.",
        seconds,
    ) % {"seconds": seconds}


def circuit_open_message(seconds: int) -> str:
    """The real cool-down, not "a few minutes": calls resume when it ends."""
    return ngettext(
        "The explanation service is not responding right now. Please try again in "
        "%(seconds)d second.",
        "The explanation service is not responding right now. Please try again in "
        "%(seconds)d seconds.",
        seconds,
    ) % {"seconds": seconds}


def error_message(outcome: str, *, retry_after: int = 0) -> str:
    """What the user reads when an explanation is not shown ("" when it is)."""
    if outcome == Outcome.RATE_LIMITED:
        return rate_limited_message(retry_after)
    if outcome == Outcome.CIRCUIT_OPEN and retry_after:
        return circuit_open_message(retry_after)
    return str(ERROR_MESSAGES.get(outcome, ""))


def removed_notice(dropped: int) -> str:
    """One neutral line under the points: a hidden point is routine, not an alarm."""
    if dropped == 0:
        return str(ALL_VERIFIED)
    return ngettext(
        "We hid %(count)d point we could not back up with your words.",
        "We hid %(count)d points we could not back up with your words.",
        dropped,
    ) % {"count": dropped}


def reworded_notice(reworded: int) -> str:
    """Said when code rewrote points, so the user knows whose words they read."""
    return ngettext(
        "%(count)d point was reworded to match its quotes.",
        "%(count)d points were reworded to match their quotes.",
        reworded,
    ) % {"count": reworded}


def cut_notice(which: str, sent: int, total: int) -> str:
    """Said when a text was longer than the cap: how much of it the checks compared."""
    if which == "job":
        return ngettext(
            "Only the first %(sent)d of %(total)d word of this posting were compared.",
            "Only the first %(sent)d of %(total)d words of this posting were compared.",
            total,
        ) % {"sent": sent, "total": total}
    return ngettext(
        "Only the first %(sent)d of %(total)d word of your profile were compared.",
        "Only the first %(sent)d of %(total)d words of your profile were compared.",
        total,
    ) % {"sent": sent, "total": total}


REWORD_INTRO = _(
    "A point is reworded when its sentence says more than its quotes show; the sentence "
    "you read was then written from the quoted words. What the original did:"
)


def code_point(kind: str, term: str) -> str:
    """The code-written sentence for a reworded point, in the user's language."""
    return str(CODE_POINTS[kind]) % {"term": term}


def summary_line(matches: int, gaps: int) -> str:
    """The bottom line: counts of verified points, a fact and never a score.

    With no match it says so plainly, without judging the person or the job.
    """
    if matches == 0:
        met = str(_("We found no point where your profile meets this job"))
    else:
        met = ngettext(
            "%(count)d point where your profile meets this job",
            "%(count)d points where your profile meets this job",
            matches,
        ) % {"count": matches}
    if gaps == 0:
        return met
    missing = ngettext(
        "%(count)d thing this job asks for that your profile does not show",
        "%(count)d things this job asks for that your profile does not show",
        gaps,
    ) % {"count": gaps}
    return f"{met} · {missing}"


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


def rewrite_lines(rewritten: dict[str, int]) -> list[tuple[str, int]]:
    """(plain words, count) for each reason a point was reworded, for "why?"."""
    lines = []
    for code, count in rewritten.items():
        try:
            text = str(REWRITE_TEXT[RewriteReason(code)])
        except ValueError:
            text = code
        lines.append((text, count))
    return lines


def made_line(made_at: datetime, *, remembered: bool, now: datetime | None = None) -> str:
    """When a cached explanation was made, so nobody mistakes it for a fresh answer."""
    now = now or datetime.now(tz=made_at.tzinfo)
    if (now - made_at).total_seconds() < 60:
        ago = str(_("less than a minute"))
    else:
        ago = timesince(made_at, now, depth=1)
    if remembered:
        return str(
            _("From your last look at this job, %(ago)s ago, for the same profile and posting.")
        ) % {"ago": ago}
    return str(_("Made %(ago)s ago for the same profile and posting.")) % {"ago": ago}
