"""explain.core.rules.literals: what it says a match begins with is never wrong.

The detector skips a row when a word start is none of the row's heads, so a head set that
missed a real beginning would hide text addressed to an AI. Checked against the regex
engine on generated patterns; the detector's own rows are held to trying every row in
test_detector_prefilters.py.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from explain.core.rules.literals import heads

PARTS = ["ab", "cd", "x", "(?:ab|cd)", "(?:ab)?", "a+", "b*", "[ab]", "\\w", "\\s", " ", "é"]


def may_begin(found: frozenset[str], text: str) -> bool:
    """Whether a row with these heads is tried at the start of this text."""
    return "" in found or any(text.startswith(head) for head in found)


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        ("ignore previous", {"igno"}),
        ("(?:ignore|forget) all", {"igno", "forg"}),
        ("(?:ab|cd)?x", {"abx", "cdx", "x"}),
        ("[Aa]i", {"Ai", "ai"}),
        ("\\w+ai", {""}),  # a class first: nothing known, always tried
        ("(?i)ignore", {""}),  # an inline flag: always tried
    ],
)
def test_known_beginnings(pattern: str, expected: set[str]) -> None:
    assert heads(pattern, 4) == expected


@given(
    st.lists(st.sampled_from(PARTS), min_size=1, max_size=5).map("".join),
    st.text("abcdx é", max_size=8),
)
def test_every_text_a_pattern_matches_is_tried(pattern: str, text: str) -> None:
    if re.match(pattern, text):
        assert may_begin(heads(pattern, 4), text), (pattern, text)


def test_no_head_is_longer_than_asked() -> None:
    for length in (1, 2, 4):
        assert all(len(head) <= length for head in heads("(?:ignore|forget) all", length))
