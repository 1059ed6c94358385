"""The checklist: every requirement of the posting, once, in the posting's order, in one state.

The posting's requirements were read once for every viewer (explain.core.posting). For
one viewer the model answers, per requirement id, a profile quote that shows it or none
(explain.core.viewer_prompt); the verifier's own checks decide (explain.core.verify), and
code never makes a claim of its own. The counts come from the posting's own list, so the
bottom line is the same for every viewer. Pure Python: no Django.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Annotated, Any

from pydantic import BeforeValidator, Field

from explain.core.posting import MAX_REQUIREMENTS, PostingReading, Requirement
from explain.core.requirement_lines import Line
from explain.core.rules.amounts import same_kind
from explain.core.rules.equivalence import find_term
from explain.core.schema import PROFILE_READINGS, Answer, Claim, Gap, Text
from explain.core.verify import Checker, DropReason, Verification, VerifiedPoint

# Evidence read from one answer: one item per requirement (at most MAX_REQUIREMENTS) and as
# many again for repeats, which are counted and never read; the rest is not even counted
# against a requirement, so a 20,000-item answer costs what 120 items do.
MAX_EVIDENCE = 2 * MAX_REQUIREMENTS


class State(StrEnum):
    """Where one requirement stands for one viewer: one of four, never a score."""

    SHOWN = "shown"  # a profile quote passed every check
    NOT_FOUND = "not_found"  # none passed and the profile does not name it (nor an alternative)
    NOT_YET = "not_yet"  # none passed and the profile names it only as missing or wished for
    UNCHECKED = "unchecked"  # the profile names it, but no quote the model gave passed


def _number(value: Any) -> Any:
    """An id as the model wrote it ("3", 3, "R3"); anything else is no requirement."""
    if isinstance(value, bool):
        return 0
    if isinstance(value, int):
        return value
    digits = "".join(ch for ch in str(value or "") if ch.isascii() and ch.isdigit())
    return int(digits[:6]) if digits else 0


class Evidence(Answer):
    """The model's answer for one requirement: a profile quote that shows it, or none."""

    id: Annotated[int, BeforeValidator(_number)] = Field(
        default=0, description="The requirement's id, as listed."
    )
    profile_quote: Text = Field(
        default="",
        alias="profileQuote",
        description="1 to 12 words copied exactly from the CANDIDATE PROFILE that show "
        'the requirement, or "" when the profile does not show it.',
    )
    profile_reading: Text = Field(
        default="",
        alias="profileReading",
        description="What profileQuote says of it: one of " + ", ".join(PROFILE_READINGS) + ".",
    )


class ViewerAnswer(Answer):
    """What the model proposes for one viewer; nothing in it is shown before the checks."""

    requirements: list[Evidence] = Field(default_factory=list)


@dataclass(frozen=True)
class Item:
    """One requirement of the posting and where it stands for this viewer."""

    number: int  # its id: 1 for the posting's first requirement
    requirement: Requirement
    state: State
    # The kept evidence: a match (shown) or a gap (not found, not yet), spans included.
    point: VerifiedPoint | None = None

    @property
    def optional(self) -> bool:
        return self.requirement.optional or bool(self.point and self.point.optional)

    @property
    def amounts(self) -> tuple[str, str] | None:
        """(profile's, job's) years or level, only when both quotes state one of the same
        kind for this requirement: shown side by side, never compared."""
        point = self.point
        if self.state is not State.SHOWN or point is None:
            return None
        pair = point.profile_amount, point.job_amount
        return pair if all(pair) and same_kind(*pair) else None


@dataclass(frozen=True)
class Checklist:
    """Every requirement of the posting in one state, and the evidence removed."""

    items: tuple[Item, ...] = ()
    not_read: tuple[Line, ...] = ()
    # Matches (shown), gaps (not found, not yet), the evidence removed and why, never read.
    verification: Verification = field(default_factory=Verification)

    @property
    def total(self) -> int:
        return len(self.items)

    @property
    def optional(self) -> int:
        return sum(item.optional for item in self.items)

    @property
    def required(self) -> int:
        return self.total - self.optional

    def count(self, state: State, *, optional: bool | None = None) -> int:
        """How many requirements are in this state (only optional or required ones when asked)."""
        return sum(
            item.state is state and (optional is None or item.optional is optional)
            for item in self.items
        )

    @property
    def counts(self) -> dict[str, int]:
        return {state.value: self.count(state) for state in State}


class ChecklistBuilder:
    """Read the viewer's evidence one item at a time (a streamed answer hands each over
    as it completes); finish() accounts for the requirements the answer left out."""

    def __init__(self, reading: PostingReading, checker: Checker) -> None:
        self._reading = reading
        self._checker = checker
        self._items: dict[int, Item] = {}
        self._reasons: Counter[str] = Counter()
        self._unread = 0
        self._seen = 0

    @property
    def decided(self) -> frozenset[int]:
        """The ids whose state is known so far."""
        return frozenset(self._items)

    def add(self, evidence: Evidence) -> Item | None:
        """This requirement's state, or None when the evidence names no requirement of
        the posting or one already decided (it is counted, never read)."""
        number = evidence.id
        self._seen += 1
        if (
            self._seen > MAX_EVIDENCE
            or not 1 <= number <= len(self._reading.requirements)
            or number in self._items
        ):
            self._unread += 1
            return None
        requirement = self._reading.requirements[number - 1]
        quoted = evidence.profile_quote.strip()
        shown = self._shown(number, requirement, evidence) if quoted else None
        self._items[number] = shown or self._not_shown(number, requirement)
        return self._items[number]

    def add_all(self, answer: Iterable[Evidence]) -> None:
        for evidence in answer:
            self.add(evidence)

    def finish(self) -> Checklist:
        """Every requirement once, in the posting's order; those the answer left out are
        checked as "none given"."""
        for number, requirement in enumerate(self._reading.requirements, start=1):
            if number not in self._items:
                self._items[number] = self._not_shown(number, requirement)
        items = tuple(self._items[n] for n in sorted(self._items))
        verification = Verification(
            matches=tuple(i.point for i in items if i.state is State.SHOWN and i.point),
            gaps=tuple(i.point for i in items if i.state is not State.SHOWN and i.point),
            dropped=sum(self._reasons.values()),
            drop_reasons=dict(sorted(self._reasons.items())),
            unchecked=self._unread,
        )
        return Checklist(items=items, not_read=self._reading.not_read, verification=verification)

    def _shown(self, number: int, requirement: Requirement, evidence: Evidence) -> Item | None:
        claim = Claim(
            term=_name_in(requirement, evidence.profile_quote),
            profile_quote=evidence.profile_quote,
            job_quote=requirement.job_quote,
            profile_reading=evidence.profile_reading,
            job_reading="optional" if requirement.optional else "",
        )
        result = self._checker.match(claim)
        if isinstance(result, DropReason):
            self._reasons[result.value] += 1  # the model's evidence, removed
            return None
        return Item(number, requirement, State.SHOWN, result)

    def _not_shown(self, number: int, requirement: Requirement) -> Item:
        """Code's own check that the profile does not name the requirement, nor any of
        its alternatives: not found, not yet (named only as missing), or unchecked."""
        reading = "optional" if requirement.optional else ""
        results: list[VerifiedPoint | DropReason] = []
        for name in requirement.names:
            result = self._checker.gap(
                Gap(term=name, job_quote=requirement.job_quote, job_reading=reading)
            )
            if result is DropReason.GAP_CONTRADICTED:
                return Item(number, requirement, State.UNCHECKED)
            results.append(result)
        said = [r for r in results if isinstance(r, VerifiedPoint) and r.profile_said]
        if said:
            return Item(number, requirement, State.NOT_YET, said[0])
        if isinstance(results[0], VerifiedPoint):
            return Item(number, requirement, State.NOT_FOUND, results[0])
        return Item(number, requirement, State.UNCHECKED)


def _name_in(requirement: Requirement, quote: str) -> str:
    """The requirement's name the profile quote holds: its term, else the first
    alternative found there ("ACCA" of "CIMA, ACCA or ACA"), else its term."""
    return next((name for name in requirement.names if find_term(name, quote)), requirement.term)


def build_checklist(reading: PostingReading, answer: ViewerAnswer, checker: Checker) -> Checklist:
    """The checklist for one viewer's whole answer."""
    builder = ChecklistBuilder(reading, checker)
    builder.add_all(answer.requirements)
    return builder.finish()
