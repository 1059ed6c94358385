"""Explanations already made, keyed by everything that could change the answer.

Same prompt version, model, profile text and job text: same draft, served without a
model call and without using up the rate limit. The draft is stored, not the verdict,
so a stricter verifier applies to cached answers too.
"""

from __future__ import annotations

import hashlib

from django.core.cache import caches
from pydantic import ValidationError

from explain.conf import setting
from explain.schema import Draft

_PREFIX = "explain:draft:"


def cache_key(*, prompt_version: str, model: str, profile_text: str, job_text: str) -> str:
    digest = hashlib.sha256()
    for part in (prompt_version, model, profile_text, job_text):
        encoded = part.encode("utf-8")
        digest.update(len(encoded).to_bytes(8, "big"))
        digest.update(encoded)
    return _PREFIX + digest.hexdigest()


def cached_draft(key: str) -> Draft | None:
    raw = caches[setting("EXPLAIN_CACHE_ALIAS")].get(key)
    if not isinstance(raw, str):
        return None
    try:
        return Draft.model_validate_json(raw)
    except ValidationError:
        return None


def remember_draft(key: str, draft: Draft) -> None:
    caches[setting("EXPLAIN_CACHE_ALIAS")].set(
        key, draft.model_dump_json(by_alias=True), timeout=int(setting("EXPLAIN_CACHE_SECONDS"))
    )
