"""Score the verifier against the labelled set: what it did to each claim, against the label.

Each case is run through the public `verify_draft`: once with the claims that precede it
in its draft, once with the case's claim added at the end of its list. The difference
says what happened to that claim: kept, dropped (and why), or left unchecked because its
list was already full. A kept claim is then read as the user would read it: the sentence
code writes for it (by an injected writer), whether it is optional, and the amounts read
from its quotes, each against the label. Precision and recall are reported for each
label (keep and every drop reason) and each category. Pure Python.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from explain.core.schema import Claim, Draft
from explain.core.verify import Limits, Verification, VerifiedPoint, verify_draft
from explain.eval.cases import DROP, KEEP, Case, CaseFile
from explain.eval.sentences import template_sentence

UNCHECKED = "unchecked"

SentenceWriter = Callable[[VerifiedPoint], str]


@dataclass(frozen=True)
class Verdict:
    """What the verifier did to one case's claim, and whether that is what the label says."""

    case: Case
    outcome: str  # "keep", "drop" or "unchecked"
    reason: str | None = None
    sentence: str | None = None  # what code wrote, for a kept claim
    optional: bool | None = None
    job_amount: str | None = None
    profile_amount: str | None = None

    @property
    def agrees(self) -> bool:
        """The outcome (and for a drop, the reason) is the label's."""
        return self.outcome == self.case.expected and (
            self.case.expected == KEEP or self.reason == self.case.reason
        )

    @property
    def reads_wrong(self) -> list[str]:
        """For a claim kept as labelled: each shown field that is not what the label says."""
        if not (self.agrees and self.outcome == KEEP):
            return []
        pinned = (
            ("sentence", self.case.sentence, self.sentence),
            ("optional", self.case.optional, self.optional),
            ("job_amount", self.case.job_amount, self.job_amount),
            ("profile_amount", self.case.profile_amount, self.profile_amount),
        )
        return [name for name, want, got in pinned if want is not None and want != got]

    @property
    def right(self) -> bool:
        """Agrees, and a kept claim reads as labelled."""
        return self.agrees and not self.reads_wrong

    @property
    def label(self) -> str:
        """The label the case gives: "keep" or its drop reason."""
        return KEEP if self.case.expected == KEEP else str(self.case.reason)

    @property
    def given(self) -> str:
        """The label the verifier gave: "keep", its drop reason, or "unchecked"."""
        return (self.reason or DROP) if self.outcome == DROP else self.outcome

    def describe(self) -> str:
        return self.outcome + (f" ({self.reason})" if self.reason else "")

    def describe_reading(self) -> str:
        wrong = self.reads_wrong
        parts = []
        for name in wrong:
            want = getattr(self.case, name)
            got = getattr(self, name)
            parts.append(f"{name} {want!r}, got {got!r}")
        return "; ".join(parts)


@dataclass
class Row:
    """Counts for one category (or the total)."""

    name: str
    cases: int = 0
    expected_keep: int = 0
    expected_drop: int = 0
    kept: int = 0
    dropped: int = 0
    agree: int = 0
    true_keeps: int = 0
    sentences_checked: int = 0
    sentences_right: int = 0

    def add(self, verdict: Verdict) -> None:
        self.cases += 1
        self.expected_keep += verdict.case.expected == KEEP
        self.expected_drop += verdict.case.expected == DROP
        self.kept += verdict.outcome == KEEP
        self.dropped += verdict.outcome == DROP
        self.agree += verdict.agrees
        kept_right = verdict.outcome == KEEP and verdict.agrees
        self.true_keeps += kept_right
        if kept_right and verdict.case.sentence is not None:
            self.sentences_checked += 1
            self.sentences_right += "sentence" not in verdict.reads_wrong

    @property
    def keep_precision(self) -> float | None:
        return self.true_keeps / self.kept if self.kept else None

    @property
    def keep_recall(self) -> float | None:
        return self.true_keeps / self.expected_keep if self.expected_keep else None

    def as_dict(self) -> dict[str, Any]:
        return {
            "cases": self.cases,
            "expected_keep": self.expected_keep,
            "expected_drop": self.expected_drop,
            "kept": self.kept,
            "dropped": self.dropped,
            "agree": self.agree,
            "keep_precision": self.keep_precision,
            "keep_recall": self.keep_recall,
            "sentences_checked": self.sentences_checked,
            "sentences_right": self.sentences_right,
        }


@dataclass(frozen=True)
class LabelScore:
    """Precision and recall of one label: of the claims given it, and of those labelled it."""

    label: str
    given: int
    labelled: int
    right: int

    @property
    def precision(self) -> float | None:
        return self.right / self.given if self.given else None

    @property
    def recall(self) -> float | None:
        return self.right / self.labelled if self.labelled else None

    def as_dict(self) -> dict[str, Any]:
        return {
            "given": self.given,
            "labelled": self.labelled,
            "right": self.right,
            "precision": self.precision,
            "recall": self.recall,
        }


def label_scores(verdicts: Iterable[Verdict]) -> list[LabelScore]:
    """Per label (keep first, then each drop reason): given, labelled, right."""
    verdicts = list(verdicts)
    names = [KEEP, *sorted({v.label for v in verdicts} - {KEEP})]
    names += sorted({v.given for v in verdicts} - set(names) - {KEEP})
    scores = []
    for name in names:
        given = sum(1 for v in verdicts if v.given == name)
        labelled = sum(1 for v in verdicts if v.label == name)
        right = sum(1 for v in verdicts if v.given == name and v.agrees)
        if given or labelled:
            scores.append(LabelScore(name, given, labelled, right))
    return scores


@dataclass
class Scorecard:
    """The whole comparison: rows per category, per-label scores, disagreements."""

    verdicts: list[Verdict]
    rows: list[Row]
    total: Row
    skipped: int
    limits: Limits
    drop_reasons: dict[str, int] = field(default_factory=dict)
    writer: str = ""

    @property
    def disagreements(self) -> list[Verdict]:
        """Cases not marked known_limit whose outcome, reason or reading is not the label's."""
        return [v for v in self.verdicts if not v.right and not v.case.known_limit]

    @property
    def known_limits_missed(self) -> list[Verdict]:
        """Cases marked known_limit the verifier gets wrong, as expected."""
        return [v for v in self.verdicts if not v.right and v.case.known_limit]

    @property
    def true_keeps(self) -> int:
        return self.total.true_keeps

    @property
    def precision(self) -> float | None:
        """Of the claims the verifier kept, the share the labels say to keep."""
        return self.label_score(KEEP).precision

    @property
    def recall(self) -> float | None:
        """Of the claims the labels say to keep, the share the verifier kept."""
        return self.label_score(KEEP).recall

    @property
    def label_scores(self) -> list[LabelScore]:
        return label_scores(self.verdicts)

    def label_score(self, label: str) -> LabelScore:
        found = [s for s in self.label_scores if s.label == label]
        return found[0] if found else LabelScore(label, 0, 0, 0)

    def category_label_scores(self, category: str) -> list[LabelScore]:
        return label_scores(v for v in self.verdicts if v.case.category == category)

    def as_dict(self) -> dict[str, Any]:
        return {
            "limits": {
                "max_quote_words": self.limits.max_quote_words,
                "max_points": self.limits.max_points,
            },
            "sentence_writer": self.writer,
            "categories": {
                r.name: {
                    **r.as_dict(),
                    "labels": {s.label: s.as_dict() for s in self.category_label_scores(r.name)},
                }
                for r in self.rows
            },
            "total": self.total.as_dict(),
            "keep_precision": self.precision,
            "keep_recall": self.recall,
            "labels": {score.label: score.as_dict() for score in self.label_scores},
            "skipped_unlabelled": self.skipped,
            "drop_reasons": self.drop_reasons,
            "known_limits": [
                {**_disagreement(v), "right": v.right} for v in self.verdicts if v.case.known_limit
            ],
            "disagreements": [_disagreement(v) for v in self.disagreements],
        }


def _disagreement(v: Verdict) -> dict[str, Any]:
    return {
        "id": v.case.id,
        "category": v.case.category,
        "expected": v.case.expected,
        "expected_reason": v.case.reason,
        "got": v.outcome,
        "got_reason": v.reason,
        "expected_sentence": v.case.sentence,
        "got_sentence": v.sentence,
        "reads_wrong": v.reads_wrong,
    }


def _draft(claims: list[tuple[str, Claim]]) -> Draft:
    return Draft(
        matches=[claim for kind, claim in claims if kind == "match"],
        gaps=[claim for kind, claim in claims if kind == "gap"],
    )


def _kept(result: Verification) -> int:
    return len(result.matches) + len(result.gaps)


def _verify(case: Case, claims: list[tuple[str, Claim]], limits: Limits) -> Verification:
    return verify_draft(
        _draft(claims),
        case.profile,
        case.job,
        limits=limits,
        profile_fields=case.profile_fields,
        job_fields=case.job_fields,
        profile_full_text=case.profile_full,
        job_full_text=case.job_full,
    )


def judge(
    case: Case, limits: Limits | None = None, sentence: SentenceWriter = template_sentence
) -> Verdict:
    """Run the verifier on the case's draft and say what became of the case's claim."""
    limits = limits or Limits()
    prior = [(p.kind, p.claim) for p in case.preceding]
    before = _verify(case, prior, limits)
    after = _verify(case, [*prior, (case.kind, case.claim)], limits)
    if _kept(after) > _kept(before):
        point = (after.matches if case.kind == "match" else after.gaps)[-1]
        return Verdict(
            case,
            KEEP,
            sentence=sentence(point),
            optional=bool(getattr(point, "optional", False)),
            job_amount=str(getattr(point, "job_amount", "")),
            profile_amount=str(getattr(point, "profile_amount", "")),
        )
    if after.unchecked > before.unchecked:
        return Verdict(case, UNCHECKED)
    grown = Counter(after.drop_reasons)
    grown.subtract(before.drop_reasons)
    reason = next((name for name, count in grown.items() if count > 0), None)
    return Verdict(case, DROP, reason)


def score(
    case_file: CaseFile,
    limits: Limits | None = None,
    *,
    sentence: SentenceWriter = template_sentence,
    writer: str = "",
) -> Scorecard:
    """Judge every labelled case; unlabelled cases are counted as skipped."""
    limits = limits or Limits()
    verdicts = [judge(case, limits, sentence) for case in case_file.labelled]
    rows: dict[str, Row] = {name: Row(name) for name in case_file.categories}
    total = Row("TOTAL")
    reasons: Counter[str] = Counter()
    for verdict in verdicts:
        rows.setdefault(verdict.case.category, Row(verdict.case.category)).add(verdict)
        total.add(verdict)
        if verdict.reason and verdict.outcome == DROP:
            reasons[verdict.reason] += 1
    return Scorecard(
        verdicts=verdicts,
        rows=[row for row in rows.values() if row.cases],
        total=total,
        skipped=len(case_file.unlabelled),
        limits=limits,
        drop_reasons=dict(reasons.most_common()),
        writer=writer or f"{sentence.__module__}.{sentence.__qualname__}",
    )


# --------------------------------------------------------------------------- text


def _ratio(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.3f}"


def _table(headers: tuple[str, ...], body: Sequence[tuple[str, ...]], total: int = 0) -> list[str]:
    """Columns padded to fit; the last `total` rows under a second rule."""
    widths = [max(len(cells[i]) for cells in [headers, *body]) for i in range(len(headers))]

    def fmt(cells: tuple[str, ...]) -> str:
        first = cells[0].ljust(widths[0])
        rest = (cell.rjust(width) for cell, width in zip(cells[1:], widths[1:], strict=True))
        return "  ".join([first, *rest]).rstrip()

    rule = "  ".join("-" * width for width in widths)
    split = len(body) - total
    lines = [fmt(headers), rule, *(fmt(cells) for cells in body[:split])]
    if total:
        lines += [rule, *(fmt(cells) for cells in body[split:])]
    return lines


def render_table(card: Scorecard) -> list[str]:
    """Per category, per label, the sentence check, and every disagreement, as lines."""
    headers = (
        "category",
        "cases",
        "expect keep",
        "expect drop",
        "kept",
        "dropped",
        "agree",
        "keep P",
        "keep R",
        "sentences",
    )
    body = [
        (
            r.name,
            str(r.cases),
            str(r.expected_keep),
            str(r.expected_drop),
            str(r.kept),
            str(r.dropped),
            f"{r.agree}/{r.cases}",
            _ratio(r.keep_precision),
            _ratio(r.keep_recall),
            f"{r.sentences_right}/{r.sentences_checked}",
        )
        for r in [*card.rows, card.total]
    ]
    lines = _table(headers, body, total=1)
    lines += ["", "label (keep, or the drop reason): precision and recall"]
    label_body = [
        (
            s.label,
            _ratio(s.precision),
            _ratio(s.recall),
            str(s.right),
            str(s.given),
            str(s.labelled),
        )
        for s in card.label_scores
    ]
    lines += _table(("label", "precision", "recall", "right", "given", "labelled"), label_body)
    total = card.total
    lines += [
        "",
        f"keep precision: {_ratio(card.precision)}"
        f"  ({card.true_keeps} of {total.kept} kept claims are labelled keep)",
        f"keep recall:    {_ratio(card.recall)}"
        f"  ({card.true_keeps} of {total.expected_keep} claims labelled keep were kept)",
        f"sentences:      {total.sentences_right} of {total.sentences_checked} kept claims"
        f" read as labelled (written by {card.writer})",
    ]
    if card.skipped:
        lines.append(f"skipped: {card.skipped} unlabelled case(s) (expected is null)")
    missed = card.known_limits_missed
    known = sum(1 for v in card.verdicts if v.case.known_limit)
    if known:
        lines.append(
            f"known limits: {len(missed)} of {known} case(s) marked known_limit are not yet "
            "as labelled" + (":" if missed else "")
        )
        lines += [f"  {_line(v)}" for v in missed]
    disagreements = card.disagreements
    if not disagreements:
        right = sum(1 for v in card.verdicts if v.right)
        lines.append(f"disagreements: none ({right} of {total.cases} cases agree)")
    else:
        lines.append(f"disagreements: {len(disagreements)} of {total.cases} cases")
        lines += [f"  {_line(v)}" for v in disagreements]
    return lines


def _line(v: Verdict) -> str:
    if not v.agrees:
        expected = v.case.expected or ""
        if v.case.reason:
            expected += f" ({v.case.reason})"
        return f"{v.case.id} [{v.case.category}]: expected {expected}, got {v.describe()}"
    return f"{v.case.id} [{v.case.category}]: kept, but expected {v.describe_reading()}"
