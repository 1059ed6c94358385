"""Score the verifier against the labelled set: what it did to each claim, against the label.

Each case is run through the public `verify_draft`: once with the claims that precede it
in its draft, once with the case's claim added at the end of its list. The difference
says what happened to that claim: kept, dropped (and why), or left unchecked because its
list was already full. A kept claim whose point code rewrote counts as "reword".
Precision and recall are reported for each label (keep, reword, drop). Pure Python.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from explain.core.schema import Claim, Draft
from explain.core.verify import Limits, Verification, verify_draft
from explain.eval.cases import DROP, EXPECTED, KEEP, REWORD, Case, CaseFile

UNCHECKED = "unchecked"


@dataclass(frozen=True)
class Verdict:
    """What the verifier did to one case's claim, and whether that is what the label says."""

    case: Case
    outcome: str  # "keep", "reword", "drop" or "unchecked"
    reason: str | None = None

    @property
    def agrees(self) -> bool:
        return self.outcome == self.case.expected and (
            self.case.expected == KEEP or self.reason == self.case.reason
        )

    def describe(self) -> str:
        return self.outcome + (f" ({self.reason})" if self.reason else "")


@dataclass
class Row:
    """Counts for one category (or the total)."""

    name: str
    cases: int = 0
    expected_keep: int = 0
    expected_reword: int = 0
    expected_drop: int = 0
    kept: int = 0
    reworded: int = 0
    dropped: int = 0
    agree: int = 0

    def add(self, verdict: Verdict) -> None:
        self.cases += 1
        self.expected_keep += verdict.case.expected == KEEP
        self.expected_reword += verdict.case.expected == REWORD
        self.expected_drop += verdict.case.expected == DROP
        self.kept += verdict.outcome == KEEP
        self.reworded += verdict.outcome == REWORD
        self.dropped += verdict.outcome == DROP
        self.agree += verdict.agrees


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


@dataclass
class Scorecard:
    """The whole comparison: rows per category, keep precision and recall, disagreements."""

    verdicts: list[Verdict]
    rows: list[Row]
    total: Row
    skipped: int
    limits: Limits
    drop_reasons: dict[str, int] = field(default_factory=dict)

    @property
    def disagreements(self) -> list[Verdict]:
        return [v for v in self.verdicts if not v.agrees]

    @property
    def true_keeps(self) -> int:
        return sum(1 for v in self.verdicts if v.outcome == KEEP and v.case.expected == KEEP)

    @property
    def precision(self) -> float | None:
        """Of the claims the verifier kept as written, the share the labels say to keep."""
        return self.label_score(KEEP).precision

    @property
    def recall(self) -> float | None:
        """Of the claims the labels say to keep, the share the verifier kept as written."""
        return self.label_score(KEEP).recall

    def label_score(self, label: str) -> LabelScore:
        """Precision and recall of one label; a reason must agree too (for reword, drop)."""
        given = sum(1 for v in self.verdicts if v.outcome == label)
        labelled = sum(1 for v in self.verdicts if v.case.expected == label)
        right = sum(1 for v in self.verdicts if v.outcome == label and v.agrees)
        return LabelScore(label, given, labelled, right)

    @property
    def label_scores(self) -> list[LabelScore]:
        return [self.label_score(label) for label in EXPECTED]

    @property
    def known_limits_kept(self) -> list[Verdict]:
        """Kept, as the rule says they must be, although a person would object."""
        return [v for v in self.verdicts if v.case.known_limit and v.outcome == KEEP]

    def as_dict(self) -> dict[str, Any]:
        def row(r: Row) -> dict[str, Any]:
            return {
                "cases": r.cases,
                "expected_keep": r.expected_keep,
                "expected_reword": r.expected_reword,
                "expected_drop": r.expected_drop,
                "kept": r.kept,
                "reworded": r.reworded,
                "dropped": r.dropped,
                "agree": r.agree,
            }

        return {
            "limits": {
                "max_quote_words": self.limits.max_quote_words,
                "max_point_chars": self.limits.max_point_chars,
                "max_points": self.limits.max_points,
            },
            "categories": {r.name: row(r) for r in self.rows},
            "total": row(self.total),
            "keep_precision": self.precision,
            "keep_recall": self.recall,
            "labels": {
                score.label: {
                    "given": score.given,
                    "labelled": score.labelled,
                    "right": score.right,
                    "precision": score.precision,
                    "recall": score.recall,
                }
                for score in self.label_scores
            },
            "skipped_unlabelled": self.skipped,
            "drop_reasons": self.drop_reasons,
            "known_limits_kept": [v.case.id for v in self.known_limits_kept],
            "disagreements": [
                {
                    "id": v.case.id,
                    "category": v.case.category,
                    "expected": v.case.expected,
                    "expected_reason": v.case.reason,
                    "got": v.outcome,
                    "got_reason": v.reason,
                }
                for v in self.disagreements
            ],
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


def judge(case: Case, limits: Limits | None = None) -> Verdict:
    """Run the verifier on the case's draft and say what became of the case's claim."""
    limits = limits or Limits()
    prior = [(p.kind, p.claim) for p in case.preceding]
    before = _verify(case, prior, limits)
    after = _verify(case, [*prior, (case.kind, case.claim)], limits)
    if _kept(after) > _kept(before):
        points = after.matches if case.kind == "match" else after.gaps
        rewritten = points[-1].rewritten
        return Verdict(case, REWORD, rewritten) if rewritten else Verdict(case, KEEP)
    if after.unchecked > before.unchecked:
        return Verdict(case, UNCHECKED)
    grown = Counter(after.drop_reasons)
    grown.subtract(before.drop_reasons)
    reason = next((name for name, count in grown.items() if count > 0), None)
    return Verdict(case, DROP, reason)


def score(case_file: CaseFile, limits: Limits | None = None) -> Scorecard:
    """Judge every labelled case; unlabelled cases are counted as skipped."""
    limits = limits or Limits()
    verdicts = [judge(case, limits) for case in case_file.labelled]
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
    )


# --------------------------------------------------------------------------- text


def _ratio(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.3f}"


def render_table(card: Scorecard) -> list[str]:
    """The per-category table, precision and recall, and every disagreement, as lines."""
    headers = (
        "category",
        "cases",
        "expect keep",
        "expect reword",
        "expect drop",
        "kept",
        "reworded",
        "dropped",
        "agree",
    )
    body = [
        (
            r.name,
            str(r.cases),
            str(r.expected_keep),
            str(r.expected_reword),
            str(r.expected_drop),
            str(r.kept),
            str(r.reworded),
            str(r.dropped),
            f"{r.agree}/{r.cases}",
        )
        for r in [*card.rows, card.total]
    ]
    widths = [max(len(cells[i]) for cells in [headers, *body]) for i in range(len(headers))]

    def fmt(cells: tuple[str, ...]) -> str:
        first = cells[0].ljust(widths[0])
        rest = (cell.rjust(width) for cell, width in zip(cells[1:], widths[1:], strict=True))
        return "  ".join([first, *rest]).rstrip()

    rule = "  ".join("-" * width for width in widths)
    lines = [fmt(headers), rule, *(fmt(cells) for cells in body[:-1]), rule, fmt(body[-1])]
    total = card.total
    lines += ["", "label   precision  recall  (right / given by the verifier / labelled)"]
    for label in card.label_scores:
        lines.append(
            f"{label.label:<7} {_ratio(label.precision):>9}  {_ratio(label.recall):>6}"
            f"  ({label.right} / {label.given} / {label.labelled})"
        )
    lines += [
        "",
        f"keep precision: {_ratio(card.precision)}"
        f"  ({card.true_keeps} of {total.kept} kept claims are labelled keep)",
        f"keep recall:    {_ratio(card.recall)}"
        f"  ({card.true_keeps} of {total.expected_keep} claims labelled keep were kept)",
    ]
    if card.known_limits_kept:
        lines.append(
            f"kept by design: {len(card.known_limits_kept)} known_limit claim(s): the quotes"
            " exist, and the rule does not judge the sentence"
        )
    if card.skipped:
        lines.append(f"skipped: {card.skipped} unlabelled case(s) (expected is null)")
    disagreements = card.disagreements
    if not disagreements:
        lines.append(f"disagreements: none ({total.agree} of {total.cases} cases agree)")
    else:
        lines.append(f"disagreements: {len(disagreements)} of {total.cases} cases")
        for v in disagreements:
            expected = v.case.expected or ""
            if v.case.reason:
                expected += f" ({v.case.reason})"
            lines.append(
                f"  {v.case.id} [{v.case.category}]: expected {expected}, got {v.describe()}"
            )
    return lines
