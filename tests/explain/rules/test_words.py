"""Words and the plural rule (explain.rules.words)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from explain.rules.words import plural_forms, split_words, split_words_any, word_forms


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


# --- the ASCII fast path equals the general loop ---------------------------------------

ASCII = st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=127), max_size=80)


@given(ASCII)
def test_ascii_text_splits_as_the_general_loop_splits_it(text):
    assert split_words(text) == split_words_any(text)


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
    assert split_words_any(text) == (words, seps)


def test_non_ascii_text_takes_the_general_loop():
    # "é" and a combining mark are word characters; CJK characters are words of their own.
    assert split_words("café\u0301 東京") == (["café\u0301", "東", "京"], ["", " ", "", ""])
