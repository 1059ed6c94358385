"""One explanation whose requirements are handed out as soon as each is checked.

The same pipeline as explain.services.explanations (its steps, in the same order, and one
log row); only the model's answer arrives in pieces: each piece of evidence is checked
when it is complete and its requirement's state yielded at once. The posting's
requirements are known before the model is asked (`requirements`), so a page can draw
the list as soon as the click lands. The last item is the finished Explanation, whose
checklist equals what explanation_create would give for the same answer. A provider
failure part-way ends with the same outcome as there; states already yielded are not an
answer (the log row counts none).
"""

from __future__ import annotations

import inspect
import logging
import time
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from typing import Any

from explain.controls.ratelimit import RateDecision
from explain.core.checklist import Item, State, ViewerAnswer
from explain.core.posting import Requirement
from explain.core.verify import VerifiedPoint
from explain.exceptions import StreamMismatch
from explain.llm.answer_stream import AnswerStream
from explain.llm.client import CallResult, TokenUsage
from explain.llm.errors import ModelCallError
from explain.outcomes import Outcome
from explain.services.explanations import (
    Explanation,
    ModelCall,
    Stage,
    call_answered,
    call_failed,
    checklist_builder,
    conclude,
    end_single_flight,
    internal_fault,
    prepare,
    record,
    start_call,
)

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class StreamedItem:
    """One requirement's state, handed out as soon as it was checked."""

    item: Item
    # Its place in the older view (matches, gaps), as in the final answer; "" and -1
    # for a requirement that could not be checked (it is in neither list).
    kind: str = ""
    index: int = -1

    @property
    def point(self) -> VerifiedPoint | None:
        return self.item.point


# The older name, for callers that read kind, index and point.
StreamedPoint = StreamedItem


class _Places:
    """Each item's place among the kept matches and gaps so far."""

    def __init__(self) -> None:
        self.kept = {"match": 0, "gap": 0}

    def place(self, item: Item) -> StreamedItem:
        if item.point is None or item.state is State.UNCHECKED:
            return StreamedItem(item)
        kind = "match" if item.state is State.SHOWN else "gap"
        self.kept[kind] += 1
        return StreamedItem(item, kind, self.kept[kind] - 1)


class ExplanationStream:
    """Iterate for StreamedPoint items, then the finished Explanation (exactly once).

    Everything before the model call runs when the stream is made, so a view knows
    whether a model answer is coming (pending) or the outcome is already decided
    (an error, a rate limit, a cached answer). The log row is written once, when the
    iteration ends or the stream is closed, whichever comes first; a reader that leaves
    early does not stop the answer, which is finished, logged and cached as usual.
    """

    def __init__(
        self,
        *,
        user: Any,
        job_id: str,
        rate_check: Callable[[], RateDecision],
        address: str | None = None,
    ) -> None:
        self._started = time.monotonic()
        self._user = user
        self._items: Generator[StreamedItem | Explanation, None, None] | None = None
        self._logged = False
        prepared = prepare(
            user=user, job_id=job_id, rate_check=rate_check, on_fault=_fault, address=address
        )
        self._call = prepared if isinstance(prepared, ModelCall) else None
        # Until the answer is decided: what a fault would leave (the texts, the model).
        self._result = (
            prepared
            if isinstance(prepared, Explanation)
            else prepared.decided(Outcome.INTERNAL_ERROR)
        )

    @property
    def explanation(self) -> Explanation:
        """The decided Explanation once the stream ended (before: the texts and model)."""
        return self._result

    @property
    def requirements(self) -> tuple[Requirement, ...]:
        """The posting's requirements, in its order, known before the model answers (none
        when the request was decided without them)."""
        reading = self._result.reading
        return reading.requirements if reading is not None else ()

    @property
    def pending(self) -> bool:
        """True while a model answer is still to come (the outcome is not known yet)."""
        return self._call is not None and not self._logged

    def __iter__(self) -> Generator[StreamedItem | Explanation, None, None]:
        if self._items is None:
            self._items = self._run()
        return self._items

    def close(self) -> None:
        """End the stream (the reader left, or is done); the log row is written either way.

        An answer under way is finished without handing out more; one not begun (the
        reader left before the first line) is run to its end, so its outcome is real.
        """
        items = self._items
        if items is None or inspect.getgeneratorstate(items) == inspect.GEN_CREATED:
            for _ in self:
                pass
        else:
            items.close()
        self._finish()

    def _run(self) -> Generator[StreamedItem | Explanation, None, None]:
        listening = True
        if self._call is None:
            yield from self._decided()
        else:
            call = self._call
            try:
                answer = _answer(call, user=self._user)
                while True:
                    try:
                        item = next(answer)
                    except StopIteration as end:
                        self._result = end.value
                        break
                    if listening:
                        try:
                            yield item
                        except GeneratorExit:
                            listening = False  # finish the answer, quietly
            finally:  # the answer is cached by now: identical requests find it there
                end_single_flight(call, self._result)
        self._finish()
        if listening:
            yield self._result

    def _decided(self) -> Iterator[StreamedItem]:
        """The states of an answer decided before any model call (a cached one)."""
        checklist = self._result.checklist
        if checklist is None or not self._result.ok:
            return
        places = _Places()
        for item in checklist.items:
            yield places.place(item)

    def _finish(self) -> None:
        if self._logged:
            return
        self._logged = True
        self._result = record(
            self._result, user=self._user, latency=time.monotonic() - self._started
        )


def _answer(call: ModelCall, *, user: Any) -> Generator[StreamedItem, None, Explanation]:
    """The model's answer in pieces: each requirement's state as soon as its evidence is
    complete, then (returned) the decided Explanation, whatever failed. The requirements
    the answer left out are checked at the end, in finish()."""
    usage = TokenUsage()
    try:
        builder = checklist_builder(call.subject)
        places = _Places()
        so_far = AnswerStream()
        try:
            call = start_call(call, user=user)
            final: CallResult | None = None
            for piece in call.spec.stream():
                if isinstance(piece, CallResult):
                    final = piece
                    call_answered(call)
                    break
                for evidence in so_far.feed(piece):
                    item = builder.add(evidence)
                    if item is not None:
                        yield places.place(item)
            if final is None:  # PromptSpec.stream always ends with one; never guess
                raise RuntimeError("the model stream ended without a result")
            usage = final.response.usage
            answer = final.entity(ViewerAnswer)
            rest = so_far.finish(answer)
        except ModelCallError as exc:
            return call_failed(call, exc, usage=usage)
        except StreamMismatch:
            return call.decided(Outcome.INVALID_RESPONSE, usage=usage)
        finally:
            call.admission.release(call.bookkeeping)
        for evidence in rest:
            item = builder.add(evidence)
            if item is not None:
                yield places.place(item)
        answered = set(builder.decided)
        checklist = builder.finish()
        for item in checklist.items:
            if item.number not in answered:
                yield places.place(item)
        return conclude(call, answer, checklist, usage=usage)
    except Exception as exc:
        return _fault(call, exc, usage=usage)


def _fault(stage: Stage, exc: Exception, *, usage: TokenUsage | None = None) -> Explanation:
    return internal_fault(stage, exc, usage=usage, log=logger, what="Streamed explanation")


def explanation_stream(
    *,
    user: Any,
    job_id: str,
    rate_check: Callable[[], RateDecision],
    address: str | None = None,
) -> ExplanationStream:
    """Start one explanation for one user and job; iterate the result for its points.
    address: the client address as counted (explain.controls.addresses; None: none)."""
    return ExplanationStream(user=user, job_id=job_id, rate_check=rate_check, address=address)
