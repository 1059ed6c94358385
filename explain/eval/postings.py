"""The posting set: whole job postings with their labelled requirements, read by code.

`posting_set.json` holds postings written the way postings are written (bullets,
numbered lists, prose only, a company blurb, benefits, another role in the same posting,
training the employer gives, "nice to have", one-word bullets, two languages in one
posting) in eight languages, as `{"postings": [{"id", "lang", "kind", "fields": {key:
value or its lines}, "items": [[label, quote, term], ...]}]}`. Each posting lists
candidate items a model might return:

- its true requirements, labelled `required` or `optional`;
- distractors quoting words that are not requirements, labelled by what they are:
  `company` (the employer's own business), `benefit`, `training` (what the job teaches),
  `other_role` (another role's requirement), `place`, `date` (start date, contract) and
  `not_needed` ("no degree needed").

No model is reachable while measuring, so two answerers stand in for one, and what is
measured is what `explain.core.posting.read_posting` makes of their answers:

- `all_required`: every candidate returned with the reading "required": whatever is
  removed or marked optional is code's own doing (the worst a model can do inside the
  schema);
- `honest`: every candidate returned with the reading its label implies: what code
  removes of it is lost.

Per posting: which kept requirements are true (precision, recall), whether the optional
flag is right, and how many lines of the requirements field a kept requirement covers
(the rest are listed as not read). Pure Python: no Django.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from explain.adapter import NOT_REQUIREMENT_KEYS, Field
from explain.core.normal import normalize
from explain.core.posting import (
    ModelReading,
    PostingAnswer,
    PostingItem,
    PostingReading,
    Requirement,
    read_posting,
)
from explain.core.requirement_lines import Line, requirement_lines
from explain.core.texts import SourceText, job_text
from explain.exceptions import ExplainError

POSTINGS_PATH = Path(__file__).resolve().parent / "posting_set.json"
LANGS = ("en", "de", "fr", "es", "pt", "it", "nl", "pl")
# What a posting mostly looks like (its row in the per-kind table).
KINDS = (
    "bullets",
    "numbered",
    "prose",
    "one_word",
    "nice_to_have",
    "benefits",
    "other_role",
    "training",
    "two_languages",
)
# The fields the demo portal sends, in its order, with its labels.
FIELD_LABELS = {
    "title": "Job title",
    "company": "Company",
    "location": "Location",
    "remote": "Remote",
    "description": "Description",
    "requirements": "Requirements",
}
# A candidate's label, and the reading an honest model gives it.
LABELS: dict[str, ModelReading] = {
    "required": ModelReading.REQUIRED,
    "optional": ModelReading.OPTIONAL,
    "not_needed": ModelReading.NOT_NEEDED,
    "benefit": ModelReading.OFFERED,
    "training": ModelReading.OFFERED,
    "date": ModelReading.OFFERED,
    "company": ModelReading.ABOUT_COMPANY,
    "place": ModelReading.ABOUT_COMPANY,
    "other_role": ModelReading.OTHER_ROLE,
}
TRUE_LABELS = frozenset({"required", "optional"})
# The text is far below the portal's cap: nothing is cut.
MAX_CHARS = 30000


class PostingSetError(ExplainError, ValueError):
    """The posting set is malformed; the message names the posting."""


@dataclass(frozen=True)
class Candidate:
    """One item a model might return: words of the posting and what they are."""

    label: str
    quote: str
    term: str

    @property
    def true(self) -> bool:
        return self.label in TRUE_LABELS

    @property
    def optional(self) -> bool:
        return self.label == "optional"

    @property
    def key(self) -> tuple[str, str]:
        return normalize(self.quote), normalize(self.term)


@dataclass(frozen=True)
class Posting:
    """One posting: its fields as the host hands them over, and its candidate items."""

    id: str
    lang: str
    kind: str
    fields: tuple[Field, ...]
    items: tuple[Candidate, ...]

    @property
    def source(self) -> SourceText:
        """The posting as the portal sends it (explain.core.texts.job_text)."""
        return job_text(self.fields, max_chars=MAX_CHARS)

    @property
    def requirements(self) -> tuple[Candidate, ...]:
        return tuple(item for item in self.items if item.true)


def _value(raw: Any) -> str:
    """A field's value: a string, or its lines as a list (easier to write and read)."""
    return "\n".join(raw) if isinstance(raw, list) else str(raw)


def posting_from_json(data: dict[str, Any]) -> Posting:
    """One posting of the set, checked: PostingSetError names what is wrong and where."""
    name = str(data.get("id", "?"))

    def bad(what: str) -> PostingSetError:
        return PostingSetError(f"posting {name}: {what}")

    if data.get("lang") not in LANGS:
        raise bad(f"lang must be one of {', '.join(LANGS)}")
    if data.get("kind") not in KINDS:
        raise bad(f"kind must be one of {', '.join(KINDS)}")
    raw_fields = data.get("fields")
    if not isinstance(raw_fields, dict) or not set(raw_fields) <= set(FIELD_LABELS):
        raise bad(f"fields must be an object with keys among {', '.join(FIELD_LABELS)}")
    fields = tuple(
        Field(key, label, _value(raw_fields[key]))
        for key, label in FIELD_LABELS.items()
        if key in raw_fields
    )
    values = [f.value for f in fields]
    items: list[Candidate] = []
    for raw in data.get("items", []):
        if not (isinstance(raw, list) and len(raw) == 3 and all(isinstance(x, str) for x in raw)):
            raise bad(f"an item must be [label, quote, term], not {raw!r}")
        item = Candidate(*raw)
        if item.label not in LABELS:
            raise bad(f"item {item.quote!r}: label must be one of {', '.join(LABELS)}")
        if not any(item.quote in value for value in values):
            raise bad(f"item {item.quote!r}: the quote is not in one field of the posting")
        if item.term.lower() not in item.quote.lower():
            raise bad(f"item {item.quote!r}: the term {item.term!r} is not in its quote")
        if any(item.key == seen.key for seen in items):
            raise bad(f"item {item.quote!r}: listed twice")
        items.append(item)
    if not any(item.true for item in items):
        raise bad("no item is labelled required or optional")
    return Posting(name, data["lang"], data["kind"], fields, tuple(items))


def load_postings(path: Path = POSTINGS_PATH) -> list[Posting]:
    """Every posting of the set, in its order; PostingSetError when one is malformed."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise PostingSetError(f"cannot read the posting set {path}: {exc}") from None
    entries = data.get("postings") if isinstance(data, dict) else None
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise PostingSetError(f'{path}: needs a list of postings under "postings"')
    postings = [posting_from_json(entry) for entry in entries]
    ids = [p.id for p in postings]
    repeated = sorted({i for i in ids if ids.count(i) > 1})
    if repeated:
        raise PostingSetError(f"posting ids listed twice: {', '.join(repeated)}")
    return postings


# ----------------------------------------------------------------------- answerers

Answerer = Callable[[Posting], PostingAnswer]


def _answer(items: Iterable[tuple[Candidate, str]]) -> PostingAnswer:
    return PostingAnswer(
        requirements=[
            PostingItem(job_quote=item.quote, term=item.term, reading=reading)
            for item, reading in items
        ]
    )


def all_required(posting: Posting) -> PostingAnswer:
    """Every candidate, said to be required: what goes is code's doing alone."""
    return _answer((item, ModelReading.REQUIRED.value) for item in posting.items)


def honest(posting: Posting) -> PostingAnswer:
    """Every candidate with the reading its label implies."""
    return _answer((item, LABELS[item.label].value) for item in posting.items)


def careless(posting: Posting) -> PostingAnswer:
    """Honest, but one weakening reading in three comes back "required" (a checksum of
    the quote picks which, so the figure is reproducible): what code still catches of a
    model's misses."""
    return _answer(
        (item, "required" if zlib.crc32(item.quote.encode()) % 3 == 0 else reading)
        for item, reading in ((item, LABELS[item.label].value) for item in posting.items)
    )


ANSWERERS: dict[str, Answerer] = {
    "all_required": all_required,
    "honest": honest,
    "careless": careless,
}
ANSWERER_NOTES = {
    "all_required": "every candidate said to be required: code alone removes and marks optional",
    "honest": "every candidate with the reading its label implies",
    "careless": 'honest, but one weakening reading in three said "required"',
}


# ----------------------------------------------------------------------- scoring


@dataclass(frozen=True)
class Scored:
    """One posting read from one answerer's answer, against its labels."""

    posting: Posting
    reading: PostingReading
    kept: tuple[tuple[Candidate | None, Requirement], ...]  # None: matches no candidate
    lost: tuple[tuple[Candidate, str], ...]  # true requirements not kept, with the reason
    lines_with_requirement: int  # lines of the requirements field holding a true quote
    lines_with_requirement_covered: int
    lines_other_covered: int  # lines holding no true quote, yet covered (shown as read)

    @property
    def kept_true(self) -> list[tuple[Candidate, Requirement]]:
        return [(c, r) for c, r in self.kept if c is not None and c.true]

    @property
    def kept_false(self) -> list[tuple[Candidate | None, Requirement]]:
        return [(c, r) for c, r in self.kept if c is None or not c.true]

    @property
    def optional_right(self) -> int:
        return sum(c.optional == r.optional for c, r in self.kept_true)


def _read(answer: PostingAnswer, source: SourceText) -> PostingReading:
    return read_posting(answer, source, not_requirement_keys=NOT_REQUIREMENT_KEYS)


def _matched(
    items: Sequence[Candidate], kept: Sequence[Requirement]
) -> tuple[tuple[Candidate | None, Requirement], ...]:
    """Each kept requirement with the candidate it came from (None when none fits).

    The verifier may widen a term to the words around it ("Excel" in "Microsoft Excel"),
    so a candidate fits when its quote is the kept quote and either term holds the other;
    the exact term is preferred, and a candidate is used once.
    """
    used: set[int] = set()
    out: list[tuple[Candidate | None, Requirement]] = []
    for r in kept:
        quote, term = normalize(r.job_quote), normalize(r.term)
        same_quote = [i for i, item in enumerate(items) if i not in used and item.key[0] == quote]
        exact = [i for i in same_quote if items[i].key[1] == term]
        near = [i for i in same_quote if items[i].key[1] in term or term in items[i].key[1]]
        found = (exact or near)[:1]
        used.update(found)
        out.append((items[found[0]] if found else None, r))
    return tuple(out)


def _overlaps(line: Line, start: int, end: int) -> bool:
    return start < line.end and line.start < end


def score_posting(posting: Posting, answerer: Answerer) -> Scored:
    source = posting.source
    answer = answerer(posting)
    reading = _read(answer, source)
    kept = _matched(posting.items, reading.requirements)
    kept_items = [c for c, _ in kept if c is not None]
    lost: list[tuple[Candidate, str]] = []
    for item, sent in zip(posting.items, answer.requirements, strict=True):
        if item.true and item not in kept_items:
            alone = _read(PostingAnswer(requirements=[sent]), source)
            reason = next(iter(alone.reasons), "kept alone, not with the others")
            lost.append((item, reason))
    lines = requirement_lines(source)
    not_read = {(line.start, line.end) for line in reading.not_read}
    true_spans = [span for item in posting.requirements for span in _places(source, item.quote)]
    wanted = [line for line in lines if any(_overlaps(line, *span) for span in true_spans)]
    return Scored(
        posting=posting,
        reading=reading,
        kept=kept,
        lost=tuple(lost),
        lines_with_requirement=len(wanted),
        lines_with_requirement_covered=sum(
            (line.start, line.end) not in not_read for line in wanted
        ),
        lines_other_covered=sum(
            (line.start, line.end) not in not_read for line in lines if line not in wanted
        ),
    )


def _places(source: SourceText, quote: str) -> list[tuple[int, int]]:
    """Every (start, end) of the quote inside one field of the text sent."""
    places = []
    for span in source.fields:
        start = source.text.find(quote, span.start, span.end)
        while start != -1:
            places.append((start, start + len(quote)))
            start = source.text.find(quote, start + 1, span.end)
    return places


def score_all(postings: Sequence[Posting], answerer: Answerer) -> list[Scored]:
    return [score_posting(posting, answerer) for posting in postings]


def score_answerers(postings: Sequence[Posting]) -> dict[str, list[Scored]]:
    """Every posting read from each answerer's answer, once for the tables and the report."""
    return {name: score_all(postings, answerer) for name, answerer in ANSWERERS.items()}


# ----------------------------------------------------------------------- tables


@dataclass(frozen=True)
class Row:
    """The figures of a group of postings read from one answerer's answers."""

    name: str
    postings: int
    labelled: int  # true requirements in the labels
    kept: int
    kept_true: int
    optional_right: int
    lines: int
    lines_covered: int
    lines_with_requirement: int
    lines_with_requirement_covered: int
    lines_other_covered: int

    @property
    def precision(self) -> float | None:
        return self.kept_true / self.kept if self.kept else None

    @property
    def recall(self) -> float | None:
        return self.kept_true / self.labelled if self.labelled else None

    @property
    def optional_accuracy(self) -> float | None:
        """Of the true requirements kept, how many carry the right optional flag."""
        return self.optional_right / self.kept_true if self.kept_true else None

    @property
    def coverage(self) -> float | None:
        """Share of the requirements field's lines a kept requirement covers."""
        return self.lines_covered / self.lines if self.lines else None

    @property
    def requirement_line_coverage(self) -> float | None:
        """Share of the lines holding a labelled requirement that a kept one covers."""
        if not self.lines_with_requirement:
            return None
        return self.lines_with_requirement_covered / self.lines_with_requirement

    def as_dict(self) -> dict[str, Any]:
        """The counts and the rates (None where nothing is counted), for the JSON report."""
        rates = {
            "precision": self.precision,
            "recall": self.recall,
            "optional_accuracy": self.optional_accuracy,
            "coverage": self.coverage,
            "requirement_line_coverage": self.requirement_line_coverage,
        }
        counts = {k: v for k, v in vars(self).items() if k != "name"}
        return {**counts, **{k: None if v is None else round(v, 4) for k, v in rates.items()}}


def row(name: str, scored: Sequence[Scored]) -> Row:
    return Row(
        name=name,
        postings=len(scored),
        labelled=sum(len(s.posting.requirements) for s in scored),
        kept=sum(len(s.kept) for s in scored),
        kept_true=sum(len(s.kept_true) for s in scored),
        optional_right=sum(s.optional_right for s in scored),
        lines=sum(s.reading.lines_total for s in scored),
        lines_covered=sum(s.reading.lines_total - len(s.reading.not_read) for s in scored),
        lines_with_requirement=sum(s.lines_with_requirement for s in scored),
        lines_with_requirement_covered=sum(s.lines_with_requirement_covered for s in scored),
        lines_other_covered=sum(s.lines_other_covered for s in scored),
    )


def rows_by(scored: Sequence[Scored], key: str) -> list[Row]:
    """One row per posting kind (key "kind") or language (key "lang"), in the set's order."""
    groups: dict[str, list[Scored]] = {}
    for s in scored:
        groups.setdefault(getattr(s.posting, key), []).append(s)
    return [row(name, group) for name, group in groups.items()]


LEGEND = (
    "  labels: labelled requirements; kept: requirements kept; true: kept and labelled;",
    "  P = true/kept; R = true/labels; opt ok: true ones with the right optional flag;",
    "  lines: lines of the requirements field; cover: share covered by a kept requirement;",
    "  unread: lines listed as not read; req lines: share of the lines holding a labelled",
    "  requirement that are covered; other: lines holding none, covered all the same.",
)


def _pct(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.0%}"


def table(rows: Sequence[Row], total: Row, heading: str) -> list[str]:
    out = [
        f"{heading:<14}{'posts':>6}{'labels':>7}{'kept':>6}{'true':>6}{'P':>6}{'R':>6}"
        f"{'opt ok':>8}{'lines':>7}{'cover':>7}{'unread':>8}{'req lines':>10}{'other':>7}"
    ]
    out.append("-" * len(out[0]))
    for r in [*rows, total]:
        out.append(
            f"{r.name:<14}{r.postings:>6}{r.labelled:>7}{r.kept:>6}{r.kept_true:>6}"
            f"{_pct(r.precision):>6}{_pct(r.recall):>6}{_pct(r.optional_accuracy):>8}"
            f"{r.lines:>7}{_pct(r.coverage):>7}{r.lines - r.lines_covered:>8}"
            f"{_pct(r.requirement_line_coverage):>10}"
            f"{r.lines_other_covered:>7}"
        )
    return out


def distractor_table(scored: Sequence[Scored]) -> list[str]:
    """Per distractor label: how many were offered and how many code removed."""
    offered: dict[str, int] = {}
    kept: dict[str, int] = {}
    for s in scored:
        for item in s.posting.items:
            if not item.true:
                offered[item.label] = offered.get(item.label, 0) + 1
        for c, _ in s.kept_false:
            name = c.label if c is not None else "unmatched"
            kept[name] = kept.get(name, 0) + 1
    out = [f"{'distractor':<14}{'items':>6}{'kept':>6}{'removed':>9}"]
    out.append("-" * len(out[0]))
    for name in [*LABELS, "unmatched"]:
        if name in offered or name in kept:
            total = offered.get(name, 0)
            gone = total - kept.get(name, 0)
            share = _pct(gone / total if total else None)
            out.append(f"{name:<14}{total:>6}{kept.get(name, 0):>6}{share:>9}")
    return out


def summary(postings: Sequence[Posting], scored: dict[str, list[Scored]]) -> dict[str, Any]:
    """The figures of `lines` as data: per answerer, the total and a row per language
    and per kind (the verifier's JSON report carries it, so runs can be compared)."""
    return {
        "postings": len(postings),
        "languages": sorted({p.lang for p in postings}),
        "labelled": sum(len(p.requirements) for p in postings),
        "distractors": sum(not item.true for p in postings for item in p.items),
        "answerers": {
            name: {
                "total": row("TOTAL", group).as_dict(),
                "languages": {r.name: r.as_dict() for r in rows_by(group, "lang")},
                "kinds": {r.name: r.as_dict() for r in rows_by(group, "kind")},
            }
            for name, group in scored.items()
        },
    }


def lines(
    postings: Sequence[Posting],
    *,
    misses: bool = True,
    name: str = POSTINGS_PATH.name,
    scored: dict[str, list[Scored]] | None = None,
) -> list[str]:
    """For each answerer: the tables per language and per kind, then its misses."""
    scored = scored if scored is not None else score_answerers(postings)
    langs = len({p.lang for p in postings})
    items = sum(len(p.items) for p in postings)
    labelled = sum(len(p.requirements) for p in postings)
    out = [
        f"Postings ({name}): {len(postings)} postings, {langs} languages, {labelled} "
        f"labelled requirements, {items - labelled} distractors",
        *LEGEND,
    ]
    for answerer_name, group in scored.items():
        total = row("TOTAL", group)
        out.append("")
        out.append(f"Answerer {answerer_name} ({ANSWERER_NOTES[answerer_name]}):")
        out += table(rows_by(group, "lang"), total, "language")
        out.append("")
        out += table(rows_by(group, "kind"), total, "kind")
        if answerer_name == "all_required":
            out.append("")
            out += distractor_table(group)
        if misses:
            out += _misses(group)
    return out


def _misses(scored: Sequence[Scored]) -> list[str]:
    out: list[str] = []
    for s in scored:
        for c, r in s.kept_false:
            what = c.label if c is not None else "unmatched"
            out.append(f"  kept: {s.posting.id} [{what}] {r.job_quote!r} ({r.term})")
        for c, reason in s.lost:
            out.append(f"  lost: {s.posting.id} [{c.label}] {c.quote!r} ({c.term}): {reason}")
        for c, r in s.kept_true:
            if c.optional != r.optional:
                flag = "optional" if r.optional else "required"
                out.append(f"  flag: {s.posting.id} [{c.label}] {c.quote!r} shown {flag}")
    return out
