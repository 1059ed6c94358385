"""The faster amount reading gives exactly what the previous code gave: that code (the
list item found a character at a time, the amount pattern with its words in one flat
alternation) is kept here as the oracle and compared on generated quotes with counts,
units, ranges, levels, CEFR codes, brackets, list breaks and other scripts."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from explain.core.rules import amounts

# --------------------------------------------------------------------------- the oracle

# The same words as the module (one list of them), in one flat alternation each.
_COUNT = rf"(?:\d+(?:[.,]\d+)?|{amounts._NUMBER_WORDS})"
_RANGE_OPEN = r"(?:between|from|zwischen|von|entre|de|da|dai|tra|fra)\s+"
_YEARS = (
    rf"{_RANGE_OPEN}{_COUNT}\s*(?:{amounts._RANGE_JOIN}|{amounts._RANGE_AND})\s*{_COUNT}"
    rf"\s*\+?\s*{amounts._UNITS}"
    rf"|{_COUNT}\s*{amounts._RANGE_JOIN}\s*{_COUNT}\s*\+?\s*{amounts._UNITS}"
    rf"|{_COUNT}\s*\+\s*{amounts._UNITS}"
    rf"|{_COUNT}\s*{amounts._UNITS}\s*\+?"
)
_AMOUNT = re.compile(
    rf"(?<!\w)(?:{_YEARS}|{amounts._LEVELS})(?!\w)"
    rf"|(?<![\w-])[ABC][12](?=(?:{amounts._LEVEL_WORD})|(?![\w-]))",
    re.IGNORECASE,
)


def _item_oracle(quote: str, start: int, end: int) -> tuple[int, int]:
    depth = 0
    cuts = [0]
    for i, ch in enumerate(quote):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth = max(0, depth - 1)
        elif ch in amounts._ITEM_BREAKS and depth == 0:
            cuts.append(i + 1)
    low = max(c for c in cuts if c <= start)
    later = [c - 1 for c in cuts if c - 1 >= end]
    return low, (min(later) if later else len(quote))


def amount_for_oracle(quote: str, term: tuple[int, int] | None) -> str:
    if not quote or len(quote) > 2000:
        return ""
    start, end = term if term is not None else (0, len(quote))
    low, high = _item_oracle(quote, start, end)
    best: tuple[int, str] | None = None
    for found in _AMOUNT.finditer(quote, low, high):
        text = found.group(0).strip()
        if len(text) == 2 and text[0].upper() in "ABC" and not amounts._CEFR.fullmatch(text):
            continue
        if term is not None and found.start() < end and start < found.end():
            continue
        distance = start - found.end() if found.end() <= start else found.start() - end
        if best is None or distance < best[0]:
            best = (distance, text)
    return best[1] if best else ""


def outcome(function: object, *args: object) -> object:
    """The result, or the kind of error raised (invalid spans raise as before)."""
    try:
        return function(*args)  # type: ignore[operator]
    except Exception as error:  # compared, not handled
        return type(error)


# --------------------------------------------------------------------------- the quotes

PIECES = [
    "3", "5", "10", "2.5", "3,5", "1", "2", "٣", "３", "years", "Years", "yrs", "yrs.", "year",
    "Jahre", "Jahren", "ans", "années", "años", "anos", "anni", "+", "-", "–", "to", "bis", "a",
    "à", "and", "und", "y", "e", "et", "between", "from", "zwischen", "von", "entre", "de", "da",
    "three", "ten", "drei", "eins", "ein", "einem", "un", "une", "uno", "cinq", "cinque", "sei",
    "seis", "tre", "tres", "senior", "Junior", "native", "native speaker", "fluent", "fließend",
    "C1", "B2", "c1", "A1", "C1-Niveau", "B2-level", "AB1", "C12", "Java", "Python", "React",
    "Native", "experience", "of", "with", "İ", "ſix", "K", "ı", "é", "中", "(", ")", "[", "]",
    ",", ";", "/", "·", "|", ".", " ", "  ", "\n", "-",
]  # fmt: skip
# Every count, level and range word of the module too, so a word the grouping lost shows.
PIECES += [
    word
    for word in f"{amounts._NUMBER_WORDS}|{amounts._LEVELS}|{_RANGE_OPEN[3:-4]}".split("|")
    if re.fullmatch(r"[^\W\d_]+", word)
]
quotes = st.lists(
    st.tuples(st.sampled_from(PIECES), st.sampled_from(["", " ", " ", " ", ", ", "-"])),
    max_size=25,
).map(lambda parts: "".join(piece + sep for piece, sep in parts))


@settings(max_examples=800, deadline=None)
@given(st.one_of(quotes, st.text(max_size=40)), st.data())
def test_amount_for_is_the_previous_amount_for(quote: str, data: st.DataObject) -> None:
    n = len(quote)
    start = data.draw(st.integers(-2, n + 2))
    end = data.draw(st.integers(start - 2, n + 2))
    term = data.draw(st.sampled_from([None, (start, end)]))
    assert outcome(amounts.amount_for, quote, term) == outcome(amount_for_oracle, quote, term)
    assert outcome(amounts._item, quote, start, end) == outcome(_item_oracle, quote, start, end)


@settings(max_examples=400, deadline=None)
@given(st.one_of(quotes, quotes.map(str.upper)), st.data())
def test_the_grouped_pattern_finds_what_the_flat_one_found(quote: str, data: st.DataObject) -> None:
    low = data.draw(st.integers(0, len(quote)))
    high = data.draw(st.integers(low, len(quote)))
    assert [m.span() for m in amounts._AMOUNT.finditer(quote, low, high)] == [
        m.span() for m in _AMOUNT.finditer(quote, low, high)
    ]


def test_no_character_matches_two_first_letters() -> None:
    """Why grouping by first letter keeps the order in which alternatives match: under
    IGNORECASE no character (look-alikes such as "ſ", "K", "İ" included) stands for two
    of the letters the words start with."""
    words = f"{amounts._NUMBER_WORDS}|{amounts._LEVELS}|{_RANGE_OPEN[3:-4]}".split("|")
    letters = sorted({word[0] for word in words})
    assert all(letter.isascii() for letter in letters)
    any_letter = re.compile(f"[{''.join(letters)}]", re.IGNORECASE)
    each = [re.compile(letter, re.IGNORECASE) for letter in letters]
    for code in range(0x110000):
        ch = chr(code)
        if any_letter.match(ch):
            assert sum(1 for one in each if one.match(ch)) == 1, hex(code)


def test_the_item_marks_are_the_brackets_and_the_breaks() -> None:
    assert set(amounts._ITEM_MARKS.pattern) >= set("()[]" + amounts._ITEM_BREAKS)
