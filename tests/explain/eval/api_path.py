"""Reading-set lines through the HTTP API, the way outside reviewers measure the reader.

`manage.py explain_eval` judges each line of a reading set (explain/eval/reading_*.tsv) as
an old-style claim (explain.eval.scoring.judge). The product answers through the posting's
requirements (read once, explain.core.posting) and a checklist per viewer
(explain.core.checklist), served at /explain/api/jobs/<id>/explanation/. This module puts
one line where a viewer's request meets it and asks the API:

- side J or G: the line in the demo host's requirements field, between two plain lines;
- side P or N: the line in the profile's experience field, between two plain lines;

with a fake model that returns the line's claim as given: the posting's call lists every
requirement line as "required" (the line's quote and term, and the plain lines'), the
viewer's call gives the claim's profile quote with the reading "states" (none for a gap).
What the API then shows for the term is compared with explain_eval's verdict: only code
stands between the claim and the viewer on both paths, so they must agree.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.test import Client
from django.urls import reverse

from explain.core.posting_prompt import POSTING_INSTRUCTION
from explain.core.viewer_prompt import VIEWER_INSTRUCTION
from explain.eval import reading_corpus as rc
from explain.llm.client import ChatPrompt
from explain.models import PostingReading
from explain.verify import normalize
from jobportal.models import CandidateProfile, Job
from support.two_step import listed_requirements
from tests.conftest import clear_cache

# The sets explain_eval scores (a held-out set joins once it has been measured).
SETS = (
    rc.CORPUS_PATH,
    rc.HOLDOUT_PATH,
    rc.FRESH_PATH,
    rc.DEV2_PATH,
    rc.DEV3_PATH,
    rc.FRESH2_PATH,
    rc.FRESH3_PATH,
    rc.DEV4_PATH,
    rc.FRESH4_PATH,
    rc.DEV5A_PATH,
    rc.DEV5B_PATH,
    rc.FRESH5_PATH,
    rc.DEV6A_PATH,
    rc.DEV6B_PATH,
    rc.FRESH6_PATH,
    rc.FRESH7_PATH,
)

# Plain lines around the line under test: none names a reading-set term, none reads as
# anything but a plain statement. (quote, term) for the job's, text for the profile's.
JOB_BEFORE = ("Clear written communication", "written communication")
JOB_AFTER = ("Works well in a small team", "small team")
PROFILE_BEFORE = "Backend work for a travel agency"
PROFILE_AFTER = "Code reviews every week"
TOOLS = "Git, Bash, Vim"
DESCRIPTION = "A role in a small software team."

# The settings that let one viewer ask hundreds of times in a row (the limits have tests
# of their own).
UNLIMITED = {
    "EXPLAIN_RATE": "100000/s",
    "EXPLAIN_USER_DAILY_CALLS": None,
    "EXPLAIN_NEW_USER_DAILY_CALLS": None,
    "EXPLAIN_ADDRESS_DAILY_CALLS": None,
    "EXPLAIN_DAILY_CALL_LIMIT": None,
    "EXPLAIN_LOG_ROWS_PER_MINUTE": None,
}


@dataclass(frozen=True)
class Line:
    """One line of a reading set, its side, and the case explain_eval builds from it."""

    set_name: str
    number: int
    side: str
    label: str
    term: str
    text: str
    item: rc.CorpusCase

    @property
    def id(self) -> str:
        return f"{self.set_name}:{self.number}"


def load_lines(path: Path) -> list[Line]:
    out = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not raw.strip() or raw.startswith("#"):
            continue
        fields = raw.split("\t")
        item = rc.corpus_case(number, fields)
        _lang, _kind, side, label, term, text = fields
        out.append(Line(path.name, number, side, label, term, text, item))
    return out


# Where the line sits among the plain lines of its field: between them (the default),
# or first, right after the field's label ("Requirements: <line>").
MIDDLE, FIRST = "middle", "first"


def around(before: str, text: str, after: str, place: str) -> str:
    return f"{text}\n{before}\n{after}" if place == FIRST else f"{before}\n{text}\n{after}"


def placed(line: Line, place: str = MIDDLE) -> tuple[dict[str, str], dict[str, str]]:
    """The job's and the profile's fields, with the line where its side says."""
    term = line.term
    job_line = line.text if line.side in ("J", "G") else f"- {term} experience"
    requirements = around(f"- {JOB_BEFORE[0]}", job_line, f"- {JOB_AFTER[0]}", place)
    if line.side == "J":
        profile = {"skills": f"{TOOLS}\n{term}, Bash", "experience": PROFILE_BEFORE}
    elif line.side == "G":
        profile = {"skills": TOOLS, "experience": f"{PROFILE_BEFORE}\n{PROFILE_AFTER}"}
    else:
        profile = {
            "skills": TOOLS,
            "experience": around(PROFILE_BEFORE, line.text, PROFILE_AFTER, place),
        }
    job = {
        "title": "Engineer",
        "company": "Northwind",
        "description": DESCRIPTION,
        "requirements": requirements,
    }
    return job, {"headline": "Software engineer", **profile}


class ClaimAsGiven:
    """The reviewers' fake model: each call answers with the line's claim as given."""

    model_name = "claim-as-given"

    def __init__(self, *, quote_beside_gap: bool = False) -> None:
        self.prompts: list[ChatPrompt] = []
        # A variant reviewer: for an N line (a gap beside a profile line) the viewer's
        # answer quotes the profile line with "states" instead of giving no quote.
        self.quote_beside_gap = quote_beside_gap
        self.answer(None)

    def answer(self, line: Line | None) -> None:
        """Answer with this line's claim from now on (one model, installed once)."""
        claim = line.item.case.claim if line is not None else None
        self.job_quote = claim.job_quote if claim else ""
        self.term = claim.term if claim else ""
        self.profile_quote = claim.profile_quote if claim else ""
        if line is not None and line.side == "N" and self.quote_beside_gap:
            self.profile_quote = rc._quote(line.text, line.term)
        self.answered_viewer = False  # whether the viewer's call listed the line's requirement

    def __call__(self, prompt: ChatPrompt, /) -> str:
        self.prompts.append(prompt)
        if prompt.system == POSTING_INSTRUCTION:
            items = [(self.job_quote, self.term), JOB_BEFORE, JOB_AFTER]
            return json.dumps(
                {
                    "requirements": [
                        {"jobQuote": q, "term": t, "reading": "required"} for q, t in items
                    ]
                }
            )
        if prompt.system == VIEWER_INSTRUCTION:
            return json.dumps({"requirements": self.evidence(prompt.user)})
        raise AssertionError("a call this fake does not know")

    def evidence(self, message: str) -> list[dict[str, Any]]:
        """The claim's profile quote for the line's requirement (the one that is not a
        plain line: the posting may have trimmed the quote), none for the others."""
        out = []
        for number, words, _names in listed_requirements(message):
            ours = not plain(words) and not self.answered_viewer
            self.answered_viewer = self.answered_viewer or ours
            quote = self.profile_quote if ours else ""
            out.append(
                {"id": number, "profileQuote": quote, "profileReading": "states" if quote else ""}
            )
        return out


def plain(words: str) -> bool:
    """Whether a requirement's words are one of the plain job lines'."""
    return any(normalize(quote) in normalize(words) for quote, _term in (JOB_BEFORE, JOB_AFTER))


@dataclass(frozen=True)
class Shown:
    """What the API shows for the line's term."""

    outcome: str
    listed: bool  # the line's requirement is in the checklist
    state: str = ""  # shown, not_found, not_yet, unchecked
    optional: bool = False
    answered: bool = False  # the fake's viewer call got to answer the line's requirement

    def describe(self) -> str:
        if not self.listed:
            return f"removed ({self.outcome})"
        return f"{'optional' if self.optional else 'required'}, {self.state}"


def shown(payload: dict[str, Any], answered: bool) -> Shown:
    """What the payload shows for the line's requirement: the one not a plain line's."""
    for entry in payload.get("requirements") or []:
        if not plain(entry["job_quote"]):
            return Shown(
                payload["outcome"], True, entry["state"], bool(entry["optional"]), answered
            )
    return Shown(payload["outcome"], False, answered=answered)


KEPT, KEPT_OPTIONAL, DROPPED = "kept", "kept optional", "dropped"
# What the API can show besides: the job's line still listed as a requirement with the
# match's evidence removed (it still tells the viewer the job asks for the term), or a
# requirement left "unchecked".
LISTED_NOT_SHOWN = "listed, match removed"
UNCHECKED = "listed, unchecked"


def api_verdict(line: Line, seen: Shown) -> str:
    """What the viewer is shown for the line's claim, in explain_eval's words.

    A match (P, J) is kept when the requirement is shown as in the profile; a gap (G, N)
    when it is shown as not found or not yet. On the job's side a line no longer listed is
    dropped; on the profile's side a profile quote removed (P) or the term found named
    in the profile (N: unchecked, or shown when a quote was given) is the claim dropped,
    and so is the job's "<term> experience" line removed (the viewer is told nothing of
    the term: see `Compared.gone`).
    """
    if not seen.listed:
        return DROPPED
    kept = KEPT_OPTIONAL if seen.optional else KEPT
    if line.side == "P":
        return kept if seen.state == "shown" else DROPPED
    if line.side == "N":
        return kept if seen.state in ("not_found", "not_yet") else DROPPED
    if line.side == "J":
        return kept if seen.state == "shown" else LISTED_NOT_SHOWN
    return UNCHECKED if seen.state == "unchecked" else kept


def eval_verdict(judged: rc.Judged) -> str:
    if not judged.kept:
        return DROPPED
    return KEPT_OPTIONAL if judged.verdict.optional else KEPT


@dataclass(frozen=True)
class Compared:
    line: Line
    judged: rc.Judged
    seen: Shown

    @property
    def eval(self) -> str:
        return eval_verdict(self.judged)

    @property
    def api(self) -> str:
        return api_verdict(self.line, self.seen)

    @property
    def agrees(self) -> bool:
        return self.eval == self.api

    @property
    def gone(self) -> bool:
        """A profile line's claim with no requirement left to back: the posting removed
        the job line both paths build ("- <term> experience")."""
        return self.line.side in ("P", "N") and not self.seen.listed

    def describe(self) -> str:
        return (
            f"{self.line.id} [{self.line.item.lang} {self.line.item.kind} {self.line.side} "
            f"{self.line.label}] {self.line.term!r} in {self.line.text!r}: eval "
            f"{self.judged.verdict.describe()} -> {self.eval}; API {self.seen.describe()} "
            f"-> {self.api}"
        )


def clear_caches() -> None:
    for alias in caches:
        clear_cache(caches[alias])


def through_api(line: Line, client: Client, model: ClaimAsGiven, place: str = MIDDLE) -> Shown:
    """Put the line in the host's posting or profile, ask the API as its viewer."""
    job_fields, profile_fields = placed(line, place)
    job = Job.objects.create(**job_fields)
    user = get_user_model().objects.create_user(username=f"viewer{job.pk}", password="pw-12345!")
    CandidateProfile.objects.create(user=user, **profile_fields)
    model.answer(line)
    client.force_login(user)
    response = client.post(reverse("explain:api-explain", args=[job.pk]))
    seen = shown(response.json(), model.answered_viewer)
    # Each line alone: no stored reading, no cached answer, no rows left for the next.
    PostingReading.objects.all().delete()
    job.delete()
    user.delete()
    clear_caches()
    return seen


def compare(
    lines: list[Line], client: Client, model: ClaimAsGiven, place: str = MIDDLE
) -> Iterator[Compared]:
    """Each line through explain_eval's judge and through the API (`model` installed as
    the site's EXPLAIN_CHAT_MODEL, UNLIMITED set)."""
    for line in lines:
        (judged,) = rc.judge_corpus([line.item])
        yield Compared(line, judged, through_api(line, client, model, place))
