"""The job text cut into plain and quoted runs, for the page without JavaScript.

The template escapes every run and wraps the quoted ones in <mark>; no HTML is built here.
"""

from __future__ import annotations

from dataclasses import dataclass

from explain.display_cleaning import clean_display_text
from explain.services.explanations import Explanation


@dataclass(frozen=True)
class Segment:
    """A run of the job text, marked when a kept quote covers it."""

    text: str
    marked: bool


def marked_segments(text: str, spans: list[tuple[int, int]]) -> list[Segment]:
    """The text in runs; overlapping or touching spans merge into one marked run."""
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
    """The job text as sent, with every kept job quote marked: each requirement of the
    checklist (every one is shown, whatever its state), else the kept points."""
    if explanation.job is None:
        return []
    spans: list[tuple[int, int]] = []
    if explanation.ok and explanation.checklist is not None:
        spans = [item.requirement.job_span for item in explanation.checklist.items]
    elif explanation.ok and explanation.verification is not None:
        spans = [
            p.job_span for p in (*explanation.verification.matches, *explanation.verification.gaps)
        ]
    return marked_segments(explanation.job.text, spans)
