"""Score the skill equivalence through the verifier, on labelled pairs.

Each case is a job term with its job quote, a profile, and whether the profile names the
same skill. Two claims are verified with the public `verify_draft`:

- a gap on the term: shown, or dropped as contradicted. Gap precision is the share of
  shown gaps whose profile does not name the skill (a shown gap the profile contradicts
  is a false sentence on the page); gap recall the share of true gaps still shown.
- for a same-skill case, a match quoting the profile whole and the job quote: kept or not.
  Match recall is the share kept. Look-alike letters are left out of it: quotes are exact
  and never folded across scripts, so such a match cannot be kept, by design.

Pure Python; the cases are explain/eval/equivalence_cases.json.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from explain.core.schema import Claim, Draft
from explain.core.verify import DropReason, verify_draft

CASES = Path(__file__).resolve().parent / "equivalence_cases.json"
LOOKALIKE = "lookalike"


@dataclass(frozen=True)
class Pair:
    kind: str
    term: str
    job_quote: str
    profile: str
    same: bool


@dataclass
class Score:
    """Counts over the pairs, per kind and in all ("all")."""

    pairs: Counter[str] = field(default_factory=Counter)
    gaps_shown: Counter[str] = field(default_factory=Counter)
    gaps_shown_wrongly: Counter[str] = field(default_factory=Counter)
    true_gaps: Counter[str] = field(default_factory=Counter)
    matches_expected: Counter[str] = field(default_factory=Counter)
    matches_kept: Counter[str] = field(default_factory=Counter)
    misses: list[str] = field(default_factory=list)

    def gap_precision(self, kind: str = "all") -> float | None:
        shown = self.gaps_shown[kind]
        return (shown - self.gaps_shown_wrongly[kind]) / shown if shown else None

    def match_recall(self, kind: str = "all") -> float | None:
        expected = self.matches_expected[kind]
        return self.matches_kept[kind] / expected if expected else None


def load(path: Path = CASES) -> list[Pair]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return [Pair(**case) for case in data["cases"]]


def _job(pair: Pair) -> str:
    """The job text around the quote: a requirement line, as a posting writes it."""
    return f"Must have: {pair.job_quote}."


def _gap_shown(pair: Pair) -> bool:
    claim = Claim(point="x", term=pair.term, profile_quote="", job_quote=pair.job_quote)
    result = verify_draft(Draft(gaps=[claim]), pair.profile, _job(pair))
    if result.gaps:
        return True
    if result.drop_reasons != {DropReason.GAP_CONTRADICTED.value: 1}:
        raise ValueError(f"case {pair.term!r}: gap dropped for {result.drop_reasons}")
    return False


def _match_kept(pair: Pair) -> bool:
    claim = Claim(point="x", term=pair.term, profile_quote=pair.profile, job_quote=pair.job_quote)
    return bool(verify_draft(Draft(matches=[claim]), pair.profile, _job(pair)).matches)


def score(pairs: list[Pair]) -> Score:
    card = Score()
    for pair in pairs:
        shown = _gap_shown(pair)
        kept = pair.same and pair.kind != LOOKALIKE and _match_kept(pair)
        for key in (pair.kind, "all"):
            card.pairs[key] += 1
            card.gaps_shown[key] += shown
            card.gaps_shown_wrongly[key] += shown and pair.same
            card.true_gaps[key] += not pair.same
            if pair.same and pair.kind != LOOKALIKE:
                card.matches_expected[key] += 1
                card.matches_kept[key] += kept
        if shown == pair.same:
            what = "gap shown, the profile names it" if pair.same else "true gap dropped"
            card.misses.append(f"{pair.kind}: {pair.term!r} / {pair.profile!r}: {what}")
        elif pair.same and pair.kind != LOOKALIKE and not kept:
            card.misses.append(f"{pair.kind}: {pair.term!r} / {pair.profile!r}: match dropped")
    return card


def _share(value: float | None) -> str:
    return "-" if value is None else f"{value:.0%}"


def lines(card: Score) -> list[str]:
    """The section explain_eval prints: one row per kind, then each miss."""
    out = [
        "Skill equivalence (explain/eval/equivalence_cases.json)",
        f"{'kind':<10} {'pairs':>5} {'gap precision':>13} {'gap recall':>10} {'match recall':>12}",
    ]
    kinds = sorted(kind for kind in card.pairs if kind != "all")
    for kind in [*kinds, "all"]:
        true_shown = card.gaps_shown[kind] - card.gaps_shown_wrongly[kind]
        recall = true_shown / card.true_gaps[kind] if card.true_gaps[kind] else None
        out.append(
            f"{kind:<10} {card.pairs[kind]:>5} {_share(card.gap_precision(kind)):>13} "
            f"{_share(recall):>10} {_share(card.match_recall(kind)):>12}"
        )
    out.extend(f"  miss: {miss}" for miss in card.misses)
    return out
