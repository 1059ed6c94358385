"""The requirements field cut into the pieces a reader sees: lines, list items, sentences.

Every line of the requirements field is either covered by a kept requirement's quote or
listed as "not read", so the lines are found by code from the text as sent, never by the
model; a paragraph is read sentence by sentence. Pure Python: no Django.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from explain.core.rules.words import data_words
from explain.core.texts import SourceText

# The job field whose every line must be accounted for (the adapter's key).
REQUIREMENT_KEYS = frozenset({"requirements"})

# A list marker at the start of a line: bullets and dashes, "1." "1)" "(1)" "a)" "iv."
_MARKER = re.compile(
    r"[ \t]*(?:[\u2022\u2023\u25e6\u2043\u2219\u25aa\u25cf\u25a0\u2013\u2014*+>\-·]+"
    r"|\(?(?:\d{1,3}|[a-zA-Z]|[ivxIVX]{1,4})[.)](?=\s))[ \t]*"
)
# A sentence ends at ". ", "! ", "? ", "; " (and their CJK forms) before the next one.
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+|(?<=[\u3002\uff01\uff1f\uff1b])")
# Words ending in "." that do not end a sentence ("e.g. Python", "z.B. Java", "approx. 5").
_ABBREVIATIONS = data_words("abbreviations")


@dataclass(frozen=True)
class Line:
    """One line, list item or sentence of a field, as offsets in the text sent."""

    field: str
    start: int
    end: int
    text: str


def _abbreviation_before(text: str, end: int) -> bool:
    """True when the word ending at text[end - 1] (a ".") is an abbreviation."""
    start = end
    while start > 0 and not text[start - 1].isspace():
        start -= 1
    word = text[start:end].lower().lstrip("([\"'")
    return word in _ABBREVIATIONS or (len(word) <= 2 and word[:1].isalpha())


def _sentences(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """(start, end) of each sentence of text[start:end], white space trimmed."""
    pieces: list[tuple[int, int]] = []
    cursor = start
    for found in _SENTENCE_END.finditer(text, start, end):
        if text[found.start() - 1] == "." and _abbreviation_before(text, found.start()):
            continue
        pieces.append((cursor, found.start()))
        cursor = found.end()
    pieces.append((cursor, end))
    kept = [(a, text[a:b]) for a, b in pieces if text[a:b].strip()]
    return [(a + len(p) - len(p.lstrip()), a + len(p.rstrip())) for a, p in kept]


def requirement_lines(source: SourceText) -> tuple[Line, ...]:
    """The lines, list items and sentences of the requirements field(s), in order."""
    text = source.text
    lines: list[Line] = []
    for span in (s for s in source.fields if s.key in REQUIREMENT_KEYS):
        cursor = span.start
        while cursor <= span.end:
            stop = text.find("\n", cursor, span.end)
            stop = span.end if stop == -1 else stop
            marker = _MARKER.match(text, cursor, stop)
            body = marker.end() if marker is not None and marker.end() > cursor else cursor
            lines += [Line(span.key, a, b, text[a:b]) for a, b in _sentences(text, body, stop)]
            cursor = stop + 1
    return tuple(lines)
