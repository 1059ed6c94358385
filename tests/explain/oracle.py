"""A second, deliberately naive implementation of the quote rule (docs/verifier.md).

Written from the rule's text for clarity, not speed, and sharing no code with
explain.core.verify: it normalises whole strings in the order the rules are listed, and finds
a quote by trying every slice of the original source. The property tests compare the
real verifier with it on generated text, so a bug in the real one's offset bookkeeping,
fast paths or caches shows up as a disagreement, instead of being agreed with by tests
that decide what is right with the module's own `normalize`.
"""

from __future__ import annotations

import itertools
import sys
import unicodedata

# The rule's numbers, restated.
MIN_QUOTE_CHARS = 3
MAX_QUOTE_WORDS = 12

# Step 1: removed before anything else (docs/verifier.md lists them by name).
INVISIBLE = {
    "\u00ad",  # soft hyphen
    "\u034f",  # combining grapheme joiner
    "\u180e",  # Mongolian vowel separator
    "\u200b",  # zero-width space
    "\u200c",  # zero-width non-joiner
    "\u200d",  # zero-width joiner
    "\u2060",  # word joiner
    "\u2061",  # function application
    "\u2062",  # invisible times
    "\u2063",  # invisible separator
    "\u2064",  # invisible plus
    "\ufeff",  # byte-order mark
    "\u061c",  # Arabic letter mark
    "\u200e",  # left-to-right mark
    "\u200f",  # right-to-left mark
    "\u202a",  # left-to-right embedding
    "\u202b",  # right-to-left embedding
    "\u202c",  # pop directional formatting
    "\u202d",  # left-to-right override
    "\u202e",  # right-to-left override
    "\u2066",  # left-to-right isolate
    "\u2067",  # right-to-left isolate
    "\u2068",  # first strong isolate
    "\u2069",  # pop directional isolate
}

# Step 3: typographic quotes, apostrophes, primes and guillemets; dashes and minus.
SINGLE_QUOTES = "\u2018\u2019\u201a\u201b\u2032\u2035\u2039\u203a\u02bc"
DOUBLE_QUOTES = "\u201c\u201d\u201e\u201f\u2033\u2036\u00ab\u00bb"
DASHES = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d"

# Step 2's exception: a spacing accent ("¨", "゛") that NFKC would make a space and marks
# is kept as written, so it is one character and no white space.
SPACING_ACCENTS = {
    ch
    for ch in map(chr, range(sys.maxunicode + 1))
    if not ch.isspace() and unicodedata.normalize("NFKC", ch).startswith(" ")
}

# Trimmed from both ends of a quote.
QUOTE_END_CHARS = " \"'.,;:!?"

# Scripts written without spaces: every character is a word edge.
UNSPACED = [
    (0x0E00, 0x0EFF),  # Thai, Lao
    (0x1000, 0x109F),  # Myanmar
    (0x1780, 0x17FF),  # Khmer
    (0x3040, 0x30FF),  # Hiragana, Katakana
    (0x3400, 0x4DBF),  # CJK extension A
    (0x4E00, 0x9FFF),  # CJK unified ideographs
    (0xF900, 0xFAFF),  # CJK compatibility ideographs
    (0x20000, 0x3FFFF),  # CJK extensions B and later
]


# --------------------------------------------------------------------------- normalising


def fold(text: str) -> str:
    """Steps 1 to 4 of the normalisation, except trimming the ends."""
    # 1. Invisible characters go.
    text = "".join(ch for ch in text if ch not in INVISIBLE)
    # 2. NFKC, case-fold, NFKC again, on the text between spacing accents (kept as written).
    parts = [""]
    for ch in text:
        if ch in SPACING_ACCENTS:
            parts += [ch, ""]
        else:
            parts[-1] += ch
    text = "".join(part if part in SPACING_ACCENTS else fold_letters(part) for part in parts)
    # 3. Typographic quotes and dashes to ASCII.
    plain = []
    for ch in text:
        if ch in SINGLE_QUOTES:
            plain.append("'")
        elif ch in DOUBLE_QUOTES:
            plain.append('"')
        elif ch in DASHES:
            plain.append("-")
        else:
            plain.append(ch)
    text = "".join(plain)
    # 4. Every run of white space becomes one space.
    collapsed = []
    for ch in text:
        if ch.isspace():
            if not collapsed or collapsed[-1] != " ":
                collapsed.append(" ")
        else:
            collapsed.append(ch)
    return "".join(collapsed)


def fold_letters(text: str) -> str:
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())


def normalize(text: str) -> str:
    """The whole normalisation: fold, then no white space at either end."""
    return fold(text).strip(" ")


def characters(text: str) -> list[str]:
    """The text cut into whole characters: each with the marks (and invisible characters)
    that belong to it."""
    cuts = [i for i in range(len(text) + 1) if starts_a_character(text, i)]
    return [text[start:end] for start, end in itertools.pairwise(cuts)]


def needle(quote: str) -> str:
    """The quote normalised, after dropping whole characters from both ends while they
    are only quote marks, white space, . , ; : ! ? or invisible characters."""
    kept = characters(quote)
    while kept and not fold(kept[0]).strip(QUOTE_END_CHARS):
        kept.pop(0)
    while kept and not fold(kept[-1]).strip(QUOTE_END_CHARS):
        kept.pop()
    return normalize("".join(kept))


# --------------------------------------------------------------------------- characters


def joins_the_one_before(ch: str) -> bool:
    """A combining mark, a Hangul vowel or final jamo, or a character that becomes one
    under NFKC or case-folding: it belongs to the character before it."""

    def joining(c: str) -> bool:
        return unicodedata.category(c)[0] == "M" or "\u1160" <= c <= "\u11ff"

    if joining(ch):
        return True
    compatible = unicodedata.normalize("NFKC", ch)
    return (bool(compatible) and joining(compatible[0])) or joining(ch.casefold()[0])


def starts_a_character(text: str, i: int) -> bool:
    """True when position i does not split a character from the marks after it (the
    invisible characters in between do not count; a mark with nothing visible before it
    is a character of its own)."""
    if i in (0, len(text)) or all(c in INVISIBLE for c in text[:i]):
        return True
    rest = [c for c in text[i:] if c not in INVISIBLE]
    return not rest or not joins_the_one_before(rest[0])


def is_word_character(ch: str) -> bool:
    return ch.isalnum() or ch == "_" or unicodedata.category(ch)[0] == "M"


def unspaced(ch: str) -> bool:
    return any(low <= ord(ch) <= high for low, high in UNSPACED)


def same_word(left: str, right: str) -> bool:
    """No word boundary between two adjacent characters of normalised text."""
    both_word = is_word_character(left) and is_word_character(right)
    return both_word and not unspaced(left) and not unspaced(right)


# --------------------------------------------------------------------------- finding


def quote_problem(quote: str, max_words: int = MAX_QUOTE_WORDS) -> str | None:
    words = needle(quote)
    if not words:
        return "quote_missing"
    if len(words) < MIN_QUOTE_CHARS:
        return "quote_too_short"
    if len(words.split(" ")) > max_words:
        return "quote_too_long"
    return None


def spans(quote: str, source: str, max_words: int = MAX_QUOTE_WORDS) -> list[tuple[int, int]]:
    """Every (start, end) slice of the source that the quote matches: it starts and ends
    on visible, whole characters, normalises to the quote's needle, and neither edge is
    inside a word (nor followed by a combining mark). Ordered by start."""
    if quote_problem(quote, max_words) is not None:
        return []
    wanted = needle(quote)
    found = []
    for start in range(len(source)):
        if source[start] in INVISIBLE or source[start].isspace():
            continue
        if not starts_a_character(source, start):
            continue
        for end in range(start + 1, len(source) + 1):
            if not starts_a_character(source, end):
                continue
            if source[end - 1] in INVISIBLE or source[end - 1].isspace():
                continue
            words = normalize(source[start:end])
            if len(words) > len(wanted):
                break  # longer slices only add characters
            if words != wanted:
                continue
            before = fold(source[:start])
            after = fold(source[end:])
            if before and same_word(before[-1], wanted[0]):
                continue
            if after and same_word(wanted[-1], after[0]):
                continue
            if after and unicodedata.category(after[0])[0] == "M":
                continue
            found.append((start, end))
    return found


def is_quoted(quote: str, source: str, max_words: int = MAX_QUOTE_WORDS) -> bool:
    return bool(spans(quote, source, max_words))
