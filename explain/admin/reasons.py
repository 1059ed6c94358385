"""Each drop reason as an admin reads it: what the verifier found, said of the model's
draft and the texts sent (the job seeker's panel words them for the reader instead,
explain.wording.REASON_TEXT)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from explain.core.verify import DropReason
from explain.wording import RETIRED_REASON_TEXT

ADMIN_REASON_TEXT: dict[DropReason, Any] = {
    DropReason.QUOTE_MISSING: _("a quote was empty in the model's draft"),
    DropReason.QUOTE_TOO_SHORT: _("a quote was too short to prove anything"),
    DropReason.QUOTE_TOO_LONG: _("a quote was longer than the word limit"),
    DropReason.PROFILE_QUOTE_NOT_FOUND: _("profile quote not found in the profile text sent"),
    DropReason.JOB_QUOTE_NOT_FOUND: _("job quote not found in the posting text sent"),
    DropReason.QUOTE_SPANS_FIELDS: _("a quote ran across two fields or included a field label"),
    DropReason.QUOTE_IN_INSTRUCTION: _("a quote came from posting text addressed to an AI"),
    DropReason.QUOTE_AFTER_CUT: _("a quote lies in the part of a text cut before sending"),
    DropReason.GAP_HAS_PROFILE_QUOTE: _("a gap came with a profile quote"),
    DropReason.TERM_MISSING: _("the point named no term"),
    DropReason.TERM_NOT_IN_QUOTES: _("the point's term is not in its quotes"),
    DropReason.TERM_NOT_CONTENT: _("the term was only filler words or numbers"),
    DropReason.QUOTE_NEGATED: _("a quote negates the term (no, not, without …)"),
    DropReason.PROFILE_WISH: _("the profile quote states a wish to learn the term"),
    DropReason.JOB_OFFER: _("the job quote offers the term rather than asks for it"),
    DropReason.PROFILE_SOMEONE_ELSE: _(
        "the profile quote credits the term to someone else (a manager, a team, a client)"
    ),
    DropReason.PROFILE_PAST: _("the profile quote puts the term in the past (used to, years ago)"),
    DropReason.JOB_OTHER_ROLE: _("the job quote is about another opening, not this one"),
    DropReason.JOB_ABOUT_COMPANY: _(
        "the job quote is about the company (what it sells, its customers), not the role"
    ),
    DropReason.GAP_CONTRADICTED: _("a gap the profile text sent does mention"),
    DropReason.DUPLICATE: _("a duplicate of another point"),
    DropReason.JOB_QUOTE_NOT_REQUIREMENT: _(
        "the job quote lies wholly in a field that states no requirement (location, work mode)"
    ),
}


def admin_reason_text(code: str) -> str:
    """The admin's words for a drop reason code, a retired one too ("" when unknown)."""
    try:
        return str(ADMIN_REASON_TEXT[DropReason(code)])
    except (ValueError, KeyError):
        retired = RETIRED_REASON_TEXT.get(code)
        return str(retired) if retired is not None else ""
