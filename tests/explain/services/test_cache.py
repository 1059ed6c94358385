"""explain.services.cache: a draft kept under a key of everything that shapes it."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from django.core.cache import caches

from explain.core.schema import Claim, Draft
from explain.services.cache import (
    MAX_CLAIMS,
    bounded,
    cache_key,
    cached_draft,
    cached_entry,
    remember_draft,
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


def test_a_remembered_draft_comes_back_with_its_time():
    draft = Draft(matches=[Claim(point="p", profile_quote="Java", job_quote="Java APIs")])
    made = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
    key = cache_key(**KEY_PARTS)
    remember_draft(key, draft, made_at=made)
    entry = cached_entry(key)
    assert entry is not None and entry.draft == draft and entry.made_at == made
    assert cached_draft(key) == draft


def test_a_missing_or_unreadable_entry_is_a_miss():
    key = cache_key(**{**KEY_PARTS, "model": "other"})
    assert cached_draft(key) is None
    caches["default"].set(key, '{"made_at": "soon", "draft": {}}')
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


def test_a_huge_stored_draft_is_cut_before_it_is_parsed_and_stored_cut():
    key = cache_key(**KEY_PARTS)
    huge = Draft(matches=_claims(MAX_CLAIMS * 4), gaps=_claims(MAX_CLAIMS + 1, "Go"))
    remember_draft(key, huge)
    raw = json.loads(caches["default"].get(key))
    assert len(raw["draft"]["matches"]) == MAX_CLAIMS
    # An entry written whole (before the bound, or by hand) is read to the bound too.
    raw["draft"] = huge.model_dump(mode="json", by_alias=True)
    caches["default"].set(key, json.dumps(raw))
    entry = cached_entry(key)
    assert entry is not None
    assert len(entry.draft.matches) == MAX_CLAIMS and len(entry.draft.gaps) == MAX_CLAIMS
    assert entry.draft.matches == huge.matches[:MAX_CLAIMS]
