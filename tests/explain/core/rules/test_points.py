"""The point rules and the framing vocabulary (explain.core.rules.points)."""

from __future__ import annotations

import pytest

from explain.core.rules.points import (
    FRAMING_PATH,
    GAP_SENTENCE,
    MATCH_SENTENCE,
    FramingVocabulary,
    RewriteReason,
    backing_words,
    code_point,
    framing_vocabulary,
    point_rewrite,
    read_vocabulary,
    unsupported_words,
)
from explain.core.verify import normalize

JAVA = backing_words(normalize("Java (Intermediate, 3 years)"), normalize("Build secure Java APIs"))
AWS = backing_words("", normalize("deploy services on AWS"), "aws")


def rewrite(point: str, kind: str = "match", backing: set[str] = JAVA) -> RewriteReason | None:
    normal = normalize(point)
    names = "java" in normal or "aws" in normal
    return point_rewrite(normal, kind, backing=backing, names_term=names)


@pytest.mark.parametrize(
    "point",
    [
        "You are a perfect match for this role.",
        "Fit score: 9/10",
        "You are a Java expert.",
        "You are the strongest candidate for Java.",
        "Java: 95% match.",
        "You will get this Java job.",
        "You should apply: Java.",
        "You should not apply without Java.",
        "You meet every requirement, Java included.",
        "Java is guaranteed to impress.",
        "We recommend Java.",
        "Your Java ranks 3 out of 5.",
    ],
)
def test_judging_scoring_promising_or_advising_is_rewritten(point: str) -> None:
    assert rewrite(point) is RewriteReason.POINT_JUDGES


@pytest.mark.parametrize(
    "point",
    [
        "You lack AWS skills.",
        "You don't have AWS.",
        "You have no AWS experience.",
        "No experience with AWS.",
        "You are not familiar with AWS.",
        "You never used AWS.",
        "Your lack of AWS.",
    ],
)
def test_a_gap_that_blames_the_person_is_rewritten(point: str) -> None:
    assert rewrite(point, "gap", AWS) is RewriteReason.GAP_BLAMES_PERSON


@pytest.mark.parametrize(
    "point",
    [
        "AWS is not shown in your profile.",
        "Your profile does not mention AWS.",
        "Your profile doesn't mention AWS; this job asks for it.",
        "This job asks for AWS; it is not shown in your profile.",
    ],
)
def test_a_gap_about_the_profile_is_shown_as_written(point: str) -> None:
    assert rewrite(point, "gap", AWS) is None


@pytest.mark.parametrize(
    "point",
    [
        "You do not know Java.",
        "Java, but not in APIs.",
        "Your profile mentions Java rather than APIs.",
        "Java isn't in your profile.",
    ],
)
def test_a_match_that_negates_itself_is_rewritten(point: str) -> None:
    # Counted as unsupported: the quotes back a match, not its opposite.
    assert rewrite(point) is RewriteReason.POINT_UNSUPPORTED


@pytest.mark.parametrize(
    ("point", "reason"),
    [
        ("You have 10 years of Java experience.", RewriteReason.POINT_UNSUPPORTED),
        ("You built Java microservices.", RewriteReason.POINT_UNSUPPORTED),
        ("Your profile and this job.", RewriteReason.POINT_UNSUPPORTED),  # names no term
        ("Your profile mentions Java, and this job asks for it.", None),
        ("Your profile lists Java (3 years); this job asks for secure Java APIs.", None),
        ("Java", None),  # only the term
        ("JAVA, 3 YEARS, INTERMEDIATE.", None),
        ("Your profile mentions Java's API.", None),  # possessive ending, plural rule
    ],
)
def test_every_content_word_is_backed(point: str, reason: RewriteReason | None) -> None:
    assert rewrite(point) is reason


def test_unsupported_words_are_listed() -> None:
    assert unsupported_words(normalize("You built 10 Java microservices."), JAVA) == [
        "built",
        "10",
        "microservices",
    ]


def test_the_code_written_sentences_pass_their_own_rules() -> None:
    for kind, sentence, backing in (("match", MATCH_SENTENCE, JAVA), ("gap", GAP_SENTENCE, AWS)):
        term = "Java" if kind == "match" else "AWS"
        point = code_point(kind, term)
        assert point == sentence.format(term=term)
        assert rewrite(point, kind, backing) is None


def test_the_framing_vocabulary_is_small_reviewed_and_free_of_judgment() -> None:
    entries = read_vocabulary(FRAMING_PATH.read_text(encoding="utf-8"))
    assert 50 <= len(entries) <= 200
    assert len(set(entries)) == len(entries), "an entry is listed twice"
    vocabulary = framing_vocabulary()
    # Negations are framing only inside phrases such as "not shown".
    for word in ("not", "no", "never", "without", "perfect", "expert", "years"):
        assert word not in vocabulary.words, word
    assert vocabulary.covered(["not", "shown"]) == [True, True]
    assert vocabulary.covered(["not", "qualified"]) == [False, False]


def test_a_vocabulary_reads_words_and_phrases() -> None:
    vocabulary = FramingVocabulary(read_vocabulary("# c\n\nYour\nasks for\n"))
    assert len(vocabulary) == 2
    assert vocabulary.covered(["your", "job", "asks", "for"]) == [True, False, True, True]
    assert vocabulary.covered(["for"]) == [False]


@pytest.mark.parametrize(
    "point",
    ["", " ", "\u202e", "x" * 10_000, "ﷺ" * 50, "日本語のポイント", "\U0001f600 Java"],
)
def test_any_text_gets_a_clear_answer(point: str) -> None:
    for kind in ("match", "gap"):
        result = point_rewrite(normalize(point), kind, backing=JAVA, names_term=False)
        assert result is None or isinstance(result, RewriteReason)


@pytest.mark.parametrize(
    ("point", "backing"),
    [
        # Every word is framing ("not shown" is a gap phrase) or the term: only the
        # negation rule stands between this match and the user.
        ("Java is not shown in your profile.", JAVA),
        # Every word is in the quotes, "not" included.
        (
            "Your profile mentions Java, not Kotlin.",
            backing_words(normalize("Java, not Kotlin"), normalize("Build secure Java APIs")),
        ),
    ],
)
def test_a_match_that_negates_itself_is_rewritten_even_when_its_words_are_backed(
    point: str, backing: set[str]
) -> None:
    assert unsupported_words(normalize(point), backing) == []
    assert rewrite(point, "match", backing) is RewriteReason.POINT_UNSUPPORTED
    # The same words as a gap do not negate a match: framing and quotes back them.
    assert rewrite(point, "gap", backing) is None


@pytest.mark.parametrize(
    ("point", "missing"),
    [
        # Only after an apostrophe is "s" (or "d", "t", ...) an ending; alone it is a word.
        ("Java s", ["s"]),
        ("Java d'angelo", ["d", "angelo"]),
        # A word after an apostrophe that is no ending is still checked.
        ("Java rock'n'roll", ["rock", "n", "roll"]),
        # An ending is skipped, and the words after it are still checked.
        ("Java's microservices", ["microservices"]),
        ("Java's 10 years", ["10"]),
    ],
)
def test_apostrophe_endings_excuse_only_themselves(point: str, missing: list[str]) -> None:
    assert unsupported_words(normalize(point), JAVA) == missing
