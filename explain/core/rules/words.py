"""Words of a normalised text: runs of letters, digits, marks and "_" (each character of
a script written without spaces is a word). The plural rule is the only looseness: a
word of 3 or more characters may differ by a trailing "s" or "es", nothing fuzzier.
"""

from __future__ import annotations

import re
import unicodedata
from itertools import product
from math import prod
from pathlib import Path

_DATA_WORDS = Path(__file__).resolve().parents[2] / "data" / "words"

# Scripts written without spaces between words, each character its own word: Thai, Lao,
# Myanmar, Khmer, Hiragana, Katakana, the CJK ideographs (extension A, unified,
# compatibility, extensions B and later).
_UNSPACED = re.compile(
    "[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff"
    "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003ffff]"
)

# The plural rule applies to words of at least this many characters ("API" and "APIs"),
# so short words like "is" or "as" never lose their "s".
MIN_PLURAL_CHARS = 3
# A term of 4 words has at most 3**4 spellings; more would make the rule fuzzy and slow.
_MAX_FORMS = 81


def data_words(name: str) -> frozenset[str]:
    """The closed word list in explain/data/words/<name>.txt (lines starting "#" left out)."""
    lines = (_DATA_WORDS / f"{name}.txt").read_text(encoding="utf-8").splitlines()
    return frozenset(word for line in lines if not line.startswith("#") for word in line.split())


def unspaced(ch: str) -> bool:
    return _UNSPACED.match(ch) is not None


def is_word_char(ch: str) -> bool:
    return ch.isalnum() or ch == "_" or unicodedata.category(ch)[0] == "M"


def joined(left: str, right: str) -> bool:
    """True when no word boundary separates two adjacent characters."""
    return is_word_char(left) and is_word_char(right) and not (unspaced(left) or unspaced(right))


def split_words(normal: str) -> tuple[list[str], list[str]]:
    """(words, separators) of a normalised text; separators[k] comes before words[k], and
    one more separator follows the last word, so len(separators) == len(words) + 1."""
    words: list[str] = []
    seps: list[str] = []
    i = sep_start = 0
    while i < len(normal):
        if not is_word_char(normal[i]):
            i += 1
            continue
        j = i + 1
        while j < len(normal) and joined(normal[j - 1], normal[j]):
            j += 1
        seps.append(normal[sep_start:i])
        words.append(normal[i:j])
        i = sep_start = j
    seps.append(normal[sep_start:])
    return words, seps


def plural_forms(word: str) -> tuple[str, ...]:
    """The word, and the forms the plural rule lets stand for it."""
    if len(word) < MIN_PLURAL_CHARS or not word[-1].isalpha() or unspaced(word[-1]):
        return (word,)
    cut = [word[:-n] for n, end in ((2, "es"), (1, "s")) if word.endswith(end)]  # "-es" first
    return (word, word + "s", word + "es", *(w for w in cut if len(w) >= MIN_PLURAL_CHARS))


def word_forms(normal: str) -> list[str]:
    """Every spelling of a normalised phrase the plural rule allows, the phrase first,
    separators kept ("CI/CD" never stands for "CI CD")."""
    words, seps = split_words(normal)
    if not words:
        return [normal] if normal else []
    choices = [plural_forms(word) for word in words]
    if prod(len(options) for options in choices) > _MAX_FORMS:
        return [normal]
    return [
        seps[0] + "".join(word + sep for word, sep in zip(picked, seps[1:], strict=True))
        for picked in product(*choices)
    ]
