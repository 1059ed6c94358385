"""The viewer's evidence out of an answer still being written, each item once it is complete.

The model streams its JSON in pieces. Each piece, the text so far is parsed with
pydantic's partial JSON support (pydantic_core.from_json with allow_partial), and an item
counts as complete once the model has moved past it: the next item has begun, or a later
top-level key has. Only then can no later text change it. The last items come from the
final, fully validated answer. Pure Python, no Django.
"""

from __future__ import annotations

from pydantic import ValidationError
from pydantic_core import from_json

from explain.core.checklist import Evidence, ViewerAnswer
from explain.exceptions import StreamMismatch

_LIST = "requirements"


class AnswerStream:
    """Feed text pieces in; get back each item of evidence once, when it can no longer change."""

    def __init__(self) -> None:
        self._text: list[str] = []
        self._taken: list[Evidence] = []
        self._broken = False

    def feed(self, piece: str) -> list[Evidence]:
        """Every item the text so far completes, in the order written."""
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
        items = data.get(_LIST) if isinstance(data, dict) else None
        if not isinstance(items, list):
            # Broken unless the list has not begun yet.
            self._broken = not isinstance(data, dict) or _LIST in data
            return []
        # The list is closed once any key follows it; otherwise its last item may grow.
        complete = items if list(data)[-1] != _LIST else items[:-1]
        fresh: list[Evidence] = []
        for item in complete[len(self._taken) :]:
            try:
                evidence = Evidence.model_validate(item)
            except ValidationError:
                self._broken = True  # a wrong shape: the final check reports it
                return fresh
            self._taken.append(evidence)
            fresh.append(evidence)
        return fresh

    def finish(self, answer: ViewerAnswer) -> list[Evidence]:
        """The final answer's items not yet taken; StreamMismatch if what was taken is not
        where it begins (JSON with a repeated key can say one thing early, another late)."""
        final = answer.requirements
        taken = self._taken
        if final[: len(taken)] != taken:
            raise StreamMismatch(_LIST)
        rest = final[len(taken) :]
        self._taken = list(final)
        return rest
