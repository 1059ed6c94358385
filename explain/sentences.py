"""The sentences the user reads for a kept point, written by code from its evidence.

The model picks the term and the quotes; it writes nothing the user reads. Each sentence
is a fixed, translatable template that says where the words are (in your profile, in this
job, not found in your profile), never what the person is or has. Only the point's term,
its profile form and the amounts read from the quotes are filled in: all slices of the
texts sent, cleaned of invisible controls.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from explain.core.verify import VerifiedPoint, normalize
from explain.display_cleaning import clean_display_text

MATCH = _("“%(term)s” is in your profile and in this job.")
MATCH_OTHER_FORM = _("“%(profile_term)s” in your profile; “%(term)s” in this job.")
MATCH_OPTIONAL = _("“%(term)s” is in your profile; this job lists it as optional.")
MATCH_OPTIONAL_OTHER_FORM = _(
    "“%(profile_term)s” in your profile; this job lists “%(term)s” as optional."
)
GAP = _("This job asks for “%(term)s”; it was not found in your profile.")
GAP_OPTIONAL = _("This job lists “%(term)s” as optional; it was not found in your profile.")
AMOUNTS = _("Your profile: %(profile_amount)s · This job: %(job_amount)s")
# Beside a gap whose term the profile names only as missing or wished for.
PROFILE_SAID = _("Your profile: “%(said)s”")

# Said once on the panel, the page and in the API answer.
WRITTEN_BY_SITE = _("These lines are written by this site from the quoted words, not by the AI.")

# Every template a point's sentence can be, for tests and documentation.
POINT_TEMPLATES = (
    MATCH,
    MATCH_OTHER_FORM,
    MATCH_OPTIONAL,
    MATCH_OPTIONAL_OTHER_FORM,
    GAP,
    GAP_OPTIONAL,
)


def _shown(text: str) -> str:
    """A slice of a text as it may be shown: invisible controls out, on one line."""
    return " ".join(clean_display_text(text).split())


def other_profile_form(point: VerifiedPoint) -> str:
    """The profile's own words for a match's term when they differ from the job's, else ""."""
    if point.kind != "match" or not point.profile_term:
        return ""
    if normalize(point.profile_term) == normalize(point.term):
        return ""
    return _shown(point.profile_term)


def point_sentence(point: VerifiedPoint) -> str:
    """The one sentence shown for a kept point, in the active language."""
    term = _shown(point.term)
    if point.kind == "gap":
        template = GAP_OPTIONAL if point.optional else GAP
        return str(template) % {"term": term}
    profile_term = other_profile_form(point)
    if profile_term:
        template = MATCH_OPTIONAL_OTHER_FORM if point.optional else MATCH_OTHER_FORM
        return str(template) % {"term": term, "profile_term": profile_term}
    return str(MATCH_OPTIONAL if point.optional else MATCH) % {"term": term}


def amounts_line(point: VerifiedPoint) -> str | None:
    """Both quotes' years or level, side by side and never compared; None unless both."""
    profile_amount, job_amount = _shown(point.profile_amount), _shown(point.job_amount)
    if not (profile_amount and job_amount):
        return None
    return str(AMOUNTS) % {"profile_amount": profile_amount, "job_amount": job_amount}


def profile_said(point: VerifiedPoint) -> str | None:
    """A gap's profile words that name the term only as missing or wished, else None."""
    said = _shown(point.profile_said) if point.kind == "gap" else ""
    return said or None


def profile_said_line(point: VerifiedPoint) -> str | None:
    """'Your profile: “no Kubernetes yet”' beside such a gap; None when there are none."""
    said = profile_said(point)
    return None if said is None else str(PROFILE_SAID) % {"said": said}


def written_by_site() -> str:
    """The panel's one line on who wrote the sentences."""
    return str(WRITTEN_BY_SITE)


# One sentence per state of a requirement of the checklist (explain.core.checklist),
# written by code: where the words are, never what the person is or has. A requirement
# the job lists as optional says so in the same sentence.
STATE_SENTENCES = {
    ("shown", False): _("“%(term)s” is shown in your profile."),
    ("shown", True): _("“%(term)s” is optional in this job; it is shown in your profile."),
    ("not_found", False): _("“%(term)s” was not found in your profile."),
    ("not_found", True): _("“%(term)s” is optional in this job; it was not found in your profile."),
    ("not_yet", False): _("Your profile says not yet: “%(said)s”"),
    ("not_yet", True): _(
        "“%(term)s” is optional in this job. Your profile says not yet: “%(said)s”"
    ),
    ("unchecked", False): _("“%(term)s” could not be checked against your profile."),
    ("unchecked", True): _(
        "“%(term)s” is optional in this job; it could not be checked against your profile."
    ),
    ("pending", False): _("“%(term)s” is being checked…"),
    ("pending", True): _("“%(term)s” is optional in this job; it is being checked…"),
}


def state_sentence(state: str, term: str, *, optional: bool, said: str = "") -> str:
    """The one sentence shown for a requirement in this state ("" for an unknown state).

    `said` is the profile's own words naming it only as missing or wished for; a "not
    yet" without them (never given by the checklist) reads as "not found"."""
    if state == "not_yet" and not _shown(said):
        state = "not_found"
    template = STATE_SENTENCES.get((state, optional))
    if template is None:
        return ""
    return str(template) % {"term": _shown(term), "said": _shown(said)}
