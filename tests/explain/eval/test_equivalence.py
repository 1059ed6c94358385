"""The equivalence section of explain_eval: scored through the verifier, figures as shares."""

from __future__ import annotations

from explain.eval import equivalence
from explain.eval.equivalence import Pair, lines, load, score


def test_the_case_file_has_150_labelled_pairs_of_every_kind() -> None:
    pairs = load()
    assert len(pairs) >= 150
    kinds = {pair.kind for pair in pairs}
    assert {"alias", "different", "short", "lookalike", "language"} <= kinds
    assert any(pair.same for pair in pairs) and any(not pair.same for pair in pairs)


def test_gap_precision_counts_shown_gaps_the_profile_contradicts() -> None:
    pairs = [
        Pair("alias", "Kubernetes", "Kubernetes in production", "ran k8s", True),
        Pair("different", "Kubernetes", "Kubernetes in production", "ran Docker", False),
        Pair("short", "Go", "services in Go", "happy to go", False),
        Pair("lookalike", "Kubernetes", "Kubernetes in production", "Kub\u0435rnetes", True),
    ]
    card = score(pairs)
    assert card.gap_precision() == 1.0
    assert card.gaps_shown["all"] == 2
    assert card.matches_expected["all"] == 1  # look-alikes are never a match, by design
    assert card.match_recall() == 1.0
    assert card.misses == []


def test_a_miss_is_listed() -> None:
    pairs = [Pair("alias", "Kubernetes", "Kubernetes in production", "kept pods alive", True)]
    card = score(pairs)
    assert card.gap_precision() == 0.0
    assert card.match_recall() == 0.0
    text = "\n".join(lines(card))
    assert "gap shown, the profile names it" in text
    assert text.startswith("Skill equivalence")


def test_the_shipped_cases_score_as_documented() -> None:
    card = score(load())
    precision = card.gap_precision()
    recall = card.match_recall()
    assert precision is not None and precision >= 0.9
    assert recall is not None and recall >= 0.95
    assert equivalence.CASES.name == "equivalence_cases.json"


def test_explain_eval_prints_the_section_and_the_docs_show_it() -> None:
    """The command prints the equivalence section, and docs/evaluation.md shows it as it
    is now (paste the new section there when a case or the rule changes)."""
    from io import StringIO
    from pathlib import Path

    from django.core.management import call_command

    section = "\n".join(lines(score(load())))
    out = StringIO()
    call_command("explain_eval", stdout=out, stderr=StringIO())
    assert section in out.getvalue()
    doc = Path(__file__).resolve().parents[3] / "docs" / "evaluation.md"
    assert section in doc.read_text(encoding="utf-8"), "paste the section into evaluation.md"
