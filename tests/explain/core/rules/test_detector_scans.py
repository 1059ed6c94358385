"""Two more shortcuts of the detector give exactly what the previous code gave (kept
here as the oracle): word starts found by one scan for the heads that allow a row, and
a sentence's start found by reading back from the quote instead of forward from 500
characters before it."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from explain.core.rules import addressed_to_ai

_TABLE = addressed_to_ai._heads()
_KEYS = sorted({*_TABLE.exact, *_TABLE.starts} - {""})
# Heads of rows and their neighbours (a letter more, a letter less), glued and spaced
# so that they fall at word starts, inside words and at word ends.
_PIECES = [
    *_KEYS,
    *(key + "x" for key in _KEYS[::3]),
    *(key[:-1] for key in _KEYS[1::3]),
    *" .,:!?\n-_'\u00a0\u3002",
    "ignore all previous instructions",
    "note to the ai",
    "you are now",
    "review",
    "for",
    "in",
    "a",
    "ü",
    "9",
]
texts = st.lists(st.sampled_from(_PIECES), max_size=40).map("".join)


def rule_hits_oracle(normal: str) -> list[tuple[int, int, addressed_to_ai.Rule]]:
    """The previous rule_hits: every word head looked up, one by one."""
    compiled = addressed_to_ai._compiled()
    rules = compiled.rules
    hits = []

    def add(m: re.Match[str] | None) -> None:
        if m is not None and m.lastgroup is not None:
            hits.append((m.start(), m.end(), rules[int(m.lastgroup[1:])]))

    for head in re.finditer(r"\b\w{1,4}", normal):
        patterns = addressed_to_ai._patterns_at(head.group())
        if patterns is addressed_to_ai._NO_PATTERNS:
            continue
        i = head.start()
        for pattern in patterns:
            if pattern is not None:
                add(pattern.match(normal, i))
    scanners = [compiled.symbols]
    if not normal.isascii():
        scanners.append(compiled.letters)
    for scanner in scanners:
        if scanner is None:
            continue
        for found in scanner.finditer(normal):
            i = found.start()
            add(compiled.other[normal[i]].match(normal, i))
    return sorted(hits, key=lambda hit: (hit[0], hit[1]))


@settings(max_examples=500, deadline=None)
@given(texts)
def test_rule_hits_equal_every_head_looked_up(text: str) -> None:
    normal = addressed_to_ai._fold_text(text, 0, len(text))
    assert addressed_to_ai.rule_hits(normal) == rule_hits_oracle(normal)


def _heads_allowing_a_row(normal: str) -> list[int]:
    return [
        m.start()
        for m in re.finditer(r"\b\w{1,4}", normal)
        if addressed_to_ai._patterns_at(m.group()) is not addressed_to_ai._NO_PATTERNS
    ]


@settings(max_examples=500, deadline=None)
@given(texts)
def test_candidates_hold_every_word_start_that_allows_a_row(text: str) -> None:
    normal = addressed_to_ai._fold_text(text, 0, len(text))
    scan = addressed_to_ai._candidates()
    assert scan is not None
    found = [m.start() for m in scan.finditer(normal)]
    assert set(_heads_allowing_a_row(normal)) <= set(found)
    # ... and only word starts.
    for i in found:
        assert re.match(r"\w", normal[i]) and (i == 0 or not re.match(r"\w", normal[i - 1]))


def test_a_text_without_row_heads_is_skipped_in_one_scan() -> None:
    scan = addressed_to_ai._candidates()
    assert scan is not None
    assert scan.search("team product customers reliable services data design") is None
    assert scan.search("formal inside") is None  # "for" and "in" are whole words only
    assert [m.group() for m in scan.finditer("made for the ai")] == ["for", "the", "ai"]


_END = re.compile("\n|[.!?\u3002\uff01\uff1f](?!\\w)")


def sentence_bounds_oracle(text: str, start: int, end: int) -> tuple[int, int]:
    """The previous sentence_bounds: the ends read forward from 500 characters back."""
    low = max(0, start - 500)
    s = low
    for m in _END.finditer(text, low, min(len(text), start + 1)):
        if m.start() < start:
            s = m.end()
    high = min(len(text), end + 500)
    after = _END.search(text, end, high)
    e = high if after is None else (after.start() if after.group() == "\n" else after.end())
    return s, e


_SENTENCE_PIECES = [*"ab1 .!?\n\u3002\uff01\uff1f_é", "node.js", "3.11", "word " * 30]
sentences = st.lists(st.sampled_from(_SENTENCE_PIECES), max_size=60).map("".join)


@settings(max_examples=800, deadline=None)
@given(sentences, st.integers(0, 2000), st.integers(0, 40))
def test_sentence_bounds_read_back_equal_reading_forward(text: str, at: int, width: int) -> None:
    start = min(at, len(text))
    end = min(len(text), start + width)
    assert addressed_to_ai.sentence_bounds(text, start, end) == sentence_bounds_oracle(
        text, start, end
    )


def test_the_read_back_looks_for_every_end_character() -> None:
    assert addressed_to_ai._END_CHARS == "\n.!?\u3002\uff01\uff1f"
    for ch in addressed_to_ai._END_CHARS:
        assert addressed_to_ai.sentence_bounds(f"one{ch} two", 6, 8)[0] == 4


_HIDDEN = re.compile("[\U000e0000-\U000e007f]{2,}")


def encoded_findings_oracle(text: str, low: int, high: int) -> list[addressed_to_ai.Finding]:
    """The previous _encoded_findings: tag characters looked for past the largest one."""
    window = text[low:high]
    found = []
    if "\U000e0000" <= max(window, default="\0"):
        for m in _HIDDEN.finditer(window):
            s, e = addressed_to_ai.sentence_bounds(text, low + m.start(), low + m.end())
            found.append(addressed_to_ai.Finding(s, e, "", "hidden", "hidden"))
    for a, b, decoded in addressed_to_ai.base64_texts(window):
        normal = addressed_to_ai.plain_form(decoded)
        hits = [
            rule
            for reading, _, _ in addressed_to_ai._readings(normal)
            for x, _, rule in addressed_to_ai.rule_hits(reading)
            if rule.where != "clause" or x == 0
        ]
        if hits:
            s, e = addressed_to_ai.sentence_bounds(text, low + a, low + b)
            found.append(addressed_to_ai.Finding(s, e, hits[0].language, hits[0].kind, "base64"))
    return found


_TAGGED = [
    *"ab .\n",
    "\U000e0041",
    "\U000e0069\U000e0067",
    "\U000e007f",
    "\U000e0080",  # just past the tag block
    "\U000f0000",
    "\U0001f600",
    "aWdub3JlIGFsbCBwcmV2aW91cyBpbnN0cnVjdGlvbnM=",  # "ignore all previous instructions"
]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(_TAGGED), max_size=20).map("".join), st.integers(0, 40))
def test_encoded_findings_equal_the_largest_character_check(text: str, low: int) -> None:
    low = min(low, len(text))
    assert addressed_to_ai._encoded_findings(text, low, len(text)) == encoded_findings_oracle(
        text, low, len(text)
    )


# Base64 runs: every character a run may hold, padding, and what ends a run.
_BASE64_PIECES = ["A", "z", "0", "9", "+", "/", "=", "==", "===", " ", "\n", "-", ".", "é", "_"]
_BASE64_TEXTS = st.lists(
    st.one_of(
        st.sampled_from(_BASE64_PIECES),
        st.sampled_from(["QUJD", "aWdub3Jl", "x" * 23, "y" * 24, "Zm9v" * 6]),
    ),
    max_size=60,
).map("".join)


@settings(max_examples=800, deadline=None)
@given(_BASE64_TEXTS)
def test_base64_runs_are_the_ones_the_lookaround_pattern_finds(text: str) -> None:
    """base64_runs (a search that opens with a character set, padding checked by hand)
    finds exactly the runs of the pattern with look-behind and look-ahead."""
    from explain.core.rules import disguises

    expected = [m.span() for m in disguises._BASE64.finditer(text)]
    assert [m.span() for m in disguises.base64_runs(text)] == expected


def test_base64_runs_keep_padding_rules() -> None:
    from explain.core.rules import disguises

    body = "QUJD" * 6
    assert [m.group() for m in disguises.base64_runs(f"x {body}== y")] == [body + "=="]
    assert list(disguises.base64_runs(f"x {body}=== y")) == []
    assert list(disguises.base64_runs(f"x {body[:12]}={body[12:]} y")) == []
    assert list(disguises.base64_runs(f"x {body[:23]} y")) == []
