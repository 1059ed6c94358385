"""Labelled profile pairs: what the checklist says of each requirement, against the truth.

`checklist_pairs.json` holds profiles written the way CVs and profiles are written
(headline, skills with levels and years, experience prose, work preferences; "Kubernetes:
none yet", wishes, a colleague's skill, past use, one alternative of a choice, aliases
such as k8s), each paired with one posting of `posting_set.json`, as `{"pairs": [{"id",
"posting", "profile": {key: value or its lines}, "expect": [[term, state, profileQuote,
profileReading], ...]}]}`. Every labelled requirement of the posting (required or
optional) is labelled once, by its term (a term the posting lists twice is labelled twice,
in the posting's order), with what is TRUE of the profile: `shown`, `not_found` or
`not_yet` (named only as missing or wished for). The quote is the profile's words around
the term ("" when the profile does not name it) and the reading what an honest model
says of them (explain.core.schema.PROFILE_READINGS).

No model is reachable while measuring, so the posting is read from the honest posting
answer (explain.eval.postings.honest, through explain.core.posting.read_posting) and two
viewer answers stand in for the model's, checked by explain.core.checklist.build_checklist
on the texts built as the site builds them:

- `states_everything`: the labelled quote with the reading "states" for every
  requirement: absence, wishes, someone else's skill and past use are code's to catch;
- `honest`: the labelled quote with the labelled reading;
- `careless`: honest, except that one in three of its weakening readings (chosen by a
  checksum of the pair and term, so every run is the same) is "states": an imperfect
  model, whose misses only code can still catch.

A requirement shown when it is not true misleads the viewer; its share of the shown ones
is the figure that matters most. Pure Python: no Django.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from explain.adapter import NOT_REQUIREMENT_KEYS, Field
from explain.core.checklist import Evidence, State, ViewerAnswer, build_checklist
from explain.core.schema import PROFILE_READINGS
from explain.core.texts import SourceText, profile_text
from explain.core.verify import Checker, Limits
from explain.eval.postings import Candidate, Posting, _pct, _value, honest, score_posting
from explain.exceptions import ExplainError

PAIRS_PATH = Path(__file__).resolve().parent / "checklist_pairs.json"
# The profile fields the demo portal sends, in its order, with its labels.
PROFILE_LABELS = {
    "headline": "Headline",
    "desired_role": "Desired role",
    "skills": "Skills",
    "experience": "Experience",
    "work_preferences": "Work preferences",
}
# What is true of a requirement for a profile ("unchecked" is what code says when it
# cannot tell: never a label).
TRUE_STATES = ("shown", "not_found", "not_yet")
# A labelled requirement the posting's reading did not keep has no state on the checklist.
NOT_READ = "not_read"
STATES = (*(state.value for state in State), NOT_READ)
# The readings that say the profile names a requirement it does not show.
NOT_SHOWING = frozenset({"absent", "wished", "someone_else", "past"})
# The text is far below the portal's cap: nothing is cut.
MAX_CHARS = 30000


class PairSetError(ExplainError, ValueError):
    """The pair set is malformed; the message names the pair."""


@dataclass(frozen=True)
class Expected:
    """One labelled requirement of the posting and what is true of it for the profile."""

    candidate: Candidate
    state: str
    profile_quote: str
    profile_reading: str


@dataclass(frozen=True)
class Pair:
    """One profile, the posting it is paired with, and the truth for each requirement."""

    id: str
    posting: Posting
    fields: tuple[Field, ...]
    expected: tuple[Expected, ...]

    @property
    def lang(self) -> str:
        return self.posting.lang

    @property
    def source(self) -> SourceText:
        """The profile as the portal sends it (explain.core.texts.profile_text)."""
        return profile_text(self.fields, max_chars=MAX_CHARS)


def _expected(name: str, posting: Posting, raw_list: Any) -> tuple[Expected, ...]:
    """Each label resolved to the posting's labelled requirement with its term, in the
    posting's order; every labelled requirement labelled exactly once."""
    if not isinstance(raw_list, list):
        raise PairSetError(f"pair {name}: expect must be a list")
    left = list(posting.requirements)
    out: list[Expected] = []
    for raw in raw_list:
        if not (isinstance(raw, list) and len(raw) == 4 and all(isinstance(x, str) for x in raw)):
            raise PairSetError(
                f"pair {name}: a label must be [term, state, profileQuote, profileReading], "
                f"not {raw!r}"
            )
        term, state, quote, reading = raw
        candidate = next((c for c in left if c.term == term), None)
        if candidate is None:
            raise PairSetError(
                f"pair {name}: {term!r} is no labelled requirement of {posting.id} left to label"
            )
        left.remove(candidate)
        if state not in TRUE_STATES:
            raise PairSetError(f"pair {name}: {term!r}: state must be one of {TRUE_STATES}")
        if reading not in PROFILE_READINGS:
            raise PairSetError(f"pair {name}: {term!r}: reading must be one of {PROFILE_READINGS}")
        _consistent(name, term, state, quote, reading)
        out.append(Expected(candidate, state, quote, reading))
    if left:
        terms = ", ".join(repr(c.term) for c in left)
        raise PairSetError(f"pair {name}: requirements of {posting.id} not labelled: {terms}")
    return tuple(out)


def _consistent(name: str, term: str, state: str, quote: str, reading: str) -> None:
    """The quote and reading agree with the state: shown stated, not yet said missing or
    wished, not found without a quote or with one that does not show it."""
    wrong = (
        (state == "shown" and (not quote or reading != "states"))
        or (state == "not_yet" and (not quote or reading not in ("absent", "wished")))
        or (state == "not_found" and bool(quote) and reading not in NOT_SHOWING)
    )
    if wrong:
        raise PairSetError(f"pair {name}: {term!r}: {state} with quote {quote!r} read {reading}")


def pair_from_json(data: dict[str, Any], postings: dict[str, Posting]) -> Pair:
    """One pair of the set, checked: PairSetError names what is wrong and where."""
    name = str(data.get("id", "?"))
    posting = postings.get(str(data.get("posting")))
    if posting is None:
        raise PairSetError(f"pair {name}: no posting {data.get('posting')!r} in the posting set")
    raw_fields = data.get("profile")
    if not isinstance(raw_fields, dict) or not set(raw_fields) <= set(PROFILE_LABELS):
        raise PairSetError(
            f"pair {name}: profile must be an object with keys among {', '.join(PROFILE_LABELS)}"
        )
    fields = tuple(
        Field(key, label, _value(raw_fields[key]))
        for key, label in PROFILE_LABELS.items()
        if key in raw_fields
    )
    expected = _expected(name, posting, data.get("expect"))
    for item in expected:
        if item.profile_quote and not any(item.profile_quote in f.value for f in fields):
            raise PairSetError(
                f"pair {name}: {item.profile_quote!r} is not in one field of the profile"
            )
    return Pair(name, posting, fields, expected)


def load_pairs(postings: Sequence[Posting], path: Path = PAIRS_PATH) -> list[Pair]:
    """Every pair of the set, in its order; PairSetError when one is malformed."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise PairSetError(f"cannot read the pair set {path}: {exc}") from None
    entries = data.get("pairs") if isinstance(data, dict) else None
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise PairSetError(f'{path}: needs a list of pairs under "pairs"')
    by_id = {p.id: p for p in postings}
    pairs = [pair_from_json(entry, by_id) for entry in entries]
    ids = [p.id for p in pairs]
    repeated = sorted({i for i in ids if ids.count(i) > 1})
    if repeated:
        raise PairSetError(f"pair ids listed twice: {', '.join(repeated)}")
    return pairs


# ----------------------------------------------------------------------- answerers

Answerer = Callable[[Expected], Evidence]


def states_everything(expected: Expected) -> Evidence:
    """The quote around the term, always said to state it: code alone must catch the rest."""
    return Evidence(profileQuote=expected.profile_quote, profileReading="states")


def honest_viewer(expected: Expected) -> Evidence:
    """The quote around the term with the reading an honest model gives it."""
    return Evidence(profileQuote=expected.profile_quote, profileReading=expected.profile_reading)


def careless_viewer(expected: Expected) -> Evidence:
    """Honest, but one weakening reading in three comes back "states" (a checksum picks
    which, so the figure is reproducible): what code still catches of a model's misses."""
    missed = zlib.crc32(f"{expected.candidate.term}|{expected.profile_quote}".encode()) % 3 == 0
    reading = "states" if missed else expected.profile_reading
    return Evidence(profileQuote=expected.profile_quote, profileReading=reading)


ANSWERERS: dict[str, Answerer] = {
    "states_everything": states_everything,
    "honest": honest_viewer,
    "careless": careless_viewer,
}
ANSWERER_NOTES = {
    "states_everything": 'the quote around each term, always read "states"',
    "honest": "the quote around each term with its labelled reading",
    "careless": 'honest, but one weakening reading in three read "states"',
}


# ----------------------------------------------------------------------- judging


@dataclass(frozen=True)
class Judged:
    """One pair's checklist from one answerer: per labelled requirement, (truth, state)."""

    pair: Pair
    outcomes: tuple[tuple[Expected, str], ...]


def judge_pair(pair: Pair, answerer: Answerer) -> Judged:
    """The posting read from the honest posting answer, the profile and posting texts as
    the site builds them, the answerer's evidence for each kept requirement, the checklist
    built by code; each labelled requirement's state ("not_read" when the reading lost it)."""
    job = pair.posting.source
    profile = pair.source
    scored = score_posting(pair.posting, honest)
    # Each labelled requirement kept by the reading, with its id on the checklist (a
    # posting lists each candidate once, so a candidate names one requirement).
    numbers: dict[Candidate, int] = {
        candidate: number
        for number, (candidate, _requirement) in enumerate(scored.kept, start=1)
        if candidate is not None
    }
    evidence = [
        answerer(item).model_copy(update={"id": numbers[item.candidate]})
        for item in pair.expected
        if item.candidate in numbers
    ]
    checker = Checker(
        profile.text,
        job.text,
        limits=Limits(),
        profile_fields=profile.spans,
        job_fields=job.spans,
        profile_full_text=profile.full_text,
        job_full_text=job.full_text,
        job_not_requirements=[
            (span.start, span.end) for span in job.fields if span.key in NOT_REQUIREMENT_KEYS
        ],
    )
    checklist = build_checklist(scored.reading, ViewerAnswer(requirements=evidence), checker)
    states = {item.number: item.state.value for item in checklist.items}
    outcomes = tuple(
        (item, states[numbers[item.candidate]] if item.candidate in numbers else NOT_READ)
        for item in pair.expected
    )
    return Judged(pair, outcomes)


def judge_all(pairs: Sequence[Pair]) -> dict[str, list[Judged]]:
    """Every pair's checklist from each answerer, once for the tables and the report."""
    return {name: [judge_pair(p, answerer) for p in pairs] for name, answerer in ANSWERERS.items()}


# ----------------------------------------------------------------------- tables


@dataclass(frozen=True)
class Row:
    """A group of pairs from one answerer: the truth and the states given, counted."""

    name: str
    pairs: int
    labelled: int
    truth: dict[str, int]  # true state -> requirements
    given: dict[str, int]  # state on the checklist -> requirements
    shown_true: int  # shown, and truly shown
    not_yet_true: int  # not yet, and truly not yet

    @property
    def shown_precision(self) -> float | None:
        shown = self.given.get("shown", 0)
        return self.shown_true / shown if shown else None

    @property
    def shown_recall(self) -> float | None:
        truly = self.truth.get("shown", 0)
        return self.shown_true / truly if truly else None

    @property
    def misleading(self) -> float | None:
        """Share of the shown requirements that are not true: the viewer is misled."""
        shown = self.given.get("shown", 0)
        return (shown - self.shown_true) / shown if shown else None

    @property
    def not_yet_recall(self) -> float | None:
        truly = self.truth.get("not_yet", 0)
        return self.not_yet_true / truly if truly else None

    def as_dict(self) -> dict[str, Any]:
        """The counts and the rates (None where nothing is counted), for the JSON report."""
        rates = {
            "shown_precision": self.shown_precision,
            "shown_recall": self.shown_recall,
            "misleading": self.misleading,
            "not_yet_recall": self.not_yet_recall,
        }
        counts = {k: v for k, v in vars(self).items() if k != "name"}
        return {**counts, **{k: None if v is None else round(v, 4) for k, v in rates.items()}}


def row(name: str, judged: Sequence[Judged]) -> Row:
    outcomes = [pair for j in judged for pair in j.outcomes]
    return Row(
        name=name,
        pairs=len(judged),
        labelled=len(outcomes),
        truth={s: sum(e.state == s for e, _ in outcomes) for s in TRUE_STATES},
        given={s: sum(g == s for _, g in outcomes) for s in STATES},
        shown_true=sum(e.state == g == "shown" for e, g in outcomes),
        not_yet_true=sum(e.state == g == "not_yet" for e, g in outcomes),
    )


def rows_by_lang(judged: Sequence[Judged]) -> list[Row]:
    """One row per posting language, in the set's order."""
    groups: dict[str, list[Judged]] = {}
    for j in judged:
        groups.setdefault(j.pair.lang, []).append(j)
    return [row(name, group) for name, group in groups.items()]


LEGEND = (
    "  reqs: labelled requirements; true S/NF/NY: truly shown, not found, not yet;",
    "  P = shown and true / shown; R = shown and true / truly shown; mislead: shown",
    "  when not true, of the shown; NY ok: true not-yets given not_yet; then the states",
    "  given: shown, not_found, not_yet, unchecked, and not read (the reading lost it).",
)


def table(rows: Sequence[Row], total: Row) -> list[str]:
    out = [
        f"{'language':<10}{'pairs':>6}{'reqs':>6}{'true S':>8}{'NF':>4}{'NY':>4}{'P':>6}"
        f"{'R':>6}{'mislead':>9}{'NY ok':>7}{'shown':>7}{'nf':>5}{'ny':>5}{'unch':>6}{'unread':>8}"
    ]
    out.append("-" * len(out[0]))
    for r in [*rows, total]:
        out.append(
            f"{r.name:<10}{r.pairs:>6}{r.labelled:>6}{r.truth['shown']:>8}"
            f"{r.truth['not_found']:>4}{r.truth['not_yet']:>4}{_pct(r.shown_precision):>6}"
            f"{_pct(r.shown_recall):>6}{_pct(r.misleading):>9}{_pct(r.not_yet_recall):>7}"
            f"{r.given['shown']:>7}{r.given['not_found']:>5}{r.given['not_yet']:>5}"
            f"{r.given['unchecked']:>6}{r.given[NOT_READ]:>8}"
        )
    return out


def confusion(judged: Sequence[Judged]) -> list[str]:
    """Per true state: the states code gave it."""
    out = [f"{'truth':<12}" + "".join(f"{s:>11}" for s in STATES)]
    out.append("-" * len(out[0]))
    outcomes = [pair for j in judged for pair in j.outcomes]
    for truth in TRUE_STATES:
        counts = [sum(e.state == truth and g == s for e, g in outcomes) for s in STATES]
        out.append(f"{truth:<12}" + "".join(f"{n:>11}" for n in counts))
    return out


def summary(pairs: Sequence[Pair], judged: dict[str, list[Judged]]) -> dict[str, Any]:
    """The figures of `lines` as data: per answerer, the total and a row per language."""
    return {
        "pairs": len(pairs),
        "languages": sorted({p.lang for p in pairs}),
        "labelled": sum(len(p.expected) for p in pairs),
        "answerers": {
            name: {
                "total": row("TOTAL", group).as_dict(),
                "languages": {r.name: r.as_dict() for r in rows_by_lang(group)},
            }
            for name, group in judged.items()
        },
    }


def lines(
    pairs: Sequence[Pair],
    *,
    misses: bool = True,
    name: str = PAIRS_PATH.name,
    judged: dict[str, list[Judged]] | None = None,
) -> list[str]:
    """For each answerer: the table per language, the confusion of states, its misses."""
    judged = judged if judged is not None else judge_all(pairs)
    langs = len({p.lang for p in pairs})
    labelled = sum(len(p.expected) for p in pairs)
    postings = len({p.posting.id for p in pairs})
    out = [
        f"Checklist pairs ({name}): {len(pairs)} profiles on {postings} postings, {langs} "
        f"languages, {labelled} labelled requirements",
        *LEGEND,
    ]
    for answerer_name, group in judged.items():
        out.append("")
        out.append(f"Viewer answerer {answerer_name} ({ANSWERER_NOTES[answerer_name]}):")
        out += table(rows_by_lang(group), row("TOTAL", group))
        out.append("")
        out += confusion(group)
        if misses:
            out += _misses(group)
    return out


def _misses(judged: Sequence[Judged]) -> list[str]:
    out: list[str] = []
    for j in judged:
        for e, given in j.outcomes:
            if given != e.state:
                said = f" in {e.profile_quote!r}" if e.profile_quote else ""
                out.append(f"  {j.pair.id} {e.candidate.term!r}: {e.state}, given {given}{said}")
    return out
