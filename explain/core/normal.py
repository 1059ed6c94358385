"""The one normalisation every rule reads, with offsets back into the text as written.

NFKC, case-folded, NFKC again (case-folding can un-compose), typographic quotes and dashes
made ASCII (one table), invisible characters removed (one list), white space one " ".
Each character of the normal form knows the span of the original text it came from.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain

# Invisible characters that only split or join words, or reorder what is shown (bidi
# controls): removed before anything else, here and by the contact scrubber.
INVISIBLE_CHARS = (
    "\u00ad\u034f\u180e"  # soft hyphen, combining grapheme joiner, Mongolian vowel separator
    "\u200b\u200c\u200d\u2060\u2061\u2062\u2063\u2064\ufeff"  # zero-width, word joiner
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"  # bidi controls
)
INVISIBLE = frozenset(INVISIBLE_CHARS)

# The normal form's table: the one table of typographic quotes and dashes, to their ASCII
# forms, and every kind of white space as " ".
ASCII_FORMS: dict[int, str] = {
    **dict.fromkeys(map(ord, "\u2018\u2019\u201a\u201b\u2032\u2035\u2039\u203a\u02bc"), "'"),
    **dict.fromkeys(map(ord, "\u201c\u201d\u201e\u201f\u2033\u2036\u00ab\u00bb"), '"'),
    **dict.fromkeys(map(ord, "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d"), "-"),
    **{cp: " " for cp in range(0x3001) if chr(cp).isspace()},
}


def forms_of(ascii: str) -> str:
    """The ASCII character and every form the table writes as it ("-" and all the dashes,
    "'" and all the single quotes): for rules that read the text as written."""
    return ascii + "".join(chr(cp) for cp, to in ASCII_FORMS.items() if to == ascii)


def _mark(ch: str) -> bool:
    return unicodedata.category(ch)[0] == "M" or "\u1160" <= ch <= "\u11ff"


# From the BMP's Unicode data (nothing above it; tests/explain/core/test_verify.py checks):
# non-marks that NFKC or case-folding makes a mark (or Hangul vowel or final jamo) joining
# the character before; spacing accents ("¨", "´", "゛", Arabic harakat) that NFKC makes
# a space and marks, kept as written: one character, not white space.
_NFKC = [(ch, unicodedata.normalize("NFKC", ch)) for ch in map(chr, range(0x10000))]
JOINS_AFTER_NFKC = frozenset(
    c for c, n in _NFKC if not _mark(c) and (_mark(n[0]) or _mark(c.casefold()[0]))
)
SPACING_ACCENTS = frozenset(c for c, n in _NFKC if n.startswith(" ") and not c.isspace())
_SPACING_ACCENT = re.compile(f"([{''.join(SPACING_ACCENTS)}])")


def fold_name(text: str) -> str:
    """NFKC, case-fold, NFKC again: the letters of the normal form, without the table."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())


def fold(text: str) -> str:
    """The normal form's characters, white space not collapsed: fold_name, the ASCII forms,
    between spacing accents kept as written."""
    return "".join(
        part if part in SPACING_ACCENTS else fold_name(part).translate(ASCII_FORMS)
        for part in _SPACING_ACCENT.split(text)
    )


# Kept per segment (a character and its marks): the same few hundred come back in a text
# of another script, and folding each again costs about 3 ms at 20 KB of Cyrillic.
_fold_segment = lru_cache(maxsize=4096)(fold)


@dataclass(frozen=True)
class Folded:
    """A normalised text plus, for each of its characters, the original span it came from."""

    text: str
    starts: list[int]
    ends: list[int]
    source: str  # the text as written

    def aligned(self, start: int, end: int) -> bool:
        """True when [start, end) begins and ends on whole original characters."""
        starts = self.starts
        return (start == 0 or starts[start] != starts[start - 1]) and (
            end == len(starts) or starts[end] != starts[end - 1]
        )


_ASCII_RUN = re.compile(r"[\x00-\x7f]+")
_SPACES = re.compile(r"^ +| +\Z| {2,}")


def _joins(ch: str) -> bool:
    """Invisible characters, marks and Hangul vowel/final jamo join the character before."""
    return ch in INVISIBLE or _mark(ch) or ch in JOINS_AFTER_NFKC


def fold_with_offsets(source: str) -> Folded:
    """The normal form of `source`, each character with the original span it came from."""
    pieces: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    i = 0
    while i < len(source):
        # The one speed-up (a character at a time costs about 18 ms at 20 KB): a run of
        # ASCII folds in one step, one character for one, but for the last when marks
        # follow it.
        run = _ASCII_RUN.match(source, i)
        stop = run.end() if run else i
        if i < stop < len(source) and _joins(source[stop]):
            stop -= 1
        if stop > i:
            pieces.append(source[i:stop].lower().translate(ASCII_FORMS))
            starts.extend(range(i, stop))
            ends.extend(range(i + 1, stop + 1))
            i = stop
            continue
        if source[i] in INVISIBLE:
            i += 1
            continue
        # A segment: one character plus the marks (and invisible characters) after it.
        j = end = i + 1
        while j < len(source) and _joins(source[j]):
            j += 1
            if source[j - 1] not in INVISIBLE:
                end = j
        piece = _fold_segment("".join(c for c in source[i:end] if c not in INVISIBLE))
        pieces.append(piece)
        starts.extend([i] * len(piece))
        ends.extend([end] * len(piece))
        i = j
    # White space made one " " (the first of a run), none at either end.
    text = "".join(pieces)
    kept = []
    pos = 0
    for run in _SPACES.finditer(text):
        inside = 0 < run.start() and run.end() < len(text)
        kept.append((pos, run.start() + inside))
        pos = run.end()
    kept.append((pos, len(text)))
    return Folded(
        "".join(text[a:b] for a, b in kept),
        list(chain.from_iterable(starts[a:b] for a, b in kept)),
        list(chain.from_iterable(ends[a:b] for a, b in kept)),
        source,
    )


def normalize(text: str) -> str:
    """The one normalisation shared by quotes and sources."""
    return fold_with_offsets(text or "").text
