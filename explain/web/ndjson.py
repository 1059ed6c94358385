"""An explanation streamed as NDJSON: one JSON object per line, points as they are verified.

    {"event": "point", "kind": "match", "index": 0, "point": ..., ...}   (zero or more)
    {"event": "result", "outcome": "ok", "ok": true, "matches": [...], ...}   (always last)

A point line holds what a point holds in the JSON answer; the result line is the JSON
answer itself (the same keys), whose outcome is the final word: when it is not a
success, points already sent are not an answer. Nothing here builds HTML.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

from django.http import StreamingHttpResponse
from rest_framework.renderers import BaseRenderer

from explain.outcomes import http_status
from explain.services.explanations import Explanation
from explain.services.streaming import ExplanationStream
from explain.web.payload import explanation_payload, point_payload

CONTENT_TYPE = "application/x-ndjson; charset=utf-8"


def _line(data: dict[str, Any]) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"


class ExplanationLines:
    """The stream's items as NDJSON lines; closing it closes the stream (one log row)."""

    def __init__(self, stream: ExplanationStream) -> None:
        self._stream = stream

    def __iter__(self) -> Iterator[bytes]:
        for item in self._stream:
            if isinstance(item, Explanation):
                yield _line({"event": "result", **explanation_payload(item)})
            elif item.point is not None and item.kind:
                point = point_payload(self._stream.explanation, item.point, item.index, item.kind)
                yield _line({"event": "point", **point})

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
