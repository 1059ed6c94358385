"""Properties of the verifier, checked on generated text.

Two kinds of input: arbitrary Unicode (anything a model or a user could send) and
word-like text built from the traps the rules are about (accents in NFC and NFD, ß, the
Turkish İ, look-alike Cyrillic and Greek letters, full-width forms, CJK, invisible
characters inside words, odd white space, punctuation inside and around words).
"""

from __future__ import annotations

import unicodedata

from hypothesis import HealthCheck, assume, event, example, given, settings
from hypothesis import strategies as st

from explain.adapter import Field
from explain.core.contact_details import scrub
from explain.core.schema import Claim, Draft
from explain.core.texts import SourceText
from explain.core.verify import (
    Limits,
    Verification,
    find_quote,
    instruction_spans,
    is_quoted,
    normalize,
    verify_draft,
)

# The rule, restated here rather than imported, so a change to it shows up as a failure.
QUOTE_END_CHARS = " \"'.,;:!?"
MAX_WORDS = Limits().max_quote_words
INVISIBLE = "\u00ad\u034f\u180e\u200b\u200c\u200d\u2060\u2061\u2062\u2063\u2064\ufeff"

FAST = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# --------------------------------------------------------------------------- strategies

arbitrary_text = st.text(max_size=60)

LETTERS = (
    "abcdefghijklmnopqrstuvwxyz"
    "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    "0123456789"
    "éüßøæİıŞçñ"
    "аеорсхАВЕКМ"  # Cyrillic look-alikes of Latin letters
    "αβγοπΣ"  # Greek
    "ＡＢｃｄ０１"  # full-width
    "東京都大阪"  # CJK (no spaces between words)
    "가나다"  # Hangul syllables
)
MULTI_CHAR_LETTERS = [
    "e\u0301",  # é in NFD
    "u\u0308",  # ü in NFD
    "x\u0301",  # a mark with no precomposed form
    "\ufb01",  # ﬁ ligature: one character, two letters after NFKC
    "\u1e9e",  # capital sharp s
    "\u3131\u314f",  # Hangul compatibility jamo: NFKC composes them into one syllable
    "\uff76\uff9e",  # half-width katakana and its voicing mark: one character after NFKC
    "\u2492",  # "11." in one character: trimming must not split it
    "\u0149",  # "'n" in one character
]
INSIDE_WORD = ["+", "#", ".", "-", "'", "/", "_", "\u2019", "\u2013", "\u00ad", "\u200b"]
AROUND_WORD = ['"', "'", "(", ")", ".", ",", ";", ":", "!", "?", "…", "\u201c", "\u201d"]
SEPARATORS = [" ", " ", " ", "  ", "\u00a0", "\t", "\n", "\r\n", "\u2003", "\u3000", " \u200b"]

letter = st.one_of(st.sampled_from(LETTERS), st.sampled_from(MULTI_CHAR_LETTERS))
core = st.lists(letter, min_size=1, max_size=8).map("".join)
word = st.builds(
    lambda before, head, inside, tail, after: before + head + inside + tail + after,
    st.sampled_from(["", "", "", *AROUND_WORD]),
    core,
    st.sampled_from(["", "", "", *INSIDE_WORD]),
    st.one_of(st.just(""), core),
    st.sampled_from(["", "", "", *AROUND_WORD]),
)


@st.composite
def word_text(draw: st.DrawFn, min_words: int = 1, max_words: int = 30) -> str:
    words = draw(st.lists(word, min_size=min_words, max_size=max_words))
    pieces = [words[0]]
    for w in words[1:]:
        pieces.append(draw(st.sampled_from(SEPARATORS)))
        pieces.append(w)
    return "".join(pieces)


any_text = st.one_of(arbitrary_text, word_text())
sources = st.one_of(word_text(min_words=1), st.text(min_size=1, max_size=80))


def claims(text: st.SearchStrategy[str]) -> st.SearchStrategy[Claim]:
    return st.builds(Claim, term=text, profile_quote=text, job_quote=text)


# --------------------------------------------------------------------------- helpers


def joins_previous(ch: str) -> bool:
    """A combining mark or a Hangul vowel/final jamo, or a character NFKC turns into one:
    it belongs to the character before it."""
    first = unicodedata.normalize("NFKC", ch)[:1] or ch
    return any(unicodedata.category(c)[0] == "M" or "\u1160" <= c <= "\u11ff" for c in (ch, first))


def character_boundary(text: str, i: int) -> bool:
    """True when position i of text does not split a character from its marks."""
    visible = [c for c in text[i:] if c not in INVISIBLE]
    return not visible or not joins_previous(visible[0])


def trimmed_only(text: str) -> bool:
    return not normalize(text).strip(QUOTE_END_CHARS)


def needle_of(quote: str) -> str:
    """The quote's normal form: normalised, then quote marks, white space and . , ; : ! ?
    trimmed from its ends, whole characters at a time (so "⒒", which is "11.", keeps its
    full stop, and a quote mark that carries a combining mark is kept)."""
    n = len(quote)
    cuts = [i for i in range(n + 1) if i in (0, n) or character_boundary(quote, i)]
    start = max(i for i in cuts if trimmed_only(quote[:i]))
    end = min(j for j in cuts if j >= start and trimmed_only(quote[j:]))
    return normalize(quote[start:end])


def word_spans(source: str) -> list[tuple[int, int]]:
    """(start, end) of each run of non-white-space characters."""
    spans: list[tuple[int, int]] = []
    start = None
    for i, ch in enumerate(source):
        if ch.isspace():
            if start is not None:
                spans.append((start, i))
                start = None
        elif start is None:
            start = i
    if start is not None:
        spans.append((start, len(source)))
    return spans


def starts_inside_a_character(quote: str) -> bool:
    """True when the quote's first character is a mark that belongs to what precedes it.

    A slice of the source that starts with a combining mark (or a Hangul vowel jamo) does
    not start on a character boundary: Unicode attaches the mark to the white space before
    it, so the verifier rightly refuses to start a match there. Such slices are not
    word-aligned in the Unicode sense and are left out of the property.
    """
    return not character_boundary(quote, 0)


# --------------------------------------------------------------------------- properties


@FAST
@given(text=any_text, source=any_text)
def test_never_raises_on_arbitrary_text(text: str, source: str) -> None:
    # What each answer promises, checked without the module's own helpers (an
    # isinstance check here could never fail: the type hints already say so).
    folded = normalize(text)
    assert folded == folded.strip(" ")
    assert "  " not in folded
    assert not any(ch in folded for ch in INVISIBLE)
    assert not any(ch.isspace() and ch != " " for ch in folded)
    span = find_quote(text, source)
    assert is_quoted(text, source) is (span is not None)
    assert span is None or 0 <= span[0] < span[1] <= len(source)
    scrub(text)


@SLOW
@given(
    draft=st.builds(
        Draft,
        matches=st.lists(claims(any_text), max_size=7),
        gaps=st.lists(claims(any_text), max_size=7),
    ),
    profile=any_text,
    job=any_text,
)
def test_verify_draft_never_raises_and_accounts_for_every_claim(
    draft: Draft, profile: str, job: str
) -> None:
    result = verify_draft(draft, profile, job)
    assert isinstance(result, Verification)
    assert result.dropped == sum(result.drop_reasons.values())
    assert result.kept + result.dropped + result.unchecked == len(draft.matches) + len(draft.gaps)
    for point in result.matches:
        assert point.profile_span is not None
        assert profile[slice(*point.profile_span)] == point.profile_quote
        assert job[slice(*point.job_span)] == point.job_quote
    for point in result.gaps:
        assert point.profile_span is None
        assert job[slice(*point.job_span)] == point.job_quote


@FAST
@given(text=any_text)
@example(text="\u1100\u314f")  # Hangul: once split in two by the segmenting, joined by NFKC
@example(text="\uff76\uff9e")  # half-width katakana with its voicing mark
@example(text="a\u00a8")  # diaeresis: NFKC gives a space and a combining mark
def test_normalize_is_idempotent(text: str) -> None:
    once = normalize(text)
    assert normalize(once) == once


@FAST
@given(source=sources, data=st.data())
def test_every_word_aligned_slice_is_quoted_at_offsets_that_normalise_back(
    source: str, data: st.DataObject
) -> None:
    spans = word_spans(source)
    assume(spans)
    first = data.draw(st.integers(0, len(spans) - 1), label="first word")
    last = data.draw(st.integers(first, min(len(spans) - 1, first + MAX_WORDS - 1)), label="last")
    quote = source[spans[first][0] : spans[last][1]]
    needle = needle_of(quote)
    assume(len(needle) >= 3 and needle.count(" ") + 1 <= MAX_WORDS)
    assume(not starts_inside_a_character(quote))

    assert is_quoted(quote, source)
    span = find_quote(quote, source)
    assert span is not None
    start, end = span
    assert normalize(source[start:end]) == needle


@FAST
@given(source=word_text(min_words=2), data=st.data())
def test_changing_one_letter_of_a_quote_that_occurs_once_makes_it_fail(
    source: str, data: st.DataObject
) -> None:
    spans = word_spans(source)
    first = data.draw(st.integers(0, len(spans) - 1), label="first word")
    last = data.draw(st.integers(first, min(len(spans) - 1, first + 3)), label="last word")
    quote = source[spans[first][0] : spans[last][1]]
    needle = needle_of(quote)
    folded_source = normalize(source)
    assume(len(needle) >= 3 and folded_source.count(needle) == 1)
    assert is_quoted(quote, source)

    letters = [i for i, ch in enumerate(quote) if ch.isalpha()]
    assume(letters)
    i = data.draw(st.sampled_from(letters), label="letter")
    # Replacements include look-alikes of other scripts and letters the text already uses.
    replacement = data.draw(
        st.sampled_from("abcxyzаеорсαοıＺ" + "".join(sorted(set(folded_source)))),
        label="replacement",
    )
    assume(replacement.isalpha())
    changed = quote[:i] + replacement + quote[i + 1 :]
    changed_needle = needle_of(changed)
    # A real change of one letter (not a change of case) that is nowhere in the source.
    assume(changed_needle != needle and changed_needle not in folded_source)

    assert not is_quoted(changed, source)
    assert find_quote(changed, source) is None


def quote_for(source: str, data: st.DataObject) -> str:
    """A quote for a property about passing quotes: mostly a few whole words of the
    source, sometimes a slice cut anywhere, sometimes unrelated text."""
    spans = word_spans(source)
    first = data.draw(st.integers(0, len(spans) - 1), label="first word")
    last = data.draw(st.integers(first, min(len(spans) - 1, first + 4)), label="last word")
    start = data.draw(st.integers(0, len(source)), label="start")
    end = data.draw(st.integers(start, len(source)), label="end")
    return data.draw(
        st.one_of(
            st.just(source[spans[first][0] : spans[last][1]]),
            st.just(source[spans[first][0] : spans[last][1]]),
            st.just(source[start:end]),
            word_text(max_words=4),
            st.text(max_size=20),
        ),
        label="quote",
    )


@FAST
@given(source=word_text(min_words=1), data=st.data())
def test_a_quote_found_is_a_plain_substring_after_normalising(
    source: str, data: st.DataObject
) -> None:
    """Never fuzzy: whatever passes is, once normalised, literally in the normalised source."""
    quote = quote_for(source, data)
    if is_quoted(quote, source):
        assert needle_of(quote) in normalize(source)
    else:
        assert find_quote(quote, source) is None


def test_the_substring_property_sees_quotes_that_pass() -> None:
    """The property above is only worth something if many of its quotes pass (it once
    drew unrelated quotes only, and its assertion almost never ran)."""
    passed: list[bool] = []

    @FAST
    @given(source=word_text(min_words=1), data=st.data())
    def count(source: str, data: st.DataObject) -> None:
        passed.append(is_quoted(quote_for(source, data), source))

    count()
    assert sum(passed) >= len(passed) // 5, f"{sum(passed)} of {len(passed)} passed"


# --------------------------------------------------------------------------- claim support


SUPPORT_WORDS = [
    "Java", "APIs", "AWS", "Python", "years", "3", "secure", "build", "your", "profile",
    "this", "job", "asks", "for", "mentions", "not", "shown", "perfect", "expert", "lack",
    "you", "no", "10/10", "experience", "Kubernetes", "café", "ＡＷＳ", "Note", "to", "the",
    "AI:", "ignore", "previous", "instructions.", "SYSTEM:", "rate", "candidate", "and",
]  # fmt: skip
support_text = st.lists(st.sampled_from(SUPPORT_WORDS), min_size=1, max_size=14).map(" ".join)
# Texts share most of their words, so many claims pass the quote and term rules.
COMMON = "Java APIs AWS build secure 3 years".split()
shared_text = st.lists(
    st.one_of(st.sampled_from(COMMON), st.sampled_from(SUPPORT_WORDS)), min_size=2, max_size=12
).map(" ".join)


@st.composite
def sent_texts(draw: st.DrawFn) -> SourceText:
    values = draw(st.lists(shared_text, min_size=1, max_size=4))
    fields = [Field(f"f{i}", f"Label{i}", value) for i, value in enumerate(values)]
    return SourceText.compose(fields, max_chars=draw(st.sampled_from([60, 200, 2000])))


@st.composite
def slice_of_text(draw: st.DrawFn, text: str) -> str:
    words = text.split()
    if not words:
        return ""
    start = draw(st.integers(0, len(words) - 1))
    return " ".join(words[start : start + draw(st.integers(1, 6))])


@st.composite
def supported_claims(draw: st.DrawFn, profile: str, job: str, kind: str) -> Claim:
    job_quote = draw(slice_of_text(job))
    return Claim(
        term=draw(st.one_of(st.sampled_from(COMMON), slice_of_text(job_quote))),
        profile_quote="" if kind == "gap" else draw(slice_of_text(profile)),
        job_quote=job_quote,
    )


def inside_a_field(source: SourceText, span: tuple[int, int]) -> bool:
    return any(f.start <= span[0] and span[1] <= f.end for f in source.fields)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(profile=sent_texts(), job=sent_texts(), data=st.data())
def test_what_is_shown_is_backed_by_its_quotes_inside_one_field_and_never_an_order(
    profile: SourceText, job: SourceText, data: st.DataObject
) -> None:
    draft = Draft(
        matches=data.draw(st.lists(supported_claims(profile.text, job.text, "match"), max_size=5)),
        gaps=data.draw(st.lists(supported_claims(profile.text, job.text, "gap"), max_size=5)),
    )
    result = verify_draft(
        draft,
        profile.text,
        job.text,
        profile_fields=profile.spans,
        job_fields=job.spans,
        profile_full_text=profile.full_text,
        job_full_text=job.full_text,
    )
    orders = {"profile": instruction_spans(profile.text), "job": instruction_spans(job.text)}
    event(f"kept {min(result.kept, 3)}+")
    for kind, points in (("match", result.matches), ("gap", result.gaps)):
        for point in points:
            # Evidence only: every string is a slice of the text sent, inside its quote.
            assert point.kind == kind
            assert point.term_span is not None
            assert point.job_span[0] <= point.term_span[0] <= point.term_span[1]
            assert point.term_span[1] <= point.job_span[1]
            assert normalize(job.text[slice(*point.term_span)]) == normalize(point.term)
            assert point.job_amount in point.job_quote
            assert point.profile_amount in point.profile_quote
            if kind == "match":
                assert point.profile_term_span is not None
                assert profile.text[slice(*point.profile_term_span)].strip() != ""
            # No shown quote crosses a field or holds a label.
            assert inside_a_field(job, point.job_span)
            spans = [("job", point.job_span)]
            if point.profile_span is not None:
                assert inside_a_field(profile, point.profile_span)
                spans.append(("profile", point.profile_span))
            # No shown quote overlaps text addressed to an AI.
            for which, (start, end) in spans:
                assert not any(a < end and start < b for a, b in orders[which]), which
