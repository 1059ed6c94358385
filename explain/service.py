"""One explanation, start to finish: texts, prompt, call, verify, log.

Views call explanation_create and render what it returns. Whatever happens, exactly
one ExplanationLog row is written, holding counts and never texts.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.db import connections
from django.views.decorators.debug import sensitive_variables

from explain import explanation_cache
from explain.adapter import JobUnavailable
from explain.conf import get_source, setting, verify_limits
from explain.llm.client import ChatClient, TokenUsage, model_name
from explain.llm.errors import ExplainError
from explain.llm.registry import get_chat_model, is_demo_model
from explain.models import ExplanationLog
from explain.outcomes import SUCCESS, Kind, Outcome
from explain.prompt import PROMPT_VERSION, SYSTEM_INSTRUCTION, build_user_message
from explain.ratelimit import RateDecision
from explain.schema import Draft
from explain.texts import SourceText, has_content, job_text, profile_text
from explain.verify import Verification, verify_draft

logger = logging.getLogger(__name__)


@dataclass
class Explanation:
    """What one request produced; views turn it into HTML or JSON."""

    outcome: Outcome
    job_id: str
    verification: Verification | None = None
    profile: SourceText | None = None
    job: SourceText | None = None
    retry_after: int = 0
    demo: bool = False
    model: str = ""
    log_id: int | None = None
    usage: TokenUsage = field(default_factory=TokenUsage)

    @property
    def ok(self) -> bool:
        return self.outcome in SUCCESS


def texts_for(*, user: Any, job_id: str) -> tuple[SourceText, SourceText]:
    """The exact profile and job texts this site sends for this user and job."""
    source = get_source()
    max_chars = int(setting("EXPLAIN_MAX_TEXT_CHARS"))
    job = job_text(source.job_fields(job_id, user), max_chars=max_chars)
    profile = profile_text(source.profile_fields(user), max_chars=max_chars)
    return profile, job


def verify_sent(draft: Draft, profile: SourceText, job: SourceText) -> Verification:
    """The verifier on the texts as sent: quotes inside one field's value, labels excluded."""
    return verify_draft(
        draft,
        profile.text,
        job.text,
        limits=verify_limits(),
        profile_fields=profile.spans,
        job_fields=job.spans,
    )


def profile_ready(user: Any) -> bool:
    """Whether this user's profile holds anything to compare (the panel and the flow agree)."""
    max_chars = int(setting("EXPLAIN_MAX_TEXT_CHARS"))
    return has_content(profile_text(get_source().profile_fields(user), max_chars=max_chars))


@sensitive_variables()
def explanation_create(
    *, user: Any, job_id: str, rate_check: Callable[[], RateDecision]
) -> Explanation:
    """Explain one job for one user. rate_check counts a model call against the limit."""
    started = time.monotonic()
    result = Explanation(outcome=Outcome.PROVIDER_ERROR, job_id=job_id)
    try:
        _run(result, user=user, rate_check=rate_check)
    except Exception as exc:
        # The type only: an exception's message may carry texts or secrets.
        logger.error("Explanation failed unexpectedly: %s", type(exc).__name__)
        result.outcome = Outcome.PROVIDER_ERROR
        result.verification = None
    result.log_id = _log(result, user=user, latency=time.monotonic() - started)
    return result


def _run(result: Explanation, *, user: Any, rate_check: Callable[[], RateDecision]) -> None:
    try:
        profile, job = texts_for(user=user, job_id=result.job_id)
    except JobUnavailable:
        result.outcome = Outcome.JOB_UNAVAILABLE
        return
    result.profile, result.job = profile, job
    if not has_content(profile):
        result.outcome = Outcome.NO_PROFILE
        return
    model = get_chat_model()
    if model is None:
        result.outcome = Outcome.DISABLED
        return
    result.model = model_name(model)
    result.demo = is_demo_model(model)
    key = explanation_cache.cache_key(
        prompt_version=PROMPT_VERSION,
        model=result.model,
        profile_text=profile.text,
        job_text=job.text,
    )
    draft = explanation_cache.cached_draft(key)
    if draft is not None:
        result.outcome = Outcome.CACHED
    else:
        decision = rate_check()
        if not decision.allowed:
            result.outcome = Outcome.RATE_LIMITED
            result.retry_after = decision.retry_after
            return
        _release_database_connections()
        try:
            call = (
                ChatClient(model)
                .prompt()
                .system(SYSTEM_INSTRUCTION)
                .user(build_user_message(profile.text, job.text))
                .schema(Draft)
                .call()
            )
            result.usage = call.response.usage
            draft = call.entity(Draft)
        except ExplainError as exc:
            result.outcome = Outcome(exc.outcome)
            result.usage = exc.usage or result.usage
            return
        result.outcome = Outcome.OK
    result.verification = verify_sent(draft, profile, job)
    if result.verification.kept == 0:
        result.outcome = Outcome.NOTHING_VERIFIED
    elif result.outcome == Outcome.OK:
        explanation_cache.remember_draft(key, draft)


def _release_database_connections() -> None:
    """Hand database connections back before a model call that may take EXPLAIN_TIMEOUT.

    With a connection pool (production) the connection returns to the pool, so a slow
    model holds a worker thread but no database connection; the log row takes one
    again. Inside a transaction (ATOMIC_REQUESTS, tests) nothing is closed.
    """
    for connection in connections.all(initialized_only=True):
        if not connection.in_atomic_block:
            connection.close()


def _log(result: Explanation, *, user: Any, latency: float) -> int | None:
    verification = result.verification or Verification()
    try:
        row = ExplanationLog.objects.create(
            user=user if getattr(user, "is_authenticated", False) else None,
            job_ref="".join(ch for ch in str(result.job_id) if ch.isprintable())[:64],
            outcome=result.outcome,
            kept_matches=len(verification.matches) if result.ok else 0,
            kept_gaps=len(verification.gaps) if result.ok else 0,
            dropped=verification.dropped,
            unchecked=verification.unchecked,
            drop_reasons=verification.drop_reasons,
            model_name=result.model[:100],
            prompt_version=PROMPT_VERSION,
            latency_ms=round(latency * 1000),
            prompt_tokens=result.usage.prompt,
            output_tokens=result.usage.output,
            thoughts_tokens=result.usage.thoughts,
            total_tokens=result.usage.total,
        )
    except Exception as exc:
        logger.error("Could not write the explanation log row: %s", type(exc).__name__)
        return None
    return row.pk


def shown_point(
    *, user: Any, log: ExplanationLog, kind: str, index: int
) -> tuple[str, str, str] | None:
    """The point a user was shown under this log row, derived again, not stored twice.

    The cached draft, re-verified against the user's current texts, is what the page
    showed, as long as neither text nor the prompt version has changed since.
    """
    if log.outcome not in SUCCESS or log.prompt_version != PROMPT_VERSION:
        return None
    try:
        profile, job = texts_for(user=user, job_id=log.job_ref)
    except JobUnavailable:
        return None
    draft = explanation_cache.cached_draft(
        explanation_cache.cache_key(
            prompt_version=log.prompt_version,
            model=log.model_name,
            profile_text=profile.text,
            job_text=job.text,
        )
    )
    if draft is None:
        return None
    verification = verify_sent(draft, profile, job)
    points = verification.matches if kind == Kind.MATCH else verification.gaps
    if not 0 <= index < len(points):
        return None
    point = points[index]
    return point.point, point.profile_quote, point.job_quote
