"""Turning a verified explanation into plain data for templates and the JSON API.

Model output and job text are untrusted: bidirectional controls and tag characters are
stripped before display (they could reorder or hide what the user reads).
"""

from __future__ import annotations

import re
from typing import Any

from explain import messages
from explain.service import Explanation
from explain.source import SourceText
from explain.verify import VerifiedPoint

_INVISIBLE_CONTROLS = re.compile(
    "[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\U000e0000-\U000e007f]"
)


def clean_display_text(text: str) -> str:
    """The text without bidi overrides, isolates, marks and Unicode tag characters."""
    return _INVISIBLE_CONTROLS.sub("", text)


def _span(source: SourceText | None, span: tuple[int, int] | None) -> dict[str, Any] | None:
    if source is None or span is None:
        return None
    located = source.locate(*span)
    return {
        "start": span[0],
        "end": span[1],
        "field": located[0] if located else None,
        "field_start": located[1] if located else None,
        "field_end": located[2] if located else None,
    }


def _point(explanation: Explanation, point: VerifiedPoint, index: int, kind: str) -> dict[str, Any]:
    return {
        "index": index,
        "kind": kind,
        "point": clean_display_text(point.point),
        "profile_quote": clean_display_text(point.profile_quote),
        "job_quote": clean_display_text(point.job_quote),
        "profile_span": _span(explanation.profile, point.profile_span),
        "job_span": _span(explanation.job, point.job_span),
    }


def explanation_payload(explanation: Explanation) -> dict[str, Any]:
    """Everything the page and the API show, with no removed text in it."""
    verification = explanation.verification if explanation.ok else None
    payload: dict[str, Any] = {
        "outcome": str(explanation.outcome),
        "ok": explanation.ok,
        "job_id": explanation.job_id,
        "log_id": explanation.log_id,
        "demo": explanation.demo,
        "error": explanation.error_message or None,
        "retry_after": explanation.retry_after or None,
        "matches": [],
        "gaps": [],
        "dropped": 0,
        "drop_reasons": {},
        "drop_reason_lines": [],
        "notice": None,
    }
    if verification is not None:
        payload.update(
            matches=[
                _point(explanation, p, i, "match") for i, p in enumerate(verification.matches)
            ],
            gaps=[_point(explanation, p, i, "gap") for i, p in enumerate(verification.gaps)],
            dropped=verification.dropped,
            drop_reasons=dict(verification.drop_reasons),
            drop_reason_lines=[
                {"text": text, "count": count}
                for text, count in messages.reason_lines(verification.drop_reasons)
            ],
            notice=explanation.notice,
        )
    return payload
