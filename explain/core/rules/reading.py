"""A quote read in its sentence: a scoped cue reader in the NegEx tradition.

"no experience with AWS" holds the words "experience with AWS", and "German lessons
offered" holds "German": the words are there, the claim is not. This module reads the
clause around a term for documented cues (explain/data/cues/<lang>.tsv: EN, DE, FR, ES,
PT, IT, NL, PL, and negation, optional and a few other cues in Chinese and Arabic) and
says which govern it: cues before and after the term, scope ended by clause breaks and
contrast words; a list item's "TERM: none / 0 / n/a / never" tail; contractions
("haven't"); pseudo-cues that look negative and are not ("not afraid of"); two
negations; whose skill it is (someone else's, before the term or as the doer after it:
"built by our BI team"), the past; for a posting, offered, another role's, the
company's own trade; and an everyday word used as one ("Spring 2025", "report to Ruby",
"head chef"). The closed word lists the code reads (connectors, people, agents...) are
rows of the same files, so a language lives in its file alone. Pure Python, on the
verifier's normal form; model text is never compiled as a pattern. The scope rule and
its limits are in docs/verifier.md.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from functools import cache, cached_property
from itertools import pairwise
from operator import itemgetter
from pathlib import Path

from explain.core.normal import normalize
from explain.core.rules.words import is_word_char

__all__ = ["CUES_PATH", "KINDS", "Cue", "Reading", "cues", "read"]

# One file per language, the same columns in each (lang, kind, where, cue).
CUES_PATH = Path(__file__).resolve().parents[2] / "data" / "cues"
COMMON_WORDS_PATH = Path(__file__).resolve().parents[2] / "data" / "common_word_skills.txt"
# negation: the term is absent or not needed; absent: a value after "TERM:" in one list
# item that says none ("none", "n/a", "keine"); wish: wanted, not had; offer: the job
# gives or teaches it; optional: nice to have; neutral: looks negative, negates nothing
# ("not afraid of"); someone_else: the clause's subject is another person or team; past:
# used to, years ago; other_role: another opening's; about_company: what the company
# sells or makes; everyday: the term is an everyday word here, not the skill.
KINDS = (
    "negation", "absent", "wish", "offer", "optional", "neutral", "someone_else", "past",
    "other_role", "about_company", "everyday",
)  # fmt: skip
_WHERE = ("before", "after", "both", "heading")  # heading: a list's label ("Goal:")
# Closed word classes the code reads (rows with where "word" in the same files): what
# each is for is said in the files' headers and where the code uses it.
WORD_CLASSES = (
    "connector", "determiner", "joining", "person", "person_bare", "filler", "elision",
    "contracted", "portuguese", "abbreviation", "non_stacking", "without", "season",
    "next_to_term", "agent", "clitic", "everyday_name", "consequence", "maker", "beneficiary",
    "until", "first_person", "preposition", "decade", "company", "since", "company_size",
    "relative", "companion", "funding", "course", "copula", "asks", "indefinite",
)  # fmt: skip

# How many words may stand between a cue and the term it governs.
BEFORE_REACH = 4
AFTER_REACH = 4
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
    someone_else: bool = False
    past: bool = False
    other_role: bool = False
    about_company: bool = False
    everyday: bool = False

    @property
    def profile_state(self) -> str:
        """What a profile quote says of its term: states, absent, wished, someone_else,
        past (the first that holds, in that order of weight), or an everyday word."""
        order = (
            (self.everyday, "everyday"), (self.negated, "absent"),
            (self.someone_else, "someone_else"), (self.wish, "wished"), (self.past, "past"),
        )  # fmt: skip
        return next((state for holds, state in order if holds), "states")

    @property
    def job_state(self) -> str:
        """What a job quote says of its term: required, optional, not_needed, offered,
        other_role, about_company, or an everyday word."""
        if self.everyday:
            return "everyday"
        if self.negated:
            return "not_needed"
        if self.other_role:
            return "other_role"
        if self.about_company:
            return "about_company"
        if self.offer:
            return "offered"
        if self.optional:
            return "optional"
        return "required"


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
    """(start, end) of each word of text[low:high]; "'" and "-" inside a word join it,
    except after an elided article ("d'excel" is "d'" and "excel")."""
    word = _WORD if _MARK.search(text, low, high) else _WORD_UNMARKED
    spans = [m.span() for m in word.finditer(text, low, high)]
    if "'" not in text[low:high]:
        return spans
    out: list[tuple[int, int]] = []
    elisions = word_class("elision")
    for a, b in spans:
        cut = text.find("'", a, b)
        if cut > a and text[a:cut] in elisions and cut + 1 < b:
            out += [(a, cut + 1), (cut + 1, b)]
        else:
            out.append((a, b))
    return out


def _contracted(word: str) -> bool:
    """A word that says "not" by its ending ("haven't", "isn't") or a usual typo of one."""
    return word.endswith("n't") or word in word_class("contracted")


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
def cues() -> tuple[Cue, ...]:
    """Every language's rows, in the order of the files' names."""
    rows: list[Cue] = []
    for path in sorted(CUES_PATH.glob("*.tsv")):
        rows.extend(parse_cues(path.read_text(encoding="utf-8").splitlines()))
    return tuple(rows)


@cache
def word_class(name: str) -> frozenset[str]:
    """The words of one class (WORD_CLASSES) in every language's file, case-folded: data
    the code reads by membership, kept beside the cues so a language is added in one
    place."""
    out: set[str] = set()
    for path in sorted(CUES_PATH.glob("*.tsv")):
        for line in path.read_text(encoding="utf-8").splitlines():
            parts = line.split("\t")
            if len(parts) == 4 and parts[1] == name and parts[2] == "word":
                out.add(parts[3].strip().casefold())
    return frozenset(out)


@cache
def _abbreviation_ends() -> frozenset[str]:
    """The last two characters of each abbreviation: most full stops follow none."""
    return frozenset(abbreviation[-2:] for abbreviation in word_class("abbreviation"))


# A contraction read as a negation on either side of the term ("haven't used Docker",
# "Docker isn't needed").
_NOT = Cue("en", "negation", "both", ("n't",))


@cache
def everyday_names() -> frozenset[str]:
    """Skill names that are also everyday words (explain/data/common_word_skills.txt),
    and the word class "everyday_name" (Java, an island; Python, a snake; Pascal)."""
    lines = COMMON_WORDS_PATH.read_text(encoding="utf-8").splitlines()
    names = {line.strip().casefold() for line in lines if line.strip() and line[0] != "#"}
    return frozenset(names | word_class("everyday_name"))


@cache
def _by_first_word(tail: bool = False) -> dict[str, tuple[Cue, ...]]:
    """The cues by their first word; a list item's values ("none", "keine") only for a
    tail, so "aucune expérience sur Azure" reads "aucune" as the negation it is."""
    index: dict[str, list[Cue]] = {}
    for cue in cues():
        if cue.kind == "absent" and not tail:
            continue
        index.setdefault(cue.words[0], []).append(cue)
    # Longest first, so "no experience with" wins over "no" at the same word.
    return {k: tuple(sorted(v, key=lambda c: -len(c.words))) for k, v in index.items()}


@dataclass(frozen=True)
class _Hit:
    cue: Cue
    first: int  # index of its first word
    last: int  # index of its last word


def _portuguese(words: list[str]) -> bool:
    """A clause that reads as Portuguese: there "no" and "na" mean "in the"."""
    ends = ("ção", "ções", "ão", "ões")
    return any(word in word_class("portuguese") or word.endswith(ends) for word in words)


def _hits(words: list[str], tail: bool = False) -> list[_Hit]:
    """Cue occurrences, left to right; at each word the longest cue wins and covers its
    words. A cue at a word shared by several rows counts once per kind and position."""
    index = _by_first_word(tail)
    hits: list[_Hit] = []
    covered = 0  # words before this one belong to a cue already found
    # Only the words that start some cue are looked at (few in any clause).
    skip_no = "no" in words and _portuguese(words)
    for i in [k for k, word in enumerate(words) if word in index or _contracted(word)]:
        if i < covered or (skip_no and words[i] == "no"):
            continue
        found = [
            c for c in index.get(words[i], ()) if tuple(words[i : i + len(c.words)]) == c.words
        ]
        if not found:
            if _contracted(words[i]):
                hits.append(_Hit(_NOT, i, i))
                covered = i + 1
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
    if text[i] != "." or i < 2 or text[i - 2 : i] not in _abbreviation_ends():
        return False
    start = i
    while start > max(0, i - 8) and (is_word_char(text[start - 1]) or text[start - 1] == "."):
        start -= 1
    return text[start:i] in word_class("abbreviation")


def _last_break(text: str, low: int, high: int, endpos: int) -> int:
    """The last i in [low, high) where a clause ends (text read as if it stopped at
    endpos), or -1: read back from high, so the cost is the distance to that break."""
    find = text.rfind
    # The last of each character that can end a clause, in the order of _BREAK_CHARS.
    last = [find(ch, low, high) for ch in _BREAK_CHARS]
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
    CJK_REACH characters away; a subject ("my manager", "our clients") or "also hiring"
    that opens the clause, anywhere before the term in it. The list item's tail after
    "TERM:" is read too ("Docker: none yet", "SAP - 0 yrs", "Kubernetes 0/5"). A
    negation and a "without" undo each other ("not without Java"); any other pair, or
    three, stays a negation (the safe side).
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
    # A compound that holds the term ("SAP-Schulung", "Shopify-Händler"): what follows
    # the hyphen is read as the next word, unless the compound is a cue ("go-live").
    a, b = spans[last]
    compound = 0  # 1 when the compound's second part follows as a word of its own
    if end + 1 < b and text[end] == "-" and text[a:b] not in _by_first_word():
        spans[last : last + 1] = [(a, end), (end + 1, b)]
        words[last : last + 1] = [text[a:end], text[end + 1 : b]]
        compound = 1
    hits = _hits(words)
    cut_left, cut_right = _cuts(text, spans, words, hits, first, last)
    everyday = _everyday_term(words[first : last + 1])
    # Where the clause's first word stands, past a joining word ("and", "while").
    opening = (
        cut_left + 1 if cut_left < first and words[cut_left] in word_class("joining") else cut_left
    )
    governing = {
        (hit.first, hit.cue.kind): hit.cue
        for hit in hits
        if cut_left <= hit.first
        and hit.last < cut_right
        and _governs(hit, first, last, cut_left, opening, everyday)
        and not (hit.first > last and _other_subject(text, spans[last][1], spans[hit.first][0]))
        and not (hit.last < first and _ends_its_item(text, spans[hit.last][1], start))
    }
    if cut_left == 0:
        heading = _heading(text, left, low)
        if heading is not None:
            h_words = [text[a:b] for a, b in _tokens(text, *heading)]
            second = [*h_words, "0"][1]  # a goal opens a heading before a date ("Goal for 2025")
            lead = "heading" if second[:1].isdigit() or second in word_class("preposition") else ""
            governing.update(
                ((-1 - hit.first, hit.cue.kind), hit.cue)
                for hit in _hits(h_words)
                if (hit.last == len(h_words) - 1 or (hit.first == 0 and hit.cue.where == lead))
                and (hit.cue.kind in _HEADING_KINDS or (everyday and hit.cue.kind == "everyday"))
            )
    # "No AWS, no offer", "Pas de SQL, pas de candidature": a negation after the term
    # whose object is the hiring itself (class "consequence") makes the one before it a
    # condition, so the term is required.
    after = [h for h in hits if h.first > last and h.cue.kind == "negation"]
    if any(word_class("consequence").intersection(words[h.last + 1 : h.last + 2]) for h in after):
        governing = {key: cue for key, cue in governing.items() if cue.kind != "negation"}
    # "You won't get far without SQL": a "without" that governs the term alone and a
    # negation elsewhere in its clause, however far, undo each other (a requirement).
    without = word_class("without")
    negations = [cue for (_, kind), cue in governing.items() if kind == "negation"]
    if len(negations) == 1 and negations[0].words[0] in without:
        others = [
            hit
            for hit in hits
            if hit.cue.kind == "negation"
            and cut_left <= hit.first
            and hit.last < cut_right
            and hit.cue.words[0] not in without
        ]
        if others:
            governing[(others[-1].first, "negation")] = others[-1].cue
    # "We build apps for Shopify merchants": a maker ("we build", "desarrollamos") opens
    # the clause, then what it makes, then "for" at most two words (past determiners)
    # before the term: the company's trade ("We build for Android" names no product).
    maker = word_class("maker")
    n = 2 if " ".join(words[opening : opening + 2]) in maker else int(words[opening] in maker)
    near = [w for w in words[opening + n + 1 : first] if n and w not in word_class("determiner")]
    if word_class("beneficiary").intersection(near[-2:]):
        governing[(-len(words) - 3, "about_company")] = _MAKER
    job_cues = _job_side(text, spans, hits, (opening, first, last, cut_right))
    governing.update(((-len(words) - 4, cue.kind), cue) for cue in job_cues)
    # The compound's second part belongs to the term's noun phrase ("Die Ansible-Rollen
    # schrieb unser Ops-Team"): the verb comes after it.
    someone = _done_by_someone_else(words, hits, last, cut_right) or _subject_later(
        text[:high], words, (opening, first, last + compound, cut_right), spans[last + compound][1]
    )
    if someone or _subject_at(words, opening, first):
        governing[(-len(words) - 2, "someone_else")] = _SOMEONE_ELSE
    if _long_ago(words[last + 1 : cut_right]):
        governing[(len(words) + 2, "past")] = Cue("en", "past", "after", ("(years)",))
    if (tail := _tail(text, end, high)) is not None:
        governing[(len(words) + 1, tail.kind)] = tail
    season = everyday == _SHORT_OR_EVERYDAY and _season(words[first], text, spans[last][1], high)
    # One cue per kind and position: rows of the same words ("not required" before and
    # after) are one cue, not two negations undoing each other.
    return _reading(list(governing.values()), season)


def _job_side(text: str, spans: list[tuple[int, int]], hits: list[_Hit], at: _At) -> list[Cue]:
    """A job's term about the company ("Empresa líder en X", "We're a X agency", "since 2009",
    "with 800 employees"; never where experience is asked), another role's ("the manager, who
    runs X", "avec notre consultant X", "run by our accountants") or offered ("paid X course")."""
    (opening, i, j, stop), wc, words = at, word_class, [text[a:b] for a, b in spans]
    trail, nouns = words[opening:stop], [w for w in words[opening:i] if w not in wc("determiner")]
    copula = [n for n in (1, 2, 3) if " ".join(words[opening : opening + n]) in wc("copula")]
    nouns = words[opening : j + 3] if copula else nouns[:2]  # "We're a Shopify Plus agency"
    close = bool(copula) and i - opening - copula[-1] <= 2  # "Somos una aseguradora"
    years = [n for w, n in pairwise(trail) if w in wc("since") and _YEAR.fullmatch(n)]
    near = [{*trail[max(0, k - 3) : k]} & wc("companion") for k in range(len(trail))]
    staff = {n for k, (w, n) in enumerate(pairwise(trail)) if w.isdigit() and near[k]}
    company = bool(close or wc("company") & {*nouns} or years or wc("company_size") & staff)
    company = company and not wc("asks") & {*trail}
    rel = [k for k in range(1, i) if "," in text[spans[k - 1][1] : spans[k][0]]]
    rel = [k for k in rel if not {*words[max(0, k - 4) : k]} & wc("indefinite")]  # "a nurse,"
    mate = words[max(0, i - 3) : i][-3:]  # "avec notre consultant"
    with_our = len(mate) == 3 and mate[0] in wc("companion") and mate[1] in wc("determiner")
    other = any(words[k] in wc("relative") and any(map(_person, words[k - 2 : k])) for k in rel)
    other = other or (with_our and _person(mate[2])) or _done_by_someone_else(words, hits, j, stop)
    pay, course = wc("funding"), wc("course")
    offer = (pay & set(words[max(0, i - 2) : i]) and course & set(words[j + 1 : stop][:5])) or (
        course & set(words[max(0, i - 3) : i]) and pay & set(words[j + 1 : j + 2])
    )
    kinds = (("about_company", company), ("other_role", other), ("offer", offer))
    return [Cue("en", k, "before", (f"({k})",)) for k, held in kinds if held]


def _ends_its_item(text: str, cue_end: int, term_start: int) -> bool:
    """A cue before the term that a comma follows at once is the value of an item of its
    own ("Helm: none, Docker: 4 yrs"): it says nothing of the term after the comma."""
    return text[cue_end:term_start].lstrip(" ").startswith(",")


def _other_subject(text: str, term_end: int, cue_start: int) -> bool:
    """A cue after the term is another item's predicate when a comma or a spaced slash
    stands between them and the term is not a list item ending there: "Java developers
    wanted, Kotlin not needed" and "Docker yes / Kubernetes no" say nothing of the first;
    "Docker, Helm are not required" and "Vue (in Vue.js), never used" do."""
    for separator in (",", " / "):
        found = text.find(separator, term_end, cue_start)
        if found >= 0 and any(is_word_char(ch) for ch in text[term_end:found].partition(" ")[2]):
            return True
    return False


# A clause that opens with someone else as its subject: a determiner, at most two words,
# then a person or group ("my manager", "our data team", "mein Teamleiter"); the
# determiner opens the clause or follows a joining word, so "Led the team that moved to
# AWS" (subject: I) is plain. Polish has no articles: a bare "Zespół" opens one.
_SOMEONE_ELSE = Cue("en", "someone_else", "before", ("(subject)",))
_MAKER = Cue("en", "about_company", "before", ("(maker)",))
_At = tuple[int, int, int, int]


def _person(word: str) -> bool:
    """A person or group: "team", "DBA-team", "Plattformteam", "client's"."""
    word = word.removesuffix("'s").rsplit("-", 1)[-1]
    return word in word_class("person") or (len(word) > 6 and word.endswith("team"))


def _subject_at(words: list[str], i: int, stop: int, bare: bool = False) -> bool:
    """A person or group starts at words[i] (before stop): a determiner and within three
    words a person ("our BI team", "l'équipe"), a noun of a language without articles
    ("Zespół DBA"), or, if bare, any person ("by contractors")."""
    if i >= stop:
        return False
    if words[i] in word_class("person_bare") or (bare and _person(words[i])):
        return True
    determiners = word_class("determiner")
    if words[i] not in determiners:
        return False
    other = False  # a word that is no determiner, so a determiner after it opens another
    for word in words[i + 1 : min(stop, i + 4)]:
        if _person(word):
            return True
        if word in determiners and other:  # "par moi pour l'équipe"
            return False
        other = other or word not in determiners
    return False


def _done_by_someone_else(words: list[str], hits: list[_Hit], last: int, stop: int) -> bool:
    """After the term, an agent ("by", "von", "par", "pela", "door", "przez") or a
    resumptive clitic and its verb ("lo llevaba", "le faceva"), then a person: "were
    built by our BI team", "los hacía el equipo de BI". An agent inside a neutral phrase
    ("used by the whole team") is not one."""
    neutral = {k for h in hits if h.cue.kind == "neutral" for k in range(h.first, h.last + 1)}
    for k in range(last + 1, stop):
        if k in neutral:
            continue
        if words[k] in word_class("agent") and _subject_at(words, k + 1, stop, bare=True):
            return True
        if words[k] in word_class("clitic") and _subject_at(words, k + 2, stop):
            return True
    return False


def _subject_later(text: str, words: list[str], at: tuple[int, int, int, int], end: int) -> bool:
    """Someone else as a subject not opening the clause (at: its opening, the term's
    first and last word, its end): after a fronted term, a verb and a subject ending the
    clause (V2, free order: "Jenkinsa konfigurował mój kierownik"); or a person before a
    verb in the first three words ("DBA team owned Oracle", not "Team lead on") or after
    the term and a verb before a comma, then "I" after ",", ";", "(" or a dash."""
    opening, first, last, stop = at
    verbs = [w not in word_class("preposition") and not _person(w) for w in words[1:]] + [False]
    line = text[end:].split("\n", 1)[0]
    near = last + 1 + len(_tokens(line, 0, len(line.split(",", 1)[0])))  # before a comma
    fronted = first == opening or words[opening] in word_class("determiner")
    if fronted and verbs[last] and _person(words[stop - 1]) and _subject_at(words, last + 2, near):
        return True
    people = any(_person(words[k]) and verbs[k] for k in range(opening, min(first, opening + 3)))
    if not (people or (verbs[last] and any(map(_person, words[last + 2 : min(last + 4, near)])))):
        return False
    return any(
        line[a:b] in word_class("first_person") and any(c in line[:a] for c in ",;(-")
        for a, b in _tokens(line, 0, len(line))
    )


_YEAR_END = re.compile(r"(?:(?:19|20)\d\d-)?((?:19|20)\d\d)|((?:19|20)\d|[5-9])0(?:s|er|ern)?")


def _long_ago(words: list[str]) -> bool:
    """After the term, a span of years, a year after "until" ("bis", "jusqu'en"...) or a
    decade after "the", "années", "anni"... that ended PAST_YEARS years ago or more:
    "Perl (2009-2012)", "SVN until 2012", "COBOL in the 90s". A year alone is no end."""
    for k, word in enumerate(words):
        year, before = _YEAR_END.fullmatch(word), set(words[max(0, k - 2) : k])
        if year and year[1] and ("-" in word or before & word_class("until")):
            return int(year[1]) <= date.today().year - PAST_YEARS
        if year and year[2] and before & word_class("decade"):
            start = int(year[2]) * 10 + (0 if len(year[2]) > 1 else 1900)
            return start + 9 <= date.today().year - PAST_YEARS
    return False


# Kinds a heading may give the list under it ("Nice to have:", "We're also hiring:",
# "Our products:"): not someone else, a tail value or an everyday sense.
_HEADING_KINDS = frozenset(
    {"negation", "wish", "offer", "optional", "past", "other_role", "about_company"}
)
# Kinds that must open their clause and reach the whole of it.
_SUBJECT_KINDS = frozenset({"someone_else", "about_company"})
_NOT_A_TERM = 0
_SHORT = 1  # one or two letters or digits ("C", "R", "Go" is an everyday word too)
_SHORT_OR_EVERYDAY = 2


def _everyday_term(term_words: list[str]) -> int:
    """_SHORT for a one-word term of at most two letters or digits, _SHORT_OR_EVERYDAY
    for one that is an everyday word (Go, Swift, Spring, Ruby, Java...), else
    _NOT_A_TERM: only these are read for an everyday sense."""
    if len(term_words) != 1:
        return _NOT_A_TERM
    word = term_words[0]
    names = everyday_names()
    if word in names or (word.endswith("s") and word[:-1] in names):
        return _SHORT_OR_EVERYDAY
    if sum(ch.isalnum() for ch in word) <= 2:
        return _SHORT
    return _NOT_A_TERM


# "Spring 2025", "spring '26": a season, not the framework ("this spring", "start in
# spring" are everyday phrases in the cue files).
_YEAR = re.compile(r"(?:19|20)\d\d(?!\d)|'\d\d(?!\d)")


def _season(word: str, text: str, after: int, high: int) -> bool:
    """A season's name (word class "season") followed by a year."""
    return (
        word in word_class("season")
        and text[after : after + 1] in (" ", "/", "-")
        and _YEAR.match(text, after + 1, high) is not None
    )


# After the term (and at most two more words): a list item's separator, then its value.
_TAIL_SEPARATOR = re.compile(r"[ ]?(?:[:=?(]|(?<= )-|-(?= ))[ ]?")
# The item ends at a list separator, a closing bracket, a line break or a full stop.
_TAIL_END = re.compile(r"[,;|·•()\n]|\.(?: |$)")
# A zero amount or a cross mark: "0", "0/5", "0 yrs", "zero", "(0 years)", "Swift ❌".
_ZERO = re.compile(
    r"[(]?(?:0|zero|null|[\u274c\u2717\u2718\u2716\u26d4\U0001f6ab]\ufe0f?)(?:[ ]?/[ ]?\d+|[ ]?(?:"
    r"yrs?|years?|y|j|jahre|ans?|años|anos|anni|jaar|jr|lat|lata|months?|monate|mois|meses|"
    r"mesi|maanden|miesięcy|%)\.?)?[ ]?(?:[),;|·•\n]|\.+(?: |$)|$)"
)


def _tail(text: str, end: int, high: int) -> Cue | None:
    """The value of the term's list item after "TERM:", "TERM -", "TERM?", "TERM (" or
    a zero right after the term ("Kubernetes 0/5", "Docker (0 yrs)"): a negation or an
    absence that is the whole value (or is followed only by "yet", "experience" and the
    like), an optional or an offer at its start, governs the term. Only within one item:
    a comma, ";", "|", ")", a full stop or a line break ends it."""
    i = end
    # At most two words between the term and the separator ("Docker experience: none").
    for step in range(3):
        if step == 0 and text[i : i + 1] == "(" and _ZERO.match(text, i, high):
            return _ABSENT
        if step == 0 and text[i : i + 1] == " " and _ZERO.match(text, i + 1, high):
            return _ABSENT
        if step == 0 and text[i : i + 1] == " " and _whole_answer(text, i + 1, high):
            return _ABSENT
        sep = _TAIL_SEPARATOR.match(text, i, high)
        if sep is not None and text[i : sep.end()].strip():
            value_start = sep.end()
            break
        if text[i : i + 1] not in (" ", "-", "/"):  # "Jira/Confluence: none"
            return None
        word = _WORD_UNMARKED.match(text, i + 1, high)
        if word is None:
            return None
        i = word.end()
    else:
        return None
    stop = _TAIL_END.search(text, value_start, high)
    value_end = high if stop is None else stop.start()
    if value_end <= value_start:
        return None
    if _ZERO.match(text, value_start, high) is not None:
        return _ABSENT
    spans = _tokens(text, value_start, value_end)[:TAIL_WORDS]
    words = [text[a:b] for a, b in spans]
    hits = [hit for hit in _hits(words, tail=True) if hit.first == 0]
    if not hits:
        return None
    hit, kind = hits[0], hits[0].cue.kind
    if kind in ("optional", "offer", "wish", "past", "someone_else"):
        return hit.cue
    if kind not in ("negation", "absent"):
        return None
    rest = words[hit.last + 1 :]
    # An adverb ("never", "nie", "nunca": absent rows marked "both") negates the rest of
    # the value ("nunca mexi"); a determiner ("no", "kein") only a filler ("no exp"), so
    # "Kafka: no data loss" stays plain.
    adverb = any(h.cue.kind == "absent" and h.cue.where == "both" for h in hits)
    filler = all(w in word_class("filler") for w in rest[:2])
    return _ABSENT if adverb or not rest or len(hit.cue.words) > 1 or filler else None


_ABSENT = Cue("en", "negation", "after", ("none",))


def _whole_answer(text: str, start: int, high: int) -> bool:
    """A skill grid's short answer with no separator: one negation that is the whole
    item after the term ("Kubernetes no", "Azure nein, AWS ja", "Java não, Kotlin
    sim"); "Spark not Hadoop" is no answer, its item goes on."""
    stop = _TAIL_END.search(text, start, high)
    words = [text[a:b] for a, b in _tokens(text, start, high if stop is None else stop.start())]
    return any(
        hit.first == 0 and hit.last == len(words) - 1 and hit.cue.kind == "absent"
        for hit in _hits(words, tail=True)
    )


def _cuts(
    text: str,
    spans: list[tuple[int, int]],
    words: list[str],
    hits: list[_Hit],
    first: int,
    last: int,
) -> tuple[int, int]:
    """The word range of the term's clause: cut at a connector ("but", "aber", "mais",
    "pero", ...) and at a comma before a negation ("Java, not Kotlin"), unless the
    negation ends its item, then the term's predicate ("Vue.js, never used (React)")."""
    starts = [k for k, word in enumerate(words) if word in word_class("connector")]
    for hit in hits:
        ends = (
            hit.last + 1 == len(words) or "(" in text[spans[hit.last][1] : spans[hit.last + 1][0]]
        )
        if hit.cue.kind != "negation" or hit.cue.where == "after" or hit.first == 0 or ends:
            continue
        between = text[spans[hit.first - 1][1] : spans[hit.first][0]]
        if any(mark in between for mark in ",\u060c\u3001") and not any(
            word in word_class("without") for word in words[: hit.first]
        ):
            # Not after a "without": "Without Git, don't apply" is one requirement.
            starts.append(hit.first)
    if not starts:
        return 0, len(words)
    cut_left = max((k for k in starts if k <= first), default=0)
    cut_right = min((k for k in starts if k > last), default=len(words))
    return cut_left, cut_right


def _governs(hit: _Hit, first: int, last: int, cut_left: int, opening: int, everyday: int) -> bool:
    """A cue before the term within reach, after it (its predicate) within reach, or
    sharing words with the term itself ("no experience with" in the term "experience
    with AWS"; a term that is the whole quote "Kubernetes is a plus"). A CJK cue reaches
    at most CJK_REACH characters ("不需要 Java", "不需要掌握Java", "Kubernetes 者优先").
    A subject ("my manager", "our clients", "we're also hiring") must open the clause
    and reaches the whole of it before the term. An everyday-sense cue counts only for
    a short or everyday term, next to it ("report to Ruby", "Go beyond", "Rust Belt");
    a licence word up to two words before a one- or two-letter term ("licence B, C")."""
    kind = hit.cue.kind
    where = hit.cue.where
    if kind == "absent" or where == "heading":
        return False  # read only as a list item's value (_tail) or a heading (_heading)
    if kind == "everyday":
        if not everyday:
            return False
        if hit.last < first:
            reach = EVERYDAY_REACH_SHORT if everyday == _SHORT else 0
            return where != "after" and first - hit.last - 1 <= reach
        # After the term, next to it; or a phrase that holds the term ("head chef").
        return hit.first <= last or (where != "before" and hit.first == last + 1)
    if kind in _SUBJECT_KINDS and where == "before":
        return (
            hit.last < first
            and hit.first in (cut_left, opening)
            and first - hit.last - 1 <= SUBJECT_REACH
        )
    if kind == "other_role" and where == "before":
        return hit.last < first and first - hit.last - 1 <= SUBJECT_REACH
    before, after = (CJK_REACH, CJK_REACH) if hit.cue.cjk else (BEFORE_REACH, AFTER_REACH)
    if hit.cue.words[-1] in word_class("next_to_term"):
        before = 0
    if hit.last < first:
        return where != "after" and first - hit.last - 1 <= before
    if hit.first > last:
        return where != "before" and hit.first - last - 1 <= after
    return True


def _reading(governing: list[Cue], season: bool = False) -> Reading:
    if not governing:
        return Reading(everyday=True) if season else _PLAIN
    # A neutral phrase ("not only") has already covered its words: it negates nothing.
    negations = [cue for cue in governing if cue.kind == "negation"]
    if any(cue.words[0] in word_class("non_stacking") and len(cue.words) == 1 for cue in negations):
        negated = True
    elif len(negations) == 2:
        # Two undo each other only as "not ... without": exactly one "without" word.
        negated = sum(cue.words[0] in word_class("without") for cue in negations) != 1
    else:
        negated = bool(negations)
    kinds = {cue.kind for cue in governing}
    flags = ("wish", "offer", "optional", "someone_else", "past", "other_role", "about_company")
    return Reading(
        negated, **{k: k in kinds for k in flags}, everyday=season or "everyday" in kinds
    )
