"""explain.services.cache: a draft kept under a key of everything that shapes it."""

from __future__ import annotations

from datetime import UTC, datetime

from django.core.cache import caches

from explain.core.schema import Claim, Draft
from explain.services.cache import cache_key, cached_draft, cached_entry, remember_draft

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
