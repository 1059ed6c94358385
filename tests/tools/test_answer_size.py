"""tools.bench.answer_size: the same claims measured with and without the sentence."""

from __future__ import annotations

import json

from explain.core.schema import Draft
from explain.llm.recorded import PACKAGED_RECORDINGS
from tools.bench import answer_size


def test_the_frozen_answers_are_the_demo_recordings_with_their_sentences() -> None:
    recordings = json.loads(PACKAGED_RECORDINGS.read_text(encoding="utf-8"))["recordings"]
    now = [Draft.model_validate(entry["draft"]) for entry in recordings]
    before = [Draft.model_validate(draft) for draft in answer_size.before_drafts()]
    assert before == now  # once the sentence is dropped, the claims are the same
    assert all("point" in claim for d in answer_size.before_drafts() for claim in d["matches"])


def test_sizes_count_characters_and_tokens_of_compact_json() -> None:
    draft = {"matches": [], "gaps": [{"point": "x" * 40, "term": "AWS", "jobQuote": "AWS"}]}
    before, after = answer_size.sizes([draft])
    assert before.chars == len(answer_size.compact(draft))
    # The schema asks for the model's reading of each quote too (empty here).
    evidence = '{"matches":[],"gaps":[{"term":"AWS","jobQuote":"AWS","jobReading":""}]}'
    assert after.chars == len(evidence)
    assert after.tokens == -(-len(evidence) // 4)


def test_a_match_keeps_its_profile_quote_and_a_gap_writes_none() -> None:
    draft = Draft.model_validate(
        {
            "matches": [{"term": "Go", "profileQuote": "Go (3 years)", "jobQuote": "Go code"}],
            "gaps": [{"term": "AWS", "profileQuote": "", "jobQuote": "AWS"}],
        }
    )
    assert answer_size.as_the_schema_asks(draft) == {
        "matches": [
            {
                "term": "Go",
                "profileQuote": "Go (3 years)",
                "jobQuote": "Go code",
                "profileReading": "",
                "jobReading": "",
            }
        ],
        "gaps": [{"term": "AWS", "jobQuote": "AWS", "jobReading": ""}],
    }


def test_main_prints_the_ratio(capsys) -> None:
    assert answer_size.main() == 0
    assert "ratio now/before" in capsys.readouterr().out
