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

__all__ = [
    "ASCII_FORMS",
    "INVISIBLE",
    "INVISIBLE_CHARS",
    "Folded",
    "fold",
    "fold_name",
    "fold_with_offsets",
    "normalize",
]

# Invisible characters that only split or join words, or reorder what is shown (bidi
# controls): removed before anything else, here and by the contact scrubber.
INVISIBLE_CHARS = (
    "\u00ad\u034f\u180e"  # soft hyphen, combining grapheme joiner, Mongolian vowel separator
    "\u200b\u200c\u200d\u2060\u2061\u2062\u2063\u2064\ufeff"  # zero-width, word joiner
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"  # bidi controls
)
INVISIBLE = frozenset(INVISIBLE_CHARS)

# Typographic quotes and dashes to their ASCII forms; every kind of white space to " ".
ASCII_FORMS: dict[int, str] = {
    **dict.fromkeys(map(ord, "\u2018\u2019\u201a\u201b\u2032\u2035\u2039\u203a\u02bc"), "'"),
    **dict.fromkeys(map(ord, "\u201c\u201d\u201e\u201f\u2033\u2036\u00ab\u00bb"), '"'),
    **dict.fromkeys(map(ord, "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d"), "-"),
    **{cp: " " for cp in range(0x3001) if chr(cp).isspace()},
}

# Not marks, but NFKC makes them one (or a Hangul vowel or final jamo) that composes with
# the character before; tests/explain/core/test_verify.py recomputes the set.
_JOINS_RANGES = (
    "0E33 0EB3 3133 3135-3136 313A-313F 314F-3164 3167-316D 316F-3170 3182-3183 3187-318E "
    "FF9E-FFA0 FFA3 FFA5-FFA6 FFAA-FFAF FFC2-FFC7 FFCA-FFCF FFD2-FFD7 FFDA-FFDC"
)
JOINS_AFTER_NFKC = frozenset(
    chr(cp)
    for item in _JOINS_RANGES.split()
    for low, _, high in [item.partition("-")]
    for cp in range(int(low, 16), int(high or low, 16) + 1)
)


def joins_previous(ch: str) -> bool:
    """Marks and Hangul vowel/final jamo belong to the character before them."""
    if ch < "\u0300":
        return False
    return (
        unicodedata.category(ch)[0] == "M" or "\u1160" <= ch <= "\u11ff" or ch in JOINS_AFTER_NFKC
    )


def fold_name(text: str) -> str:
    """NFKC, case-fold, NFKC again: the letters of the normal form, without the table."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())


def fold(text: str) -> str:
    """The normal form's characters, white space not collapsed: fold_name, the ASCII forms."""
    return fold_name(text).translate(ASCII_FORMS)


# Kept per segment (a character and its marks): the same few hundred letters come back in
# a text of another script, and folding each again costs about 30 ms at 20 KB of Cyrillic.
_fold_segment = lru_cache(maxsize=4096)(fold)


@dataclass(frozen=True)
class Folded:
    """A normalised text plus, for each of its characters, the original span it came from."""

    text: str
    starts: list[int]
    ends: list[int]

    def aligned(self, start: int, end: int) -> bool:
        """True when [start, end) begins and ends on whole original characters."""
        starts = self.starts
        return (start == 0 or starts[start] != starts[start - 1]) and (
            end == len(starts) or starts[end] != starts[end - 1]
        )


# The one speed-up of the normalisation (most texts are mostly ASCII, and a character at
# a time costs about 15 ms at 20 KB): a run of plain ASCII is lower-cased in one step, one
# output character per input character, its white space collapsed after.
_ASCII_RUN = re.compile(r"[\x00-\x7f]+")
_ODD_SPACE = re.compile(r"[\t-\r\x1c-\x1f ]{2,}|[\t-\r\x1c-\x1f]")


def _fold_ascii(
    source: str, i: int, stop: int, out: list[str], starts: list[int], ends: list[int], last: str
) -> str:
    """Append the fold of source[i:stop], all ASCII; return the last character written."""
    pos = i
    for space in [*_ODD_SPACE.finditer(source, i, stop), None]:
        cut = stop if space is None else space.start()
        if pos < cut and last == " " and source[pos] == " ":
            pos += 1
        if pos < cut:
            out.append(source[pos:cut].lower())
            starts.extend(range(pos, cut))
            ends.extend(range(pos + 1, cut + 1))
            last = source[cut - 1]
        if space is not None:
            if last != " ":
                out.append(" ")
                starts.append(space.start())
                ends.append(space.start() + 1)
                last = " "
            pos = space.end()
    return last


def fold_with_offsets(source: str) -> Folded:
    """The normal form of `source`, each character with the original span it came from."""
    out: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    last = " "  # the last character written; " " at the start drops leading white space
    n = len(source)
    i = 0
    while i < n:
        ch = source[i]
        if ch < "\x80":
            run = _ASCII_RUN.match(source, i)
            assert run is not None
            stop = run.end()
            if stop < n and (source[stop] in INVISIBLE or joins_previous(source[stop])):
                stop -= 1  # the last one takes the marks after it: fold it on its own below
            if stop > i:
                last = _fold_ascii(source, i, stop, out, starts, ends, last)
                i = stop
                continue
        if ch in INVISIBLE:
            i += 1
            continue
        # A segment: one character plus the marks (and invisible characters) after it.
        j = i + 1
        end = j
        while j < n and (source[j] in INVISIBLE or joins_previous(source[j])):
            j += 1
            if source[j - 1] not in INVISIBLE:
                end = j
        piece = _fold_segment("".join(c for c in source[i:end] if c not in INVISIBLE))
        for out_ch in piece:
            if out_ch == " " and last == " ":
                continue
            out.append(out_ch)
            starts.append(i)
            ends.append(end)
            last = out_ch
        i = j
    text = "".join(out)
    if text.endswith(" "):
        text = text[:-1]
        starts.pop()
        ends.pop()
    return Folded(text, starts, ends)


def normalize(text: str) -> str:
    """The one normalisation shared by quotes and sources."""
    return fold_with_offsets(text or "").text
