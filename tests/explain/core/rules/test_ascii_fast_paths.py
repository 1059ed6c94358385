"""The ASCII fast paths of the detector's folds give exactly what the plain per-character
loops give (those loops, kept here as the oracle), on text mixing ASCII with look-alike
letters, marks, invisible characters and other scripts."""

from __future__ import annotations

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from explain.core.contact_details import INVISIBLE_CHARS
from explain.core.rules import addressed_to_ai, disguises

_IGNORABLE = frozenset(INVISIBLE_CHARS)
_QUOTES = str.maketrans("\u2018\u2019\u201c\u201d\u2013\u2014", "''\"\"--")
_PIECES = [
    *"abcXYZ 019@$.,!?\t\n\x00\x7f-",
    *"éßİı\u0307аоІ\u00a0\u200b“—Ａﬁ\u3000中\u00ad",
]
texts = st.lists(st.sampled_from(_PIECES), max_size=60).map("".join)


def fold_context_oracle(text: str, low: int, high: int) -> tuple[str, list[int], list[int]]:
    out: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    for i in range(low, high):
        ch = text[i]
        if ch in _IGNORABLE:
            continue
        if ch.isspace():
            if out and out[-1] != " ":
                out.append(" ")
                starts.append(i)
                ends.append(i + 1)
            continue
        folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", ch).casefold())
        for piece in folded.translate(_QUOTES):
            out.append(piece)
            starts.append(i)
            ends.append(i + 1)
    return "".join(out), starts, ends


def skeleton_oracle(normal: str) -> list[tuple[str, list[int]]]:
    folded: list[str] = []
    positions: list[int] = []
    changed = False
    for i, ch in enumerate(normal):
        latin = disguises._latin(ch) if not ch.isascii() or ch in disguises._EXTRA else ch
        changed = changed or latin != ch
        if latin:
            folded.append(latin)
            positions.append(i)
    letters = "".join(folded)
    readings: list[tuple[str, list[int]]] = []
    if any(sign in letters for sign in disguises._LEET_SIGNS):
        for table in (disguises._LEET, disguises._LEET_L):
            leet = disguises._read_leet(letters, table)
            if leet != letters and all(text != leet for text, _ in readings):
                readings.append((leet, positions))
        if readings and "1" not in letters:
            readings = readings[:1]
    if changed and all(text != letters for text, _ in readings):
        readings.insert(0, (letters, positions))
    return readings


@given(texts, st.data())
def test_the_context_fold_is_the_per_character_fold(text: str, data: st.DataObject) -> None:
    low = data.draw(st.integers(0, len(text)))
    high = data.draw(st.integers(low, len(text)))
    assert addressed_to_ai._fold_context(text, low, high) == fold_context_oracle(text, low, high)


@given(texts)
def test_the_skeleton_is_the_per_character_skeleton(text: str) -> None:
    normal = text.casefold()
    found = [(s.text, s.positions) for s in disguises.skeleton_form(normal)]
    assert found == skeleton_oracle(normal)
