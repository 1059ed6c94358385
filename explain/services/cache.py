"""Explanations already made, keyed by everything that could change the answer.

Same prompt version, model, profile text and job text: same draft, served without a
model call and without using up the rate limit. The draft is stored, not the verdict,
so a stricter verifier applies to cached answers too. The moment it was made is stored
with it, so a page can say how old a remembered explanation is.

A draft is read to at most MAX_CLAIMS claims a list, fresh or cached (`bounded`): the
verifier re-checks a cached draft on every read, and an answer of 20,000 claims would
cost a second or more each time. The stored JSON is cut to the same bound before it is
parsed, so an entry written before the bound costs no more.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from django.core.cache import caches
from pydantic import ValidationError

from explain.conf import app_settings
from explain.core.schema import Draft

_PREFIX = "explain:draft:"
# Claims read from each list of a draft (matches, gaps). The verifier keeps at most
# EXPLAIN_MAX_POINTS a list and the model is asked for no more; this leaves ample room for
# claims it drops, and bounds the work a draft can cause.
MAX_CLAIMS = 50
_LISTS = ("matches", "gaps")


def bounded(draft: Draft) -> tuple[Draft, int]:
    """The draft with at most MAX_CLAIMS claims a list, and how many were left out."""
    over = max(0, len(draft.matches) - MAX_CLAIMS) + max(0, len(draft.gaps) - MAX_CLAIMS)
    if not over:
        return draft, 0
    cut = draft.model_copy(
        update={"matches": draft.matches[:MAX_CLAIMS], "gaps": draft.gaps[:MAX_CLAIMS]}
    )
    return cut, over


def _bounded_json(data: Any) -> Any:
    """The stored draft's JSON with each list cut to MAX_CLAIMS before it is parsed."""
    if not isinstance(data, dict):
        return data
    return {
        key: value[:MAX_CLAIMS] if key in _LISTS and isinstance(value, list) else value
        for key, value in data.items()
    }


@dataclass(frozen=True)
class CachedDraft:
    """A draft from the cache and when the model wrote it."""

    draft: Draft
    made_at: datetime


def cache_key(
    *, prompt_version: str, model: str, owner: str, profile_text: str, job_text: str
) -> str:
    """One key per account as well as per texts: a shared key would let someone who
    copies another user's exact profile text learn, from a cached answer, which jobs
    that user asked about."""
    digest = hashlib.sha256()
    for part in (prompt_version, model, owner, profile_text, job_text):
        encoded = part.encode("utf-8")
        digest.update(len(encoded).to_bytes(8, "big"))
        digest.update(encoded)
    return _PREFIX + digest.hexdigest()


def cached_entry(key: str) -> CachedDraft | None:
    """The stored draft with its time, or None (missing, or not a readable entry)."""
    raw = caches[app_settings.CACHE_ALIAS].get(key)
    if not isinstance(raw, str):
        return None
    try:
        stored = json.loads(raw)
        made_at = datetime.fromtimestamp(float(stored["made_at"]), tz=UTC)
        return CachedDraft(Draft.model_validate(_bounded_json(stored["draft"])), made_at)
    except (ValueError, TypeError, KeyError, OverflowError, ValidationError):
        return None


def cached_draft(key: str) -> Draft | None:
    entry = cached_entry(key)
    return entry.draft if entry is not None else None


def remember_draft(key: str, draft: Draft, *, made_at: datetime | None = None) -> None:
    when = made_at or datetime.now(tz=UTC)
    kept, _left_out = bounded(draft)
    stored = {"made_at": when.timestamp(), "draft": kept.model_dump(mode="json", by_alias=True)}
    caches[app_settings.CACHE_ALIAS].set(
        key,
        json.dumps(stored, ensure_ascii=False, separators=(",", ":")),
        timeout=app_settings.CACHE_SECONDS,
    )
