"""Years or a level stated for a term ("Python (3 years)", "5+ years of Python"), as an
exact slice of the quote; the page shows both sides and code never compares them. Pure.
"""

from __future__ import annotations

import re

from explain.core.normal import forms_of

_NUMBER_WORDS = (
    "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty"
    "|ein|eins|einem|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn"
    "|un|une|deux|trois|quatre|cinq|six|sept|huit|neuf|dix"
    "|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez"
    "|dois|duas|três|quatro|seis|sete|oito|nove|dez"
    "|due|tre|quattro|cinque|sei|sette|otto|nove|dieci"
)


_COUNT = rf"(?:\d+(?:[.,]\d+)?|{_NUMBER_WORDS})"
_UNITS = r"(?:years?|yrs?\.?|jahren?|jahre|jahr|ans?|années?|años?|anos?|anni|anno)"
# A range, with the word that opens it where the language has one: "between 3 and 5
# years", "zwischen 3 und 5 Jahren", "entre 3 et 5 ans", "entre 3 y 5 años", "de 3 a 5
# anos", "da 3 a 5 anni", "from 3 to 5 years"; without it, "3 to 5 years", "3–5 years".
# "and" joins a range only after its opening word: "a team of 5 and 3 years" is none.
_RANGE_OPEN = r"(?:between|from|zwischen|von|entre|de|da|dai|tra|fra)\s+"
_RANGE_JOIN = rf"(?:[{re.escape(forms_of('-'))}]|to|bis|à|a)"
_RANGE_AND = r"(?:and|und|et|y|e)"
_YEARS = (
    rf"{_RANGE_OPEN}{_COUNT}\s*(?:{_RANGE_JOIN}|{_RANGE_AND})\s*{_COUNT}\s*\+?\s*{_UNITS}"
    rf"|{_COUNT}\s*{_RANGE_JOIN}\s*{_COUNT}\s*\+?\s*{_UNITS}"
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
# A CEFR code, in capitals ("C1", not "c1"), stands alone, or is joined to the word for
# "level" ("C1-Niveau"); the code alone is the amount.
_LEVEL_WORD = r"-(?:niveau|level|nivel|niveaux)(?!\w)"
_AMOUNT = re.compile(
    rf"(?<!\w)(?:{_YEARS}|{_LEVELS})(?!\w)"
    rf"|(?<![\w-])(?-i:[ABC][12])(?=(?:{_LEVEL_WORD})|(?![\w-]))",
    re.IGNORECASE,
)
# List items: split at these outside parentheses.
_ITEM_BREAKS = ",;/\u00b7|"


def _item(quote: str, start: int, end: int) -> tuple[int, int]:
    """The list item of the quote holding quote[start:end]: "Java (3 years)" in
    "Java (3 years), Python (5 years)"."""
    depth = low = 0
    for i, ch in enumerate(quote):
        depth = max(0, depth + (ch in "([") - (ch in ")]"))
        if depth == 0 and ch in _ITEM_BREAKS and i >= end:
            return low, i
        low = i + 1 if depth == 0 and ch in _ITEM_BREAKS and i < start else low
    return low, len(quote)


def amount_for(quote: str, term: tuple[int, int] | None) -> str:
    """The years or level the quote states for its term (its span in the quote), as
    written, from the term's list item, nearest the term; "" when none."""
    if not quote or len(quote) > 2000:
        return ""
    start, end = term if term is not None else (0, len(quote))
    low, high = _item(quote, start, end)
    best: tuple[int, str] | None = None
    for found in _AMOUNT.finditer(quote, low, high):
        text = found.group(0).strip()
        if term is not None and found.start() < end and start < found.end():
            continue  # the term's own words ("Native" in "React Native")
        distance = start - found.end() if found.end() <= start else found.start() - end
        if best is None or distance < best[0]:
            best = (distance, text)
    return best[1] if best else ""


_YEARS_ONLY = re.compile(rf"(?:{_YEARS})", re.IGNORECASE)


def same_kind(first: str, second: str) -> bool:
    """Whether two amounts state the same kind of thing: both years, or both a level.
    "Advanced" beside "3+ years" is two different things and is never shown as a pair."""
    return bool(_YEARS_ONLY.fullmatch(first)) == bool(_YEARS_ONLY.fullmatch(second))
