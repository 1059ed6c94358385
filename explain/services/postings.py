"""A posting's requirements, read once per posting text and stored for every viewer.

`posting_requirements(job_id)` returns the stored reading of the posting's text as sent
(its hash, this prompt version, this model), or reads it now: one model call, verified by
explain.core.posting, stored whole or not at all. Fifty callers at once make one call:
the first takes a lease with the cache's atomic `add`, the others are told the reading
is under way (they never wait for it). A failed or timed-out call stores nothing, frees
the lease, and the next caller tries again. Every model call writes one ExplanationLog
row (its prompt_version is the posting prompt's, so the admin tells them apart). In demo
mode the recorded requirements of a demo posting are its reading (no call, no row).
"""

from __future__ import annotations

import hashlib
import logging
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from django.db import IntegrityError, transaction

from explain.adapter import JobUnavailable, not_requirement_keys
from explain.conf import app_settings
from explain.controls.site import site_cache
from explain.core.posting import PostingAnswer, PostingItem, Requirement, read_posting
from explain.core.posting import PostingReading as Reading
from explain.core.posting_prompt import (
    POSTING_INSTRUCTION,
    POSTING_PROMPT_VERSION,
    build_posting_message,
)
from explain.core.requirement_lines import Line
from explain.core.texts import SourceText, job_text
from explain.exceptions import ExplainError
from explain.llm.client import ChatClient, TokenUsage, model_name
from explain.llm.errors import ModelCallError
from explain.llm.recorded import RECORDED_MODEL_NAME, RecordedChatModel, field_values
from explain.llm.registry import get_chat_model
from explain.models import ExplanationLog, PostingReading
from explain.outcomes import Outcome
from explain.services.limits import verify_limits
from explain.source import get_source

logger = logging.getLogger(__name__)

# How long one reading may hold the lease: the model's timeout and room to store it. A
# process killed mid-call leaves a lease that lapses after this.
LEASE_MARGIN_SECONDS = 30


class Status(StrEnum):
    """How a request for a posting's requirements ended."""

    READY = "ready"  # stored before, or read just now
    READING = "reading"  # another caller is reading it now: ask again shortly
    FAILED = "failed"  # the model call failed: nothing stored, the next caller retries
    DISABLED = "disabled"  # no model set up, or a demo posting without recorded requirements
    JOB_UNAVAILABLE = "job_unavailable"


@dataclass(frozen=True)
class PostingResult:
    status: Status
    reading: PostingReading | None = None
    outcome: str = ""  # the log row's outcome of a failed call
    fresh: bool = False  # read by this call
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def ready(self) -> bool:
        return self.status is Status.READY


def text_hash(job: SourceText) -> str:
    """The posting text as sent, hashed: a new text is a new reading."""
    return hashlib.sha256(job.text.encode("utf-8", "surrogatepass")).hexdigest()


def lease_key(digest: str, model: str) -> str:
    key = hashlib.sha256(f"{digest}|{POSTING_PROMPT_VERSION}|{model}".encode()).hexdigest()
    return f"explain:posting-reading:{key[:40]}"


def posting_text(job_id: str, *, user: Any = None) -> tuple[SourceText, str]:
    """The posting as the viewers' calls send it, and its shown title."""
    fields = get_source().job_fields(str(job_id), user)
    title = next((f.value for f in fields if f.key == "title"), "")
    shown = " ".join("".join(ch for ch in title if ch.isprintable()).split())[:200]
    return job_text(fields, max_chars=app_settings.MAX_TEXT_CHARS), shown


def stored(digest: str, model: str) -> PostingReading | None:
    """The stored reading of this text by this model; None when there is none, or when
    its row was damaged by hand: such a row is no reading (the checklist would lack what
    it lost), so the posting is read again like a missing one, and the new reading
    replaces the row."""
    row = PostingReading.objects.filter(
        text_hash=digest, prompt_version=POSTING_PROMPT_VERSION, model_name=model[:100]
    ).first()
    if row is None:
        return None
    try:
        reading_of(row)
    except DamagedReading as exc:
        logger.warning("Posting reading %s is damaged (%s): read again", row.pk, exc)
        return None
    return row


def needs_reading(job_id: str) -> bool:
    """Whether reading this posting ahead would call a model: it is published, a model
    (not the demo's recordings) is set up, and no reading of its current text is stored.

    Asked before a task is enqueued, so a save that left the text alone enqueues nothing.
    """
    model = get_chat_model()
    if model is None or isinstance(model, RecordedChatModel):
        return False
    try:
        job, _title = posting_text(job_id)
    except JobUnavailable:
        return False
    return stored(text_hash(job), model_name(model)[:100]) is None


def posting_requirements(job_id: str, *, user: Any = None, again: bool = False) -> PostingResult:
    """The posting's verified requirements: stored, or read once now.

    `again` reads the posting anew even when a reading is stored (the admin's "read
    again"); the new reading replaces the stored one only once it is complete.
    """
    try:
        job, title = posting_text(job_id, user=user)
    except JobUnavailable:
        return PostingResult(Status.JOB_UNAVAILABLE)
    except Exception as exc:  # the host's adapter failed: said, nothing asked or stored
        logger.error(
            "Posting %s could not be read from the adapter: %s", job_id, type(exc).__name__
        )
        return PostingResult(Status.FAILED, outcome=str(Outcome.INTERNAL_ERROR))
    model = get_chat_model()
    if model is None:
        return PostingResult(Status.DISABLED)
    return requirements_for(job_id, job, title, model, again=again)


def requirements_for(
    job_id: str, job: SourceText, title: str, model: Any, *, again: bool = False
) -> PostingResult:
    """The reading of this posting text by this model: stored, or read once now (the
    viewer's request, which has the text as sent already, asks here)."""
    digest = text_hash(job)
    if isinstance(model, RecordedChatModel):
        return _recorded(model, job_id, title, job, digest, again=again)
    name = model_name(model)[:100]
    if not again:
        found = stored(digest, name)
        if found is not None:
            return PostingResult(Status.READY, found)
    key = lease_key(digest, name)
    if not _take_lease(key):
        return PostingResult(Status.READING)
    try:
        if not again:
            found = stored(digest, name)  # read by the lease's last holder just now
            if found is not None:
                return PostingResult(Status.READY, found)
        return _read(model, name, job_id, title, job, digest)
    finally:
        _free_lease(key)


def requirement_json(requirement: Requirement) -> dict[str, Any]:
    """A kept requirement as its reading's row stores it (requirement_from_json reads it)."""
    return {
        "jobQuote": requirement.job_quote,
        "term": requirement.term,
        "alternatives": list(requirement.alternatives),
        "optional": requirement.optional,
        "field": requirement.field,
        "jobSpan": list(requirement.job_span),
        "termSpan": None if requirement.term_span is None else list(requirement.term_span),
        "amount": requirement.amount,
    }


class DamagedReading(ExplainError, ValueError):
    """A stored row edited (by hand, in the database) into something no reading stores;
    caught here and read again, so a host never sees it (an ExplainError all the same)."""


def requirement_from_json(entry: Any) -> Requirement:
    """The requirement a stored entry holds; KeyError, TypeError, ValueError or IndexError
    when the entry was damaged by hand (one that is no object included)."""
    if not isinstance(entry, dict):
        raise TypeError(f"a stored requirement is an object, not {type(entry).__name__}")
    term_span = entry.get("termSpan")
    return Requirement(
        job_quote=str(entry["jobQuote"]),
        term=str(entry["term"]),
        job_span=_span(entry["jobSpan"]),
        term_span=None if term_span is None else _span(term_span),
        field=str(entry.get("field", "")),
        optional=bool(entry.get("optional", False)),
        alternatives=tuple(str(a) for a in _stored_list(entry.get("alternatives", []))),
        amount=str(entry.get("amount", "")),
    )


def _span(value: Any) -> tuple[int, int]:
    start, end = _stored_list(value)  # ValueError unless two
    return int(start), int(end)


def _stored_list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise TypeError(f"a list was stored as {type(value).__name__}")
    return value


def reading_of(row: PostingReading) -> Reading:
    """The stored reading as the checklist reads it: its requirements in the posting's
    order and the lines not read. Every string is a slice of the posting text the row's
    hash names, so the spans hold for the text a viewer's request sends. DamagedReading
    when the row was edited into something no reading stores (stored() finds no such
    row: it is read again)."""
    try:
        requirements = [requirement_from_json(entry) for entry in _stored_list(row.requirements)]
        not_read = [
            Line(str(entry["field"]), int(entry["start"]), int(entry["end"]), str(entry["text"]))
            for entry in _stored_list(row.lines_not_read)
        ]
        reasons = dict(row.removed_reasons or {})
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise DamagedReading(f"{type(exc).__name__}: {exc}") from exc
    return Reading(
        requirements=tuple(requirements),
        not_read=tuple(not_read),
        lines_total=row.lines_total,
        removed=row.removed,
        reasons=reasons,
        unchecked=row.unchecked,
    )


def _take_lease(key: str) -> bool:
    """True when this caller may read the posting; with the cache down, every caller
    may (the unique constraint still keeps one row)."""
    seconds = int(app_settings.TIMEOUT_SECONDS) + LEASE_MARGIN_SECONDS
    try:
        return bool(site_cache().add(key, 1, timeout=seconds))
    except Exception as exc:
        logger.warning("Posting reading lease unavailable: %s", type(exc).__name__)
        return True


def _free_lease(key: str) -> None:
    try:
        site_cache().delete(key)
    except Exception as exc:
        logger.warning("Posting reading lease not freed: %s", type(exc).__name__)


def _read(
    model: Any, name: str, job_id: str, title: str, job: SourceText, digest: str
) -> PostingResult:
    started = time.monotonic()
    usage = TokenUsage()
    try:
        answer = (
            ChatClient(model)
            .prompt()
            .system(POSTING_INSTRUCTION)
            .user(build_posting_message(job.text))
            .schema(PostingAnswer)
            .call()
        )
        usage = answer.response.usage
        entity = answer.entity(PostingAnswer)
    except ModelCallError as exc:
        outcome = Outcome(exc.outcome)
        _log(job_id, title, job, name, outcome, started, exc.usage or usage)
        return PostingResult(Status.FAILED, outcome=str(outcome))
    except Exception as exc:  # a fault of this site: said, logged, nothing stored
        logger.error("Posting reading failed: %s", type(exc).__name__)
        _log(job_id, title, job, name, Outcome.INTERNAL_ERROR, started, usage)
        return PostingResult(Status.FAILED, outcome=str(Outcome.INTERNAL_ERROR))
    reading = _verified(entity, job)
    outcome = Outcome.OK if reading.requirements else Outcome.NOTHING_VERIFIED
    _log(job_id, title, job, name, outcome, started, usage, reading)
    row = _store(job_id, title, digest, name, reading)
    return PostingResult(Status.READY, row, fresh=True)


def _verified(answer: PostingAnswer, job: SourceText) -> Reading:
    return read_posting(
        answer,
        job,
        limits=verify_limits(),
        not_requirement_keys=not_requirement_keys(get_source()),
    )


def _recorded(
    model: RecordedChatModel, job_id: str, title: str, job: SourceText, digest: str, *, again: bool
) -> PostingResult:
    """Demo mode: a demo posting's recorded requirements, verified like an answer."""
    recorded = model.requirements(field_values(job))
    if not recorded:
        return PostingResult(Status.DISABLED)
    if not again:
        found = stored(digest, RECORDED_MODEL_NAME)
        if found is not None:
            return PostingResult(Status.READY, found)
    answer = PostingAnswer(
        requirements=[
            PostingItem(job_quote=r.job_quote, term=r.term, reading="required") for r in recorded
        ]
    )
    row = _store(job_id, title, digest, RECORDED_MODEL_NAME, _verified(answer, job))
    return PostingResult(Status.READY, row, fresh=True)


def _store(job_id: str, title: str, digest: str, name: str, reading: Reading) -> PostingReading:
    """The reading stored whole (one row, replaced only by a complete new one)."""
    values = {
        "job_ref": "".join(ch for ch in str(job_id) if ch.isprintable())[:64],
        "job_title": title,
        "read_at": datetime.now(tz=UTC),
        "requirements": [requirement_json(r) for r in reading.requirements],
        "lines_not_read": [
            {"field": line.field, "start": line.start, "end": line.end, "text": line.text}
            for line in reading.not_read
        ],
        "requirement_count": len(reading.requirements),
        "optional_count": sum(r.optional for r in reading.requirements),
        "lines_total": reading.lines_total,
        "not_read_count": len(reading.not_read),
        "removed": reading.removed,
        "removed_reasons": reading.reasons,
        "unchecked": reading.unchecked,
    }
    try:
        with transaction.atomic():
            row, _created = PostingReading.objects.update_or_create(
                text_hash=digest,
                prompt_version=POSTING_PROMPT_VERSION,
                model_name=name,
                defaults=values,
            )
    except IntegrityError:  # another process stored the same text's reading just now
        row = PostingReading.objects.get(
            text_hash=digest, prompt_version=POSTING_PROMPT_VERSION, model_name=name
        )
    return row


def _log(
    job_id: str,
    title: str,
    job: SourceText,
    name: str,
    outcome: Outcome,
    started: float,
    usage: TokenUsage,
    reading: Reading | None = None,
) -> None:
    """The call's one log row: counts and public names only (no user: it reads a posting)."""
    try:
        with transaction.atomic():
            ExplanationLog.objects.create(
                job_ref="".join(ch for ch in str(job_id) if ch.isprintable())[:64],
                job_title=title,
                outcome=str(outcome),
                dropped=min(reading.removed if reading else 0, 32767),
                unchecked=min(reading.unchecked if reading else 0, 32767),
                drop_reasons=dict(reading.reasons) if reading else {},
                job_words_sent=job.words_sent,
                job_words_total=job.words_total,
                job_hidden=min(job.hidden_removed, 32767),
                model_name=name,
                prompt_version=POSTING_PROMPT_VERSION,
                latency_ms=round((time.monotonic() - started) * 1000),
                prompt_tokens=usage.prompt,
                output_tokens=usage.output,
                thoughts_tokens=usage.thoughts,
                total_tokens=usage.total,
            )
    except Exception as exc:  # the reading is still good; the row is lost, said in the log
        logger.error("Could not write the posting reading's log row: %s", type(exc).__name__)
