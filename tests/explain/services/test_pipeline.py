"""The pipeline's steps one by one, and the two flows held to each other.

Each step that ends a request returns a decided, frozen Explanation; the batch flow and
the streamed one run the same steps, so for any way the answer is cut into pieces the
stream ends with the batch's result and the batch's log row.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import caches
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explain.controls.ratelimit import RateDecision
from explain.core.verify import Verification
from explain.llm.client import ChatPrompt, ChatResponse, TokenUsage
from explain.llm.errors import ProviderBusy, ProviderError
from explain.models import ExplanationLog
from explain.outcomes import Outcome
from explain.services import explanations as pipeline
from explain.services.explanations import (
    Admission,
    Explanation,
    ModelCall,
    Subject,
    explanation_create,
)
from explain.services.streaming import StreamedPoint, explanation_stream
from tests.conftest import WORKED_DRAFT, WORKED_PROFILE, clear_cache

pytestmark = pytest.mark.django_db


def allowed() -> RateDecision:
    return RateDecision(allowed=True)


def read(user: Any, job: Any) -> Subject:
    subject = pipeline.read_texts(Subject(job_id=str(job.pk)), user=user)
    assert isinstance(subject, Subject)
    return subject


# --------------------------------------------------------------------------- one step each


def test_a_decided_explanation_cannot_be_changed():
    decided = Subject(job_id="7").decided(Outcome.NO_PROFILE)
    with pytest.raises(dataclasses.FrozenInstanceError):
        decided.outcome = Outcome.OK  # type: ignore[misc]


def test_read_texts_gives_the_texts_and_the_title(worked_user, worked_job):
    subject = read(worked_user, worked_job)
    assert subject.profile is not None and "Java" in subject.profile.text
    assert subject.job is not None and subject.job_title == "Java Engineer"


def test_read_texts_refuses_a_missing_job_and_an_empty_profile(worked_user, make_user, worked_job):
    gone = pipeline.read_texts(Subject(job_id="999999"), user=worked_user)
    assert isinstance(gone, Explanation) and gone.outcome == Outcome.JOB_UNAVAILABLE
    assert gone.profile is None  # nothing was read
    empty = pipeline.read_texts(Subject(job_id=str(worked_job.pk)), user=make_user("new"))
    assert isinstance(empty, Explanation) and empty.outcome == Outcome.NO_PROFILE
    assert empty.job_title == "Java Engineer"  # what was read is in its log row


def test_choose_model_names_the_model_or_refuses_without_one(worked_user, worked_job, use_model):
    subject = read(worked_user, worked_job)
    off = pipeline.choose_model(subject)
    assert isinstance(off, Explanation) and off.outcome == Outcome.DISABLED
    model = use_model(WORKED_DRAFT)
    chosen = pipeline.choose_model(subject)
    assert not isinstance(chosen, Explanation)
    assert chosen[0].model == "fake-model" and chosen[1] is model


def test_the_cache_misses_then_answers_what_a_call_cached(worked_user, worked_job, use_model):
    use_model(WORKED_DRAFT)
    chosen = pipeline.choose_model(read(worked_user, worked_job))
    assert not isinstance(chosen, Explanation)
    requirements = pipeline.read_requirements(*chosen)  # the reading stored ahead
    assert not isinstance(requirements, Explanation)
    subject = requirements[0]
    key = pipeline.cache_key_for(subject, user=worked_user)
    assert pipeline.cached_answer(subject, key) is None
    fresh = explanation_create(user=worked_user, job_id=str(worked_job.pk), rate_check=allowed)
    cached = pipeline.cached_answer(subject, key)
    assert cached is not None and cached.outcome == Outcome.CACHED
    assert cached.verification == fresh.verification and cached.made_at == fresh.made_at


def test_build_prompt_sends_the_requirements_and_the_profile(worked_user, worked_job, use_model):
    """The viewer's call sends the posting's verified requirements, not the posting again."""
    model = use_model(WORKED_DRAFT)
    requirements = pipeline.read_requirements(read(worked_user, worked_job), model)
    assert not isinstance(requirements, Explanation)
    subject = requirements[0]
    prompt = pipeline.build_prompt(model, subject).build()
    assert subject.profile is not None and prompt.user.endswith(subject.profile.text)
    assert "1. Build secure [Java] APIs\n2. deploy services on [AWS]\n" in prompt.user
    assert subject.job is not None and subject.job.text not in prompt.user


def test_admit_refuses_with_the_rate_limits_wait_or_lets_the_call_through(worked_user):
    refused = pipeline.admit(
        Subject(job_id="1"), lambda: RateDecision(allowed=False, retry_after=9), user=worked_user
    )
    assert isinstance(refused, Explanation)
    assert (refused.outcome, refused.retry_after) == (Outcome.RATE_LIMITED, 9)
    admitted = pipeline.admit(Subject(job_id="1"), allowed, user=worked_user)
    assert isinstance(admitted, Admission) and admitted.rate.allowed
    admitted.slot.release()


def test_answer_outcome_decides_from_what_was_kept():
    assert pipeline.answer_outcome(Verification()) == Outcome.NOTHING_VERIFIED
    assert pipeline.answer_outcome(Verification(), cached=True) == Outcome.NOTHING_VERIFIED
    kept = Verification(matches=(object(),))  # type: ignore[arg-type]
    assert kept.kept == 1
    assert pipeline.answer_outcome(kept) == Outcome.OK
    assert pipeline.answer_outcome(kept, cached=True) == Outcome.CACHED


def _call(user: Any, job: Any) -> ModelCall:
    call = pipeline.prepare(user=user, job_id=str(job.pk), rate_check=allowed, on_fault=_no_fault)
    assert isinstance(call, ModelCall)
    return call


def _no_fault(stage: Any, exc: Exception) -> Explanation:
    raise AssertionError("no step should fail here") from exc


def test_call_failed_decides_the_outcome_and_the_wait(worked_user, worked_job, use_model):
    use_model(WORKED_DRAFT)
    call = _call(worked_user, worked_job)
    call.admission.slot.release()
    usage = TokenUsage(prompt=5, total=5)
    busy = pipeline.call_failed(call, ProviderBusy("429", retry_after=2.2), usage=usage)
    assert (busy.outcome, busy.retry_after, busy.usage) == (Outcome.PROVIDER_BUSY, 3, usage)
    down = pipeline.call_failed(call, ProviderError("503", outage=True), usage=usage)
    assert (down.outcome, down.retry_after) == (Outcome.PROVIDER_ERROR, 0)
    assert down.job_title == "Java Engineer" and down.model == "fake-model"


def test_prepare_hands_a_fault_the_request_as_far_as_known(
    worked_user, worked_job, use_model, monkeypatch
):
    use_model(WORKED_DRAFT)

    def broken() -> Any:
        raise RuntimeError("planted")

    seen: list[Any] = []

    def on_fault(stage: Any, exc: Exception) -> Explanation:
        seen.append((stage, exc))
        return stage.decided(Outcome.INTERNAL_ERROR)

    monkeypatch.setattr(pipeline, "get_chat_model", broken)
    result = pipeline.prepare(
        user=worked_user, job_id=str(worked_job.pk), rate_check=allowed, on_fault=on_fault
    )
    [(stage, exc)] = seen
    assert isinstance(exc, RuntimeError) and isinstance(stage, Subject)
    assert stage.job_title == "Java Engineer"  # the texts were read before the fault
    assert isinstance(result, Explanation) and result.outcome == Outcome.INTERNAL_ERROR


def test_record_writes_one_row_and_returns_the_result_with_its_id(worked_user):
    decided = Subject(job_id="3").decided(Outcome.NO_PROFILE)
    logged = pipeline.record(decided, user=worked_user, latency=0.01)
    row = ExplanationLog.objects.get()
    assert logged.log_id == row.pk and decided.log_id is None
    assert row.outcome == Outcome.NO_PROFILE and row.job_ref == "3"


# --------------------------------------------------------------------------- batch == stream


class ChunkedModel:
    """A streaming model that writes one answer text in the pieces it is given."""

    model_name = "chunked-model"

    def __init__(self, text: str, cuts: list[int]) -> None:
        self.text = text
        self.cuts = sorted(set(cuts))
        self.usage = TokenUsage(prompt=11, output=7, total=18)

    def __call__(self, prompt: ChatPrompt, /) -> ChatResponse:
        return ChatResponse(text=self.text, usage=self.usage, model=self.model_name)

    def stream(self, prompt: ChatPrompt, /) -> Iterator[str | ChatResponse]:
        bounds = [0, *self.cuts, len(self.text)]
        for start, end in itertools.pairwise(bounds):
            yield self.text[start:end]
        yield self(prompt)


INVENTED = {
    "matches": [
        {
            "point": "You know Rust.",
            "term": "Rust",
            "profileQuote": "Rust (10 years)",
            "jobQuote": "Rust services",
        }
    ],
    "gaps": [],
}

ANSWERS = [
    json.dumps(WORKED_DRAFT),  # some points kept, one dropped
    json.dumps(WORKED_DRAFT, indent=2),
    json.dumps(INVENTED),  # nothing verified
    json.dumps(WORKED_DRAFT)[:-30],  # cut off: an invalid response
]

ROW_FIELDS_THAT_VARY = {"id", "created_at", "latency_ms"}


def _row() -> dict[str, Any]:
    row = ExplanationLog.objects.order_by("-id").values().first()
    assert row is not None
    return {k: v for k, v in row.items() if k not in ROW_FIELDS_THAT_VARY}


def _comparable(result: Explanation) -> Explanation:
    return dataclasses.replace(result, log_id=None, made_at=None)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(answer=st.sampled_from(ANSWERS), cuts=st.lists(st.integers(0, 2000), max_size=25))
def test_for_any_chunking_the_stream_ends_as_the_batch_does(
    worked_user, worked_job, settings, answer, cuts
):
    settings.EXPLAIN_CHAT_MODEL = ChunkedModel(answer, [c for c in cuts if c < len(answer)])
    job_id = str(worked_job.pk)
    for cache in caches.all():
        clear_cache(cache)
    batch = explanation_create(user=worked_user, job_id=job_id, rate_check=allowed)
    batch_row = _row()
    for cache in caches.all():
        clear_cache(cache)
    stream = explanation_stream(user=worked_user, job_id=job_id, rate_check=allowed)
    *points, last = list(stream)
    stream.close()
    assert isinstance(last, Explanation) and last is stream.explanation
    assert _comparable(last) == _comparable(batch)
    assert _row() == batch_row
    assert all(isinstance(p, StreamedPoint) for p in points)
    if batch.ok:
        assert batch.verification is not None
        assert sorted((p.kind, p.index) for p in points) == sorted(
            [("match", i) for i in range(len(batch.verification.matches))]
            + [("gap", i) for i in range(len(batch.verification.gaps))]
        )


# An answer to install (None: no model), the rate check, and the outcome it ends with.
REFUSALS = {
    "no model": (None, allowed, Outcome.DISABLED),
    "rate limit": (
        WORKED_DRAFT,
        lambda: RateDecision(allowed=False, retry_after=9),
        Outcome.RATE_LIMITED,
    ),
    "counter down": (WORKED_DRAFT, lambda: 1 / 0, Outcome.TEMPORARILY_UNAVAILABLE),
}


@pytest.mark.parametrize("name", list(REFUSALS))
def test_a_refusal_before_the_call_is_the_same_decided_result_both_ways(
    worked_user, worked_job, use_model, name
):
    answer, rate_check, outcome = REFUSALS[name]
    if answer is not None:
        use_model(answer)
    job_id = str(worked_job.pk)
    batch = explanation_create(user=worked_user, job_id=job_id, rate_check=rate_check)
    batch_row = _row()
    stream = explanation_stream(user=worked_user, job_id=job_id, rate_check=rate_check)
    assert not stream.pending
    [only] = list(stream)
    stream.close()
    assert batch.outcome == outcome
    assert _comparable(only) == _comparable(batch)
    assert _row() == batch_row


def test_a_copied_profile_cannot_tell_which_jobs_its_owner_asked_about(
    worked_user, make_user, worked_job, use_model
):
    """Someone who writes another user's exact profile text gets a fresh answer, never
    that user's cached one, so a cached answer cannot reveal who asked about the job."""
    model = use_model(WORKED_DRAFT)
    copycat = make_user("copycat", **WORKED_PROFILE)
    first = explanation_create(user=worked_user, job_id=str(worked_job.pk), rate_check=allowed)
    copied = explanation_create(user=copycat, job_id=str(worked_job.pk), rate_check=allowed)
    assert first.outcome == Outcome.OK and copied.outcome == Outcome.OK
    assert len(model.prompts) == 2
    again = explanation_create(user=copycat, job_id=str(worked_job.pk), rate_check=allowed)
    assert again.outcome == Outcome.CACHED and len(model.prompts) == 2
