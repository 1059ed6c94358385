"""explain.eval.scoring: a claim is judged by what the verifier did to it alone."""

from __future__ import annotations

from explain.eval.cases import FORMAT, parse_cases
from explain.eval.scoring import judge, render_table, score

MATCH = {"point": "Java APIs.", "term": "Java", "profileQuote": "Java", "jobQuote": "Java APIs"}
INVENTED = {
    "point": "Go fits.",
    "term": "Java",
    "profileQuote": "Go (5 years)",
    "jobQuote": "Java APIs",
}


def case(case_id: str, claim: dict, expected: str, reason: str | None = None, **extra) -> dict:
    return {
        "id": case_id,
        "category": "c",
        "profile": "Skills: Java",
        "job": "Build Java APIs.",
        "kind": "match",
        "claim": claim,
        "expected": expected,
        "reason": reason,
        **extra,
    }


CASES = parse_cases(
    {
        "format": FORMAT,
        "categories": {"c": "test"},
        "cases": [
            case("keep", MATCH, "keep"),
            case("invented", INVENTED, "drop", "profile_quote_not_found"),
            case("wrong-label", MATCH, "drop", "duplicate"),
            case("dup", MATCH, "drop", "duplicate", preceding=[{"kind": "match", "claim": MATCH}]),
            case("unlabelled", MATCH, None),
        ],
    }
)


def test_each_claim_is_judged_against_its_own_draft():
    verdicts = {c.id: judge(c) for c in CASES.labelled}
    assert verdicts["keep"].outcome == "keep" and verdicts["keep"].agrees
    assert verdicts["invented"].reason == "profile_quote_not_found"
    assert verdicts["dup"].outcome == "drop" and verdicts["dup"].reason == "duplicate"
    assert not verdicts["wrong-label"].agrees


def test_the_scorecard_counts_and_lists_disagreements():
    card = score(CASES)
    assert card.total.cases == 4 and card.skipped == 1
    assert [v.case.id for v in card.disagreements] == ["wrong-label"]
    table = "\n".join(render_table(card))
    assert "wrong-label [c]: expected drop (duplicate), got keep" in table
