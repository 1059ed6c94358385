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
answer. The stream hands over a PostingReading for the first line and a checklist Item
for each requirement line. Nothing here builds HTML.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

from django.http import StreamingHttpResponse
from rest_framework.renderers import BaseRenderer

from explain import wording
from explain.core.checklist import Item
from explain.core.posting import PostingReading
from explain.outcomes import http_status
from explain.services.explanations import Explanation
from explain.services.streaming import ExplanationStream, StreamedPoint
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


def requirements_line(explanation: Explanation, reading: PostingReading) -> dict[str, Any]:
    """The stream's first line: the posting's list, every state pending, and its count."""
    return {
        "event": "requirements",
        "requirements": pending_requirements(explanation, reading.requirements),
        "listed_line": wording.listed_line(len(reading.requirements), reading.optional_count),
        "not_read": not_read_payload(reading),
    }


class ExplanationLines:
    """The stream's items as NDJSON lines; closing it closes the stream (one log row)."""

    def __init__(self, stream: ExplanationStream) -> None:
        self._stream = stream

    def __iter__(self) -> Iterator[bytes]:
        item: object
        for item in self._stream:
            yield _line(self._data(item))

    def _data(self, item: object) -> dict[str, Any]:
        explanation = self._stream.explanation
        if isinstance(item, Explanation):
            return {"event": "result", **explanation_payload(item)}
        if isinstance(item, PostingReading):
            return requirements_line(explanation, item)
        if isinstance(item, Item):
            return {"event": "requirement", **requirement_payload(explanation, item)}
        if isinstance(item, StreamedPoint):
            point = point_payload(explanation, item.point, item.index, item.kind)
            return {"event": "point", **point}
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
