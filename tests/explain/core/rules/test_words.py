"""Words and the plural rule (explain.core.rules.words)."""

from __future__ import annotations

import pytest

from explain.core.rules.words import (
    plural_forms,
    split_words,
    unspaced,
    word_forms,
)
from tests.explain import oracle


@pytest.mark.parametrize(
    ("text", "words", "seps"),
    [
        ("rest apis", ["rest", "apis"], ["", " ", ""]),
        ("c++ and c#", ["c", "and", "c"], ["", "++ ", " ", "#"]),
        ("ci/cd", ["ci", "cd"], ["", "/", ""]),
        ("", [], [""]),
        ("...", [], ["..."]),
        ("東京都", ["東", "京", "都"], ["", "", "", ""]),
        ("cafe\u0301", ["cafe\u0301"], ["", ""]),
    ],
)
def test_split_words(text: str, words: list[str], seps: list[str]) -> None:
    assert split_words(text) == (words, seps)


@pytest.mark.parametrize(
    ("word", "forms"),
    [
        ("api", ("api", "apis", "apies")),
        ("apis", ("apis", "apiss", "apises", "api")),
        ("classes", ("classes", "classess", "classeses", "class", "classe")),
        ("is", ("is",)),  # too short: never loses or gains an "s"
        ("aws", ("aws", "awss", "awses")),  # "aw" would be under 3 characters
        ("3", ("3",)),  # digits take no plural
        ("東京", ("東京",)),
    ],
)
def test_plural_forms(word: str, forms: tuple[str, ...]) -> None:
    assert plural_forms(word) == forms


def test_word_forms_keep_separators_and_vary_each_word() -> None:
    forms = word_forms("rest api")
    assert forms[0] == "rest api"
    assert "rests apis" in forms and "rest apis" in forms
    assert all(" " in f for f in forms)
    assert word_forms("ci/cd") == ["ci/cd"]  # two-letter words take no plural


def test_word_forms_are_bounded() -> None:
    assert len(word_forms("alpha beta gamma delta")) == 81
    assert word_forms("alpha beta gamma delta epsilon") == ["alpha beta gamma delta epsilon"]
    assert word_forms("") == []


@pytest.mark.parametrize(
    ("text", "words", "seps"),
    [
        ("", [], [""]),
        ("Python", ["Python"], ["", ""]),
        ("  CI/CD, 5 years_x!", ["CI", "CD", "5", "years_x"], ["  ", "/", ", ", " ", "!"]),
        ("a-b", ["a", "b"], ["", "-", ""]),
    ],
)
def test_both_ways_give_words_and_the_separators_around_them(text, words, seps):
    assert split_words(text) == (words, seps)
    assert split_words(text) == (words, seps)


def test_non_ascii_text_takes_the_general_loop():
    # "é" and a combining mark are word characters; CJK characters are words of their own.
    assert split_words("café\u0301 東京") == (["café\u0301", "東", "京"], ["", " ", "", ""])


@pytest.mark.parametrize(
    ("text", "words", "seps"),
    [
        # A Latin word next to an unspaced script ends there, on either side.
        ("java東京", ["java", "東", "京"], ["", "", "", ""]),
        ("東java", ["東", "java"], ["", "", ""]),
        # Separators of several characters are kept whole, wherever a word ends.
        ("c++ 東京", ["c", "東", "京"], ["", "++ ", "", ""]),
        ("java, go", ["java", "go"], ["", ", ", ""]),
    ],
)
def test_split_words_at_script_edges_and_long_separators(
    text: str, words: list[str], seps: list[str]
) -> None:
    assert split_words(text) == (words, seps)
    assert split_words(text) == (words, seps)


@pytest.mark.parametrize(
    ("word", "forms"),
    [
        # Only the trailing "es" or "s" of a word that keeps 3 characters comes off.
        ("cases", ("cases", "casess", "caseses", "cas", "case")),
        ("axes", ("axes", "axess", "axeses", "axe")),  # "ax" would be under 3 characters
        ("yes", ("yes", "yess", "yeses")),
        # A word that ends in a digit takes no plural, whatever comes before the digit.
        ("java8", ("java8",)),
        ("v11", ("v11",)),
        # Nor does one that ends in a character of an unspaced script: three of them ...
        ("東京都", ("東京都",)),
        # ... and, since plural_forms is public, a mixed string too; only the last
        # character decides (split_words never makes such a word).
        ("ab東", ("ab東",)),
        ("a東b", ("a東b", "a東bs", "a東bes")),
    ],
)
def test_plural_forms_look_at_the_end_of_the_word(word: str, forms: tuple[str, ...]) -> None:
    assert plural_forms(word) == forms


def test_unspaced_ranges_include_both_ends_and_nothing_beside_them() -> None:
    """Checked against the naive restatement's own table (tests/explain/oracle.py)."""
    for low, high in oracle.UNSPACED:
        assert unspaced(chr(low)) and unspaced(chr(high)), hex(low)
        assert not unspaced(chr(low - 1)) and not unspaced(chr(high + 1)), hex(low)
    assert not unspaced("a") and not unspaced("\u0dff")


def test_a_phrase_without_words_is_its_own_only_form() -> None:
    assert word_forms("...") == ["..."]
    assert word_forms("++") == ["++"]
