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
from explain.outcomes import Kind, Outcome
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


_SENTENCE_END = ".!?\n"
# How far the context may reach on each side of a quote, in characters.
CONTEXT_REACH = 120


def quote_context(text: str, start: int, end: int, *, reach: int = CONTEXT_REACH) -> dict[str, str]:
    """The sentence around text[start:end]: the words before, the quote, the words after.

    A sentence ends at . ! ? or a line break; a very long one is cut at a word boundary
    and marked with "…". For a phone, where the posting is far from the point.
    """
    floor = max(0, start - reach)
    left = start
    while left > floor and text[left - 1] not in _SENTENCE_END:
        left -= 1
    before = text[left:start]
    if left == floor and floor > 0:
        before = "…" + before[before.find(" ") + 1 :] if " " in before else "…"
    ceiling = min(len(text), end + reach)
    right = end
    while right < ceiling and text[right] not in _SENTENCE_END:
        right += 1
    after = text[end:right]
    if right < len(text) and text[right] in ".!?":
        after += text[right]
    elif right == ceiling and ceiling < len(text):
        after = (after[: after.rfind(" ")] if " " in after else "") + "…"
    return {
        "before": clean_display_text(before.lstrip()),
        "quote": clean_display_text(text[start:end]),
        "after": clean_display_text(after.rstrip()),
    }


def _context(source: SourceText | None, span: tuple[int, int]) -> dict[str, str] | None:
    """The job quote in its sentence, inside the field that holds it (never a label)."""
    if source is None:
        return None
    located = source.locate(*span)
    if located is None:
        return None
    key, start, end = located
    field = next(f for f in source.fields if f.key == key)
    return quote_context(source.text[field.start : field.end], start, end)


def _point(explanation: Explanation, point: VerifiedPoint, index: int, kind: str) -> dict[str, Any]:
    return {
        "index": index,
        "kind": str(kind),
        "point": clean_display_text(point.point),
        "profile_quote": clean_display_text(point.profile_quote),
        "job_quote": clean_display_text(point.job_quote),
        "profile_span": _span(explanation.profile, point.profile_span),
        "job_span": _span(explanation.job, point.job_span),
        "job_context": _context(explanation.job, point.job_span),
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
        "summary": None,
        "remembered": explanation.remembered,
        "made_at": explanation.made_at.isoformat() if explanation.made_at else None,
        "made_line": None,
    }
    if explanation.ok and explanation.made_at is not None and explanation.outcome == Outcome.CACHED:
        payload["made_line"] = wording.made_line(
            explanation.made_at, remembered=explanation.remembered
        )
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
            summary=wording.summary_line(len(verification.matches), len(verification.gaps)),
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


def point_payload(
    explanation: Explanation, point: VerifiedPoint, index: int, kind: str
) -> dict[str, Any]:
    """One kept point as the page and the API show it (a streamed line holds this)."""
    return _point(explanation, point, index, kind)
