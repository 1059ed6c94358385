"""The verifier one claim at a time, for answers that arrive while the model writes.

A thin layer over the same per-claim checks verify_draft runs (explain.core.verify), so every
rule applies unchanged; only the bookkeeping around them (caps, unchecked claims,
drop counts) lives here, and it ends where verify_draft ends: after the last claim,
result() equals verify_draft on the whole draft (a property test holds it to that).
Pure Python, no Django.
"""

from __future__ import annotations

from collections import Counter

from explain.core.schema import Claim
from explain.core.verify import (
    Instructions,
    Limits,
    Spans,
    Verification,
    VerifiedPoint,
    _Checker,
    _Source,
)

__all__ = ["IncrementalVerifier"]

MATCH = "match"
GAP = "gap"


class IncrementalVerifier:
    """Check claims as they complete; per kind, in the order the model wrote them.

    Matches and gaps are independent lists (each with its own cap and duplicates), so
    claims of the two kinds may arrive interleaved; within a kind, order is kept.
    """

    def __init__(
        self,
        profile_text: str,
        job_text: str,
        *,
        limits: Limits | None = None,
        profile_fields: Spans | None = None,
        job_fields: Spans | None = None,
        profile_full_text: str | None = None,
        job_full_text: str | None = None,
        job_not_requirements: Spans = (),
        instructions: Instructions | None = None,
    ) -> None:
        self._limits = limits or Limits()
        found = instructions or Instructions()
        self._checker = _Checker(
            _Source(profile_text or "", profile_fields, profile_full_text, found, "profile"),
            _Source(job_text or "", job_fields, job_full_text, found, "job"),
            self._limits,
            job_not_requirements,
        )
        self._kept: dict[str, list[VerifiedPoint]] = {MATCH: [], GAP: []}
        self._reasons: Counter[str] = Counter()
        self._unchecked = 0

    def add(self, kind: str, claim: Claim) -> VerifiedPoint | None:
        """The kept point for this claim, or None when it was dropped or not checked."""
        kept = self._kept[kind]
        if len(kept) >= self._limits.max_points:
            self._unchecked += 1  # the list is full: neither checked nor counted as dropped
            return None
        check = self._checker.match if kind == MATCH else self._checker.gap
        result = check(claim)
        if isinstance(result, VerifiedPoint):
            kept.append(result)
            return result
        self._reasons[result.value] += 1
        return None

    def kept(self, kind: str) -> int:
        """How many points of this kind were kept so far (the next one's index)."""
        return len(self._kept[kind])

    def result(self) -> Verification:
        """Everything so far, in verify_draft's shape."""
        return Verification(
            matches=tuple(self._kept[MATCH]),
            gaps=tuple(self._kept[GAP]),
            dropped=sum(self._reasons.values()),
            drop_reasons=dict(sorted(self._reasons.items())),
            unchecked=self._unchecked,
        )
