"""A quote read in its sentence: a scoped cue reader in the NegEx tradition.

"no experience with AWS" holds the words "experience with AWS": the words are there, the
claim is not. This module reads the clause around a term for the cues of
explain/data/cues/<lang>.tsv and says which govern it. The closed word classes the code
reads are rows of the same files, so a language lives in its file alone. Pure, on the
verifier's normal form; model text is never compiled. The rules and their limits:
docs/verifier.md, "The quote read in its sentence".
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, fields
from datetime import date
from functools import cache
from itertools import pairwise
from pathlib import Path

from explain.core.normal import normalize
from explain.core.rules.equivalence import common_words
from explain.core.rules.words import data_words, is_word_char

__all__ = ["CUES_PATH", "KINDS", "Cue", "Reading", "cues", "read"]

# One file per language, the same columns in each (lang, kind, where, cue).
CUES_PATH = Path(__file__).resolve().parents[2] / "data" / "cues"
# negation: the term is absent or not needed; absent: a value after "TERM:" in one list
# item that says none ("none", "n/a", "keine"); wish: wanted, not had; offer: the job
# gives or teaches it; optional: nice to have; neutral: looks negative, negates nothing
# ("not afraid of"); someone_else: the clause's subject is another person or team; past:
# used to, years ago; other_role: another opening's; about_company: what the company
# sells or makes; everyday: the term is an everyday word here, not the skill.
KINDS = (*"negation absent wish offer optional neutral someone_else past other_role".split(),
    "about_company", "everyday")  # fmt: skip
# heading: a list's label ("Goal:"); near: a domain word near; name: "Herr X"; label: "Contact: X".
_WHERE = ("before", "after", "both", "heading", "near", "name", "label", "term")
# Closed word classes the code reads (cue rows with where "word"; names in
# explain/data/words/word_classes.txt; each described in the cue files and where it is used).
WORD_CLASSES = data_words("word_classes")

# How many words may stand between a cue and the term it governs.
REACH = 4
# A subject ("my manager", "our clients") or "we're also hiring" reaches further: the
# whole clause from where it stands, up to this many words.
SUBJECT_REACH = 10
# An everyday-sense cue stands next to the term ("report to Ruby", "Go beyond"); for a
# one- or two-letter term a licence word may stand two words before ("licence B, C").
EVERYDAY_REACH_SHORT = 2
# The words of a list item's tail read after "TERM:" / "TERM -" / "TERM?".
TAIL_WORDS = 5
# A span of years that ended this many years ago or more is the past ("Perl (2009-2012)").
PAST_YEARS = 5
# A CJK cue reaches across at most this many characters (one two-character word:
# "不需要掌握Java"), since each character is a word.
CJK_REACH = 2


@dataclass(frozen=True)
class Cue:
    lang: str
    kind: str
    where: str
    words: tuple[str, ...]

    @property
    def cjk(self) -> bool:
        """A cue written in CJK characters reaches only CJK_REACH characters."""
        return all(_CJK_CHAR.fullmatch(word) for word in self.words)


@dataclass(frozen=True)
class Reading:
    """What governs the term in its clause; all False is a plain statement."""

    negated: bool = False
    wish: bool = False
    offer: bool = False
    optional: bool = False
    someone_else: bool = False
    past: bool = False
    other_role: bool = False
    about_company: bool = False
    everyday: bool = False


# Chinese and Japanese: each ideograph or kana is a word ("不需要Java" is 不 需 要 java).
_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
# A word: one CJK character, or letters, digits, marks or "_" joined by "'" or "-" inside.
_LETTER = rf"(?:(?![{_CJK}])[\w\u0300-\u036f])"
_WORD = re.compile(rf"[{_CJK}]|{_LETTER}+(?:['-]{_LETTER}+)*")
# A word before a list item's separator: a combining mark ends it.
_TAIL_WORD = re.compile(rf"[{_CJK}]|[^\W{_CJK}]+(?:['-][^\W{_CJK}]+)*")
_CJK_CHAR = re.compile(rf"[{_CJK}]")
_Spans = list[tuple[int, int]]  # (start, end) of each word of a clause


def _tokens(text: str, low: int, high: int) -> _Spans:
    """(start, end) of each word of text[low:high]; "'" and "-" inside a word join it,
    except after an elided article ("d'excel" is "d'" and "excel")."""
    out: _Spans = []
    for a, b in (m.span() for m in _WORD.finditer(text, low, high)):
        cut = text.find("'", a, b)
        elided = cut > a and text[a:cut] in word_class("elision") and cut + 1 < b
        out += [(a, cut + 1), (cut + 1, b)] if elided else [(a, b)]
    return out


def parse_cues(lines: Iterable[str]) -> tuple[Cue, ...]:
    """The rows of a cue file; a malformed row raises ValueError naming it."""
    out: list[Cue] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.rstrip("\n").split("\t")
        if len(parts) == 4 and parts[1] in WORD_CLASSES and parts[2] == "word":
            continue  # a word class, read by word_class()
        if len(parts) != 4 or parts[1] not in KINDS or parts[2] not in _WHERE:
            raise ValueError(f"cues line {number}: needs lang, kind, where, cue")
        cue = normalize(parts[3])
        words = tuple(cue[a:b] for a, b in _tokens(cue, 0, len(cue)))
        if not words:
            raise ValueError(f"cues line {number}: empty cue")
        out.append(Cue(parts[0], parts[1], parts[2], words))
    return tuple(out)


@cache
def _files() -> tuple[list[str], ...]:
    """Each language's file, in the order of the files' names."""
    paths = sorted(CUES_PATH.glob("*.tsv"))
    return tuple(path.read_text(encoding="utf-8").splitlines() for path in paths)


@cache
def cues() -> tuple[Cue, ...]:
    """Every language's rows."""
    return tuple(cue for lines in _files() for cue in parse_cues(lines))


@cache
def word_class(name: str) -> frozenset[str]:
    """The words of one class (WORD_CLASSES) in every language's file, case-folded."""
    rows = [line.split("\t") for lines in _files() for line in lines]
    words = [row[3] for row in rows if len(row) == 4 and row[1:3] == [name, "word"]]
    return frozenset(word.strip().casefold() for word in words)


# A contraction read as a negation on either side of the term ("haven't used Docker").
_NOT = Cue("en", "negation", "both", ("n't",))
# A list item's value that says none ("Docker: -", "Kubernetes 0/5").
_ABSENT = Cue("en", "negation", "after", ("none",))


@cache
def _by_first_word(tail: bool = False) -> dict[str, tuple[Cue, ...]]:
    """The cues by their first word; a list item's values ("none", "keine") only for a
    tail, so "aucune expérience sur Azure" reads "aucune" as the negation it is."""
    index: dict[str, list[Cue]] = {}
    for cue in cues():
        if tail or cue.kind != "absent":
            index.setdefault(cue.words[0], []).append(cue)
    # Longest first, so "no experience with" wins over "no" at the same word.
    return {k: tuple(sorted(v, key=lambda c: -len(c.words))) for k, v in index.items()}


@dataclass(frozen=True)
class _Hit:
    cue: Cue
    first: int  # index of its first word
    last: int  # index of its last word


def _hits(words: list[str], tail: bool = False) -> list[_Hit]:
    """Cue occurrences, left to right; at each word the longest cue wins and covers its words."""
    index = _by_first_word(tail)
    # A one-word cue that is an ordinary word of another language, in a clause that shows it
    # (rows "word, then its language's words or endings": "no" is "in the" in Portuguese).
    rows = [row.split() for row in word_class("homograph")]
    shown = {*words, *(f"-{word[k:]}" for word in words for k in (-3, -2))}  # "-ão": an ending
    others = {row[0] for row in rows if shown.intersection(row[1:])}
    hits: list[_Hit] = []
    i = 0
    while i < len(words):
        found = [
            c for c in index.get(words[i], ()) if tuple(words[i : i + len(c.words)]) == c.words
        ]
        if words[i] in others:
            found = [c for c in found if len(c.words) > 1]  # "noch nicht" is German's own
        longest = len(found[0].words) if found else 1
        hits += [_Hit(cue, i, i + longest - 1) for cue in found if len(cue.words) == longest]
        # A word that says "not" by its ending ("haven't") or a usual typo of one ("dont").
        if not found and (words[i][-3:] == "n't" or words[i] in word_class("contracted") - others):
            hits.append(_Hit(_NOT, i, i))
        i += longest
    return hits


# A line break, or . ; : ! ? before white space or the end ("Node.js", "3.5", a pause "..."
# go on), or the ideographic full stop, or ; : ! ? after a CJK character (without a space).
_BREAK = re.compile(rf"\n|(?:(?<!\.\.)\.|[;:!?])(?=[ \n]|$)|\u3002|(?<=[{_CJK}])[;:!?]")


def _abbreviation(text: str, i: int) -> bool:
    """The full stop of "e.g.", "z.B.", "etc.", or of an initial after one ("Mr D. Swift")."""
    start = i
    while start > max(0, i - 8) and (is_word_char(text[start - 1]) or text[start - 1] == "."):
        start -= 1
    title = text[:start].rstrip(". ").rpartition(" ")[2]  # "Dr. J. Swift": "dr"
    known = word_class("abbreviation")
    return text[i] == "." and (text[start:i] in known or (i - start == 1 and title in known))


def _breaks(text: str, low: int, high: int) -> list[int]:
    """Where a clause ends in text[low:high] (read as if the text stopped at high)."""
    found = (m.start() for m in _BREAK.finditer(text, low, high))
    return [i for i in found if not _abbreviation(text, i)]


def _clause(text: str, start: int, end: int, low: int, high: int) -> tuple[int, int]:
    """The bounds of the clause holding text[start:end], inside [low, high)."""
    # One character past start, so a "." just before the term sees what follows it.
    before = [i for i in _breaks(text, low, min(start + 1, high)) if i < start]
    return (before[-1] + 1 if before else low), (_breaks(text, end, high) or [high])[0]


def _heading(text: str, left: int, low: int) -> tuple[int, int] | None:
    """The words a clause stands under: the text before the ":" that opens the clause on
    its line, or the last line ending in ":" above a list of lines."""
    i = low + len(text[low:left].rstrip(" ")) - 1  # the last character before the spaces
    if i >= low and text[i] in ":?":  # "About us:", "Qui sommes-nous ?"
        return _clause(text, i, i, low, i + 1)[0], i  # from the clause break before the colon
    # A list under a heading line: walk up while lines do not end in ":".
    while i >= low and text[i] == "\n":
        j = low + len(text[low:i].rstrip(" ")) - 1
        if j >= low and text[j] == ":":
            return _clause(text, j, j, low, j + 1)[0], j
        i = text.rfind("\n", low, j + 1)  # the line break above this line, or -1
    return None


def read(text: str, term: tuple[int, int], bounds: tuple[int, int] | None = None) -> Reading:
    """Which cues govern text[term[0]:term[1]] in its clause, inside bounds (a field).
    text is in the verifier's normal form, with line breaks kept as "\\n"."""
    low, high = bounds if bounds is not None else (0, len(text))
    start, end = term
    if not (low <= start <= end <= high):
        return Reading()
    left, right = _clause(text, start, end, low, high)
    spans = _tokens(text, left, right)
    words = [text[a:b] for a, b in spans]
    # The term's words: the first and last word overlapping the term.
    inside = [k for k, (a, b) in enumerate(spans) if a < end and start < b]
    if not inside:
        return Reading()
    first, last = inside[0], inside[-1]
    # A compound holding the term ("SAP-Schulung"): its second part is the next word.
    a, b = spans[last]
    compound = 0  # 1 when the compound's second part follows as a word of its own
    if end + 1 < b and text[end] == "-" and text[a:b] not in _by_first_word():
        spans[last : last + 1] = [(a, end), (end + 1, b)]
        words[last : last + 1] = [text[a:end], text[end + 1 : b]]
        compound = 1
    # A negated fear, difficulty, failure or mishap praises ("keine Angst", "zero errors in"; up
    # to two words past the term, no list mark past both: not "no X, I'm afraid"), as does a
    # negation before one; a negated lack word ("not unfamiliar with", "nada mal"; up to four
    # words on, no term, list mark or filler from the negation's last word) is undone with it.
    shy, hedge = word_class("difficulty") | word_class("failure"), word_class("expert")
    fear = [k for k, w in enumerate(words) if w in shy and not first <= k <= last]
    seg = [len(re.findall(r"[,;(]| - ", text[left:a])) for a, _ in spans]  # list marks before
    skip, ends = word_class("indefinite") | word_class("single"), word_class("preposition") | {""}
    rest = [(h, [w for w in words[h.last + 1 :] if w not in skip] + ["", ""]) for h in _hits(words)]
    praise = {h.first for h, (n, a, *_) in rest if n in word_class("mishap") and a in ends}
    dread = [(h, k) for h, _ in rest for k in fear if h.first <= k + 1 <= max(h.last + 5, last + 3)]
    praise |= {h.first for h, k in dread if seg[k] <= seg[max(h.last, last)]}
    lack = {k for k, w in enumerate(words) if w in word_class("lack") | hedge and k not in inside}
    for h, k in [(h, k) for h, _ in rest for k in lack if h.last < k <= h.last + 4]:
        modest = h.first == h.last and {*words[: h.first]} <= word_class("modest")  # "Ich bin kein"
        held = h.last < first <= k + 1 if words[k] not in hedge else not modest  # "Not a X expert"
        if not (held or seg[k] > seg[h.last] or word_class("filler") & {*words[h.last : k]}):
            praise |= {h.first, k}
    praise |= {h.first for h, _ in rest if h.last + 1 in praise}
    hits = [h for h, _ in rest if h.cue.kind != "negation" or h.first not in praise]
    cut_left, cut_right = _cuts(text, spans, hits, first, last)
    # After "but", a past remark or a need denied, no subject of its own: "X, but it expired".
    wc, calm = word_class, word_class("preposition") | word_class("years") | word_class("ago")
    turns = ("past",) if any(h.cue.kind == "optional" for h in hits) else ("past", "negation")
    back = [h for h in hits if h.cue.kind in turns and cut_right < h.first]
    bare = bool(back) and all(w in calm or w.isdigit() for w in words[back[-1].last + 1 :])
    back = [h for h in back if bare and {*words[cut_right + 1 : h.first]} <= wc("refers_back")]
    past_end = back[0].last + 1 if back else cut_right
    gap = range(cut_right, back[0].first if back else cut_right)  # "but it": counts in no reach
    tails = {w.rsplit("-", 1)[-1] for w in words[cut_left:past_end]}  # "VCA-diploma"
    long = [p for p in wc("licence") if len(p) > 4]  # or ending a compound: "Staplerschein"
    licence = (wc("licence") | wc("course")) & tails or any(w.endswith(tuple(long)) for w in tails)
    everyday = _everyday_term(words[first : last + 1])
    joined = last + 1 < len(spans) and spans[last + 1][0] == spans[last][1] + 1  # "DBA admins"
    team = joined and _person(words[last + 1])  # a team after "report to", not a name
    # Where the clause's first word stands, past a joining word ("and", "while").
    opening = cut_left + (cut_left < first and words[cut_left] in word_class("joining"))
    aside = [_aside(text, span, end) or k in gap for k, span in enumerate(spans)]
    governing = {
        (hit.first, hit.cue.kind): hit.cue
        for hit in hits
        if cut_left <= hit.first
        and hit.last < (past_end if hit.cue.kind in ("past", "negation") else cut_right)
        and not aside[hit.first]
        and _governs(hit, words, (first, last + sum(aside[last : hit.first]), opening), everyday)
        # A domain word after "for" is the client's trade ("Go for a car marketplace").
        and not (hit.cue.where == "near" and word_class("beneficiary") & {*words[last : hit.first]})
        # Past a comma, another item's; not the past ("X, years ago", "Back then, ... X").
        and (hit.cue.kind == "past" or not _other_item(text, spans, hit, first, last))
        # Nor a lapse word ("expired", "vencida") but beside a licence noun ("expired stock").
        and not (word_class("lapse") & {*hit.cue.words} and not licence)
        and not (hit.cue.where == "name" and team)
    }
    for h in _fronted_negations(text, spans, hits, (cut_left, first, last, cut_right)):
        governing[(h.first, "negation")] = h.cue
    if cut_left == 0 and (heading := _heading(text, left, low)) is not None:
        h_words = [text[a:b] for a, b in _tokens(text, *heading)]
        shut = len(_tokens(text, heading[0], max(heading[0], text.find("(", *heading)))) - 1
        dated = any(w[:1].isdigit() for w in h_words[1:])  # a goal opens it before a date
        lead = "heading" if dated or word_class("preposition") & {*h_words[1:2]} else ""
        own = any(a in wc("preposition") and b in wc("by_whom") for a, b in pairwise(words[:first]))
        refs = set() if own else {"heading", *["label"] * (words[0] in wc("title"))}  # "Dr X"
        kinds = {*_HEADING_KINDS, *[f"someone_else {r}" for r in refs], *["everyday"] * everyday}
        kinds |= {"everyday name", "everyday label"} if first == last == 0 else set()
        # Its words stand before the clause's: numbered back from it (the last is -1).
        governing.update(
            ((hit.first - len(h_words), hit.cue.kind), hit.cue)
            for hit in _hits(h_words)
            if (hit.last in (len(h_words) - 1, shut) or (hit.first == 0 and hit.cue.where == lead))
            and {hit.cue.kind, f"{hit.cue.kind} {hit.cue.where}"} & kinds
        )
    # A negation as a condition: "No AWS, no offer", "Wer kein X", "Never used X? Not for you",
    # "nem se candidate"; ruling out: "Brak X wyklucza"; a rhetorical "Isn't X what Y is about?"
    asked = _clause(text, right + 1, right + 1, low, high)[1] * (text[right : right + 1] == "?")
    later = words + [text[a:b] for a, b in _tokens(text, right + 1, asked)]
    negs = [h for h in _hits(later) if h.cue.kind == "negation"]
    lacking = bool(negs) and negs[0].last < first
    wins = [later[h.last : h.last + 6] for h in negs if h.first > last and lacking]
    skip = word_class("elision") | word_class("second_person")  # "pas d'emploi", "jouw baan"
    said = {w for v in wins for w in [w for w in v if w.rstrip("'") not in skip][:2]}
    said |= {" ".join(pair) for v in wins for pair in pairwise(v)}  # "not for you"
    then = later[last + 1 :] if not [h for h in negs if h.first > last] else []  # not "no es"
    ruled = word_class("excluding") & {*then, *map(" ".join, pairwise(then))}  # "lascia perdere"
    consequence = word_class("consequence") & said or (lacking and ruled)
    pronoun = {words[opening], " ".join(words[opening : opening + 2])} & word_class("nobody")
    sans = [k for k in range(opening, first) if words[k] in word_class("without")] + [opening]
    fore = words[opening : sans[0]]  # "Aquí nadie entra sin X": "nobody" before "without"
    nobody = word_class("nobody") & {*fore, *map(" ".join, pairwise(fore))}
    pronoun |= {words[opening]} & word_class("former")  # "Ex dev, now I do X": mine
    who = words[opening] in word_class("whoever") and any(h.first - opening in (1, 2) for h in negs)
    who = who or (bool(asked) and words[opening] in word_class("rhetorical"))
    if consequence or nobody or who or _double_negation(words, hits, opening, inside):
        governing = {key: cue for key, cue in governing.items() if cue.kind != "negation"}
    # "You won't get far without SQL": a "without" and a negation anywhere in the clause.
    negations = [cue for (_, kind), cue in governing.items() if kind == "negation"]
    others = [h for h in hits if h.cue.kind == "negation" and h.cue.words[0] not in wc("without")]
    others = [h for h in others if cut_left <= h.first and h.last < cut_right]
    if len(negations) == 1 and negations[0].words[0] in wc("without") and others:
        governing[(others[-1].first, "negation")] = others[-1].cue
    tail = _tail(text, end, high)  # "not needed but", "X - not a must, but a plus"
    denied = any(k == "negation" and at > last for at, k in governing) or _ABSENT == tail
    wished = denied and any(h.cue.kind == "optional" and -1 < h.first - cut_right < 2 for h in hits)
    # "X isn't a nice-to-have", "no es un plus": an option denied is a requirement.
    ones = {h.last for h in hits if h.cue.kind == "negation" and h.first == h.last}
    must = any(h.cue.kind == "optional" and {h.first - 1, h.first - 2} & ones for h in hits)
    drop = {"negation", "optional"} if must else set()
    # Nor the company's where the clause asks ("Our clients use X, so X experience is a must").
    drop |= {"about_company"} if word_class("asks") & {*words} else set()
    governing = {k: c for k, c in governing.items() if c.kind not in drop}
    # A maker, "for", the term; or the term it makes (no tool: "mit Java"), "for" and whom.
    maker = word_class("maker")
    n = 2 if " ".join(words[opening : opening + 2]) in maker else int(words[opening] in maker)
    near = [w for w in words[opening + n + 1 : first] if n and w not in word_class("determiner")]
    obj = [w for w in words[opening + n : first] if w not in wc("determiner") | wc("indefinite")]
    made = n and len(obj) <= 2 and not (wc("preposition") & {*obj} or wc("asks") & {*words})
    near = near[-2:] + (words[last + 1 : last + 4] if made else [])  # the term is what it makes
    extra: set[str] = {"about_company"} if word_class("beneficiary").intersection(near) else set()
    extra.update(_job_side(text, spans, (opening, first, last, cut_right)))
    # A course of the term booked or scheduled ("Kurs Spanisch gebucht"): wished, not had yet.
    lessons = wc("course") & {w.rsplit("-", 1)[-1] for w in words[max(0, first - 3) : last + 2]}
    extra |= {"wish"} if lessons and wc("booked") & {*words[last + 1 : cut_right]} else set()
    # A compound's second part is the term's noun phrase ("Die Ansible-Rollen schrieb").
    someone = _done_by_someone_else(words, hits, (first, last, cut_right)) or _subject_later(
        text[:high], words, (opening, first, last + compound, cut_right), spans[last + compound][1]
    )
    # Done by another named after the term ("lo lleva la gestoría"): on a job, not yours.
    extra |= {"other_role"} if someone and not pronoun else set()
    writer = word_class("first_person") - word_class("determiner")  # Italian "i" is "the"
    helper = _supports_a_team(words, first, last)  # "Assisted the welders": theirs
    someone = someone or _attached(text, spans, (cut_left, opening, first)) or helper
    duo = words[opening : first + 1]  # "My team and I", "e io"; not "e i colleghi"; "liked my X"
    trios = zip(duo, duo[1:], duo[2:], strict=False)
    us = any(a in wc("joining") and b in wc("first_person") and not _person(c) for a, b, c in trios)
    us = us or not (writer.isdisjoint(duo[1:-1]) and wc("my").isdisjoint(duo[1:-1][-1:]))
    governing = {k: c for k, c in governing.items() if not us or c.kind != "someone_else"}
    stop = opening if " - " in text[spans[opening][0] : spans[first][0]] else first  # a CV title
    if (someone or _subject_at(words, opening, stop)) and not (us or pronoun):  # "No one else"
        extra.add("someone_else")
    dates = int("-" in words[0])  # a span opening the line dates a CV entry: "2016-2019 X at Y"
    ago = _long_ago(words[last + 1 : cut_right]) or _long_ago(words[max(cut_left, dates) : first])
    ago = ago or text[spans[first][0] : start] in word_class("past_prefix")  # "Ex-SAP consultant"
    # "learned X years ago and still use it", "X: since 2010, now daily", "Uso X hace años": today.
    clause = words[cut_left:cut_right] + _WORD.findall(re.split(r"\n|;|\. ", text[right:high])[0])
    grams = {" ".join(clause[k : k + n]) for n in (1, 2, 3) for k in range(len(clause))}
    opener = {" ".join(words[opening : opening + n]) for n in (1, 2)}  # "Trabajo con X hace años"
    still = wc("still") & grams or wc("present") & opener
    if (ago or _given_up(text, spans[last][1], right, high)) and not still:
        extra.add("past")
    if everyday == _SHORT_OR_EVERYDAY and _season(words[first], text, spans[last][1], high):
        extra.add("everyday")
    # One cue per kind and position: twin rows ("not required" before and after) are one.
    # In text order, as _reading reads them; a past cue does not hold beside "still".
    found = [c for _, c in sorted(governing.items()) if not still or c.kind != "past"]
    found += [tail] if tail is not None and not (still and tail.kind == "past") else []
    # A denial beside a wish is an option ("Nice to have (not required): X"); not "No X, Y a plus"
    nays = {at for at, kind in governing if kind == "negation"}
    opts = {at for at, kind in governing if kind == "optional"} - nays
    if (opts or wished) and not must and not any(0 <= at < first for at in nays):
        found, extra = [c for c in found if c.kind != "negation"], extra | {"optional"}
    return _reading(found, extra)


def _job_side(text: str, spans: _Spans, at: tuple[int, int, int, int]) -> set[str]:
    """A job's term about the company ("Leader de X, nous recrutons", "since 2009"; no experience
    asked), another's ("the manager, who runs X", "run by our team") or offered ("paid X")."""
    (opening, i, j, stop), wc, words = at, word_class, [text[a:b] for a, b in spans]
    trail, nouns = words[opening:stop], [w for w in words[opening:i] if w not in wc("determiner")]
    copula = [n for n in (1, 2, 3) if " ".join(words[opening : opening + n]) in wc("copula")]
    nouns = words[opening : j + 3] if copula else nouns[:2]  # "We're a Shopify Plus agency"
    close = bool(copula) and i - opening - copula[-1] <= 2  # "Somos una aseguradora"
    dated = {n for k, w in enumerate(trail) if w in wc("since") for n in trail[k + 1 : k + 3]}
    years = [n for n in dated if _YEAR.fullmatch(n)]  # "since 2009", "Founded in 2016"
    near = [{*trail[max(0, k - 3) : k]} & wc("companion") for k in range(len(trail))]
    staff = {n for k, (w, n) in enumerate(pairwise(trail)) if w.isdigit() and near[k]}
    # Standing ("largest", "certified", "for 30 years") with "we"/"our"; "our hospital", "platform".
    lead = wc("standing") & {*words[max(opening, i - 4) : min(stop, j + 4)]}
    ours = wc("our") & {*words[opening : opening + 1 + (words[opening] in wc("determiner"))]}
    you = (wc("second_person") - wc("genitive")) & {*trail} or _you_next(text, spans[-1][1])
    parts = {n.rsplit("-", 1)[-1] for n in nouns}  # "Unsere SaaS-Plattform läuft auf X"
    site = wc("premises") & parts and (ours or lead) and not (you or any(map(_person, nouns)))
    we = (lead or wc("duration") & {*trail}) and (wc("we") | wc("our")) & {*trail}
    firm = bool((wc("company") | wc("premises")) & parts and wc("duration") & staff)
    firm = firm and not wc("asks") & parts  # "Klinik mit 20 J.", not "Clinic experience with 2 y."
    named = close or firm or wc("company") & {*nouns} or years or wc("company_size") & staff
    hired = wc("hires") | wc("we_hire") if lead or named else wc("hires")  # "Leader, on recrute"
    hire = next((k for k in range(j + 1, stop) if words[k] in hired), stop)
    said = {*words[i if firm else opening : hire]}  # a firm's own experience is not asked
    asks = wc("hires") & {*words[opening:hire]} or wc("asks") & said or words[i] in words[j + 1 :]
    company = bool(named or hire < stop or site or (we and not you)) and not asks
    # "with our Java developers", "avec notre consultant X", "z zespołem Java": the term
    # names the people "with", "mit", "junto a" brings in (a person next to it, or "team of").
    pad = ["", "", *words, "", ""]  # pad[k + 2] is words[k]
    noun = _person(pad[j + 3]) and not _person(pad[j + 4])  # "Java team", not "X partner team"
    team = noun or _person(pad[i + 1]) or (pad[i + 1] in wc("genitive") and _person(pad[i]))
    team = team or (i == j and _person(words[i]) and pad[i + 1] in wc("determiner"))  # "mit der"
    with_our = team and wc("companion") & {*words[max(opening, i - 6) : i]} and not asks
    other = _attached(text, spans, (0, opening, i))
    took = ours and wc("takes_on") & {*words[opening:i]} and not (you or wc("shared") & {*trail})
    dash = text.find(" - ", spans[j][1], spans[-1][1])  # "X does Y - your job is Z"
    you_after = _you_next(text, spans[-1][1]) or (dash > 0 and _you_next(text, dash + 2))
    commas = [k for k in range(spans[j][1], spans[-1][1]) if text[k] == "," and _you_next(text, k)]
    # A subject or department, its verb, the term ("QA tracks X"); or past it ("X macht der Chef").
    v2 = [v + 1 for v in range(j + 1, stop - 1) if words[v] in wc("uses")]
    k = v2[0] if v2 and not any(map(_person, words[opening : v2[0]])) else opening
    apart = _subject_at(words, k, len(words)) and (took or you_after or bool(commas and not asks))
    head = _WORD.findall(text, spans[opening][0], commas[0]) if commas else []
    unit = [b for a, b in pairwise(head) if a in wc("our") and (_person(b) or b in wc("premises"))]
    split = bool(unit) and not wc("takes_on").isdisjoint(head)  # "X betreut unser Team, du"
    other = other or bool(with_our) or apart or split or _supports_a_team(words, i, j)
    k += words[k] in wc("determiner") | wc("indefinite")
    n = [w in wc("unit") | wc("department") for w in [*words[k:stop], ""]].index(False)
    named = wc("department") & {*words[k : k + n]}  # "the QA team", "dział kadr"
    dept = named and (k > i or (k + n < i and words[k + n] in wc("uses")))
    shared = (wc("second_person") | wc("shared")) & {*words} or you or asks
    other = other or bool(dept and not shared)
    pay, course = wc("funding"), wc("course")
    paid = pay & {*words[max(0, i - 2) : i]} and course & {*words[j + 1 : stop][:5]}
    offer = paid or (course & {*words[max(0, i - 3) : i]} and pay & {*words[j + 1 : j + 2]})
    kinds = (("about_company", company), ("other_role", other), ("offer", offer))
    return {kind for kind, held in kinds if held}


def _attached(text: str, spans: _Spans, at: tuple[int, int, int]) -> bool:
    """The term after "(" and a person, or in a person's relative clause, apposition or bracket
    (docs/verifier.md, "Persons and their clauses")."""
    (low, opening, i), wc, words = at, word_class, [text[a:b] for a, b in spans]
    me = (wc("first_person") - wc("determiner")) | wc("second_person")
    for h in range(low, i):
        bracket = h > low and "(" in text[spans[h - 1][1] : spans[h][0]]  # "(they did X, I …)"
        if bracket and (words[h] in wc("pronoun") or _subject_at(words, h, i)):
            return True
        arts = [w for w in words[max(low, h - 3) : h] if w in wc("determiner") | wc("indefinite")]
        det = (arts or [""])[-1]  # the nearest: not "a", "an" (the one hired)
        skip = det in wc("indefinite") or me & {*words[h:i]} or wc("leads") & {*words[low : h - 1]}
        for k in range(h + 1, min(h + 4, i + 1)) if _person(words[h]) and not skip else ():
            m, w = text[spans[k - 1][1] : spans[k][0]], words[k]
            bare = det and k + 1 < i and not m.strip() and not {w, det} <= wc("relative")
            bare = bare and words[k - 1] not in wc("preposition")  # "Team auf der Station"
            lone = w in wc("indefinite") and "," in m  # ", a CRM expert"; not "is hiring a welder"
            post = w in wc("expert") or (lone and any(map(_person, words[k:])))
            said = ("(" in m and h <= opening + 2) or (("," in m or bare) and k < i and post)
            if (w in wc("relative") and ("," in m or bare)) or (det and said):
                return True
    return False


def _you_next(text: str, right: int) -> bool:
    """The reader's own task in the line's next clause ("Our designers do Photoshop; you
    write the copy"): the clause before is another role's, unless shared ("you will too")."""
    line = text[right:].split("\n", 1)[0]
    words = [line[a:b] for a, b in _tokens(line, 0, len(line))]
    you = word_class("second_person").intersection(words[:4])
    return bool(you) and not word_class("shared").intersection(words)


def _supports_a_team(words: list[str], first: int, last: int) -> bool:
    """Support of a person named by a trade ("Apoio à equipe de solda", "Aide aux soudeurs"): a
    support word, a person within four words, the term that person, before or after it."""
    joining = word_class("genitive") | word_class("relative") | word_class("qualified")
    helped = [k for k in range(max(0, first - 6), first) if words[k] in word_class("support")]
    people = {m for k in helped for m in range(k + 1, min(len(words), k + 5)) if _person(words[m])}
    of = [m for m in people if m < first <= m + 3 and {*words[m + 1 : first]} <= joining]
    title = helped[-1:] == [first - 1]  # "Assistant payroll manager": the helper's own title
    return bool(of or people & {last, last + 1 - title})  # "equipe de solda"; the term that person


def _aside(text: str, span: tuple[int, int], end: int) -> bool:
    """A word of a bracket after the term opening with neither a cue nor a date ("X (or working
    towards it) is a plus"): its cues govern nothing outside, its words count in no reach."""
    opened = text.rfind("(", end, span[0])
    words = _WORD.findall(text, opened, opened + 40) if opened >= 0 else ["0"]  # "0": none
    closed = ")" in text[opened : span[0]]
    return not (closed or words[0][:1].isdigit() or any(h.first == 0 for h in _hits(words)))


def _other_item(text: str, spans: _Spans, hit: _Hit, first: int, last: int) -> bool:
    """A cue past a comma is another item's ("Helm: none, Docker"; not "weak, rather none")."""
    if hit.last < first:  # not after an opening "Ideally," nor a wish ("Plane, die X zu machen")
        opens = (hit.first, hit.cue.kind, hit.cue.where) == (0, "optional", "before")
        gap = text[spans[hit.last][1] : spans[first][0]].lstrip(" ")  # "your mentor, Sam,"
        return not (opens or hit.cue.kind == "wish") and gap[:1] == "," and hit.cue.where != "name"
    end, fix = spans[last][1], hit.cue.words[0] in word_class("correction")  # "rather none"
    found = [text.find(s, end, spans[hit.first][0]) for s in (",", " / ") if not fix]
    # "X, ideally with Y": an option before a preposition is about what follows it.
    nxt = _WORD.match(text, spans[hit.last][1] + 1)
    ahead = hit.cue.kind == "optional" and nxt is not None and nxt[0] in word_class("preposition")
    tails = [text[end:at].partition(" ")[2] for at in found if at >= 0]  # the term ends there?
    return any(ahead or any(map(is_word_char, tail)) for tail in tails)


def _person(word: str) -> bool:
    """A person or group: "team", "DBA-team", "Plattformteam", "client's"."""
    word = word.removesuffix("'s").rsplit("-", 1)[-1]
    return word in word_class("person") or (len(word) > 6 and word.endswith("team"))


def _subject_at(words: list[str], i: int, stop: int, bare: bool = False) -> bool:
    """A person or group starts at words[i] (before stop): a determiner and within three
    words a person ("our BI team", "l'équipe"), a noun of a language without articles
    ("Zespół DBA"), or, if bare, any person ("by contractors")."""
    stop = min(stop, len(words))  # a stop counted along the line may pass the clause's words
    if i < stop and (words[i] in word_class("person_bare") or (bare and _person(words[i]))):
        return True
    determiners = word_class("determiner") | (word_class("indefinite") if bare else frozenset())
    if i >= stop or words[i] not in determiners:
        return False
    other = False  # a word that is no determiner, so a determiner after it opens another
    for word in words[i + 1 : min(stop, i + 4)]:
        if _person(word):
            return True
        if word in determiners and other:  # "par moi pour l'équipe"
            return False
        other = other or word not in determiners
    return False


def _done_by_someone_else(words: list[str], hits: list[_Hit], at: tuple[int, int, int]) -> bool:
    """After the term, an agent ("by") or a resumptive clitic and its verb ("lo llevaba"), then a
    person; or before it past a passive ("built by an agency in Shopify"; not "I was trained")."""
    first, last, stop = at
    neutral = {k for h in hits if h.cue.kind == "neutral" for k in range(h.first, h.last + 1)}
    aux = [k for k in range(1, first) if words[k] in word_class("passive")]
    mine = word_class("first_person").intersection(words[:first])
    start = aux[0] if aux and not mine else last + 1
    ks = [k for k in range(start, stop) if k not in neutral and not first <= k <= last]
    of = word_class("genitive") & word_class("agent")  # Portuguese "da nossa equipe": "of the"
    by = [k + 1 for k in ks if words[k] in word_class("agent") - of]
    by += [k + 1 for k in ks if words[k] in of and not word_class("our") & {*words[k + 1 : k + 2]}]
    by += [k + 2 for k in ks if words[k] in word_class("clitic")]  # "lo lleva la gestoría"
    return any(_subject_at(words, k, stop, bare=True) for k in by)


def _fronted_negations(
    text: str, spans: _Spans, hits: list[_Hit], at: tuple[int, int, int, int]
) -> list[_Hit]:
    """Negations after a fronted term ("Klasse C habe ich nicht", "Java non lo conosco", "X
    brauchst du nicht"): the term opens the clause, then I, you or a clitic, then the negation."""
    (cut_left, first, last, cut_right), words = at, [text[a:b] for a, b in spans]
    fore = word_class("preposition") | word_class("determiner") | word_class("indefinite")
    k = first - int(first > cut_left and words[first - 1] in fore)
    if k != cut_left and "- " not in text[spans[k - 1][1] : spans[k][0]]:
        return []
    found = []
    for h in hits:
        said = {*words[last + 1 : h.first]}
        mine = said & (word_class("first_person") | word_class("second_person"))  # "i" joins
        doer = bool(mine) and not (said - mine) & word_class("joining")
        doer = doer or bool(word_class("clitic").intersection(words[h.last + 1 : h.last + 2]))
        doer = doer or words[k] in word_class("preposition")  # pro-drop: "Con SAP no trabajé"
        lone = text.count(",", spans[last][1], spans[h.first][0]) % 2
        if h.cue.kind == "negation" and last < h.first and h.last < cut_right and doer and not lone:
            found.append(h)
    return found


def _subject_later(text: str, words: list[str], at: tuple[int, int, int, int], end: int) -> bool:
    """Someone else as a subject not opening the clause (at: its opening, the term, its end):
    after a fronted term, a verb and a subject ending the clause ("Jenkinsa konfigurował mój
    kierownik"); a person before a verb in the first three words, seven past a fronted
    preposition ("DBA team owned Oracle", "Beim Kunden hat das Team"; not "Im Team habe ich"),
    or after the term and a verb before a comma, then "I" after ",", ";", "(" or a dash; or "I"
    opening the next clause after an opening determiner or emphatic ("Mein Vater …, ich")."""
    opening, first, last, stop = at
    verbs = [w not in word_class("preposition") and not _person(w) for w in words[1:]] + [False]
    line = text[end:].split("\n", 1)[0]
    near = last + 1 + len(_tokens(line, 0, len(line.split(",", 1)[0])))  # before a comma
    fronted = first == opening or words[opening] in word_class("determiner")
    fronted = fronted and any(map(_person, words[stop - 2 : stop]))  # "biuro rachunkowe"
    prep = word_class("preposition")  # "biuro" after an adjective, not after "voor het"
    after = [k for k in (last + 2, last + 3) if prep.isdisjoint(words[k - 1 : k])]
    if fronted and verbs[last] and any(_subject_at(words, k, near) for k in after):
        return True
    k_end = min(first - (words[opening] not in prep), opening + 3 + 4 * (words[opening] in prep))
    alone = [not word_class("companion") & {*words[max(0, k - 3) : k]} for k in range(first)]
    people = any(_person(words[k]) and verbs[k] and alone[k] for k in range(opening, k_end))
    people = people and word_class("first_person").isdisjoint(words[opening:first])
    head, sep, tail = re.split(r"([,;]|\.(?= |$))", line + ".", maxsplit=1)  # "X did Y; I did Z"
    nxt, me = [*_WORD.findall(tail), ""], word_class("first_person")
    bold = words[opening] in word_class("determiner") or nxt[0] in word_class("emphatic")
    noun = bool(word_class("my") & {*words[opening:first]}) and first <= opening + 2  # "My X is"
    noun = noun or not all(alone[opening:first])
    doer = any(_person(words[k]) and alone[k] for k in range(opening, first)) or not noun
    title = all(map(_person, [words[opening], *{*words[opening:first]} - word_class("genitive")]))
    bold = bold and (doer or any(map(_person, _WORD.findall(head)))) and not title  # "Kelner X, ja"
    said = {*words[opening:first], *_WORD.findall(head)}  # a topic: "L'anglais, je le parle"
    mine = me - word_class("determiner") & said or said <= word_class("determiner")
    if bold and sep in ",;" and nxt[0] in me and not (mine or word_class("shared") & {*nxt}):
        return True
    if not (people or (verbs[last] and any(map(_person, words[last + 2 : min(last + 5, near)])))):
        return False
    marks = [a for a, b in _tokens(line, 0, len(line)) if line[a:b] in word_class("first_person")]
    return any(c in line[:a] for a in marks for c in ",;(-")


def _long_ago(words: list[str]) -> bool:
    """After the term, a span of years, a year after "until" or a decade ("the 90s") that ended
    PAST_YEARS years ago or more: "Perl (2009-2012)", "SVN until 2012"; a year alone is no end."""
    for k, word in enumerate(words):
        year, before = _YEAR_END.fullmatch(word), set(words[max(0, k - 2) : k])
        near = {*before, " ".join(words[k - 2 : k]), *words[k + 2 : k + 3]}  # "vor 20 Jahren"
        ago = word_class("ago") & near and not word_class("ongoing") & near and word.isdecimal()
        if ago and int(word) >= PAST_YEARS and word_class("years") & {*words[k + 1 : k + 2]}:
            return True
        ended = before & (word_class("until") | word_class("bygone"))  # "back in 2008"
        joined = k > 1 and _YEAR_END.fullmatch(words[k - 2]) and before & word_class("year_to")
        if year and year[1] and ("-" in word or ended or joined):  # "2001 to 2006"
            return int(year[1]) <= date.today().year - PAST_YEARS
        if year and year[2] and before & word_class("decade"):
            start = int(year[2]) * 10 + (0 if len(year[2]) > 1 else 1900)
            return start + 9 <= date.today().year - PAST_YEARS
    return False


def _double_negation(words: list[str], hits: list[_Hit], opening: int, term: list[int]) -> bool:
    """Two negations that cancel: one opening the clause ("There is no"), a noun, a relative or "I"
    ("not a day I don't", "no X job I can't"), the other before the term or after "I" or it."""
    rel, me, first = word_class("relative"), word_class("first_person"), term[0]
    neg = {hit.first: hit for hit in hits if hit.cue.kind == "negation"}.values()  # twins are one
    negations = [h for h in neg if h.last < first or (h.first and words[h.first - 1] in rel | me)]
    if len(negations) != 2 or negations[0].first > opening + 2:  # "There's no day", "Er is geen"
        return False
    skip = word_class("indefinite") | word_class("single")
    between = range(negations[0].last + 1, negations[1].first)  # the term's words are not said
    said = [words[k] for k in between if words[k] not in skip and k not in term]
    named = negations[1].last < first or words[term[-1] + 1 : term[-1] + 2] == said[:1]  # "X job I"
    zero = len(said) == 2 and said[0] not in rel and said[1] in me and named
    return zero or bool(rel.intersection(words[negations[0].last + 2 : negations[1].first]))


def _given_up(text: str, term_end: int, clause_end: int, high: int) -> bool:
    """A remark after ",", "(", " - " saying "not since" ("seitdem nicht mehr"), or "forgotten"."""
    for remark in re.split(r"[,(]| - ", text[term_end:clause_end])[1:]:  # "X (2009) - not since"
        words = [remark[a:b] for a, b in _tokens(remark, 0, len(remark))]
        since = [k for k, word in enumerate(words) if word in word_class("since_then")]
        year = any(word[:1].isdigit() for k in since[:1] for word in words[k + 1 : k + 2])
        negated = any(h.cue.kind == "negation" for h in _hits(words))
        if since and not year and (negated or word_class("anymore") & {*words}):
            return True
    line = _WORD.findall(re.split(r"\n|;|\.(?: |$)", text[term_end:high], maxsplit=1)[0])
    denied = {h.last + 1 for h in _hits(line) if h.cue.kind == "negation"}  # "nothing forgotten"
    return any(k not in denied for k, word in enumerate(line) if word in word_class("forgotten"))


# Kinds a heading may give the list under it ("Nice to have:", "We're also hiring:",
# "Our products:"): not someone else (but as a heading row: "References:"), a tail value or
# an everyday sense (but for an everyday term).
_HEADING_KINDS = frozenset("negation wish offer optional past other_role about_company".split())
# Kinds that must open their clause and reach the whole of it.
_SUBJECT_KINDS = frozenset({"someone_else", "about_company"})
_NOT_A_TERM = 0
_SHORT = 1  # one or two letters or digits ("C", "R", "Go" is an everyday word too)
_SHORT_OR_EVERYDAY = 2
_NEAR_ONLY = 3  # a domain name (Scrum, Agile, Django): read only beside a "near" row


def _everyday_term(term_words: list[str]) -> int:
    """_SHORT: one word of at most two letters or digits; _SHORT_OR_EVERYDAY: an everyday word
    (Go, Swift, Ruby); _NEAR_ONLY: a domain name (Scrum); else _NOT_A_TERM."""
    if len(term_words) != 1:
        return _NOT_A_TERM
    word = term_words[0]
    # The equivalence's everyday skill names, and Java, an island; Python, a snake.
    if {word, word.removesuffix("s")} & (common_words().keys() | word_class("everyday_name")):
        return _SHORT_OR_EVERYDAY
    if sum(ch.isalnum() for ch in word) <= 2:
        return _SHORT
    return _NEAR_ONLY if word in word_class("domain_name") else _NOT_A_TERM


# "Spring 2025", "spring '26", "primavera de 2026": a season, not the framework.
_YEAR = re.compile(r"(?:(?:of|de|del|di|do|da|van) )?(?:(?:19|20)\d\d(?!\d)|'\d\d(?!\d))")
# The end year of a span or a decade: "2009-2012", "the 90s", "80er".
_YEAR_END = re.compile(r"(?:(?:19|20)\d\d-)?((?:19|20)\d\d)|((?:19|20)\d|[5-9])0(?:s|er|ern)?")


def _season(word: str, text: str, after: int, high: int) -> bool:
    """A season's name (word class "season") followed by a year."""
    spaced = text[after : after + 1] in (" ", "/", "-")
    return word in word_class("season") and spaced and bool(_YEAR.match(text, after + 1, high))


# After the term (and at most two more words, an aside: "SAP (FI):"): a separator, a value.
_TAIL_SEPARATOR = re.compile(r"[ ]?(?:\([^()\n]{1,20}\)[ ]?)?\)?(?:[:=?(]|(?<= )-|-(?= ))[ ]?")
# The item ends at a list separator, a bracket, a line break, a full stop or a spaced dash.
_TAIL_END = re.compile(r"[,;|·•()\n]|\.(?: |$)| - ")
# A zero amount, a dash or a cross mark: "0", "0/5", "0 yrs", "zero", "SAP: -", "Swift ❌".
_ZERO = re.compile(
    r"[(]?(?:0|zero|null|-+|[\u274c\u2717\u2718\u2716\u26d4\U0001f6ab]\ufe0f?)(?:[ ]?/[ ]?\d+|"
    r"[ ]?(?:yrs?|years?|y|j|jahre|ans?|años|anos|anni|jaar|jr|lat|lata|months?|monate|mois|"
    r"meses|mesi|maanden|miesięcy|%)\.?)?[ ]?(?:[),;|·•\n]|\.+(?: |$)|$)"
)


def _tail(text: str, end: int, high: int) -> Cue | None:
    """The cue of the term's list item: its value after "TERM:", "TERM -", "TERM?" or a
    zero or whole answer right after the term ("Kubernetes 0/5", "Docker no")."""
    after = text[end : end + 1]
    if after == "(" and _ZERO.match(text, end, high):
        return _ABSENT
    at = end + (3 if text[end : end + 3] == " | " else 1)  # a flattened table: "Jira | 0 | none"
    if after in " ," and (_ZERO.match(text, at, high) or _whole_answer(text, end + 1, high)):
        return _ABSENT
    i = end
    # At most three words between the term and the separator ("Docker experience: none").
    for _ in range(4):
        sep = _TAIL_SEPARATOR.match(text, i, high)
        if sep is not None and text[i : sep.end()].strip():
            value_start = sep.end()
            break
        word = _TAIL_WORD.match(text, i + 1, high) if text[i : i + 1] in " -/" else None  # "A/B: -"
        if word is None:
            return None
        i = word.end()
        i += int(text[i : i + 1] == "." and _abbreviation(text, i))  # "kat. C: nie posiadam"
    else:
        return None
    shut = text.find(")", value_start, high) + 1 if text.startswith("(", value_start) else 0
    stop = _TAIL_END.search(text, max(value_start, shut), high)  # "(noch) nicht": one value
    value_end = high if stop is None else stop.start()
    if value_end <= value_start:
        return None
    if _ZERO.match(text, value_start, high) is not None:
        return _ABSENT
    words = [text[a:b] for a, b in _tokens(text, value_start, value_end)]
    skip = next((k for k, w in enumerate(words) if w not in word_class("stance")), 0)  # "Honestly"
    value, words = words[skip:], words[skip : skip + TAIL_WORDS]
    me = int(words[0] in word_class("first_person")) if words else 0  # "Java: I don't know it"
    hits = [hit for hit in _hits(value, tail=True) if hit.first in (0, me)]
    # Or the past ending the value ("French: studied it years ago"; no lapse: "SAP: stock expired").
    ended = [h for h in _hits(value) if h.last + 1 == len(value) and h.cue.kind == "past"]
    hits = hits or [h for h in ended if not word_class("lapse") & {*h.cue.words}]
    if not hits:
        return None
    hit, kind, lead = hits[0], hits[0].cue.kind, hits[0].cue.words[0]
    plus = [h.cue for h in _hits(value) if h.cue.kind == "optional" and h.first > hit.last]
    said = kind in ("optional", "offer", "wish", "past", "someone_else")
    if said or kind not in ("negation", "absent") or plus:  # "Catalan: no must but a plus"
        return hit.cue if said else plus[0] if plus else None
    rest = words[hit.last + 1 :]
    # An adverb (absent rows marked "both": "nunca mexi") negates the rest of the value; a
    # determiner only a filler ("no exp"), so "Kafka: no data loss" stays plain.
    adverb = any(h.cue.kind == "absent" and h.cue.where == "both" for h in hits)
    # A contraction negates like an adverb: "German - can't speak a word of it".
    adverb = adverb or lead.endswith("n't") or lead in word_class("contracted")
    filler = all(w in word_class("filler") for w in rest[:2])
    nxt = {*[w for w in value[hit.last + 1 :] if w not in word_class("indefinite")][:3]}
    if any(word_class(c) & nxt for c in ("mishap", "failure", "difficulty", "without")):
        return None  # praise: "Kubernetes: never an outage", "never missed", "never without"
    return _ABSENT if adverb or not rest or len(hit.cue.words) > 1 or filler else None


def _whole_answer(text: str, start: int, high: int) -> bool:
    """A skill grid's short answer with no separator: an absent cue, all the item ("Docker no")."""
    stop = _TAIL_END.search(text, start, high)
    words = [text[a:b] for a, b in _tokens(text, start, high if stop is None else stop.start())]
    hits = _hits(words, tail=True)
    return any(h.first == 0 and h.last == len(words) - 1 and h.cue.kind == "absent" for h in hits)


def _cuts(text: str, spans: _Spans, hits: list[_Hit], first: int, last: int) -> tuple[int, int]:
    """The word range of the term's clause: cut at a connector ("but", "aber", "pero"; not
    one of another language in a clause showing its own: "ma" in Polish; not inside a cue:
    "pendant ma thèse"; not after an indefinite article: "un solo") and at a comma before a
    negation ("Java, not Kotlin") unless it ends its item, then at the term's predicate."""
    words = [text[a:b] for a, b in spans]
    shown = {row[0] for row in map(str.split, word_class("homograph")) if {*row[1:]} & {*words}}
    inner = {k for h in hits for k in range(h.first + 1, h.last + 1)}
    connectors = word_class("connector") - shown
    starts = [k for k, w in enumerate(words) if w in connectors and k not in inner]
    starts = [k for k in starts if not word_class("indefinite") & {*words[k - 1 : k]}]
    items = [k for k in range(1, first + 1) if _TAIL_END.search(text, spans[k - 1][1], spans[k][0])]
    if items and word_class("only") & {words[items[-1]], *words[last + 1 : last + 2]}:
        starts.append(items[-1])  # "No Windows, Linux only", "kein Java – nur Kotlin"
    for hit in hits:
        after = spans[hit.last + 1 : hit.last + 2]  # the next word's, none at the clause's end
        ends = not after or "(" in text[spans[hit.last][1] : after[0][0]]
        # Nor a comma closing an aside after the term ("Mit Jira habe ich, ehrlich gesagt, nie").
        commas = text.count(",", spans[last][1], spans[hit.first][0]) if hit.first > last else 1
        ends = ends or commas % 2 == 0
        if hit.cue.kind != "negation" or hit.cue.where == "after" or hit.first == 0 or ends:
            continue
        between = text[spans[hit.first - 1][1] : spans[hit.first][0]]
        # Not after a "without": "Without Git, don't apply" is one requirement.
        if set(",\u060c\u3001") & {*between} and not word_class("without") & {*words[: hit.first]}:
            starts.append(hit.first)
    cut_left = max((k for k in starts if k <= first), default=0)
    return cut_left, min((k for k in starts if k > last), default=len(words))


def _governs(hit: _Hit, words: list[str], at: tuple[int, int, int], everyday: int) -> bool:
    """A cue before the term within reach, after it within reach (a past ending the clause: all
    of it), or sharing words with it; subjects, another role's and everyday senses reach their
    own way (docs/verifier.md, "The scope rule"); "ex", "była" only before a trade."""
    (first, last, opening), kind, where = at, hit.cue.kind, hit.cue.where
    trade = words[hit.last + 1 : last + 3]  # "ex SAP consultant"; "ex Java" is "e.g. Java"
    bare = hit.cue.words[-1] in word_class("former") and not any(map(_person, trade))
    alone = where == "term" and not (hit.first <= last and first <= hit.last)  # not the term's
    if kind == "absent" or where in ("heading", "label") or bare or alone:
        return False  # read only as a list item's value (_tail) or a heading (_heading)
    if kind == "everyday":
        if where not in ("name", "term") and (where == "near" or everyday in (0, _NEAR_ONLY)):
            near = max(first - hit.last, hit.first - last) <= REACH + 1
            return where == "near" and everyday > _SHORT and near
        if hit.last < first:  # a title's name past its initials: "Dr J. K. Swift"
            det = word_class("determiner") | word_class("unit") if where == "name" else ()
            gap = [w for w in words[hit.last + 1 : first] if not det or (w not in det and w[1:])]
            return where != "after" and len(gap) <= (everyday == _SHORT) * EVERYDAY_REACH_SHORT
        # After the term, next to it; or a phrase that holds the term ("head chef").
        return hit.first <= last or (where not in ("before", "name") and hit.first == last + 1)
    if kind in _SUBJECT_KINDS and where == "before":
        return hit.last < first and hit.first <= opening and first - hit.last <= SUBJECT_REACH + 1
    if kind == "other_role" and where == "before":
        return hit.last < first and first - hit.last - 1 <= SUBJECT_REACH
    ends = kind == "past" and hit.last == len(words) - 1
    reach = CJK_REACH if hit.cue.cjk else SUBJECT_REACH if ends else REACH
    if hit.last < first:
        before = 0 if hit.cue.words[-1] in word_class("next_to_term") else reach
        fronted = hit.first <= opening and hit.cue.words[-1] not in word_class("preposition")
        before = SUBJECT_REACH if kind in ("past", "optional") and fronted and before else before
        return where != "after" and first - hit.last - 1 <= before
    if hit.first > last:
        return where != "before" and hit.first - last - 1 <= reach
    return True


def _reading(governing: list[Cue], extra: set[str]) -> Reading:
    """governing in text order, a heading's cues first. A one-word "nor" after the first
    negation negates ("weder X noch Y"); one that opens is no "nor" ("Ni un día sin X")."""
    # A neutral phrase ("not only") has already covered its words: it negates nothing.
    negations = [cue for cue in governing if cue.kind == "negation"]
    nor = [c.words[0] for c in negations[1:] if len(c.words) == 1]  # not "Ni un día sin Excel"
    two = len(negations) == 2 and not word_class("non_stacking").intersection(nor)
    one = sum(c.words[0] in word_class("without") for c in negations) == 1  # "not ... without"
    negated = bool(negations) and not (two and one)  # two undo each other only that way
    kinds = extra | {cue.kind for cue in governing}
    return Reading(negated, **{f.name: f.name in kinds for f in fields(Reading)[1:]})
