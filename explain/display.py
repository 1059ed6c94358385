"""Turning a verified explanation into plain data for templates and the JSON API.

Model output and job text are untrusted: bidirectional controls, Unicode tag characters
and other invisible controls are stripped before display (they could reorder or hide
what the user reads). Nothing here builds HTML: templates escape, the script uses
textContent.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from django.utils.translation import ngettext

from explain import wording
from explain.outcomes import Kind
from explain.service import Explanation
from explain.texts import SourceText
from explain.verify import VerifiedPoint

_INVISIBLE_CONTROLS = re.compile(
    "["
    "\u0000-\u0008\u000b-\u001f\u007f-\u009f"  # C0/C1 controls except tab and newline
    "\u061c\u200e\u200f"  # Arabic letter mark, left-to-right and right-to-left marks
    "\u202a-\u202e"  # bidi embeddings and overrides
    "\u2066-\u2069"  # bidi isolates
    "\ufff9-\ufffb"  # interlinear annotation controls
    "\U000e0000-\U000e007f"  # Unicode tag characters (invisible "ASCII smuggling")
    "]"
)


def clean_display_text(text: str) -> str:
    """The text without bidi overrides, isolates, marks, tag and control characters."""
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
        "kind": str(kind),
        "point": clean_display_text(point.point),
        "term": clean_display_text(point.term),
        "rewritten": point.rewritten,
        "profile_quote": clean_display_text(point.profile_quote),
        "job_quote": clean_display_text(point.job_quote),
        "profile_span": _span(explanation.profile, point.profile_span),
        "job_span": _span(explanation.job, point.job_span),
    }


def reason_label(text: str, count: int) -> str:
    """One line of the "why?" disclosure: how many points, and the check they failed."""
    return ngettext(
        "%(count)d point: %(reason)s.",
        "%(count)d points: %(reason)s.",
        count,
    ) % {"count": count, "reason": text}


def explanation_payload(explanation: Explanation) -> dict[str, Any]:
    """Everything the page and the API show, with no removed text in it."""
    verification = explanation.verification if explanation.ok else None
    payload: dict[str, Any] = {
        "outcome": str(explanation.outcome),
        "ok": explanation.ok,
        "job_id": explanation.job_id,
        "log_id": explanation.log_id,
        "demo": explanation.demo,
        "error": wording.error_message(explanation.outcome, retry_after=explanation.retry_after)
        or None,
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
                _point(explanation, p, i, Kind.MATCH) for i, p in enumerate(verification.matches)
            ],
            gaps=[_point(explanation, p, i, Kind.GAP) for i, p in enumerate(verification.gaps)],
            dropped=verification.dropped,
            drop_reasons=dict(verification.drop_reasons),
            drop_reason_lines=[
                {"text": text, "count": count, "line": reason_label(text, count)}
                for text, count in wording.reason_lines(verification.drop_reasons)
            ],
            notice=wording.removed_notice(verification.dropped),
        )
    return payload


@dataclass(frozen=True)
class Segment:
    """A run of the job text, marked when a kept quote covers it."""

    text: str
    marked: bool


def marked_segments(text: str, spans: list[tuple[int, int]]) -> list[Segment]:
    """The text cut into plain and quoted runs, for the no-JavaScript page to mark up.

    The template escapes every run and wraps the quoted ones in <mark>; no HTML is built
    here. Overlapping or touching spans merge into one run.
    """
    merged: list[list[int]] = []
    for start, end in sorted(s for s in spans if 0 <= s[0] < s[1] <= len(text)):
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    segments: list[Segment] = []
    cursor = 0
    for start, end in merged:
        if start > cursor:
            segments.append(Segment(clean_display_text(text[cursor:start]), marked=False))
        segments.append(Segment(clean_display_text(text[start:end]), marked=True))
        cursor = end
    if cursor < len(text):
        segments.append(Segment(clean_display_text(text[cursor:]), marked=False))
    return segments


def job_segments(explanation: Explanation) -> list[Segment]:
    """The job text as sent, with every kept job quote marked."""
    if explanation.job is None:
        return []
    spans: list[tuple[int, int]] = []
    if explanation.ok and explanation.verification is not None:
        spans = [
            p.job_span for p in (*explanation.verification.matches, *explanation.verification.gaps)
        ]
    return marked_segments(explanation.job.text, spans)
