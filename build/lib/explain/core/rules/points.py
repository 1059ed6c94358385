"""Whether a point may be shown as the model wrote it, and what code writes instead.

A point is shown as written only when it does not judge, score, rank, promise or advise;
a gap point does not state an absence in the person; a match point does not negate
itself; it names its term; and every other word is in its quotes or term, or in the
framing vocabulary (explain/data/framing_words.txt). Otherwise the verifier shows the
sentence code writes from the verified term. The patterns below are fixed here and
documented in docs/verifier.md; model text is never compiled as a pattern. Pure Python.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import StrEnum
from functools import cache
from pathlib import Path

from explain.core.rules.words import plural_forms, split_words

__all__ = [
    "FRAMING_PATH",
    "GAP_SENTENCE",
    "MATCH_SENTENCE",
    "RewriteReason",
    "code_point",
    "framing_vocabulary",
    "point_rewrite",
]

FRAMING_PATH = Path(__file__).resolve().parents[2] / "data" / "framing_words.txt"

MATCH_SENTENCE = "Your profile mentions {term}, and this job asks for it."
GAP_SENTENCE = "This job asks for {term}; it is not shown in your profile."


class RewriteReason(StrEnum):
    """Why code rewrote a point: counted in the log, explained under "why?"."""

    POINT_JUDGES = "point_judges"
    GAP_BLAMES_PERSON = "gap_blames_person"
    POINT_UNSUPPORTED = "point_unsupported"


def _any(*patterns: str) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in patterns))


# Judging, scoring, ranking, promising or advising the person. Checked on the normal form
# (case-folded, typographic quotes and dashes made ASCII, white space single spaces).
JUDGES = _any(
    # Judgment and rank words.
    r"\b(?:perfect(?:ly)?|ideal(?:ly)?|excellent|outstanding|exceptional(?:ly)?|impressive"
    r"|brilliant|superb|amazing|great(?:est)?|fantastic|awesome|best|top|strong(?:er|est|ly)?"
    r"|weak(?:er|est)?|poor(?:ly)?|solid|expert(?:s|ise)?|guru|master|ninja|rock ?star|genius"
    r"|talented|gifted|skilled|proficient|seasoned|accomplished|qualified|unqualified"
    r"|overqualified|underqualified|(?:un)?suitable|flawless(?:ly)?|superior|inferior"
    r"|good|bad|better|worse|worst|ready)\b",
    # Scores, ratings, percentages, ranks.
    r"\b\d+(?:[.,]\d+)?\s*/\s*(?:5|10|100)\b",
    r"\d+(?:[.,]\d+)?\s*(?:%|percent\b)",
    r"\b\d+\s+out\s+of\s+\d+\b",
    r"\b(?:scor(?:e|es|ed|ing)|rat(?:e|es|ed|ing|ings)|rank(?:s|ed|ing)?|grade[sd]?"
    r"|percent(?:age|ile)?|fit score|match score)\b",
    # Promises and odds.
    r"\b(?:guarantee[sd]?|certain(?:ly)?|surely|definitely|undoubtedly|assured|promis(?:e|es|ed)"
    r"|likely|unlikely|chances?|odds|probability)\b",
    r"\byou(?: will|'ll| are going to| are sure to) (?:get|land|be|succeed|receive|win|have)\b",
    r"\b(?:get|be|being) (?:hired|selected|shortlisted|offered|accepted|chosen)\b",
    # Advice to the person.
    r"\b(?:should(?:n't)?|ought|recommend\w*|advis\w*|advice|suggest\w*|encourag\w*)\b",
    r"\byou(?: must| need| needs| have to| might want| may want|'d better)\b",
    r"\b(?:do not|don't|never) apply\b",
    r"\bapply (?:now|today|immediately|soon|anyway|right away)\b",
    r"\b(?:consider|try|start) (?:applying|learning|adding|taking|getting|gaining)\b",
    r"\bmake sure\b",
    # Claims about the whole job at once.
    r"\b(?:every|all|each|any) (?:of (?:the|its|their|these) )?(?:requirements?|criteri(?:a|on)"
    r"|qualifications?|skills?|boxe?s?|needs)\b",
    r"\b(?:fully|completely|entirely|totally|absolutely|exactly|everything|nothing)\b",
)

# A gap about the person rather than the profile: "you lack", "you don't have", ...
BLAMES = _any(
    r"\black(?:s|ed|ing)?\b",
    r"\byou(?: do not| don't| did not| didn't| cannot| can't| could not| couldn't| never"
    r"| have not| haven't| are not| aren't| were not| weren't| will not| won't)"
    r"(?! (?:mention|list|show|state|include|name|write|say|cite)\b)",
    r"\byou(?: have|'ve| has) (?:no|not|never|little|limited|insufficient|zero)\b",
    r"\b(?:no|little|limited|insufficient|without|zero|missing|lacking) (?:\w+ ){0,2}"
    r"(?:experience|knowledge|skills?|background|exposure|expertise|familiarity"
    r"|qualifications?|training|practice|understanding)\b",
    r"\b(?:inexperienced|unfamiliar|unskilled|incapable|unable|weakness(?:es)?"
    r"|shortcomings?|deficit|deficien(?:t|cy|cies)|insufficient|absence)\b",
    r"\bnot (?:qualified|experienced|familiar|proficient|skilled|capable|able|trained)\b",
)

# Words that turn a match around ("not", "never", "rather than", "doesn't", ...).
NEGATES = _any(
    r"\b(?:not|no|never|none|nothing|neither|nor|without|cannot|lack\w*|missing|absent"
    r"|unlike|instead|rather|except|although|though|however|but|yet|nowhere)\b",
    r"\w+n't\b",
)

# After an apostrophe these are endings ("job's", "doesn't", "you're"), not words.
_CONTRACTION_ENDINGS = frozenset({"s", "t", "re", "ve", "ll", "d", "m"})


class FramingVocabulary:
    """Single framing words, and phrases that only count as a whole."""

    def __init__(self, entries: Iterable[str]) -> None:
        self.words: set[str] = set()
        self.phrases: dict[str, list[list[str]]] = {}
        for entry in entries:
            words, _ = split_words(entry)
            if len(words) == 1:
                self.words.add(words[0])
            elif words:
                self.phrases.setdefault(words[0], []).append(words)

    def __len__(self) -> int:
        return len(self.words) + sum(len(p) for p in self.phrases.values())

    def covered(self, words: list[str]) -> list[bool]:
        """For each word of a point, True when framing accounts for it."""
        covered = [word in self.words for word in words]
        for i, word in enumerate(words):
            for phrase in self.phrases.get(word, ()):
                if words[i : i + len(phrase)] == phrase:
                    for k in range(i, i + len(phrase)):
                        covered[k] = True
        return covered


def read_vocabulary(text: str) -> list[str]:
    """The entries of a vocabulary file: non-empty lines, "#" comments left out."""
    entries = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            entries.append(line.casefold())
    return entries


@cache
def framing_vocabulary() -> FramingVocabulary:
    return FramingVocabulary(read_vocabulary(FRAMING_PATH.read_text(encoding="utf-8")))


def _backed(word: str, backing: set[str]) -> bool:
    return any(form in backing for form in plural_forms(word))


def backing_words(*normal_texts: str) -> set[str]:
    """The words of the quotes and the term, which a point may use freely."""
    words: set[str] = set()
    for text in normal_texts:
        words.update(split_words(text)[0])
    return words


def unsupported_words(normal_point: str, backing: set[str]) -> list[str]:
    """The point's words that neither framing, the quotes nor the term account for."""
    words, seps = split_words(normal_point)
    covered = framing_vocabulary().covered(words)
    missing = []
    for i, word in enumerate(words):
        if covered[i] or _backed(word, backing):
            continue
        if word in _CONTRACTION_ENDINGS and seps[i] == "'":
            continue
        missing.append(word)
    return missing


def point_rewrite(
    normal_point: str, kind: str, *, backing: set[str], names_term: bool
) -> RewriteReason | None:
    """Why the point cannot be shown as written, or None when it can.

    normal_point is the point in the verifier's normal form; kind is "match" or "gap";
    backing holds the words of the claim's quotes and term; names_term says whether the
    point contains the term (the plural rule allowed).
    """
    if JUDGES.search(normal_point):
        return RewriteReason.POINT_JUDGES
    if kind == "gap" and BLAMES.search(normal_point):
        return RewriteReason.GAP_BLAMES_PERSON
    if kind == "match" and NEGATES.search(normal_point):
        # A match that turns itself around is not what its quotes support.
        return RewriteReason.POINT_UNSUPPORTED
    if not names_term or unsupported_words(normal_point, backing):
        return RewriteReason.POINT_UNSUPPORTED
    return None


def code_point(kind: str, term: str) -> str:
    """The sentence code writes for a claim from its verified term."""
    return (MATCH_SENTENCE if kind == "match" else GAP_SENTENCE).format(term=term)
