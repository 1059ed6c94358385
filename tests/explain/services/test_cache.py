"""explain.services.cache: a viewer's answer kept under a key of everything that shapes it."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from django.core.cache import caches

from explain.core.checklist import MAX_EVIDENCE, Evidence, ViewerAnswer
from explain.core.schema import Claim, Draft
from explain.services.cache import (
    MAX_CLAIMS,
    bounded,
    bounded_answer,
    cache_key,
    cached_entry,
    remember_answer,
)

KEY_PARTS = {
    "prompt_version": "v1",
    "model": "m",
    "owner": "7",
    "profile_text": "p",
    "job_text": "j",
}


def test_every_part_changes_the_key_and_parts_cannot_run_together():
    key = cache_key(**KEY_PARTS)
    for name in KEY_PARTS:
        assert cache_key(**{**KEY_PARTS, name: KEY_PARTS[name] + "x"}) != key
    assert cache_key(**{**KEY_PARTS, "profile_text": "pj", "job_text": ""}) != cache_key(
        **{**KEY_PARTS, "profile_text": "p", "job_text": "j"}
    )


def test_a_remembered_answer_comes_back_with_its_time():
    answer = ViewerAnswer(
        requirements=[
            Evidence(id=1, profile_quote="Java", profile_reading="states"),
            Evidence(id=2),
        ]
    )
    made = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
    key = cache_key(**KEY_PARTS)
    remember_answer(key, answer, made_at=made)
    entry = cached_entry(key)
    assert entry is not None and entry.answer == answer and entry.made_at == made


def test_a_missing_or_unreadable_entry_is_a_miss():
    key = cache_key(**{**KEY_PARTS, "model": "other"})
    assert cached_entry(key) is None
    caches["default"].set(key, '{"made_at": "soon", "answer": {}}')
    assert cached_entry(key) is None
    caches["default"].set(key, '{"made_at": 1, "answer": {"requirements": "nope"}}')
    assert cached_entry(key) is None


def _claims(count: int, word: str = "Java") -> list[Claim]:
    return [Claim(term=word, profile_quote=f"{word} {i}", job_quote=word) for i in range(count)]


def test_a_draft_is_read_to_at_most_max_claims_a_list_and_says_how_many_were_left_out():
    draft = Draft(matches=_claims(MAX_CLAIMS + 7), gaps=_claims(3, "Go"))
    kept, left_out = bounded(draft)
    assert kept.matches == draft.matches[:MAX_CLAIMS] and kept.gaps == draft.gaps
    assert left_out == 7
    small = Draft(matches=_claims(2))
    assert bounded(small) == (small, 0)


def _evidence(count: int) -> list[Evidence]:
    return [Evidence(id=i + 1, profile_quote=f"Java {i}") for i in range(count)]


def test_an_answer_is_read_to_at_most_max_evidence_items():
    answer = ViewerAnswer(requirements=_evidence(MAX_EVIDENCE + 9))
    assert bounded_answer(answer) == answer.requirements[:MAX_EVIDENCE]
    small = ViewerAnswer(requirements=_evidence(3))
    assert bounded_answer(small) == small.requirements


def test_a_huge_stored_answer_is_cut_before_it_is_parsed_and_stored_cut():
    key = cache_key(**KEY_PARTS)
    huge = ViewerAnswer(requirements=_evidence(MAX_EVIDENCE * 4))
    remember_answer(key, huge)
    raw = json.loads(caches["default"].get(key))
    assert len(raw["answer"]["requirements"]) == MAX_EVIDENCE
    # An entry written whole (before the bound, or by hand) is read to the bound too.
    raw["answer"] = huge.model_dump(mode="json", by_alias=True)
    caches["default"].set(key, json.dumps(raw))
    entry = cached_entry(key)
    assert entry is not None
    assert entry.answer.requirements == huge.requirements[:MAX_EVIDENCE]
