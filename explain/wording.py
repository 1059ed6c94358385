"""Everything the user reads about an outcome, in plain, translatable words."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.utils.timesince import timesince
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, pgettext

from explain.core.verify import DropReason
from explain.llm.local_matcher import MATCHER_MODEL_NAME
from explain.outcomes import MESSAGES, Outcome

# The words per outcome live in its row of explain.outcomes.OUTCOMES; the ones that
# depend on the wait are the functions below.
ERROR_MESSAGES: dict[str, Any] = MESSAGES

REASON_TEXT = {
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
    DropReason.TERM_NOT_CONTENT: _(
        "what it named was only filler words or numbers, not a skill or requirement"
    ),
    DropReason.QUOTE_NEGATED: _('a quote said "no" or "not" about it'),
    DropReason.PROFILE_WISH: _("your profile says you want to learn it, not that you have it"),
    DropReason.JOB_OFFER: _("the job offers it rather than asks for it"),
    DropReason.PROFILE_SOMEONE_ELSE: _("your profile says someone else did it, not you"),
    DropReason.PROFILE_PAST: _("your profile says you did it in the past, not now"),
    DropReason.JOB_OTHER_ROLE: _("the job asks for it for another role, not this one"),
    DropReason.JOB_ABOUT_COMPANY: _(
        "the job says it about the company (what it sells or who its customers are), "
        "not about what this role needs"
    ),
    DropReason.GAP_CONTRADICTED: _("your profile does mention it"),
    DropReason.DUPLICATE: _("it repeated another point"),
    DropReason.JOB_QUOTE_NOT_REQUIREMENT: _(
        "the quoted words are where the job is, not something it asks for"
    ),
}

# Codes no longer given (the model wrote a sentence then); old log rows still hold them.
RETIRED_REASON_TEXT = {
    "point_missing": _("the point was empty (a retired check)"),
    "point_too_long": _("the point was too long (a retired check)"),
    "point_has_link": _(
        "the point contained a link, markup, an e-mail address or a phone number (a retired check)"
    ),
}

ALL_VERIFIED = _("Every point below quotes your profile or this job.")


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
    """One neutral line beside the summary: a hidden point is routine, not an alarm."""
    if dropped == 0:
        return str(ALL_VERIFIED)
    # Whose words: the AI suggested the point, this site's checks removed it.
    return ngettext(
        "We removed %(count)d point the AI suggested: it did not pass our checks.",
        "We removed %(count)d points the AI suggested: they did not pass our checks.",
        dropped,
    ) % {"count": dropped}


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


def summary_line(
    matches: int, gaps: int, optional_gaps: int = 0, *, optional_matches: int = 0
) -> str:
    """The bottom line: how many of the job's listed requirements the profile shows,
    required and optional apart. Counts of verified points, a fact and never a score.

    matches counts every match, optional_matches those the job lists as optional; gaps
    and optional_gaps are the required and optional requirements the profile does not
    show. With nothing verified it says so plainly, without judging the person or the job.
    """
    total = matches + gaps + optional_gaps
    if total == 0:
        return str(_("We could not back up any requirement of this job with quotes."))
    listed = ngettext(
        "This job lists %(total)d requirement we could check.",
        "This job lists %(total)d requirements we could check.",
        total,
    ) % {"total": total}
    if matches == 0:
        shown = ngettext(
            "Your profile does not show it.",
            "Your profile shows none of them.",
            total,
        )
    else:
        optional = min(optional_matches, matches)
        shown = _shown_line(matches, matches - optional, optional, total)
    return f"{listed} {shown}"


def _shown_line(shown: int, required: int, optional: int, total: int) -> str:
    """How many the profile shows, required and optional apart, never a part of zero."""
    if shown == total and optional == 0:
        return ngettext("Your profile shows it.", "Your profile shows all %(shown)d.", total) % {
            "shown": shown
        }
    if optional and required:
        return ngettext(
            "Your profile shows %(shown)d of them: %(required)d required and %(optional)d "
            "optional.",
            "Your profile shows %(shown)d of them: %(required)d required and %(optional)d "
            "optional.",
            shown,
        ) % {"shown": shown, "required": required, "optional": optional}
    if optional:
        return ngettext(
            "Your profile shows %(shown)d of them, listed as optional.",
            "Your profile shows %(shown)d of them, all listed as optional.",
            shown,
        ) % {"shown": shown}
    return ngettext(
        "Your profile shows %(shown)d of them.", "Your profile shows %(shown)d of them.", shown
    ) % {"shown": shown}


def reason_label(text: str, count: int) -> str:
    """One line of the "why?" disclosure: how many points, and the check they failed."""
    return ngettext(
        "%(count)d point: %(reason)s.",
        "%(count)d points: %(reason)s.",
        count,
    ) % {"count": count, "reason": text}


def reason_text(code: str) -> str:
    """The plain words for a drop reason code, a retired one too ("" when unknown)."""
    try:
        return str(REASON_TEXT[DropReason(code)])
    except (ValueError, KeyError):
        retired = RETIRED_REASON_TEXT.get(code)
        return str(retired) if retired is not None else ""


def reason_lines(drop_reasons: dict[str, int]) -> list[tuple[str, int]]:
    """(plain words, count) for each reason, for the "why?" disclosure."""
    return [(reason_text(code) or code, count) for code, count in drop_reasons.items()]


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


# Demo mode says where the points come from: the local word matcher (the log row's model
# name); the demo postings' requirements are recorded, the viewer's step is never.
DEMO_NOTICES = {
    MATCHER_MODEL_NAME: _(
        "Demo mode: these points come from a simple word matcher on this server, "
        "not from an AI model."
    ),
}


def demo_notice(model: str) -> str | None:
    """What a demo answer says about where its points come from; None for a model's."""
    notice = DEMO_NOTICES.get(model)
    return None if notice is None else str(notice)


# ------------------------------------------------------------------------ the checklist

# A short name for each state, for the checklist's badge and "Jobs I asked about".
STATE_LABELS = {
    "shown": _("Shown in your profile"),
    "not_found": _("Not found in your profile"),
    "not_yet": _("Your profile says not yet"),
    "unchecked": _("Could not be checked"),
    "pending": _("Being checked…"),
}


def state_label(state: str) -> str:
    """The badge of a requirement's state ("" for a state this site does not give)."""
    label = STATE_LABELS.get(state)
    return "" if label is None else str(label)


def listed_line(total: int, optional: int) -> str:
    """The first half of the bottom line: the posting's own list, the same for every
    viewer. With nothing listed it says so plainly: no check stands behind anything."""
    if total == 0:
        return str(
            _(
                "We could not read any requirement in this job's posting, so there is "
                "nothing to check your profile against."
            )
        )
    optional = min(max(optional, 0), total)
    if optional == 0:
        return ngettext(
            "This job lists %(total)d requirement.",
            "This job lists %(total)d requirements.",
            total,
        ) % {"total": total}
    if optional == total:
        return ngettext(
            "This job lists %(total)d requirement, listed as optional.",
            "This job lists %(total)d requirements, all listed as optional.",
            total,
        ) % {"total": total}
    return ngettext(
        "This job lists %(total)d requirements, %(optional)d of them optional.",
        "This job lists %(total)d requirements, %(optional)d of them optional.",
        optional,
    ) % {"total": total, "optional": optional}


def _shown_of_required(shown: int, required: int) -> str:
    if shown == 0:
        return ngettext(
            "Your profile does not show the required one.",
            "Your profile shows none of the %(required)d required ones.",
            required,
        ) % {"required": required}
    if shown >= required:
        return ngettext(
            "Your profile shows the required one.",
            "Your profile shows all %(required)d required ones.",
            required,
        ) % {"required": required}
    return ngettext(
        "Your profile shows %(shown)d of the %(required)d required ones.",
        "Your profile shows %(shown)d of the %(required)d required ones.",
        required,
    ) % {"shown": shown, "required": required}


def _shown_of_optional(shown: int, optional: int, *, lead: bool) -> str:
    """The optional ones' count; lead is True when it opens the sentence about the profile
    (every requirement is optional), else it follows the required ones' count."""
    if lead:
        if shown == 0:
            return ngettext(
                "Your profile does not show it.",
                "Your profile shows none of them.",
                optional,
            ) % {"optional": optional}
        if shown >= optional:
            # The same words as _shown_line's, with its placeholder: one catalogue entry.
            return ngettext(
                "Your profile shows it.", "Your profile shows all %(shown)d.", optional
            ) % {"shown": optional}
        return ngettext(
            "Your profile shows %(shown)d of them.",
            "Your profile shows %(shown)d of them.",
            optional,
        ) % {"shown": shown, "optional": optional}
    if shown == 0:
        return ngettext(
            "It does not show the optional one.",
            "It shows none of the %(optional)d optional ones.",
            optional,
        ) % {"optional": optional}
    if shown >= optional:
        return ngettext(
            "It shows the optional one.",
            "It shows all %(optional)d optional ones.",
            optional,
        ) % {"optional": optional}
    return ngettext(
        "It shows %(shown)d of the %(optional)d optional ones.",
        "It shows %(shown)d of the %(optional)d optional ones.",
        optional,
    ) % {"shown": shown, "optional": optional}


def checklist_line(
    *,
    total: int,
    optional: int,
    shown_required: int,
    shown_optional: int,
    unchecked: int = 0,
) -> str:
    """The bottom line of the checklist: the posting's own list (the same for every
    viewer), then how many of it the profile shows, required and optional apart, and
    how many could not be checked. Counts, never a score or a verdict on the person."""
    listed = listed_line(total, optional)
    if total == 0:
        return listed
    optional = min(max(optional, 0), total)
    required = total - optional
    parts = [listed]
    if required:
        parts.append(_shown_of_required(shown_required, required))
    if optional:
        parts.append(_shown_of_optional(shown_optional, optional, lead=not required))
    if unchecked:
        parts.append(
            ngettext(
                "%(count)d could not be checked.",
                "%(count)d could not be checked.",
                unchecked,
            )
            % {"count": unchecked}
        )
    return " ".join(parts)


# The order the states are counted in, wherever counts are listed.
COUNTED_STATES = ("shown", "not_found", "not_yet", "unchecked")


def state_count(state: str, count: int) -> str:
    """One state's count in words ("3 shown in your profile")."""
    if state == "shown":
        return ngettext(
            "%(count)d shown in your profile", "%(count)d shown in your profile", count
        ) % {"count": count}
    if state == "not_found":
        return ngettext(
            "%(count)d not found in your profile", "%(count)d not found in your profile", count
        ) % {"count": count}
    if state == "not_yet":
        return ngettext(
            "%(count)d not yet, says your profile", "%(count)d not yet, says your profile", count
        ) % {"count": count}
    return ngettext("%(count)d could not be checked", "%(count)d could not be checked", count) % {
        "count": count
    }


def state_counts_line(counts: dict[str, int]) -> str:
    """Every state's count that is not zero, in a fixed order, for "Jobs I asked about"."""
    parts = [state_count(state, counts.get(state, 0)) for state in COUNTED_STATES]
    shown = [part for state, part in zip(COUNTED_STATES, parts, strict=True) if counts.get(state)]
    return pgettext("between counts of requirement states", "; ").join(shown)


def not_read_line(text: str) -> str:
    """A line of the requirements this site did not read as requirements, as it stands."""
    return str(_("Not read: “%(line)s”")) % {"line": text}


def alternatives_line(names: list[str]) -> str | None:
    """Beside a requirement that offers a choice: any one of its names will do."""
    if len(names) < 2:
        return None
    quoted = ", ".join(pgettext("one name of a choice", "“%(name)s”") % {"name": n} for n in names)
    return str(_("Any one of: %(names)s")) % {"names": quoted}
