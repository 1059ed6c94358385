"""explain.eval.scoring: a claim is judged by what the verifier did to it alone, and a
kept claim by the sentence code writes for it."""

from __future__ import annotations

from explain.eval.cases import FORMAT, parse_cases
from explain.eval.scoring import judge, label_scores, render_table, score

MATCH = {"term": "Java", "profileQuote": "Java", "jobQuote": "Java APIs"}
INVENTED = {"term": "Java", "profileQuote": "Go (5 years)", "jobQuote": "Java APIs"}
SENTENCE = "\u201cJava\u201d is in your profile and in this job."


def case(case_id: str, claim: dict, expected: str | None, reason: str | None = None, **extra):
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
            case("keep", MATCH, "keep", sentence=SENTENCE, optional=False),
            case("invented", INVENTED, "drop", "profile_quote_not_found"),
            case("wrong-label", MATCH, "drop", "duplicate"),
            case("dup", MATCH, "drop", "duplicate", preceding=[{"kind": "match", "claim": MATCH}]),
            case("wrong-sentence", MATCH, "keep", sentence="Java fits you."),
            case("known", INVENTED, "keep", known_limit=True, note="known"),
            case("unlabelled", MATCH, None),
        ],
    }
)


def test_each_claim_is_judged_against_its_own_draft():
    verdicts = {c.id: judge(c) for c in CASES.labelled}
    assert verdicts["keep"].outcome == "keep" and verdicts["keep"].right
    assert verdicts["keep"].sentence == SENTENCE
    assert verdicts["invented"].reason == "profile_quote_not_found"
    assert verdicts["dup"].outcome == "drop" and verdicts["dup"].reason == "duplicate"
    assert not verdicts["wrong-label"].agrees


def test_a_kept_claim_that_reads_otherwise_is_not_right():
    verdict = judge(CASES.labelled[4])
    assert verdict.agrees and not verdict.right
    assert verdict.reads_wrong == ["sentence"]


def test_the_sentence_writer_is_injected():
    verdict = judge(CASES.labelled[0], sentence=lambda point: f"<{point.term}>")
    assert verdict.sentence == "<Java>" and verdict.reads_wrong == ["sentence"]
    card = score(CASES, sentence=lambda point: SENTENCE, writer="fake writer")
    assert card.writer == "fake writer"
    assert "wrong-sentence" in {v.case.id for v in card.disagreements}


def test_the_scorecard_counts_and_lists_disagreements():
    card = score(CASES)
    assert card.total.cases == 6 and card.skipped == 1
    assert [v.case.id for v in card.disagreements] == ["wrong-label", "wrong-sentence"]
    assert [v.case.id for v in card.known_limits_missed] == ["known"]
    assert card.total.sentences_checked == 2 and card.total.sentences_right == 1
    table = "\n".join(render_table(card))
    assert "wrong-label [c]: expected drop (duplicate), got keep" in table
    assert "wrong-sentence [c]: kept, but expected sentence 'Java fits you.'" in table
    assert "known limits: 1 of 1 case(s) marked known_limit are not yet as labelled:" in table
    assert "sentences:      1 of 2 kept claims read as labelled" in table


def test_precision_and_recall_per_label_and_per_category():
    card = score(CASES)
    scores = {s.label: s for s in label_scores(card.verdicts)}
    # kept: keep, wrong-label, wrong-sentence; labelled keep: keep, wrong-sentence, known.
    assert (scores["keep"].given, scores["keep"].labelled, scores["keep"].right) == (3, 3, 2)
    assert scores["duplicate"].precision == 1.0 and scores["duplicate"].recall == 0.5
    assert scores["profile_quote_not_found"].given == 2
    assert scores["profile_quote_not_found"].precision == 0.5
    data = card.as_dict()
    assert data["categories"]["c"]["labels"]["duplicate"]["labelled"] == 2
    assert data["labels"]["keep"]["precision"] == 2 / 3
    assert data["categories"]["c"]["keep_recall"] == 2 / 3
    assert [d["id"] for d in data["known_limits"]] == ["known"]
