"""The equivalence reads a new text where a name can begin only (and a quote's part of a
text only): held to the whole-text word index it replaced, copied here as the oracle,
on generated texts and terms."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from explain.core import verify
from explain.core.rules import equivalence
from explain.core.rules.equivalence import (
    _EVERYDAY_NEXT,
    _MAX_WINDOW,
    _NEXT_WORD,
    _SENTENCE_END,
    _TOKEN,
    Form,
    _fold,
    _keys,
    _latin,
    find_term,
    find_term_in,
    forms,
    skeleton,
)
from explain.core.schema import Claim, Draft

# --------------------------------------------------------------------------- the oracle
# The word index as it was: every word of the text, folded, by its first characters.

_PREFIX = 3


@dataclass(frozen=True)
class OldIndex:
    text: str
    spans: tuple[tuple[int, int], ...]
    raw: tuple[str, ...]
    words: tuple[str, ...]
    by_prefix: dict[str, list[int]]
    by_raw: dict[str, list[int]]


def old_index(text: str) -> OldIndex:
    matches = list(_TOKEN.finditer(text))
    spans = tuple(m.span() for m in matches)
    raw = tuple(m.group() for m in matches)
    words = tuple(_fold(word) for word in raw)
    by_prefix: dict[str, list[int]] = {}
    by_raw: dict[str, list[int]] = {}
    for i, (word, written) in enumerate(zip(words, raw, strict=True)):
        by_prefix.setdefault(word[:_PREFIX], []).append(i)
        by_raw.setdefault(written, []).append(i)
    return OldIndex(text, spans, raw, words, by_prefix, by_raw)


def old_windows(index: OldIndex, form: Form) -> set[tuple[int, int]]:
    compact = "".join(form.words)
    candidates: set[int] = set(index.by_prefix.get(compact[:_PREFIX], ()))
    for k in range(1, _PREFIX):
        candidates.update(index.by_prefix.get(compact[:k], ()))
    found = set()
    words, spans = index.words, index.spans
    for i in candidates:
        for size in range(1, min(_MAX_WINDOW, len(words) - i) + 1):
            j = i + size - 1
            if size > 1 and not old_same_phrase(index.text, spans[j - 1][1], spans[j][0]):
                break
            if _keys(words[i : j + 1]) & form.keys:
                found.add((i, j))
    return found


def old_same_phrase(text: str, end: int, start: int) -> bool:
    gap = text[end:start]
    return len(gap) <= 3 and all(ch in " -./_'\u2019\u00a0\u2010\u2011" for ch in gap)


def old_strict_ok(index: OldIndex, first: int, last: int) -> bool:
    text = index.text
    start, end = index.spans[first][0], index.spans[last][1]
    before = text[max(0, start - 1) : start]
    after = text[end : end + 1]
    if before in {"&", "-", "'", "’"} or after in {"&", "-", "'", "’"}:
        return False
    if _SENTENCE_END.search(text[max(0, start - 40) : start]):
        following = _NEXT_WORD.match(text, end)
        return following is None or following.group(1) not in _EVERYDAY_NEXT
    return True


def old_strict_spans(index: OldIndex, form: Form) -> list[tuple[int, int]]:
    if any(ch in form.name for ch in "&+/"):
        pattern = old_joined_name(form.name)
        return [m.span() for m in pattern.finditer(index.text)]
    size = len(form.words)
    found = []
    last = len(index.raw) - size
    starts = index.by_raw.get(form.words[0], []) if size else range(last + 1)
    for i in starts:
        if (
            i <= last
            and index.raw[i : i + size] == form.words
            and old_strict_ok(index, i, i + size - 1)
        ):
            if size == 1 or all(
                old_same_phrase(index.text, index.spans[k][1], index.spans[k + 1][0])
                for k in range(i, i + size - 1)
            ):
                found.append((index.spans[i][0], index.spans[i + size - 1][1]))
    return found


@lru_cache(maxsize=1024)
def old_joined_name(name: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w&+/-])" + re.escape(name) + r"(?![\w&+/-])")


def old_find_term(term: str, text: str) -> list[tuple[int, int]]:
    if not text:
        return []
    index = old_index(text)
    found: set[tuple[int, int]] = set()
    for form in forms(term):
        if form.strict:
            found.update(old_strict_spans(index, form))
            continue
        for first, last in old_windows(index, form):
            found.add((index.spans[first][0], index.spans[last][1]))
    return sorted(found)


_OLD_LATIN: dict[int, str] = {}


def old_skeleton(text: str) -> str:
    if text.isascii():
        return text
    for ch in set(text):
        if ord(ch) not in _OLD_LATIN:
            _OLD_LATIN[ord(ch)] = _latin(ch)
    return text.translate(_OLD_LATIN)


# --------------------------------------------------------------------------- inputs

TERMS = [
    "Kubernetes", "k8s", "kube", "Postgres", "PostgreSQL", "psql", "unit tests",
    "unit testing", "Go", "R", "C", "Rust", "Spring", "Excel", "Swift", "C++", "C#",
    "Node.js", "NodeJS", "R&D", "TCP/IP", "CI/CD", "front-end", "e-commerce", "Python 3",
    "Straße", "Zürich", "café", "Ｇｏ", "Kafka", "Apache Kafka", "Spark", "gRPC",
    "Google RPC", "Go Go", "optimisation", "modelling", "ML", "JS", "F#", "ß", "ﬁle",
]  # fmt: skip
WORDS = [
    *TERMS, "Kubеrnetes", "Kubernetes’", "Ｋｕｂｅｒｎｅｔｅｓ", "K8S", "KUBE", "kuber",
    "postgres", "POSTGRESQL", "pgsql", "tests", "testing", "unit", "go", "GO", "going",
    "R&D", "R", "r", "C++", "C+", "C#x", "Node", "js", "JS", "Rusty", "Rust's", "Excel at",
    "Spring is", "Go to", "Go,", "Go developer", "optimization", "optimising", "modeling",
    "STRASSE", "strasse", "Zurich", "cafe", "café", "ﬁle", "ﬂow", "İstanbul", "ı", "K",
    "ſ", "ǅ", "e", "ec", "eco", "commerce", "mL", "x", "_", "a_b", "٣", "東京", "가",
    "ᄀ", "ᅡ", "é", "\u0301", "ﬀ", "ß", "ẞ", "Σ", "ς", "Kafka", "Apache", "Spark",
    "PySpark", "gRPC", "Google", "RPC", "to", "the", "with", "of", "Haskell", "hash",
    "Sсаla", "Кubеrnеtеs", "Gο", "Rυst", "xGo", "xR", "kub", "Kub",
]  # fmt: skip
SEPARATORS = [
    " ", "  ", "-", ".", "/", "_", "'", "’", "\u00a0", "\u2010", "\u2011", "&", "+", "#",
    ", ", ". ", "! ", "? ", "\n", "\n\n", "\t", ": ", "; ", "(", ")", "“", "”", "\u00ad",
    " - ", "...", "", "+ +", "—",
]  # fmt: skip
pieces = st.one_of(
    st.sampled_from(WORDS),
    st.sampled_from(SEPARATORS),
    st.text(alphabet="aAbBcCeErRgGoOsSkK8+#&-./ _'\u00a0éßİıＳｋ東\u0301\nсаеο", max_size=4),
)
texts = st.lists(pieces, max_size=60).map("".join)
terms = st.one_of(st.sampled_from(TERMS), st.text(max_size=12))


# --------------------------------------------------------------------------- properties


@settings(max_examples=1500, deadline=None)
@given(texts, terms)
@example("", "Go")
@example("Go to the office. Go, Python and R&D. R is fine", "R")
@example("C#x C++ c++ R&D&R", "C++")
@example("use C++ and C# and C here", "C")
@example("F# or F, F#x", "F#")
@example("a.a.a R&D.R&D", "R&D")
def test_find_term_is_the_index_search(text: str, term: str) -> None:
    assert find_term(term, text) == old_find_term(term, text)


@st.composite
def parts(draw: st.DrawFn) -> tuple[str, int, int]:
    """A text and a part of it, its ends often inside a word (and sometimes outside)."""
    text = draw(texts)
    a = draw(st.integers(-2, len(text) + 2))
    b = draw(st.integers(-2, len(text) + 2))
    return text, min(a, b), max(a, b)


@settings(max_examples=2000, deadline=None)
@given(parts(), terms)
@example(("xGo developer", 1, 13), "Go")
@example(("xR&D", 1, 4), "R&D")
@example(("Kubernetes", 1, 10), "Kubernetes")
@example(("a.a.a", 2, 5), "a.a")
def test_find_term_in_is_find_term_inside_the_part(part: tuple[str, int, int], term: str) -> None:
    text, low, high = part
    expected = [s for s in old_find_term(term, text) if low <= s[0] and s[1] <= high]
    assert find_term_in(term, text, low, high) == expected


@settings(max_examples=1000, deadline=None)
@given(st.one_of(texts, st.text(max_size=80)))
def test_skeleton_is_the_translation(text: str) -> None:
    assert skeleton(text) == old_skeleton(text)


@settings(max_examples=500, deadline=None)
@given(st.one_of(texts, st.text(max_size=80)), terms)
def test_find_term_on_any_text_is_the_index_search(text: str, term: str) -> None:
    assert find_term(term, text) == old_find_term(term, text)
    assert find_term(term, skeleton(text)) == old_find_term(term, old_skeleton(text))


def test_a_long_text_is_searched_as_the_index_did() -> None:
    text = " ".join(WORDS * 40) + ". " + "; ".join(reversed(WORDS * 20))
    for term in TERMS:
        assert find_term(term, text) == old_find_term(term, text), term
        expected = [s for s in old_find_term(term, text) if 500 <= s[0] and s[1] <= 2500]
        assert find_term_in(term, text, 500, 2500) == expected, term


def test_every_strict_name_has_words() -> None:
    """A short or everyday name is looked up by its first word as written."""
    for name in equivalence.common_words().values():
        for form in forms(name):
            assert form.words, name


# --------------------------------------------------------------------------- the verifier


def old_term_spans(
    term: str,
    forms_: list[str],
    text: str,
    quote: tuple[int, int],
    folded: object = None,
) -> list[tuple[int, int]]:
    """verify._term_spans as it was: the whole text searched, then kept inside the quote,
    and the quote folded again on its own (not read from the text's normal form)."""
    if not equivalence.is_strict(term):
        folded = verify._fold_with_offsets(text[quote[0] : quote[1]])
        found = [span for span in (verify._locate(form, folded) for form in forms_) if span]
        if found:
            return [(quote[0] + start, quote[0] + end) for start, end in found]
    return [
        span for span in old_find_term(term, text) if quote[0] <= span[0] and span[1] <= quote[1]
    ]


@st.composite
def cases(draw: st.DrawFn) -> tuple[Draft, str, str]:
    """Texts, claims quoting runs of their words (so mostly found), each about a name in
    its job quote or a generated term."""
    sentence = st.lists(st.sampled_from(WORDS), min_size=1, max_size=8).map(" ".join)
    lines = st.lists(st.one_of(sentence, texts), min_size=1, max_size=6)
    profile = draw(lines.map(". ".join))
    job = draw(lines.map(". ".join))

    def part(text: str) -> str:
        bounds = sorted({0, len(text), *(i for m in _TOKEN.finditer(text) for i in m.span())})
        low = draw(st.sampled_from(bounds))
        return text[low : draw(st.sampled_from([i for i in bounds if i >= low][:12]))]

    def claim(gap: bool) -> Claim:
        job_quote = part(job)
        words = _TOKEN.findall(job_quote)
        term = draw(st.one_of(terms, st.sampled_from(words))) if words else draw(terms)
        return Claim(term=term, job_quote=job_quote, profile_quote="" if gap else part(profile))

    matches = [claim(False) for _ in range(draw(st.integers(0, 3)))]
    gaps = [claim(True) for _ in range(draw(st.integers(0, 3)))]
    return Draft(matches=matches, gaps=gaps), profile, job


@settings(max_examples=500, deadline=None)
@given(cases())
def test_the_verifier_keeps_what_it_kept(case: tuple[Draft, str, str]) -> None:
    draft, profile, job = case
    found = verify.verify_draft(draft, profile, job)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(verify, "_term_spans", old_term_spans)
        assert found == verify.verify_draft(draft, profile, job)
