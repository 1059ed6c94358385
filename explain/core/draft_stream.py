"""Claims out of a draft that is still being written, one as soon as it is complete.

The model streams the draft's JSON in pieces. Each piece, the text so far is parsed
with pydantic's partial JSON support (pydantic_core.from_json with allow_partial), and a
claim counts as complete once the model has moved past it: the next claim of its list
has begun, or a later top-level key has. Only then can no later text change it. The
last claims come from the final, fully validated draft. Pure Python, no Django.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError
from pydantic_core import from_json

from explain.core.schema import Claim, Draft, Gap
from explain.exceptions import StreamMismatch

__all__ = ["DraftStream", "StreamMismatch"]

# Top-level JSON names of the claim lists, and the kind each holds.
_LISTS = {"matches": "match", "gaps": "gap"}


class DraftStream:
    """Feed text pieces in; get back each claim once, when it can no longer change."""

    def __init__(self) -> None:
        self._text: list[str] = []
        self._taken: dict[str, list[Claim]] = {name: [] for name in _LISTS}
        self._broken = False

    def feed(self, piece: str) -> list[tuple[str, Claim]]:
        """(kind, claim) for every claim the text so far completes, in the order written."""
        if not piece:
            return []
        self._text.append(piece)
        if self._broken:
            return []
        try:
            data = from_json("".join(self._text), allow_partial=True)
        except ValueError:
            self._broken = True  # not JSON: the final check reports it
            return []
        if not isinstance(data, dict):
            self._broken = True
            return []
        fresh: list[tuple[str, Claim]] = []
        names = list(data)
        for position, name in enumerate(names):
            if name not in _LISTS:
                continue
            items = data[name]
            if not isinstance(items, list):
                self._broken = True
                break
            # The list is closed once any key follows it; otherwise its last item may grow.
            closed = position < len(names) - 1
            complete = items if closed else items[:-1]
            taken = self._taken[name]
            for item in complete[len(taken) :]:
                claim = _claim(item, Gap if name == "gaps" else Claim)
                if claim is None:
                    self._broken = True  # a wrong shape: the final check reports it
                    return fresh
                taken.append(claim)
                fresh.append((_LISTS[name], claim))
        return fresh

    @property
    def text(self) -> str:
        """Everything fed so far."""
        return "".join(self._text)

    def finish(self, draft: Draft) -> list[tuple[str, Claim]]:
        """The claims of the final draft not yet taken from the stream.

        StreamMismatch if what was taken is not where the final draft begins (JSON with
        a repeated key can say one thing early and another at the end).
        """
        rest: list[tuple[str, Claim]] = []
        for name, kind in _LISTS.items():
            final = draft.matches if name == "matches" else draft.gaps
            taken = self._taken[name]
            if final[: len(taken)] != taken:
                raise StreamMismatch(name)
            rest.extend((kind, claim) for claim in final[len(taken) :])
            self._taken[name] = list(final)
        return rest


def _claim(item: Any, shape: type[Claim]) -> Claim | None:
    """The item as its list's shape (a gap as `Gap`), so it equals the final draft's."""
    if not isinstance(item, dict):
        return None
    try:
        return shape.model_validate(item)
    except ValidationError:
        return None
