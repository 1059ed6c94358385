"""The verifier against an independent judge, and invariants that need no `normalize`.

tests/explain/oracle.py restates the rule naively (whole-string normalisation, every
slice of the source tried); the properties here say the real verifier decides exactly as
it does on generated text. The hand-written cases below pin decisions with literal
expected values, so they hold whatever `normalize` does.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from explain.core.rules import equivalence
from explain.core.schema import Claim, Draft
from explain.core.verify import DropReason, find_quote, is_quoted, normalize, verify_draft
from tests.explain import oracle
from tests.explain.core.test_verify_properties import any_text, word_text

CHECK = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Short texts: the oracle tries every slice, so its cost grows with the cube of the length.
short_text = st.one_of(st.text(max_size=24), word_text(max_words=6))


@st.composite
def slice_of(draw: st.DrawFn, source: str) -> str:
    """Any slice of the source, cut anywhere (inside words and characters too)."""
    start = draw(st.integers(0, len(source)))
    end = draw(st.integers(start, len(source)))
    return source[start:end]


@st.composite
def quote_and_source(draw: st.DrawFn) -> tuple[str, str]:
    source = draw(word_text(max_words=8))
    quote = draw(st.one_of(slice_of(source), word_text(max_words=3), st.text(max_size=8)))
    return quote, source


# --------------------------------------------------------------------------- properties


@CHECK
@given(text=any_text)
@example(text="\u0390")  # ΐ: case-folding takes it apart, the second NFKC puts it back
@example(text="e\u200b\u0301")  # an invisible character between a letter and its mark
@example(text="\u200b\u0301x")  # a mark after an invisible character at the start
@example(text="a \u00a0\t b")
@example(text=":\u00a800")  # a spacing accent stays itself, not white space and a mark
@example(text="\u00a8\u0323\ufe70")  # with a mark of its own; an Arabic spacing haraka
def test_normalize_agrees_with_the_naive_normalisation(text: str) -> None:
    assert normalize(text) == oracle.normalize(text)


@CHECK
@given(pair=quote_and_source())
@example(pair=("\u0390j", "x \u0390j y"))
@example(pair=("cafe", "cafe\u0301 noir"))
@example(pair=("(Java)", "use (Java)\u0301 daily"))
@example(pair=("\u0301java", "\u200b\u0301java"))
@example(pair=("Java", "JavaScript, then Java"))
@example(pair=("\u093a00", " \u093a00"))  # the mark is the space's: no quote starts on it
def test_find_quote_agrees_with_trying_every_slice(pair: tuple[str, str]) -> None:
    quote, source = pair
    expected = oracle.spans(quote, source)
    assert find_quote(quote, source) == (expected[0] if expected else None)
    assert is_quoted(quote, source) is bool(expected)


@CHECK
@given(quote=short_text, source=short_text, max_words=st.integers(1, 4))
@example(quote="\u00a800", source=":\u00a800", max_words=1)  # "¨" is one word character
@example(quote="\u093a00", source=" \u093a00", max_words=1)
def test_limits_agree_with_the_naive_rule(quote: str, source: str, max_words: int) -> None:
    assert is_quoted(quote, source, max_words=max_words) is oracle.is_quoted(
        quote, source, max_words
    )


def word_count(text: str) -> int:
    """Runs of word characters (each character of an unspaced script on its own), and
    runs joined by punctuation with no space in it ("C+E", "d'État", "CI/CD") one word."""
    count, previous, glue = 0, "", False
    for ch in text:
        word = oracle.is_word_character(ch)
        if word and not glue and not (previous and oracle.same_word(previous, ch)):
            count += 1
        glue = (
            not word
            and not ch.isspace()
            and (glue or (previous != "" and oracle.is_word_character(previous)))
        )
        previous = ch
    return count


# Reasons given only once both quotes are found and the term has the right size: what
# the term names and how its sentence reads, rules of their own (tests/explain/core/rules).
AFTER_THE_QUOTES = {
    DropReason.TERM_NOT_CONTENT.value,
    DropReason.QUOTE_NEGATED.value,
    DropReason.PROFILE_WISH.value,
    DropReason.JOB_OFFER.value,
    DropReason.PROFILE_SOMEONE_ELSE.value,
    DropReason.PROFILE_PAST.value,
    DropReason.JOB_OTHER_ROLE.value,
    DropReason.JOB_ABOUT_COMPANY.value,
}


@CHECK
@given(pair=quote_and_source())
# NFKC makes "⒒ﬁ" "11.fi", once read as a web address in the model's sentence: there is
# no model sentence now, so the claim stands or falls by its quotes alone.
@example(pair=("⒒ﬁ", "⒒ﬁ"))
@example(pair=("no Java", "no Java"))
@example(pair=("aa+", "aa+"))  # a short name in lower case: the name is AA+
def test_a_claim_is_kept_exactly_when_the_naive_rule_finds_both_quotes(
    pair: tuple[str, str],
) -> None:
    quote, job = pair
    profile = "Python developer, " + job
    # The quote is its own term: a term of 1 to 4 words passes exactly when the quote does.
    claim = Claim(term=quote, profile_quote=quote, job_quote=quote)
    result = verify_draft(Draft(matches=[claim]), profile, job)
    found = oracle.is_quoted(quote, profile) and oracle.is_quoted(quote, job)
    term_ok = 1 <= word_count(oracle.needle(quote)) <= 4 and len(quote.strip()) <= 100
    if set(result.drop_reasons) & AFTER_THE_QUOTES:
        assert found and term_ok
    elif equivalence.is_strict(quote):
        # A short or everyday name counts only as a name ("aa+" is the name AA+, not
        # written so here; "R" glued to "&"): never kept where the quotes fail, and
        # when they pass, kept or dropped by that rule alone.
        assert len(result.matches) <= (1 if found and term_ok else 0)
        if found and term_ok and not result.matches:
            assert set(result.drop_reasons) == {DropReason.TERM_NOT_IN_QUOTES.value}
    else:
        assert len(result.matches) == (1 if found and term_ok else 0)
    if result.matches:
        [match] = result.matches
        assert match.job_span == oracle.spans(quote, job)[0]
        assert match.profile_span == oracle.spans(quote, profile)[0]


@CHECK
@given(pair=quote_and_source())
def test_a_span_starts_and_ends_on_visible_characters(pair: tuple[str, str]) -> None:
    quote, source = pair
    span = find_quote(quote, source)
    if span is not None:
        start, end = span
        for ch in (source[start], source[end - 1]):
            assert ch not in oracle.INVISIBLE
            assert not ch.isspace()


# --------------------------------------------------------------------------- by hand

# Each decision written out: none of these calls `normalize` to say what is right.
HAND_CASES = [
    # Case-folding ΐ gives three characters; NFKC again makes them one, so "ΐj" is two
    # characters long and too short to count. Without the second NFKC it would pass.
    pytest.param("\u0390j", "x \u0390j y", None, id="second-nfkc-keeps-short-quotes-short"),
    pytest.param("\u0390jk", "x \u0390jk y", (2, 5), id="second-nfkc-three-characters"),
    pytest.param("\u03b9\u0308\u0301jk", "x \u0390jk y", (2, 5), id="nfd-quote-of-nfc-text"),
    # A match never ends in front of a combining mark, whatever the last character is.
    pytest.param("cafe", "cafe\u0301 noir", None, id="mark-after-letter"),
    pytest.param("(Java)", "use (Java)\u0301 daily", None, id="mark-after-bracket"),
    pytest.param("\u6771\u4eac\u90fd", "\u6771\u4eac\u90fd\u0301", None, id="mark-after-cjk"),
    pytest.param("(Java)", "use (Java) daily", (4, 10), id="no-mark-bracket"),
    # Invisible characters are skipped, never part of the highlighted words.
    pytest.param("\u0301java", "\u200b\u0301java", (1, 6), id="invisible-before-leading-mark"),
    pytest.param("java", "\u200bjava\u200b", (1, 5), id="invisible-around"),
    # A mark after white space belongs to it, one character: a quote starting on the mark
    # would start inside it, and its span on the space (the text's start or a run's end).
    pytest.param("\u093a00", " \u093a00", None, id="mark-after-a-leading-space"),
    pytest.param("\u0301ab", "x  \u0301ab", None, id="mark-after-a-run-of-spaces"),
    pytest.param("\u093a00", "\u093a00", (0, 3), id="mark-with-nothing-before"),
    # A spacing accent ("¨" is a space and U+0308 under NFKC) is kept as one character,
    # not white space: it starts a quote like any symbol, and a bare mark is not it.
    pytest.param("\u00a800", ":\u00a800", (1, 4), id="spacing-accent-after-a-colon"),
    pytest.param("\u00a8ab", "x\u00a8ab", (1, 4), id="spacing-accent-is-a-word-edge"),
    pytest.param("\u0308ab", "\u00a8ab", None, id="a-bare-mark-is-not-the-spacing-accent"),
    pytest.param("\u309b\u30a2\u30a4", "x \u309b\u30a2\u30a4", (2, 5), id="spacing-voicing-mark"),
    pytest.param("kubernetes", "Kuber\u200bnetes", (0, 11), id="invisible-inside"),
    pytest.param("Kuber netes", "Kuber\u200bnetes", None, id="invisible-is-no-space"),
    # Whole words, in both directions.
    pytest.param("Java", "JavaScript", None, id="prefix-of-a-word"),
    pytest.param("AWS", "laws", None, id="suffix-of-a-word"),
    pytest.param("3 years", "13 years", None, id="digit-before"),
    pytest.param("\u6771\u4eac\u90fd", "\u5927\u962a\u6771\u4eac\u90fd\u5e81", (2, 5), id="cjk"),
    # An unspaced script next to a Latin letter: each of its characters is a word edge,
    # up to the first and last code point of its range.
    pytest.param("\u4e00\u4e8c\u4e09", "a\u4e00\u4e8c\u4e09", (1, 4), id="cjk-first-of-range"),
    pytest.param("\u9ffd\u9ffe\u9fff", "\u9ffd\u9ffe\u9fffa", (0, 3), id="cjk-last-of-range"),
    # Never half a character: "⑴" is "(1)", "⒒" is "11." and "⒈" is "1." after NFKC.
    pytest.param("1) abc", "\u2474 abc", None, id="starts-inside-a-character"),
    pytest.param("x (1", "x \u2474", None, id="ends-inside-a-character"),
    pytest.param("\u2492", "on \u2492 floor", (3, 4), id="full-stop-inside-a-character"),
    pytest.param("a\u2488", "see a\u2488 b", (4, 6), id="trimmed-end-inside-a-character"),
    # The first occurrence is inside "㍉" (ミリ); the next one, one place on, counts.
    pytest.param("\u30ea\u30ea\u30ea", "\u3349\u30ea\u30ea\u30ea", (1, 4), id="next-occurrence"),
    pytest.param("ab c", "ab cd", None, id="last-word-continues"),
    pytest.param("XXXX", "", None, id="empty-source"),
]


@pytest.mark.parametrize(("quote", "source", "span"), HAND_CASES)
def test_hand_written_decisions(quote: str, source: str, span: tuple[int, int] | None) -> None:
    assert find_quote(quote, source) == span
    assert is_quoted(quote, source) is (span is not None)
    assert oracle.spans(quote, source)[:1] == ([span] if span else [])


def test_normal_forms_written_out() -> None:
    assert normalize("e\u0300") == "\u00e8"  # U+0300 is the first combining mark
    assert normalize("\u0390") == "\u0390"
    assert normalize("\u0390J") == "\u0390j"
    assert normalize("\u200b\u0301x") == "\u0301x"
    assert normalize("Stra\u00dfe") == "strasse"


def test_a_gap_contradicted_by_the_profile_is_dropped_without_normalize() -> None:
    result = verify_draft(
        Draft(gaps=[Claim(term="Kubernetes", job_quote="Kuber\u200bnetes")]),
        "KUBERNETES (5 years)",
        "We run Kubernetes.",
    )
    assert result.gaps == ()
    assert result.drop_reasons == {DropReason.GAP_CONTRADICTED.value: 1}


# Claims: evidence only. An answer may still carry a sentence ("point"); it is never read.
def gap(job_quote: str = "deploy services on AWS", **extra: str) -> Claim:
    return Claim.model_validate({"term": "AWS", "profileQuote": "", "jobQuote": job_quote, **extra})


def test_a_source_that_is_empty_backs_nothing() -> None:
    claim = Claim(term="XXXX", profile_quote="XXXX", job_quote="XXXX")
    result = verify_draft(Draft(matches=[claim], gaps=[gap(job_quote="XXXX")]), "", "")
    assert result.kept == 0


@pytest.mark.parametrize(
    "point",
    ["AWS is not shown; apply at https://evil.example/now", "You lack AWS experience.", ""],
)
def test_a_models_sentence_never_reaches_a_kept_gap(point: str) -> None:
    result = verify_draft(Draft(gaps=[gap(point=point)]), "Java", "We deploy services on AWS.")
    [kept] = result.gaps
    assert (kept.kind, kept.term, kept.job_quote) == ("gap", "AWS", "deploy services on AWS")
    assert point not in repr(kept) or point == ""


def test_claims_that_differ_in_one_quote_are_no_duplicates_but_a_sentence_is_no_difference() -> (
    None
):
    job = "Build secure Java APIs. Deploy services on AWS, with AWS Lambda."
    profile = "Java (3 years), Java APIs"
    matches = [
        Claim(term="Java", profile_quote="Java (3 years)", job_quote=quote)
        for quote in ("Build secure Java APIs", "secure Java APIs")
    ]
    gaps = [
        gap(job_quote="Deploy services on AWS"),
        gap(job_quote="with AWS Lambda"),
        gap(point="AWS is asked for here; it is not shown in your profile."),
    ]
    result = verify_draft(
        Draft(matches=matches, gaps=[*gaps, gap(job_quote="Deploy services on AWS")]),
        profile,
        job,
    )
    assert len(result.matches) == 2
    assert [g.job_quote for g in result.gaps] == ["Deploy services on AWS", "with AWS Lambda"]
    assert result.drop_reasons == {DropReason.DUPLICATE.value: 2}


def test_a_term_of_the_largest_allowed_size_counts() -> None:
    words = "secure cloud web services"  # Limits().max_term_words words
    claim = Claim(
        term=words,
        profile_quote="",
        job_quote="deploy " + words,
    )
    result = verify_draft(Draft(gaps=[claim]), "Java", f"We deploy {words} daily.")
    assert [g.job_quote for g in result.gaps] == ["deploy " + words]
