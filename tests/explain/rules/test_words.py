"""Words and the plural rule (explain.rules.words)."""

from __future__ import annotations

import pytest

from explain.rules.words import plural_forms, split_words, word_forms


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
