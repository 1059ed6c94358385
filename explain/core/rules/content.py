"""Whether a term names something: at least one word that is not filler. "Experience with",
"3 years" and "the role" name nothing the user can check. The filler words are data
(explain/data/non_content_words.txt: function and framing words, verdicts, cue words and
levels in EN/DE/FR/ES/PT/IT); numbers are read by code. Pure.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from explain.core.rules.words import split_words

_WORDS = Path(__file__).resolve().parents[2] / "data" / "non_content_words.txt"

# A number as a word: "3", "10", "3rd", "5th", "1st", "2nd", digits of any script.
_NUMBER = re.compile(r"\d+(?:st|nd|rd|th|er|e|ème|º|ª)?")


@cache
def non_content_words() -> frozenset[str]:
    """The filler words of the data file, case-folded (comment lines left out)."""
    text = _WORDS.read_text(encoding="utf-8").casefold()
    kept = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
    return frozenset(split_words(kept)[0] + kept.split())  # and slashed lines ("and/or")


def has_content(normal_term: str) -> bool:
    """True when the term (in the verifier's normal form) holds a word that names
    something: not a function word, number, unit, level or framing word."""
    filler = non_content_words()
    # A name written with "/" is a word ("as/400", "i/o"); not a date ("12/2024"), nor "and/or".
    names = [n for n in re.findall(r"\w+(?:/\w+)+", normal_term) if re.search(r"[^\W\d]", n)]
    return any(
        word not in filler and not _NUMBER.fullmatch(word)
        for word in split_words(normal_term)[0] + names
    )
