"""One explanation, start to finish: the pipeline the page, the API and the stream run.

Its steps are public functions, in order: read the texts, choose the model, look up the
cache, build the prompt, admit the call (the limits), call the model, verify, decide the
outcome, record the log row. A step that ends the request returns a decided Explanation,
built once with its outcome and never changed after. explanation_create below and
explain.services.streaming differ only in how the model's answer arrives (whole, or in
pieces). Whatever happens, exactly one ExplanationLog row is written, holding counts and
never texts.
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from django.db import InterfaceError, OperationalError, connections, transaction
from django.views.decorators.debug import sensitive_variables

from explain.adapter import Field, JobUnavailable, not_requirement_keys, profile_of
from explain.conf import app_settings
from explain.controls import allowance, budget, slots
from explain.controls.breaker import CircuitBreaker, Gate
from explain.controls.ratelimit import RateDecision
from explain.controls.site import breaker_settings, site_cache
from explain.core.checklist import Checklist, ChecklistBuilder, State, ViewerAnswer
from explain.core.posting import PostingReading
from explain.core.schema import Draft
from explain.core.texts import SourceText, has_content, job_text, profile_text
from explain.core.verify import Checker, Instructions, Verification, verify_draft
from explain.core.viewer_prompt import (
    VIEWER_INSTRUCTION,
    VIEWER_PROMPT_VERSION,
    build_viewer_message,
)
from explain.llm.client import ChatClient, ChatModel, PromptSpec, TokenUsage, model_name
from explain.llm.errors import ModelCallError
from explain.llm.local_matcher import MATCHER_MODEL_NAME, LocalMatcherAnswer
from explain.llm.recorded import RECORDED_MODEL_NAME, RecordedChatModel
from explain.llm.registry import get_chat_model, is_demo_model
from explain.models import REQUIREMENT_COUNT_FIELDS, ExplanationLog
from explain.models import PostingReading as StoredReading
from explain.outcomes import (
    SHOWN_OUTCOMES,
    SUCCESS,
    Kind,
    Outcome,
    default_retry_after,
)
from explain.reporting.alerts import warn_if_passed
from explain.sentences import point_sentence
from explain.services import cache as explanation_cache
from explain.services import log_bound, log_spool, postings, readiness
from explain.services.limits import verify_limits
from explain.services.site_faults import log_internal_error
from explain.source import get_source

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Explanation:
    """What one request produced, decided once; views turn it into HTML or JSON."""

    outcome: Outcome
    job_id: str
    verification: Verification | None = None
    # Every requirement of the posting in one state; verification is its older view.
    checklist: Checklist | None = None
    profile: SourceText | None = None
    job: SourceText | None = None
    retry_after: int = 0
    demo: bool = False
    model: str = ""
    job_title: str = ""
    log_id: int | None = None
    usage: TokenUsage = field(default_factory=TokenUsage)
    # When the model wrote the draft shown (now for a fresh one, earlier for a cached one).
    made_at: datetime | None = None
    # Shown on its own when the user came back, not because they asked just now.
    remembered: bool = False
    # A model call's mark in the log spool, until its row is kept (explain.services.log_spool).
    in_flight: log_spool.InFlight | None = field(default=None, repr=False, compare=False)
    # The texts' sentences addressed to an AI, found once for the verifier and the log.
    instructions: Instructions = field(default_factory=Instructions, repr=False, compare=False)
    # The posting's requirements as read once for every viewer, and that reading's name.
    reading: PostingReading | None = field(default=None, repr=False, compare=False)
    reading_key: str = ""

    @property
    def ok(self) -> bool:
        return self.outcome in SUCCESS


@dataclass(frozen=True)
class Subject:
    """What one request is about, as far as the steps so far found out: the job, the
    texts as sent, the model asked. A step that ends the request decides from it."""

    job_id: str
    remembered: bool = False
    profile: SourceText | None = None
    job: SourceText | None = None
    job_title: str = ""
    model: str = ""
    demo: bool = False
    instructions: Instructions = field(default_factory=Instructions, repr=False, compare=False)
    reading: PostingReading | None = field(default=None, repr=False, compare=False)
    reading_key: str = ""

    def decided(self, outcome: Outcome, **details: Any) -> Explanation:
        """The request's end: an Explanation with this outcome and what is known (a
        Subject's fields are an Explanation's)."""
        return Explanation(outcome=outcome, **vars(self), **details)

    def texts(self) -> tuple[SourceText, SourceText]:
        """The profile and job texts as sent (read_texts found both)."""
        assert self.profile is not None and self.job is not None
        return self.profile, self.job


@dataclass(frozen=True)
class Admission:
    """What let a model call through: the user's rate allowance, the account's, the
    circuit breaker it reports to and its gate, the slot it holds, the client address's
    allowance, the account's own slot."""

    rate: RateDecision
    account: allowance.AccountDecision
    breaker: CircuitBreaker
    gate: Gate
    slot: slots.Slot
    address: allowance.AccountDecision = field(
        default_factory=lambda: allowance.AccountDecision(allowed=True)
    )
    # When the call was let through, on the breaker's clock: a failure of a call begun
    # before the provider's last answer does not count against it.
    admitted_at: float = 0.0
    # One of the account's EXPLAIN_ACCOUNT_SLOTS, held while the call runs.
    account_slot: slots.Slot = slots.NO_CAP

    def give_back(self, steps: CacheSteps) -> None:
        """The call is not made after all (refused further on) or was never answered:
        the user's rate window, the account and the address get it back."""
        steps.run(self.rate.give_back, "rate allowance")
        steps.run(self.account.give_back, "account allowance")
        steps.run(self.address.give_back, "address allowance")

    def release(self, steps: CacheSteps) -> None:
        """The call ended: its slots freed, and its place in the user's rate given back
        unless the answer already counted it (each place is left once)."""
        steps.release(self.slot, self.account_slot)
        steps.run(self.rate.give_back, "rate allowance")


class CacheSteps:
    """One request's bookkeeping on the shared cache after its decision (allowance,
    breaker, slot, cached answer). After the first step fails the rest are skipped:
    each would wait its socket timeout on the same outage (a frozen Redis), and the
    answer the user already has must not wait for them."""

    def __init__(self) -> None:
        self.down = False

    def run(self, step: Callable[[], Any], what: str) -> None:
        if self.down:
            return
        try:
            step()
        except Exception as exc:
            self.down = True
            _cache_down(what, exc)

    def release(self, *held: slots.Slot) -> None:
        """Free the call's slots (in one round trip each way); with the cache known down
        they end with their leases."""
        if self.down:
            for slot in held:
                slot.forget()
        elif not slots.release_together(*held):
            self.down = True


@dataclass(frozen=True)
class ModelCall:
    """A model call about to be made: for what, what to send, where its draft is cached,
    what admitted it and, once started, its mark in the log spool."""

    subject: Subject
    spec: PromptSpec
    cache_key: str
    admission: Admission
    # When the call was let through (time.monotonic()): an answer past the breaker's
    # slow_seconds counts as a failure, not a success.
    started: float = field(default_factory=time.monotonic)
    in_flight: log_spool.InFlight | None = field(default=None, repr=False, compare=False)
    bookkeeping: CacheSteps = field(default_factory=CacheSteps, repr=False, compare=False)
    # The request's one slot (explain.controls.slots.single_flight), freed once the
    # answer is cached or the call ended without one.
    shared: slots.Slot = field(default=slots.NO_CAP, repr=False, compare=False)

    def decided(self, outcome: Outcome, **details: Any) -> Explanation:
        """The request's end after the call was let through: its row ends the mark."""
        return self.subject.decided(outcome, in_flight=self.in_flight, **details)


# Where a step raised: the request as far as known (a Subject, or the ModelCall once made).
Stage = Subject | ModelCall
# What a flow makes of a step that raised: a decided Explanation (and the log line).
OnFault = Callable[[Stage, Exception], Explanation]


def texts_for(*, user: Any, job_id: str) -> tuple[SourceText, SourceText]:
    """The exact profile and job texts this site sends for this user and job."""
    profile, job, _title = _texts_and_title(user=user, job_id=job_id)
    return profile, job


def _texts_and_title(*, user: Any, job_id: str) -> tuple[SourceText, SourceText, str]:
    source = get_source()
    max_chars = app_settings.MAX_TEXT_CHARS
    fields = source.job_fields(job_id, user)
    job = job_text(fields, max_chars=max_chars)
    return profile_text_for(user), job, shown_job_title(fields)


def profile_text_for(user: Any) -> SourceText:
    """The exact profile text this site sends for this user (the profile page previews it)."""
    fields, private_values = profile_of(get_source(), user)
    return profile_text(
        fields, max_chars=app_settings.MAX_TEXT_CHARS, private_values=private_values
    )


def shown_job_title(fields: list[Field]) -> str:
    """The posting's title as shown (the field keyed "title"), for the log: public text."""
    title = next((f.value for f in fields if f.key == "title"), "")
    return " ".join("".join(ch for ch in title if ch.isprintable()).split())[:200]


def _as_sent(
    profile: SourceText, job: SourceText, instructions: Instructions | None
) -> dict[str, Any]:
    """What the verifier checks a draft against, batch or streamed alike: the texts as
    sent, this site's limits, each field's span (quotes inside one value), and the
    request's sentences addressed to an AI when found already."""
    return {
        "instructions": instructions,
        "profile_text": profile.text,
        "job_text": job.text,
        "limits": verify_limits(),
        "profile_fields": profile.spans,
        "job_fields": job.spans,
        "profile_full_text": profile.full_text,
        "job_full_text": job.full_text,
        "job_not_requirements": not_requirement_spans(job),
    }


def not_requirement_spans(job: SourceText) -> list[tuple[int, int]]:
    """The spans of the job fields that are not requirements (location, remote, or the
    adapter's `not_requirements`): a job quote wholly inside one backs no point."""
    keys = not_requirement_keys(get_source())
    return [(span.start, span.end) for span in job.fields if span.key in keys]


def verify_sent(
    draft: Draft, profile: SourceText, job: SourceText, instructions: Instructions | None = None
) -> Verification:
    """The verifier on the texts as sent: quotes inside one field's value, labels excluded.
    At most MAX_CLAIMS claims a list are read (explain.services.cache.bounded); the rest
    count as unchecked."""
    kept, left_out = explanation_cache.bounded(draft)
    verification = verify_draft(kept, **_as_sent(profile, job, instructions))
    return replace(verification, unchecked=verification.unchecked + left_out)


def checklist_builder(subject: Subject) -> ChecklistBuilder:
    """The checklist of this request, read one piece of evidence at a time (batch and
    stream alike): the posting's requirements, the verifier's checks on the texts as sent."""
    assert subject.reading is not None
    sent = _as_sent(*subject.texts(), subject.instructions)
    return ChecklistBuilder(subject.reading, Checker(**sent))


def checklist_for(subject: Subject, answer: ViewerAnswer) -> Checklist:
    """The whole answer's checklist (a fresh answer, or one from the cache)."""
    builder = checklist_builder(subject)
    builder.add_all(explanation_cache.bounded_answer(answer))
    return builder.finish()


def profile_ready(user: Any) -> bool:
    """Whether this user's profile holds anything to compare (the panel and the flow agree)."""
    return has_content(profile_text_for(user))


# The batch flow: the model's answer arrives whole.


@sensitive_variables()
def explanation_create(
    *,
    user: Any,
    job_id: str,
    rate_check: Callable[[], RateDecision],
    address: str | None = None,
) -> Explanation:
    """Explain one job for one user. rate_check counts a model call against the limit;
    address is the client address as counted (explain.controls.addresses; None: none)."""
    started = time.monotonic()
    prepared = prepare(
        user=user, job_id=job_id, rate_check=rate_check, on_fault=fault, address=address
    )
    if isinstance(prepared, Explanation):
        return record(prepared, user=user, latency=time.monotonic() - started)
    answered: Explanation | None = None
    try:
        answered = _answer_whole(prepared, user=user)
    finally:  # the answer is cached by now: identical requests find it there
        end_single_flight(prepared, answered)
    return record(answered, user=user, latency=time.monotonic() - started)


def _answer_whole(call: ModelCall, *, user: Any) -> Explanation:
    usage = TokenUsage()
    try:
        try:
            call = start_call(call, user=user)
            answer = call.spec.call()
            call_answered(call)
            usage = answer.response.usage
            evidence = answer.entity(ViewerAnswer)
        except ModelCallError as exc:
            return call_failed(call, exc, usage=usage)
        finally:
            call.admission.release(call.bookkeeping)
        return conclude(call, evidence, checklist_for(call.subject, evidence), usage=usage)
    except Exception as exc:
        return fault(call, exc, usage=usage)


# The steps, in order.


def prepare(
    *,
    user: Any,
    job_id: str,
    rate_check: Callable[[], RateDecision],
    on_fault: OnFault,
    address: str | None = None,
) -> ModelCall | Explanation:
    """Every step before the model call: the call to make, or the request already
    decided (a refusal, a cached answer, a fault as on_fault decides it)."""
    stage = Subject(job_id=job_id)
    try:
        if not readiness.ready_to_log():  # no table for its row: no answer without one
            return stage.decided(
                Outcome.TEMPORARILY_UNAVAILABLE, retry_after=DATABASE_RETRY_SECONDS
            )
        texts = read_texts(stage, user=user)
        if isinstance(texts, Explanation):
            return texts
        stage = texts
        chosen = choose_model(stage)
        if isinstance(chosen, Explanation):
            return chosen
        stage, model = chosen
        requirements = read_requirements(stage, model)
        if isinstance(requirements, Explanation):
            return requirements
        stage, model = requirements
        key = cache_key_for(stage, user=user)
        cached = cached_answer(stage, key)
        if cached is not None:
            return cached
        spec = build_prompt(model, stage)
        shared = first_of_its_kind(stage, key)
        if isinstance(shared, Explanation):
            return shared
        try:
            admitted = admit(stage, rate_check, user=user, address=address)
        except Exception:
            CacheSteps().release(shared)
            raise
        if isinstance(admitted, Explanation):
            CacheSteps().release(shared)
            return admitted
    except Exception as exc:
        return on_fault(stage, exc)
    return ModelCall(subject=stage, spec=spec, cache_key=key, admission=admitted, shared=shared)


def read_texts(subject: Subject, *, user: Any) -> Subject | Explanation:
    """The texts this site sends; refused when the job is gone or a side has nothing."""
    try:
        profile, job, title = _texts_and_title(user=user, job_id=subject.job_id)
    except JobUnavailable:
        return subject.decided(Outcome.JOB_UNAVAILABLE)
    subject = replace(subject, profile=profile, job=job, job_title=title)
    if not has_content(profile):
        return subject.decided(Outcome.NO_PROFILE)
    if not has_content(job):
        # Nothing of the posting to compare: no billed call for an answer with no quotes.
        return subject.decided(Outcome.JOB_UNAVAILABLE)
    return subject


def choose_model(subject: Subject) -> tuple[Subject, ChatModel] | Explanation:
    """The model this site asks; refused when none is set up."""
    model = get_chat_model()
    if model is None:
        return subject.decided(Outcome.DISABLED)
    return replace(subject, model=model_name(model), demo=is_demo_model(model)), model


def read_requirements(
    subject: Subject, model: ChatModel
) -> tuple[Subject, ChatModel] | Explanation:
    """The posting's requirements, read once for every viewer (explain.services.postings):
    stored, or read now by one model call (its own log row). Another request reading them
    right now: asked to come back in a few seconds, never made to wait. Demo mode reads a
    demo posting's recorded requirements, and the viewer's step is the local matcher
    (any profile; logged by its own name); a posting without a recording is refused."""
    _profile, job = subject.texts()
    # The stored reading, looked up once: found, it is the request's (no second query).
    row = (
        None
        if isinstance(model, RecordedChatModel)
        else postings.stored(postings.text_hash(job), model_name(model))
    )
    if row is None:
        read = read_posting_now(subject, job, model)
        if isinstance(read, Explanation):
            return read
        row = read
    reading = postings.reading_of(row)
    subject = replace(subject, reading=reading, reading_key=reading_key(row))
    if not reading.requirements:
        return subject.decided(Outcome.NO_REQUIREMENTS)
    if isinstance(model, RecordedChatModel):
        matcher = LocalMatcherAnswer(reading.requirements, *subject.texts())
        return replace(subject, model=model_name(matcher)), matcher
    return subject, model


def read_posting_now(
    subject: Subject, job: SourceText, model: ChatModel
) -> StoredReading | Explanation:
    """No reading stored: the recorded one (demo), or the posting read now by one model
    call, unless the provider is failing just now (the call would wait its timeout)."""
    if not isinstance(model, RecordedChatModel):
        try:
            wait = site_breaker().open_seconds()
            if wait:
                return subject.decided(Outcome.CIRCUIT_OPEN, retry_after=wait)
        except Exception as exc:
            return unavailable(subject, "circuit breaker", exc)
    result = postings.requirements_for(subject.job_id, job, subject.job_title, model)
    if result.status is postings.Status.READING:
        return subject.decided(
            Outcome.POSTING_BEING_READ, retry_after=default_retry_after(Outcome.POSTING_BEING_READ)
        )
    if result.status is postings.Status.DISABLED:
        return subject.decided(Outcome.NO_RECORDING if subject.demo else Outcome.DISABLED)
    if result.status is postings.Status.JOB_UNAVAILABLE:
        return subject.decided(Outcome.JOB_UNAVAILABLE)
    if result.status is not postings.Status.READY or result.reading is None:
        outcome = Outcome(result.outcome or Outcome.INTERNAL_ERROR)
        return subject.decided(outcome, retry_after=default_retry_after(outcome))
    return result.reading


def cache_key_for(subject: Subject, *, user: Any) -> str:
    """Where this model's answer for this user's texts and this prompt version is cached."""
    profile, job = subject.texts()
    return explanation_cache.cache_key(
        prompt_version=f"{VIEWER_PROMPT_VERSION}|{subject.reading_key}",
        model=subject.model,
        owner=cache_owner(user),
        profile_text=profile.text,
        job_text=job.text,
    )


def cache_owner(user: Any) -> str:
    """The account a cached answer belongs to (its primary key, as text)."""
    return str(user.pk)


def cached_answer(subject: Subject, key: str) -> Explanation | None:
    """The cached answer, verified again against today's texts; None on a miss. With
    the shared cache down the request stops here, temporarily_unavailable: the limits
    that come next live on the same cache and would each wait for it, then refuse."""
    try:
        entry = explanation_cache.cached_entry(key)
    except Exception as exc:
        return unavailable(subject, "cached answer", exc)
    if entry is None:
        return None
    checklist = checklist_for(subject, entry.answer)
    return subject.decided(
        answer_outcome(checklist.verification, cached=True),
        checklist=checklist,
        verification=checklist.verification,
        made_at=entry.made_at,
    )


def first_of_its_kind(subject: Subject, key: str) -> slots.Slot | Explanation:
    """Identical requests in flight (one user, the same texts, model and prompt version:
    one cache key) make one model call. The first holds the request's one slot until
    its answer is cached; one arriving meanwhile is answered at once, 429 rate_limited
    with a short Retry-After ("You asked for an explanation a moment ago"), holding no
    thread while it waits, and asking again it finds the answer cached."""
    try:
        held = slots.single_flight(
            site_cache(), key, hold_seconds=site_breaker().settings.probe_seconds
        )
    except Exception as exc:
        return unavailable(subject, "same request in flight", exc)
    if held is None:
        logger.warning("Model call skipped: rate_limited (the same request is in flight)")
        return subject.decided(Outcome.RATE_LIMITED, retry_after=SAME_REQUEST_RETRY_SECONDS)
    # No second look at the cache: a holder that cached its answer keeps the slot for
    # its lease after (end_single_flight, 3.5 to 5 s), so a free slot means no answer
    # came since this request looked one round trip ago (short of a stall that long).
    return held


def end_single_flight(call: ModelCall, result: Explanation | None) -> None:
    """The request's call ended (result None: it never decided). With its answer cached
    the slot is left to end with its lease, a few seconds, no round trip: identical
    requests find the answer before they ask for the slot. Otherwise it is freed now,
    so the next identical request calls."""
    cached = result is not None and result.outcome is Outcome.OK
    if cached and not call.bookkeeping.down:
        call.shared.forget()
    else:
        call.bookkeeping.release(call.shared)


def build_prompt(model: ChatModel, subject: Subject) -> PromptSpec:
    """The viewer's prompt: the fixed instruction, the posting's verified requirements
    (not the posting again), the profile as sent, the evidence's schema."""
    profile, _job = subject.texts()
    assert subject.reading is not None
    return (
        ChatClient(model)
        .prompt()
        .system(VIEWER_INSTRUCTION)
        .user(build_viewer_message(subject.job_title, subject.reading.requirements, profile.text))
        .schema(ViewerAnswer)
    )


def admit(
    subject: Subject,
    rate_check: Callable[[], RateDecision],
    *,
    user: Any,
    address: str | None = None,
) -> Admission | Explanation:
    """The checks before a model call, cheapest refusal first: the user's rate, the
    circuit, one of the account's own slots, a free slot of the site's, the account's
    day, the client address's and then the site's day. Without the shared cache to
    decide, nothing is called (fail closed). A refusal after the rate gives its place
    back: only a call made counts."""
    try:
        # A recorded demo answer costs nothing, so it uses none of the user's allowance.
        decision = RateDecision(allowed=True) if subject.demo else rate_check()
    except Exception as exc:  # no counter to check: refuse rather than call unmetered
        return unavailable(subject, "rate limit", exc)
    if not decision.allowed:
        return subject.decided(Outcome.RATE_LIMITED, retry_after=decision.retry_after)
    steps = CacheSteps()
    breaker = site_breaker()
    hold = breaker.settings.probe_seconds
    gate = Gate.OPEN
    own: slots.Slot | None = slots.NO_CAP
    slot: slots.Slot | None = slots.NO_CAP
    try:
        # The call slots are read with the breaker's state: the stalled-call count's input.
        gate = breaker.gate(also=slots.slot_keys(_concurrency_limit()))
        if gate is Gate.CLOSED and _calls_stalled(breaker):
            gate = Gate.OPEN
        if gate is not Gate.OPEN:
            own = slots.account_slot(site_cache(), user.pk, _account_slots(), hold_seconds=hold)
        if gate is not Gate.OPEN and own is not None:
            slot = slots.take_slot(site_cache(), _concurrency_limit(), hold_seconds=hold)
        # The wait as the gate read it; opened just now for stalled calls, read now.
        wait = (breaker.wait or breaker.seconds_left()) if gate is Gate.OPEN else 0
    except Exception as exc:  # the breaker and the slots live on the shared cache
        steps.down = True
        refuse_early(decision, breaker, gate, [own, slot], steps)
        return unavailable(subject, "circuit breaker", exc)
    if gate is Gate.OPEN:
        # Answer at once instead of making this user wait for the same failure, and
        # say the real wait: the cool-down left, or the provider's own Retry-After.
        logger.warning("Model call skipped: circuit_open")
        refuse_early(decision, breaker, gate, [], steps)
        return subject.decided(Outcome.CIRCUIT_OPEN, retry_after=wait)
    if own is None:
        # This user's own calls hold their share of the slots: their wait, not a
        # site-wide refusal (a 429, Retry-After a slot's usual wait).
        logger.warning("Model call skipped: rate_limited (EXPLAIN_ACCOUNT_SLOTS in use)")
        refuse_early(decision, breaker, gate, [], steps)
        return subject.decided(Outcome.RATE_LIMITED, retry_after=BUSY_RETRY_SECONDS)
    if slot is None:
        # Every slot is held by a call still waiting: refuse now, keep this thread free.
        logger.warning("Model call skipped: provider_busy (EXPLAIN_MAX_CONCURRENT_CALLS in use)")
        refuse_early(decision, breaker, gate, [own], steps)
        return subject.decided(Outcome.PROVIDER_BUSY, retry_after=BUSY_RETRY_SECONDS)
    admission = Admission(
        rate=decision,
        account=allowance.AccountDecision(allowed=True),
        breaker=breaker,
        gate=gate,
        slot=slot,
        account_slot=own,
        admitted_at=breaker.clock(),
    )
    return take_allowances(admission, subject, user=user, address=address, steps=steps)


def take_allowances(
    admission: Admission,
    subject: Subject,
    *,
    user: Any,
    address: str | None,
    steps: CacheSteps,
) -> Admission | Explanation:
    """After the slots: the account's day, the client address's, the site's day."""
    breaker, gate = admission.breaker, admission.gate

    def refuse() -> None:
        """No call after all: what was taken given back, the slots freed, a probe back."""
        admission.give_back(steps)
        admission.release(steps)
        steps.run(lambda: breaker.give_back(gate), "circuit breaker")

    try:
        account = (
            allowance.AccountDecision(allowed=True)
            if subject.demo
            else allowance.take_account_call(
                site_cache(), user, limit=_account_limit(), new_limit=_new_account_limit()
            )
        )
    except Exception as exc:
        steps.down = True
        refuse()
        return unavailable(subject, "account allowance", exc)
    if not account.allowed:
        # Counts only: which account is in the log row, never in the log line.
        logger.warning("Model call skipped: account_daily_limit (EXPLAIN_USER_DAILY_CALLS)")
        refuse()
        return subject.decided(Outcome.ACCOUNT_DAILY_LIMIT, retry_after=account.retry_after)
    admission = replace(admission, account=account)
    try:
        from_address = (
            allowance.AccountDecision(allowed=True)
            if subject.demo
            else allowance.take_address_call(site_cache(), address, limit=_address_limit())
        )
    except Exception as exc:
        steps.down = True
        steps.run(account.give_back, "account allowance")
        refuse()
        return unavailable(subject, "address allowance", exc)
    admission = replace(admission, address=from_address)
    if not from_address.allowed:
        # Counts only: the address is in no log line and no log row.
        logger.warning("Model call skipped: address_daily_limit (EXPLAIN_ADDRESS_DAILY_CALLS)")
        refuse()
        return subject.decided(Outcome.ADDRESS_DAILY_LIMIT, retry_after=from_address.retry_after)
    try:
        within_budget = budget.take_call(site_cache(), _daily_limit())
    except Exception as exc:
        steps.down = True
        refuse()
        return unavailable(subject, "daily budget", exc)
    if not within_budget:
        logger.warning("Model call skipped: daily_limit (EXPLAIN_DAILY_CALL_LIMIT reached)")
        refuse()
        return subject.decided(Outcome.DAILY_LIMIT)
    return admission


def refuse_early(
    decision: RateDecision,
    breaker: CircuitBreaker,
    gate: Gate,
    taken: list[slots.Slot | None],
    steps: CacheSteps,
) -> None:
    """Refused before anything else was taken: the rate's place given back, the slots
    taken freed, a probe given back."""
    steps.run(decision.give_back, "rate allowance")
    steps.release(*[slot for slot in taken if slot is not None])
    steps.run(lambda: breaker.give_back(gate), "circuit breaker")


def start_call(call: ModelCall, *, user: Any) -> ModelCall:
    """Just before the model is asked: the call marked in flight (the row a killed worker
    leaves), and the database connections handed back for the wait."""
    marked = replace(call, in_flight=mark_call_in_flight(call.subject, user=user))
    _release_database_connections()
    return marked


def call_answered(call: ModelCall) -> None:
    """The provider answered: the call counts against the user's allowance, and the
    breaker's run of failures is over, unless the answer took longer than slow_seconds
    (a provider that slow is failing its users too). A probe's answer, slow or not,
    closes the circuit: the provider is back, and no click is refused after it."""
    admitted, steps = call.admission, call.bookkeeping
    steps.run(admitted.rate.spend, "rate allowance")
    slow = admitted.breaker.settings.slow_seconds
    probe = admitted.gate is Gate.PROBE
    if not probe and slow is not None and time.monotonic() - call.started > slow:
        _record_failure(call, retry_after=None, why="slow answers")
        return
    steps.run(admitted.breaker.record_success, "circuit breaker")


def call_failed(call: ModelCall, exc: ModelCallError, *, usage: TokenUsage) -> Explanation:
    """A model call failed: its outcome, the breaker told, and the call counted against
    the user's allowance (the rate window and the account's day) unless the provider
    never answered (refused connection, 5xx) or nothing was sent. A 429 counts:
    refunded, one user could spin on the site's quota."""
    admitted, steps = call.admission, call.bookkeeping
    if exc.unanswered:
        admitted.give_back(steps)
    else:
        steps.run(admitted.rate.spend, "rate allowance")
    if not exc.local:  # a local fault says nothing about the provider
        if exc.outage:
            _record_failure(call, retry_after=exc.retry_after, why="provider failures")
        else:  # an answer, if not a useful one: it is up
            steps.run(admitted.breaker.record_success, "circuit breaker")
    outcome = Outcome(exc.outcome)
    retry_after = (
        max(1, math.ceil(exc.retry_after)) if exc.retry_after else default_retry_after(outcome)
    )
    return call.decided(outcome, retry_after=retry_after, usage=exc.usage or usage)


def answer_outcome(verification: Verification, *, cached: bool = False) -> Outcome:
    """A verified answer's outcome: nothing kept is an error, fresh or from the cache."""
    if verification.kept == 0:
        return Outcome.NOTHING_VERIFIED
    return Outcome.CACHED if cached else Outcome.OK


def conclude(
    call: ModelCall, answer: ViewerAnswer, checklist: Checklist, *, usage: TokenUsage
) -> Explanation:
    """A fresh answer was checked: its outcome decided, and cached if anything was kept."""
    made_at = datetime.now(tz=UTC)
    outcome = answer_outcome(checklist.verification)
    if outcome is Outcome.OK:
        call.bookkeeping.run(
            lambda: explanation_cache.remember_answer(call.cache_key, answer, made_at=made_at),
            "caching the answer",
        )
    return call.decided(
        outcome,
        checklist=checklist,
        verification=checklist.verification,
        usage=usage,
        made_at=made_at,
    )


def record(result: Explanation, *, user: Any, latency: float) -> Explanation:
    """The request's one log row (spooled if the database cannot take it now); the
    result again, with the row's id."""
    return replace(
        result, log_id=_log(result, user=user, latency=latency, in_flight=result.in_flight)
    )


# How a request ends when a step cannot run.


def fault(stage: Stage, exc: Exception, *, usage: TokenUsage | None = None) -> Explanation:
    """A step raised. The database down or restarting is an outage with a wait, not a
    bug of ours; anything else is a fault of this site."""
    if not isinstance(exc, (OperationalError, InterfaceError)):
        return internal_fault(stage, exc, usage=usage)
    logger.warning("Database unavailable: %s", type(exc).__name__)
    return stage.decided(
        Outcome.TEMPORARILY_UNAVAILABLE,
        retry_after=DATABASE_RETRY_SECONDS,
        usage=usage or TokenUsage(),
    )


def internal_fault(
    stage: Stage,
    exc: Exception,
    *,
    usage: TokenUsage | None = None,
    log: logging.Logger = logger,
    what: str = "Explanation",
) -> Explanation:
    """A fault of this site (the host's adapter or our code), never the provider's:
    model failures are ModelCallErrors, decided by call_failed. The traceback is logged
    without the exception's message, which may carry texts."""
    log_internal_error(log, what, exc)
    return stage.decided(Outcome.INTERNAL_ERROR, usage=usage or TokenUsage())


def unavailable(subject: Subject, what: str, exc: Exception) -> Explanation:
    """Fail closed: without the rate limit, breaker or budget no model call is made."""
    _cache_down(what, exc)
    return subject.decided(Outcome.TEMPORARILY_UNAVAILABLE, retry_after=UNAVAILABLE_RETRY_SECONDS)


# Seconds a user is told to wait when the database is down: a restart and a reconnect.
DATABASE_RETRY_SECONDS = 5

# Seconds a user is told to wait when the shared cache (Redis) cannot be reached: the
# outcome's own wait in its row of explain.outcomes.OUTCOMES.
UNAVAILABLE_RETRY_SECONDS = default_retry_after(Outcome.TEMPORARILY_UNAVAILABLE)

# A slot frees as soon as any call in flight ends: a short wait, not the provider's 60 s.
BUSY_RETRY_SECONDS = 5

# The identical request in flight is usually answered within a few seconds; asked again
# then, the answer comes from the cache.
SAME_REQUEST_RETRY_SECONDS = 5


def _cache_down(what: str, exc: Exception) -> None:
    """An expected outage, not a bug of ours: a WARNING naming the part, no traceback."""
    logger.warning("Shared cache unavailable (%s): %s", what, type(exc).__name__)


def site_breaker() -> CircuitBreaker:
    """The site's circuit breaker, on the shared cache (one circuit for every process)."""
    return CircuitBreaker(site_cache(), breaker_settings())


def _calls_stalled(breaker: CircuitBreaker) -> bool:
    """As many calls in flight past slow_seconds as the breaker's failures: the provider
    hangs. The circuit opens now, not when the first of them times out. The slots are
    those the gate read (no second round trip)."""
    s = breaker.settings
    if s.failures <= 0 or s.slow_seconds is None:
        return False
    stuck = slots.count_stalled(
        breaker.read.values(),
        older_than=s.slow_seconds,
        now=breaker.clock(),
        since=breaker.answered_at,
    )
    if stuck < s.failures:
        return False
    if breaker.trip():
        logger.warning(
            "Circuit opened: %d provider calls unanswered after %d s; calls skipped for %d s",
            stuck,
            round(s.slow_seconds),
            round(s.cooldown_seconds),
        )
    return True


def _concurrency_limit() -> int | None:
    return app_settings.MAX_CONCURRENT_CALLS


def _account_slots() -> int | None:
    return app_settings.ACCOUNT_SLOTS


def _daily_limit() -> int | None:
    return app_settings.DAILY_CALL_LIMIT


def _account_limit() -> int | None:
    return app_settings.USER_DAILY_CALLS


def _new_account_limit() -> int | None:
    return app_settings.NEW_USER_DAILY_CALLS


def _address_limit() -> int | None:
    return app_settings.ADDRESS_DAILY_CALLS


def _record_failure(call: ModelCall, *, retry_after: float | None, why: str) -> None:
    """Tell the breaker; log when this failure opened the circuit, with its real wait."""
    admitted = call.admission
    breaker = admitted.breaker
    opened: list[bool] = []
    call.bookkeeping.run(
        lambda: opened.append(
            breaker.record_failure(
                admitted.gate, retry_after=retry_after, started=admitted.admitted_at
            )
        ),
        "circuit breaker",
    )
    if any(opened):
        logger.warning(
            "Circuit opened: %d %s in a row; calls skipped for %d s",
            breaker.settings.failures,
            why,
            round(max(breaker.settings.cooldown_seconds, retry_after or 0.0)),
        )


@sensitive_variables()
def explanation_recall(*, user: Any, job_id: str) -> Explanation | None:
    """The last explanation for this job and this profile, when the cache still holds it.

    For a user coming back to a job page: the steps up to the cache, so no model call
    and no allowance. The draft is verified again against today's texts; a changed
    profile or posting is another cache key, so nothing stale is shown. Logged (outcome
    recalled, apart from asks) only when something is shown.
    """
    started = time.monotonic()
    try:
        found = _recalled(Subject(job_id=job_id, remembered=True), user=user)
    except Exception as exc:
        log_internal_error(logger, "Recalling an explanation", exc)
        return None
    if found is None or found.outcome != Outcome.CACHED:
        return None
    return record(found, user=user, latency=time.monotonic() - started)


def _recalled(subject: Subject, *, user: Any) -> Explanation | None:
    texts = read_texts(subject, user=user)
    if isinstance(texts, Explanation):
        return None
    chosen = choose_model(texts)
    if isinstance(chosen, Explanation):
        return None
    stored = stored_requirements(*chosen)
    if stored is None:
        return None
    return cached_answer(stored, cache_key_for(stored, user=user))


def reading_key(row: Any) -> str:
    """One stored reading's name in the cache key: read again, its ids may differ."""
    return f"{row.pk}:{row.read_at.timestamp():.6f}"


def stored_requirements(subject: Subject, model: ChatModel) -> Subject | None:
    """The subject with the posting's stored requirements; None when none are stored
    (a page view never makes the model read a posting)."""
    _profile, job = subject.texts()
    name = RECORDED_MODEL_NAME if isinstance(model, RecordedChatModel) else model_name(model)
    row = postings.stored(postings.text_hash(job), name)
    if row is None:
        return None
    subject = replace(subject, reading=postings.reading_of(row), reading_key=reading_key(row))
    if isinstance(model, RecordedChatModel):
        subject = replace(subject, model=MATCHER_MODEL_NAME)
    return subject


def _release_database_connections() -> None:
    """Hand database connections back before a model call that may take EXPLAIN_TIMEOUT.

    With a connection pool (production) the connection returns to the pool, so a slow
    model holds a worker thread but no database connection; the log row takes one
    again. Inside a transaction (ATOMIC_REQUESTS, tests) nothing is closed.
    """
    for connection in connections.all(initialized_only=True):
        if not connection.in_atomic_block:
            connection.close()


def _text_counts(result: Explanation) -> dict[str, int]:
    """Counts about the texts for the log row: words sent and in all, hidden pieces
    removed, and sentences addressed to an AI. Counts only: the texts are never stored."""
    counts: dict[str, int] = {}
    for name, source in (("profile", result.profile), ("job", result.job)):
        if source is None:
            continue
        counts[f"{name}_words_sent"] = source.words_sent
        counts[f"{name}_words_total"] = source.words_total
        counts[f"{name}_hidden"] = min(source.hidden_removed, 32767)
        # Found once per text in a request: the verifier reads the same spans.
        text = source.full_text or source.text
        counts[f"{name}_instructions"] = min(len(result.instructions.spans(text)), 32767)
    return counts


def _requirement_counts(result: Explanation) -> dict[str, int]:
    """The checklist's counts for the log row: the posting's list and each state (0 when
    no checklist was shown)."""
    counts = dict.fromkeys(REQUIREMENT_COUNT_FIELDS, 0)
    checklist = result.checklist if result.ok else None
    if checklist is None:
        return counts
    counts["requirements_total"] = checklist.total
    counts["requirements_optional"] = checklist.optional
    counts["requirements_shown_optional"] = checklist.count(State.SHOWN, optional=True)
    for state in State:
        counts[f"requirements_{state.value}"] = checklist.count(state)
    return {key: min(value, 32767) for key, value in counts.items()}


def _log_fields(result: Explanation, *, user: Any, latency: float) -> dict[str, Any]:
    """The log row's fields: counts and public names only, plain values (the spool
    keeps them as JSON)."""
    verification = result.verification or Verification()
    return {
        "user_id": user.pk if getattr(user, "is_authenticated", False) else None,
        "job_ref": "".join(ch for ch in str(result.job_id) if ch.isprintable())[:64],
        "job_title": result.job_title,
        # A page view is not an ask: its row says so, the answer itself stays "cached".
        "outcome": str(Outcome.RECALLED if result.remembered else result.outcome),
        "kept_matches": len(verification.matches) if result.ok else 0,
        "kept_gaps": len(verification.gaps) if result.ok else 0,
        "kept_optional_matches": sum(p.optional for p in verification.matches) if result.ok else 0,
        "kept_optional_gaps": sum(p.optional for p in verification.gaps) if result.ok else 0,
        "dropped": verification.dropped,
        "unchecked": verification.unchecked,
        "drop_reasons": dict(verification.drop_reasons),
        # The checklist's counts (the posting's own list, each requirement's state):
        # 0 until the viewer's step writes them.
        **_requirement_counts(result),
        **_text_counts(result),
        "model_name": result.model[:100],
        "prompt_version": VIEWER_PROMPT_VERSION,
        "latency_ms": round(latency * 1000),
        "prompt_tokens": result.usage.prompt,
        "output_tokens": result.usage.output,
        "thoughts_tokens": result.usage.thoughts,
        "total_tokens": result.usage.total,
        "created_at": datetime.now(tz=UTC),
    }


def mark_call_in_flight(subject: Subject, *, user: Any) -> log_spool.InFlight:
    """Before a model call: the row a killed worker leaves (an internal_error, replayed
    from the spool once the process is gone); done() when the real row is kept."""
    interrupted = subject.decided(Outcome.INTERNAL_ERROR)
    return log_spool.mark_in_flight(_log_fields(interrupted, user=user, latency=0.0))


def _log(
    result: Explanation,
    *,
    user: Any,
    latency: float,
    in_flight: log_spool.InFlight | None = None,
) -> int | None:
    """Write the request's one row; if the database cannot take it now, spool it. A
    request that cost no model call writes it only within its user's bound per minute,
    else it is counted per day (explain.services.log_bound)."""
    reached_model = in_flight is not None or result.usage != TokenUsage()
    # A fault of the shared cache answers temporarily_unavailable: its row is written
    # without asking that cache again (each try would wait its socket timeout).
    bounded = not reached_model and result.outcome != Outcome.TEMPORARILY_UNAVAILABLE
    if bounded and not log_bound.row_allowed(user):
        log_bound.count_unlogged(str(Outcome.RECALLED if result.remembered else result.outcome))
        return None
    fields = _log_fields(result, user=user, latency=latency)
    created_at = fields.pop("created_at")
    try:
        # create(): save() and its signals, so a host's post_save listeners see the row.
        # A savepoint of its own: a refused write must not break a host's transaction.
        with transaction.atomic():
            row = ExplanationLog.objects.create(**fields)
    except log_spool.OUTAGE_ERRORS as exc:
        logger.warning("Could not write the explanation log row: %s", type(exc).__name__)
        if log_spool.spool({**fields, "created_at": created_at}) and in_flight is not None:
            in_flight.done()
        return None
    except Exception as exc:
        logger.error("Could not write the explanation log row: %s", type(exc).__name__)
        return None
    if in_flight is not None:
        in_flight.done()
    try:
        # The database takes rows again: those it could not take before follow.
        log_spool.replay(limit=SPOOL_REPLAY_PER_WRITE)
    except Exception as exc:  # a replay fault must never cost the user their answer
        logger.error("Could not replay spooled log rows: %s", type(exc).__name__)
    try:
        warn_if_passed(row.outcome)
    except Exception as exc:  # The alert must never cost the user their answer.
        logger.error("Could not check the drop-rate alert: %s", type(exc).__name__)
    return row.pk


# Spooled rows written after one successful write: a short delay for that one request.
SPOOL_REPLAY_PER_WRITE = 50


def shown_point(
    *, user: Any, log: ExplanationLog, kind: str, index: int
) -> tuple[str, str, str] | None:
    """The point a user was shown under this log row, derived again, not stored twice.

    The cached answer, checked again against the user's current texts and the posting's
    stored requirements, is what the page showed, as long as neither text, the model nor
    the prompt version has changed since.
    """
    if log.outcome not in SHOWN_OUTCOMES or log.prompt_version != VIEWER_PROMPT_VERSION:
        return None
    found = _recalled(Subject(job_id=log.job_ref), user=user)
    if found is None or found.verification is None or found.model != log.model_name:
        return None
    points = found.verification.matches if kind == Kind.MATCH else found.verification.gaps
    if not 0 <= index < len(points):
        return None
    point = points[index]
    return point_sentence(point), point.profile_quote, point.job_quote
