"""Years or a level stated for a term, as the quote writes them.

"Python (3 years)" and "5+ years of Python" both state an amount; the page shows both,
side by side, and code never compares them. The result is always an exact slice of the
quote, never rewritten. Pure Python; the patterns are fixed here, model text is never
compiled.
"""

from __future__ import annotations

import re

__all__ = ["amount_for"]

_NUMBER_WORDS = (
    "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty"
    "|ein|eins|einem|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn"
    "|un|une|deux|trois|quatre|cinq|six|sept|huit|neuf|dix"
    "|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez"
)
_COUNT = rf"(?:\d+(?:[.,]\d+)?|{_NUMBER_WORDS})"
_UNITS = r"(?:years?|yrs?\.?|jahren?|jahre|jahr|ans?|années?|años?|anos)"
_YEARS = (
    rf"{_COUNT}\s*(?:[-\u2010-\u2015]|to|bis|à|a)\s*{_COUNT}\s*\+?\s*{_UNITS}"
    rf"|{_COUNT}\s*\+\s*{_UNITS}"
    rf"|{_COUNT}\s*{_UNITS}\s*\+?"
)
_LEVELS = (
    r"junior|senior|beginner|intermediate|advanced|expert|fluent|native(?:\s+speaker)?"
    r"|basic|proficient"
    r"|grundkenntnisse|anfänger|fortgeschritten|fließend|muttersprache|verhandlungssicher"
    r"|experte|expertin"
    r"|débutant|débutante|intermédiaire|avancé|avancée|courant|natif|native|bilingue|confirmé"
    r"|principiante|intermedio|avanzado|avanzada|fluido|nativo|nativa|experto|experta"
)
_AMOUNT = re.compile(
    rf"(?<!\w)(?:{_YEARS}|{_LEVELS})(?!\w)|(?<![\w-])[ABC][12](?![\w-])",
    re.IGNORECASE,
)
# The CEFR codes are read in capitals only ("C1", not "c1").
_CEFR = re.compile(r"[ABC][12]")
# List items: split at these outside parentheses.
_ITEM_BREAKS = ",;/\u00b7|"


def _item(quote: str, start: int, end: int) -> tuple[int, int]:
    """The list item of the quote holding quote[start:end]: "Java (3 years)" in
    "Java (3 years), Python (5 years)"."""
    depth = 0
    cuts = [0]
    for i, ch in enumerate(quote):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth = max(0, depth - 1)
        elif ch in _ITEM_BREAKS and depth == 0:
            cuts.append(i + 1)
    low = max(c for c in cuts if c <= start)
    later = [c - 1 for c in cuts if c - 1 >= end]
    return low, (min(later) if later else len(quote))


def amount_for(quote: str, term: tuple[int, int] | None) -> str:
    """The years or level the quote states for its term, as written; "" when none.

    term is the term's (start, end) inside the quote; only the list item holding it is
    read, and of several amounts there the one nearest the term wins.
    """
    if not quote or len(quote) > 2000:
        return ""
    start, end = term if term is not None else (0, len(quote))
    low, high = _item(quote, start, end)
    best: tuple[int, str] | None = None
    for found in _AMOUNT.finditer(quote, low, high):
        text = found.group(0).strip()
        if len(text) == 2 and text[0].upper() in "ABC" and not _CEFR.fullmatch(text):
            continue
        if term is not None and found.start() < end and start < found.end():
            continue  # the term's own words ("Native" in "React Native")
        distance = start - found.end() if found.end() <= start else found.start() - end
        if best is None or distance < best[0]:
            best = (distance, text)
    return best[1] if best else ""
