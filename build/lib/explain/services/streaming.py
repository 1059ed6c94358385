"""One explanation whose points are handed out as soon as they are verified.

The same steps as explain.services.explanations (texts, cache, rate limit, one model call, the full
verifier, one log row), but the model's answer is read while it is written: each claim
is checked when it is complete and, if kept, yielded at once. The last item is the
finished Explanation, whose verification equals what explanation_create would give for
the same answer. A provider failure part-way ends with the same outcome as there; points
already yielded are not an answer (the log row counts none).
"""

from __future__ import annotations

import inspect
import logging
import time
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from typing import Any

from explain.controls.ratelimit import RateDecision
from explain.core.draft_stream import DraftStream, StreamMismatch
from explain.core.schema import Draft
from explain.core.verify import VerifiedPoint
from explain.llm.client import CallResult
from explain.llm.errors import ExplainError
from explain.outcomes import Outcome
from explain.services.explanations import (
    Explanation,
    _conclude,
    _log,
    _ModelCall,
    _prepare,
    _release_database_connections,
    call_answered,
    call_failed,
    verifier_for_sent,
)
from explain.services.site_faults import log_internal_error

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class StreamedPoint:
    """A kept point, handed out as soon as it passed every check."""

    kind: str
    index: int  # its place among the kept points of its kind, as in the final answer
    point: VerifiedPoint


class ExplanationStream:
    """Iterate for StreamedPoint items, then the finished Explanation (exactly once).

    Everything before the model call runs when the stream is made, so a view knows
    whether a model answer is coming (pending) or the outcome is already decided
    (an error, a rate limit, a cached answer). The log row is written once, when the
    iteration ends or the stream is closed, whichever comes first; a reader that leaves
    early does not stop the answer, which is finished, logged and cached as usual.
    """

    def __init__(self, *, user: Any, job_id: str, rate_check: Callable[[], RateDecision]) -> None:
        self._started = time.monotonic()
        self._user = user
        self._items: Generator[StreamedPoint | Explanation, None, None] | None = None
        self._logged = False
        self.explanation = Explanation(outcome=Outcome.INTERNAL_ERROR, job_id=job_id)
        self._call: _ModelCall | None = None
        try:
            self._call = _prepare(self.explanation, user=user, rate_check=rate_check)
        except Exception as exc:
            self._failed(exc)

    @property
    def pending(self) -> bool:
        """True while a model answer is still to come (the outcome is not known yet)."""
        return self._call is not None and not self._logged

    def __iter__(self) -> Generator[StreamedPoint | Explanation, None, None]:
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

    def _run(self) -> Generator[StreamedPoint | Explanation, None, None]:
        listening = True
        try:
            if self._call is None:
                for item in self._decided():
                    yield item
            else:
                for item in self._answer(self._call):
                    if listening:
                        try:
                            yield item
                        except GeneratorExit:
                            listening = False  # finish the answer below, quietly
        except Exception as exc:
            self._failed(exc)
        self._finish()
        if listening:
            yield self.explanation

    def _decided(self) -> Iterator[StreamedPoint]:
        """The points of an answer decided before any model call (a cached one)."""
        verification = self.explanation.verification
        if verification is None or not self.explanation.ok:
            return
        for kind, points in (("match", verification.matches), ("gap", verification.gaps)):
            for index, point in enumerate(points):
                yield StreamedPoint(kind, index, point)

    def _answer(self, call: _ModelCall) -> Iterator[StreamedPoint]:
        result = self.explanation
        assert result.profile is not None and result.job is not None
        verifier = verifier_for_sent(result.profile, result.job)
        draft_so_far = DraftStream()
        final: CallResult | None = None

        def check(kind: str, claim: Any) -> StreamedPoint | None:
            point = verifier.add(kind, claim)
            return None if point is None else StreamedPoint(kind, verifier.kept(kind) - 1, point)

        _release_database_connections()
        try:
            for piece in call.spec.stream():
                if isinstance(piece, CallResult):
                    final = piece
                    call_answered(call)
                    break
                for kind, claim in draft_so_far.feed(piece):
                    shown = check(kind, claim)
                    if shown is not None:
                        yield shown
            if final is None:  # PromptSpec.stream always ends with one; never guess
                raise RuntimeError("the model stream ended without a result")
            result.usage = final.response.usage
            draft = final.entity(Draft)
            rest = draft_so_far.finish(draft)
        except ExplainError as exc:
            call_failed(result, call, exc)
            return
        except StreamMismatch:
            result.outcome = Outcome.INVALID_RESPONSE
            return
        finally:
            call.slot.release()
        for kind, claim in rest:
            shown = check(kind, claim)
            if shown is not None:
                yield shown
        result.outcome = Outcome.OK
        result.verification = verifier.result()
        _conclude(result, call, draft)

    def _failed(self, exc: Exception) -> None:
        # A fault of this site (adapter or our code): model failures are ExplainErrors.
        # The traceback is logged without the exception's message, which may carry texts.
        log_internal_error(logger, "Streamed explanation", exc)
        self.explanation.outcome = Outcome.INTERNAL_ERROR
        self.explanation.verification = None

    def _finish(self) -> None:
        if self._logged:
            return
        self._logged = True
        self.explanation.log_id = _log(
            self.explanation, user=self._user, latency=time.monotonic() - self._started
        )


def explanation_stream(
    *, user: Any, job_id: str, rate_check: Callable[[], RateDecision]
) -> ExplanationStream:
    """Start one explanation for one user and job; iterate the result for its points."""
    return ExplanationStream(user=user, job_id=job_id, rate_check=rate_check)
