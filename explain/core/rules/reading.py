"""A quote read in its sentence: is its term negated, wished for, offered or optional?

"no experience with AWS" holds the words "experience with AWS", and "German lessons
offered" holds "German": the words are there, the claim is not. This module reads the
clause around a term for documented cues (explain/data/cues.tsv: EN/DE/FR/ES/PT/IT, and
negation, optional and a few other cues in Chinese and Arabic) and says which govern
it. Pure Python, on the verifier's normal form; model text is never compiled as a
pattern. The scope rule and its limits are in docs/verifier.md.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, cached_property
from operator import itemgetter
from pathlib import Path

from explain.core.normal import normalize
from explain.core.rules.words import is_word_char

__all__ = [
    "CUES_PATH",
    "KINDS",
    "Cue",
    "Reading",
    "cues",
    "read",
]

CUES_PATH = Path(__file__).resolve().parents[2] / "data" / "cues.tsv"
KINDS = ("negation", "wish", "offer", "optional", "neutral")
_WHERE = ("before", "after", "both")

# How many words may stand between a cue and the term it governs.
BEFORE_REACH = 4
AFTER_REACH = 4
# A CJK cue reaches across at most this many characters (one two-character word:
# "不需要掌握Java"), since each character is a word.
CJK_REACH = 2

# Negation cues that never undo one another: "neither Java nor Kotlin" negates both.
_NON_STACKING = frozenset({"neither", "nor", "ni", "weder", "nem", "né"})
# "Without" words: with one other negation they make a requirement ("not without Java",
# "nicht ohne", "no sin", "You cannot do this job without unit tests"). Two negations of
# any other kind ("no experience with AWS and never used Terraform") stay a negation.
_WITHOUT = frozenset({"without", "ohne", "sans", "sin", "senza", "sem", "بدون", "دون"})

# Words that start a new clause: what follows is said apart from what came before.
_CONNECTORS = frozenset(
    {
        "but",
        "however",
        "although",
        "though",
        "whereas",
        "aber",
        "jedoch",
        "sondern",
        "mais",
        "cependant",
        "pero",
        "sino",
        "aunque",
        "mas",
        "porém",
        "embora",
        "ma",
        "però",
        "tuttavia",
        "但是",
        "但",
        "可是",
        "لكن",
        "ولكن",
    }
)
_BREAK_MARKS = ".;:!?"
# A full stop after these does not end a clause.
_ABBREVIATIONS = frozenset(
    {"e.g", "i.e", "etc", "z.b", "bzw", "ca", "vs", "approx", "incl", "p.ex"}
)
# Their last two characters (each has at least two): most full stops follow none of these.
_ABBREVIATION_ENDS = frozenset(abbreviation[-2:] for abbreviation in _ABBREVIATIONS)


@dataclass(frozen=True)
class Cue:
    lang: str
    kind: str
    where: str
    words: tuple[str, ...]

    @cached_property
    def cjk(self) -> bool:
        """A cue written in CJK characters reaches only CJK_REACH characters (read once per
        cue: the cues are data, the same for every claim)."""
        return all(_CJK_CHAR.fullmatch(word) for word in self.words)


@dataclass(frozen=True)
class Reading:
    """What governs the term in its clause; all False is a plain statement."""

    negated: bool = False
    wish: bool = False
    offer: bool = False
    optional: bool = False


# A plain statement, shared (a Reading is immutable).
_PLAIN = Reading()
_START, _END = itemgetter(0), itemgetter(1)


# Chinese and Japanese are written without spaces: each ideograph or kana is a word of
# its own, so a cue such as "不需要" is the three words 不 需 要 and "不需要Java" splits.
_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
# A word: one CJK character, or letters, digits, marks or "_" (not CJK), with "'" or "-"
# inside joining it ("no-nonsense", "n'ai"). Fixed here; model text is never compiled.
_LETTER = rf"(?:(?![{_CJK}])[\w\u0300-\u036f])"
# The same as [CJK]|LETTER+(?:['-]LETTER+)*, written to open with one character set so
# that the scan skips the spaces and punctuation between words in C: the first character
# is consumed, and a CJK one is a word by itself.
_WORD = re.compile(rf"[{_CJK}\w\u0300-\u036f](?:(?<=[{_CJK}])|{_LETTER}*(?:['-]{_LETTER}+)*)")
# Where no combining mark is, a letter is a word character that is not CJK: one set.
_WORD_UNMARKED = re.compile(rf"[{_CJK}\w](?:(?<=[{_CJK}])|[^\W{_CJK}]*(?:['-][^\W{_CJK}]+)*)")
_MARK = re.compile("[\u0300-\u036f]")
_CJK_CHAR = re.compile(rf"[{_CJK}]")


def _tokens(text: str, low: int, high: int) -> list[tuple[int, int]]:
    """(start, end) of each word of text[low:high]; "'" and "-" inside a word join it."""
    word = _WORD if _MARK.search(text, low, high) else _WORD_UNMARKED
    return [m.span() for m in word.finditer(text, low, high)]


def _cue_words(cue: str) -> tuple[str, ...]:
    words = [cue[a:b] for a, b in _tokens(cue, 0, len(cue))]
    return tuple(words)


def parse_cues(lines: Iterable[str]) -> tuple[Cue, ...]:
    """The rows of a cue file; a malformed row raises ValueError naming it."""
    out: list[Cue] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.rstrip("\n").split("\t")
        if len(parts) != 4 or parts[1] not in KINDS or parts[2] not in _WHERE:
            raise ValueError(f"cues line {number}: needs lang, kind, where, cue")
        words = _cue_words(normalize(parts[3]))
        if not words:
            raise ValueError(f"cues line {number}: empty cue")
        out.append(Cue(parts[0], parts[1], parts[2], words))
    return tuple(out)


@cache
def cues() -> tuple[Cue, ...]:
    return parse_cues(CUES_PATH.read_text(encoding="utf-8").splitlines())


@cache
def _by_first_word() -> dict[str, tuple[Cue, ...]]:
    index: dict[str, list[Cue]] = {}
    for cue in cues():
        index.setdefault(cue.words[0], []).append(cue)
    # Longest first, so "no experience with" wins over "no" at the same word.
    return {k: tuple(sorted(v, key=lambda c: -len(c.words))) for k, v in index.items()}


@dataclass(frozen=True)
class _Hit:
    cue: Cue
    first: int  # index of its first word
    last: int  # index of its last word


def _hits(words: list[str]) -> list[_Hit]:
    """Cue occurrences, left to right; at each word the longest cue wins and covers its
    words. A cue at a word shared by several rows counts once per kind and position."""
    index = _by_first_word()
    hits: list[_Hit] = []
    covered = 0  # words before this one belong to a cue already found
    # Only the words that start some cue are looked at (few in any clause).
    for i in [k for k, word in enumerate(words) if word in index]:
        if i < covered:
            continue
        found = [c for c in index[words[i]] if tuple(words[i : i + len(c.words)]) == c.words]
        if not found:
            continue
        longest = len(found[0].words)
        for cue in found:
            if len(cue.words) == longest:
                hits.append(_Hit(cue, i, i + longest - 1))
        covered = i + longest
    return hits


# A line break, or . ; : ! ? before white space or the end ("Node.js", "3.5" go on), or
# the ideographic full stop, or ; : ! ? after a CJK character (written without a space).
# It opens with the set of the characters that can end a clause, so the scan skips every
# other character in C; the look-arounds after it say which case holds.
_BREAK_CHARS = "\n.;:!?\u3002"
_BREAK = re.compile(
    rf"[{_BREAK_CHARS}](?:(?<=[\n\u3002])|(?<=[.;:!?])(?=[ \n]|$)|(?<=[{_CJK}][;:!?]))"
)


def _abbreviation(text: str, i: int) -> bool:
    """True for the full stop of "e.g.", "z.B.", "etc." and the like."""
    if text[i] != "." or i < 2 or text[i - 2 : i] not in _ABBREVIATION_ENDS:
        return False
    start = i
    while start > max(0, i - 8) and (is_word_char(text[start - 1]) or text[start - 1] == "."):
        start -= 1
    return text[start:i] in _ABBREVIATIONS


def _last_break(text: str, low: int, high: int, endpos: int) -> int:
    """The last i in [low, high) where a clause ends (text read as if it stopped at
    endpos), or -1: read back from high, so the cost is the distance to that break."""
    find = text.rfind
    # The last of each character that can end a clause, in the order of _BREAK_CHARS.
    last = [
        find("\n", low, high),
        find(".", low, high),
        find(";", low, high),
        find(":", low, high),
        find("!", low, high),
        find("?", low, high),
        find("\u3002", low, high),
    ]
    while True:
        i = max(last)
        if i < 0:
            return -1
        if _BREAK.match(text, i, endpos) is not None and not _abbreviation(text, i):
            return i
        last[_BREAK_CHARS.index(text[i])] = find(text[i], low, i)


def _clause(text: str, start: int, end: int, low: int, high: int) -> tuple[int, int]:
    """The bounds of the clause holding text[start:end], inside [low, high)."""
    # One character past start, so a "." just before the term sees what follows it.
    back = _last_break(text, low, start, min(start + 1, high))
    left = low if back < 0 else back + 1
    right = high
    for found in _BREAK.finditer(text, end, high):
        if not _abbreviation(text, found.start()):
            right = found.start()
            break
    return left, right


def _heading(text: str, left: int, low: int) -> tuple[int, int] | None:
    """The words a clause stands under: the text before the ":" that opens the clause on
    its line, or the last line ending in ":" above a list of lines."""
    i = left - 1
    while i >= low and text[i] == " ":
        i -= 1
    if i >= low and text[i] == ":":
        return _line_before(text, i, low)
    # A list under a heading line: walk up while lines do not end in ":".
    while i >= low and text[i] == "\n":
        j = i - 1
        while j >= low and text[j] == " ":
            j -= 1
        if j >= low and text[j] == ":":
            return _line_before(text, j, low)
        i = text.rfind("\n", low, j + 1)  # the line break above this line, or -1
    return None


def _line_before(text: str, colon: int, low: int) -> tuple[int, int]:
    """The heading's words: from the clause break before the colon (or low) to it."""
    found = _last_break(text, low, colon, len(text))
    return (low if found < 0 else found + 1), colon


def read(text: str, term: tuple[int, int], bounds: tuple[int, int] | None = None) -> Reading:
    """Which cues govern text[term[0]:term[1]] in its clause, inside bounds (a field).

    text is in the verifier's normal form, with line breaks kept as "\\n". A cue governs
    the term when it is in the same clause, before it (at most BEFORE_REACH words
    between) or after it as its predicate (at most AFTER_REACH words between), or ends
    the heading the clause stands under ("Nice to have: Kubernetes"); a CJK cue at most
    CJK_REACH characters away. A negation and a "without" undo each other ("not without
    Java"); any other pair, or three, stays a negation (the safe side).
    """
    low, high = bounds if bounds is not None else (0, len(text))
    start, end = term
    if not (low <= start <= end <= high):
        return _PLAIN
    left, right = _clause(text, start, end, low, high)
    spans = _tokens(text, left, right)
    words = [text[a:b] for a, b in spans]
    # The term's words: the first and last word overlapping the term (the spans are in
    # order and apart, so both their starts and their ends are sorted).
    first = bisect_right(spans, start, key=_END)
    last = bisect_left(spans, end, key=_START) - 1
    if first > last:
        return _PLAIN
    hits = _hits(words)
    cut_left, cut_right = _cuts(text, spans, words, hits, first, last)
    governing = {
        (hit.first, hit.cue.kind): hit.cue
        for hit in hits
        if cut_left <= hit.first and hit.last < cut_right and _governs(hit, first, last)
    }
    if cut_left == 0:
        heading = _heading(text, left, low)
        if heading is not None:
            h_words = [text[a:b] for a, b in _tokens(text, *heading)]
            governing.update(
                ((-1 - hit.first, hit.cue.kind), hit.cue)
                for hit in _hits(h_words)
                if hit.last == len(h_words) - 1
            )
    # One cue per kind and position: rows of the same words ("not required" before and
    # after) are one cue, not two negations undoing each other.
    return _reading(list(governing.values()))


def _cuts(
    text: str,
    spans: list[tuple[int, int]],
    words: list[str],
    hits: list[_Hit],
    first: int,
    last: int,
) -> tuple[int, int]:
    """The word range of the term's clause: cut at a connector ("but", "aber", "mais",
    "pero", ...) and at a comma before a negation ("Java, not Kotlin")."""
    starts = [k for k, word in enumerate(words) if word in _CONNECTORS]
    for hit in hits:
        if hit.cue.kind != "negation" or hit.cue.where == "after" or hit.first == 0:
            continue
        between = text[spans[hit.first - 1][1] : spans[hit.first][0]]
        if any(mark in between for mark in ",\u060c\u3001"):
            starts.append(hit.first)
    if not starts:
        return 0, len(words)
    cut_left = max((k for k in starts if k <= first), default=0)
    cut_right = min((k for k in starts if k > last), default=len(words))
    return cut_left, cut_right


def _governs(hit: _Hit, first: int, last: int) -> bool:
    """A cue before the term within reach, after it (its predicate) within reach, or
    sharing words with the term itself ("no experience with" in the term "experience
    with AWS"; a term that is the whole quote "Kubernetes is a plus"). A CJK cue reaches
    at most CJK_REACH characters ("不需要 Java", "不需要掌握Java", "Kubernetes 者优先")."""
    where = hit.cue.where
    before, after = (CJK_REACH, CJK_REACH) if hit.cue.cjk else (BEFORE_REACH, AFTER_REACH)
    if hit.last < first:
        return where != "after" and first - hit.last - 1 <= before
    if hit.first > last:
        return where != "before" and hit.first - last - 1 <= after
    return True


def _reading(governing: list[Cue]) -> Reading:
    if not governing:
        return _PLAIN
    # A neutral phrase ("not only") has already covered its words: it negates nothing.
    negations = [cue for cue in governing if cue.kind == "negation"]
    if any(cue.words[0] in _NON_STACKING for cue in negations):
        negated = True
    elif len(negations) == 2:
        # Two undo each other only as "not ... without": exactly one "without" word.
        negated = sum(cue.words[0] in _WITHOUT for cue in negations) != 1
    else:
        negated = bool(negations)
    kinds = {cue.kind for cue in governing}
    return Reading(
        negated=negated,
        wish="wish" in kinds,
        offer="offer" in kinds,
        optional="optional" in kinds,
    )
