"""An explanation streamed as NDJSON: one JSON object per line, each state as it is checked.

    {"event": "requirements", "requirements": [{"id": 1, "state": "pending", ...}, ...],
     "listed_line": "This job lists 7 requirements, 2 of them optional.", "not_read": [...]}
    {"event": "requirement", "id": 3, "state": "shown", ...}   (one per requirement, any order)
    {"event": "point", "kind": "match", "index": 0, "point": ..., ...}   (zero or more)
    {"event": "result", "outcome": "ok", "ok": true, "requirements": [...], ...}   (always last)

The first line is the posting's list, read once for every viewer, so a page can draw it
before the model answers; a requirement line holds what one item of `requirements` holds
in the JSON answer (its `id` says which); a point line what a point of the deprecated
`matches`/`gaps` holds. The result line is the JSON answer itself (the same keys), whose
outcome is the final word: when it is not a success, lines already sent are not an
answer. The first line comes from the stream's `requirements` (known before the model
is asked), a requirement line (and its point line) from each StreamedItem. Nothing here
builds HTML.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from django.http import StreamingHttpResponse
from rest_framework.renderers import BaseRenderer

from explain import wording
from explain.core.posting import Requirement
from explain.outcomes import http_status
from explain.services.explanations import Explanation
from explain.services.streaming import ExplanationStream, StreamedItem
from explain.web.payload import (
    explanation_payload,
    not_read_payload,
    pending_requirements,
    point_payload,
    requirement_payload,
)

CONTENT_TYPE = "application/x-ndjson; charset=utf-8"


def _line(data: dict[str, Any]) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"


def requirements_line(
    explanation: Explanation, requirements: Sequence[Requirement]
) -> dict[str, Any]:
    """The stream's first line: the posting's list, every state pending, its own count,
    and the lines of its requirements not read (from the explanation's reading)."""
    reading = explanation.reading
    return {
        "event": "requirements",
        "requirements": pending_requirements(explanation, requirements),
        "listed_line": wording.listed_line(
            len(requirements), sum(r.optional for r in requirements)
        ),
        "not_read": [] if reading is None else not_read_payload(reading),
    }


class ExplanationLines:
    """The stream's items as NDJSON lines; closing it closes the stream (one log row)."""

    def __init__(self, stream: ExplanationStream) -> None:
        self._stream = stream

    def __iter__(self) -> Iterator[bytes]:
        requirements = self._stream.requirements
        explanation = self._stream.explanation
        if requirements and (self._stream.pending or explanation.ok):
            # Known before the model answers: the page draws the list at once. An answer
            # decided without a model call that is not a success (a rate limit) is one line.
            yield _line(requirements_line(explanation, requirements))
        for item in self._stream:
            for data in self._data(item):
                yield _line(data)

    def _data(self, item: object) -> list[dict[str, Any]]:
        explanation = self._stream.explanation
        if isinstance(item, Explanation):
            return [{"event": "result", **explanation_payload(item)}]
        if isinstance(item, StreamedItem):
            lines = [{"event": "requirement", **requirement_payload(explanation, item.item)}]
            # The deprecated view, for one release: a kept point as before.
            if item.point is not None and item.kind:
                point = point_payload(explanation, item.point, item.index, item.kind)
                lines.append({"event": "point", **point})
            return lines
        raise TypeError(f"not an item of an explanation stream: {type(item).__name__}")

    def close(self) -> None:
        self._stream.close()


def ndjson_response(stream: ExplanationStream) -> StreamingHttpResponse:
    """200 while an answer is coming (its outcome is in the last line); otherwise the
    status the outcome has in the JSON answer, with Retry-After when rate limited."""
    explanation = stream.explanation
    status = 200 if stream.pending else http_status(explanation.outcome)
    response = StreamingHttpResponse(
        ExplanationLines(stream), content_type=CONTENT_TYPE, status=status
    )
    # Each line goes out as soon as it is written: no proxy buffering, no caching.
    response["Cache-Control"] = "no-store"
    response["X-Accel-Buffering"] = "no"
    if explanation.retry_after:
        response["Retry-After"] = str(explanation.retry_after)
    return response


class NDJSONRenderer(BaseRenderer):
    """An API answer as one NDJSON line: what a client that asked only for NDJSON gets
    when the answer was not streamed (an error before the view, say)."""

    media_type = "application/x-ndjson"
    format = "ndjson"
    charset = "utf-8"

    def render(
        self,
        data: Any,
        accepted_media_type: str | None = None,
        renderer_context: Mapping[str, Any] | None = None,
    ) -> bytes:
        if data is None:
            return b""
        if isinstance(data, dict) and "outcome" in data:
            data = {"event": "result", **data}
        return _line(data)
