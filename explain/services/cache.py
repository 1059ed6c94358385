"""Explanations already made, keyed by everything that could change the answer.

Same prompt version, posting reading, model, account, profile text and job text: same
answer, served without a model call and without using up the rate limit. The model's
evidence is stored, not the verdict, so a stricter verifier applies to cached answers
too. The moment it was made is stored with it, so a page can say how old a remembered
explanation is.

An answer is stored and read to at most MAX_EVIDENCE items (explain.core.checklist): the
checks run again on every read of a cached answer, and the stored JSON is cut to the same
bound before it is parsed.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import UTC, datetime

from django.core.cache import caches
from pydantic import ValidationError

from explain.conf import app_settings
from explain.core.checklist import MAX_EVIDENCE, Evidence, ViewerAnswer
from explain.core.schema import Draft

_PREFIX = "explain:answer:"
# Claims read from each list of a draft (matches, gaps): explain.verify's callers (the
# injection report, the growth bench) read drafts to the same bound.
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


def bounded_answer(answer: ViewerAnswer) -> list[Evidence]:
    """The answer's first MAX_EVIDENCE items: the rest are never read."""
    return answer.requirements[:MAX_EVIDENCE]


@dataclass(frozen=True)
class CachedAnswer:
    """An answer from the cache and when the model wrote it."""

    answer: ViewerAnswer
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


def cached_entry(key: str) -> CachedAnswer | None:
    """The stored answer with its time, or None (missing, or not a readable entry)."""
    raw = caches[app_settings.CACHE_ALIAS].get(key)
    if not isinstance(raw, str):
        return None
    try:
        stored = json.loads(raw)
        made_at = datetime.fromtimestamp(float(stored["made_at"]), tz=UTC)
        items = stored["answer"]["requirements"][:MAX_EVIDENCE]
        return CachedAnswer(ViewerAnswer.model_validate({"requirements": items}), made_at)
    except (ValueError, TypeError, KeyError, OverflowError, ValidationError):
        return None


def remember_answer(key: str, answer: ViewerAnswer, *, made_at: datetime | None = None) -> None:
    when = made_at or datetime.now(tz=UTC)
    kept = ViewerAnswer(requirements=bounded_answer(answer))
    stored = {"made_at": when.timestamp(), "answer": kept.model_dump(mode="json", by_alias=True)}
    caches[app_settings.CACHE_ALIAS].set(
        key,
        json.dumps(stored, ensure_ascii=False, separators=(",", ":")),
        timeout=app_settings.CACHE_SECONDS,
    )
