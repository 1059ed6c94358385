"""When two ways of writing a term name the same skill.

A person writes "Postgres", the job writes "PostgreSQL"; a gap on a skill the profile
names another way is a false sentence on the page. Two forms are one skill when, folded,
they are equal; equal without the hyphens, spaces and dots between words ("Node.js",
"NodeJS"); equal word by word as Snowball stems (English, German, French, Spanish,
British spellings folded first); or in one row of explain/data/skill_aliases.tsv.
Short and everyday names (explain/data/common_word_skills.txt: Go, R, Excel) match only
as written, standing as a name (docs/verifier.md).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import snowballstemmer

from explain.core.normal import fold_name as _fold
from explain.core.rules.disguises import latin_look_alike

__all__ = [
    "AliasTable",
    "Form",
    "Words",
    "find_term",
    "find_term_in",
    "forms",
    "is_strict",
    "load_aliases",
    "problems",
    "reload",
    "same_skill",
    "skeleton",
]

DATA = Path(__file__).resolve().parents[2] / "data"
ALIAS_FILE = DATA / "skill_aliases.tsv"
COMMON_FILE = DATA / "common_word_skills.txt"

# Bounds that keep a bad file from making start-up or a request slow. A 10,000-row table
# (a taxonomy's labels) is read whole, once per process, in about a second.
MAX_ROWS = 20_000
MAX_NAMES_PER_ROW = 24
MAX_NAME_CHARS = 80
MAX_NAME_WORDS = 8
# Texts are indexed by runs of up to this many words (longer names match by alias only).
_MAX_WINDOW = 5

_LANGUAGES = ("english", "german", "french", "spanish")
# A word (letters, digits, marks, "_"), with the "++" or "#" of C++, C#, F#.
_TOKEN = re.compile(r"\w+(?:\+\+|#)?")
# Words this short are never stemmed: "go" is the stem of "going", "us" of "used".
_MIN_STEM_CHARS = 4

# British to American spellings, applied to each word on both sides (so over-folding an
# unrelated word only ever merges it with itself). Order matters: longest first.
_SPELLING = (
    (re.compile(r"(lys|gnos|thes)es$"), r"\1is"),  # Greek plurals: "analyses" is "analysis"
    (re.compile(r"isation(s?)$"), r"ization\1"),
    (re.compile(r"is(e|ed|es|er|ers|ing)$"), r"iz\1"),
    (re.compile(r"ys(e|ed|es|er|ers|ing)$"), r"yz\1"),
    (re.compile(r"(..)our(s?|ed|ing|ite|ites)$"), r"\1or\2"),
    (re.compile(r"(...)tre(s?)$"), r"\1ter\2"),
    (re.compile(r"ogue(s?)$"), r"og\1"),
    (re.compile(r"ell(ing|ed|er|ers)$"), r"el\1"),
    (re.compile(r"^(licen|defen|offen|practi)ce(s?)$"), r"\1se\2"),
)


def _spelled(word: str) -> str:
    if len(word) < 5:
        return word
    for pattern, repl in _SPELLING:
        changed = pattern.sub(repl, word)
        if changed != word:
            return changed
    return word


_per_thread = threading.local()


def _stemmers() -> tuple[Any, ...]:
    """This thread's stemmers: a snowball stemmer holds the word it is stemming in itself,
    so threads sharing one corrupt each other's words (an IndexError under gunicorn's
    threaded workers)."""
    stemmers: tuple[Any, ...] | None = getattr(_per_thread, "stemmers", None)
    if stemmers is None:
        stemmers = tuple(snowballstemmer.stemmer(language) for language in _LANGUAGES)
        _per_thread.stemmers = stemmers
    return stemmers


@lru_cache(maxsize=65536)
def _word_keys(word: str) -> tuple[str, ...]:
    """A folded word's spelling-folded form, then its stem in each language."""
    spelled = _spelled(word)
    if len(spelled) < _MIN_STEM_CHARS or not spelled.isalpha():
        # Marked, so a stem never equals a short word: "Java" stems to "jav" in Spanish,
        # and the word "Jav" is not Java.
        return (spelled, *((spelled + "\x00",) * len(_LANGUAGES)))
    return (spelled, *(stemmer.stemWord(spelled) for stemmer in _stemmers()))


def _keys(words: tuple[str, ...]) -> frozenset[str]:
    """Every key of a run of folded words: joined, and stemmed in each language."""
    if not words:
        return frozenset()
    per_word = [_word_keys(word) for word in words]
    keys = {"=" + "".join(keys[0] for keys in per_word)}
    for i in range(1, 1 + len(_LANGUAGES)):
        keys.add(f"{i}" + "".join(keys[i] for keys in per_word))
    return frozenset(keys)


@lru_cache(maxsize=1)
def common_words() -> dict[str, str]:
    """Everyday words that are also skill names: folded form -> the name as written."""
    names: dict[str, str] = {}
    try:
        lines = COMMON_FILE.read_text(encoding="utf-8").splitlines()
    except OSError:
        return names
    for line in lines[:MAX_ROWS]:
        name = line.strip()
        if name and not name.startswith("#") and len(name) <= MAX_NAME_CHARS:
            names.setdefault(_fold(name), name)
    return names


def _letters(text: str) -> int:
    return sum(ch.isalnum() for ch in text)


def is_strict(name: str) -> bool:
    """True for a name matched only as written: two Latin letters or fewer ("R", "JS";
    not two CJK characters, each of which is a word), or an everyday word."""
    name = name.strip()
    return (_letters(name) <= 2 and name.isascii()) or _fold(name) in common_words()


def _strict_case(name: str) -> str:
    """How a short or everyday name is written when it is a name: the common-word list's
    case, else a short abbreviation in capitals ("ml" is ML), else as given."""
    name = name.strip()
    listed = common_words().get(_fold(name))
    if listed is not None:
        return listed
    if name.islower() and _letters(name) <= 2:
        return name.upper()
    return name


@dataclass(frozen=True)
class Form:
    """One name of a skill: as written, its folded words, whether it is strict, its keys."""

    name: str
    words: tuple[str, ...]
    strict: bool
    keys: frozenset[str]


def _form(name: str) -> Form | None:
    name = " ".join(name.split())
    if not name or len(name) > MAX_NAME_CHARS:
        return None
    words = tuple(_TOKEN.findall(_fold(name)))
    if not words or len(words) > MAX_NAME_WORDS:
        return None
    strict = is_strict(name)
    if strict:
        shown = _strict_case(name)
        return Form(shown, tuple(_TOKEN.findall(shown)), True, frozenset())
    return Form(name, words, False, _keys(words))


@dataclass(frozen=True)
class AliasTable:
    """Rows of names that are one skill, indexed by every key of every name."""

    rows: tuple[tuple[Form, ...], ...]
    by_key: dict[str, int]
    by_strict: dict[str, int]
    problems: tuple[str, ...]

    def row_of(self, form: Form) -> int | None:
        if form.strict:
            return self.by_strict.get(form.name)
        exact = self.by_key.get(_exact(form))
        if exact is not None:
            return exact
        for key in sorted(form.keys):
            row = self.by_key.get(key)
            if row is not None:
                return row
        return None


def _parse(lines: Iterable[str], source: str) -> AliasTable:
    """The table from TSV lines: `skill<TAB>name|name|...`; a line starting "#" is a comment.

    A bad row never stops the rest: it is skipped and said in `problems`.
    """
    rows: list[tuple[Form, ...]] = []
    by_key: dict[str, int] = {}
    by_strict: dict[str, int] = {}
    found: list[str] = []
    for number, raw in enumerate(lines, start=1):
        line = raw.rstrip("\r\n")
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if len(rows) >= MAX_ROWS:
            found.append(f"{source}: more than {MAX_ROWS} rows; the rest are ignored")
            break
        cells = [cell.strip() for cell in line.split("\t")]
        names = [cells[0], *(n for cell in cells[1:] for n in cell.split("|"))]
        names = [n.strip() for n in names if n.strip()][:MAX_NAMES_PER_ROW]
        row_forms: list[Form] = []
        seen: set[str] = set()
        for name in names:
            form = _form(name)
            if form is None:
                found.append(f"{source}:{number}: {name[:40]!r} is empty or too long; ignored")
                continue
            if name.islower() and _fold(name) in common_words():
                found.append(
                    f"{source}:{number}: {name!r} is an everyday word; write it as a name "
                    f"({common_words()[_fold(name)]!r}) or drop it"
                )
                continue
            ident = form.name if form.strict else "".join(_word_keys(w)[0] for w in form.words)
            if ident in seen:
                continue
            seen.add(ident)
            row_forms.append(form)
        if len(row_forms) < 2:
            found.append(f"{source}:{number}: a row needs two different names; ignored")
            continue
        # A name an earlier row already has (a conflict or a cycle) drops the row.
        clash = next(
            (
                (form.name, row)
                for form in row_forms
                for row in [by_strict.get(form.name) if form.strict else by_key.get(_exact(form))]
                if row is not None
            ),
            None,
        )
        if clash is not None:
            found.append(
                f"{source}:{number}: {clash[0]!r} is already in row {clash[1] + 1}; ignored"
            )
            continue
        index = len(rows)
        rows.append(tuple(row_forms))
        for form in row_forms:
            if form.strict:
                by_strict[form.name] = index
            else:
                by_key[_exact(form)] = index
                for key in form.keys:
                    by_key.setdefault(key, index)
    return AliasTable(tuple(rows), by_key, by_strict, tuple(found))


def _exact(form: Form) -> str:
    return "=" + "".join(_word_keys(w)[0] for w in form.words)


def load_aliases(path: Path = ALIAS_FILE) -> AliasTable:
    """The table in a file; a missing or unreadable file is an empty table and a problem."""
    try:
        with path.open(encoding="utf-8", errors="replace") as handle:
            lines = [line for _, line in zip(range(MAX_ROWS * 2), handle, strict=False)]
    except OSError as error:
        return AliasTable((), {}, {}, (f"{path.name}: cannot be read ({error.strerror})",))
    return _parse(lines, path.name)


@lru_cache(maxsize=1)
def _table() -> AliasTable:
    return load_aliases(ALIAS_FILE)


def reload() -> None:
    """Read the data files again on next use (after editing them, and in tests)."""
    for cached in (_table, common_words, forms):
        cached.cache_clear()


def problems() -> tuple[str, ...]:
    """What was wrong with the alias table, for the system check."""
    return _table().problems


@lru_cache(maxsize=4096)
def forms(term: str) -> tuple[Form, ...]:
    """The term itself, then every other name in its alias row."""
    own = _form(term)
    if own is None:
        return ()
    table = _table()
    row = table.row_of(own)
    if row is None:
        return (own,)
    return (own, *(form for form in table.rows[row] if form != own))


def same_skill(a: str, b: str) -> bool:
    """True when two names are the same skill by the rules above (symmetric)."""
    left, right = _form(a), _form(b)
    if left is None or right is None:
        return False
    if left.strict or right.strict:
        if left.strict and right.strict and left.name == right.name:
            return True
    elif left.keys & right.keys:
        return True
    table = _table()
    row = table.row_of(left)
    return row is not None and row == table.row_of(right)


# --------------------------------------------------------------------------- texts

# A word of a text is a longest run of word characters (with the "++" or "#" after it):
# one begins where a word character follows anything else, so the words from any such
# place are read alone, the same as in the whole text.
_WORD_CHAR = re.compile(r"\w")

_SENTENCE_END = re.compile(r"(?:^|[.!?]\s+|\n\s*)$")
# At the start of a sentence a capital says nothing: "Go" is the verb when a function
# word follows ("Go to the office", "Spring is here", "Excel at"), else a name
# ("Go developer", "Go, Python").
_NEXT_WORD = re.compile(r"[ \t]+([a-zà-ÿ]+)")
_EVERYDAY_NEXT = frozenset(
    "to ahead on for with back out through into beyond the a an at in is was are were "
    "up down over away by from of as home get see check make we you i it if now there "
    "here every forward has had will can be been your our my this that these those".split()
)
# The one speed-up of the name search: a name's keys all start with its first characters
# (a stem and the British fold change a word's end only), so runs are read only from the
# words whose first characters begin the name: 0.3 ms against 0.4-1.3 s per name at 20 KB.
_PREFIX = 3

Span = tuple[int, int]


def _heads(form: Form) -> frozenset[str]:
    """What a word's first characters are when the form's name can begin at it."""
    compact = "".join(form.words)
    return frozenset(compact[:k] for k in range(1, _PREFIX + 1))


def _windows(text: str, start: int) -> list[tuple[int, frozenset[str]]]:
    """The runs of up to _MAX_WINDOW words from `start`, one phrase: each run's end and
    keys (a name is found where its keys meet a run's)."""
    found = []
    words: list[str] = []
    end = start
    for match in _TOKEN.finditer(text, start):
        if words and not _same_phrase(text, end, match.start()):
            break
        words.append(_fold(match.group()))
        end = match.end()
        found.append((end, _keys(tuple(words))))
        if len(words) == _MAX_WINDOW:
            break
    return found


def _same_phrase(text: str, end: int, start: int) -> bool:
    """Two words belong to one name when only spaces, "-", ".", "/", "_" or an apostrophe
    separate them ("front-end", "Node.js", "CI/CD", "d'équipe")."""
    gap = text[end:start]
    return len(gap) <= 3 and all(ch in " -./_'\u2019\u00a0\u2010\u2011" for ch in gap)


# An elided article or preposition just before a name (French, Italian): "d'", "l'",
# "qu'", "dell'", "nell'", "all'", "un'"; the name after it stands as a name.
_ELIDED = re.compile(r"(?<!\w)(?:[dlDL]|qu|Qu|dell|dall|nell|sull|all|coll|un|Dell|All|Nell)['’]$")


def _strict_ok(text: str, start: int, end: int) -> bool:
    """A short or everyday name stands as a name: not glued to a word, not sentence use."""
    before = text[max(0, start - 1) : start]
    after = text[end : end + 1]
    if before in {"'", "’"} and _ELIDED.search(text, max(0, start - 8), start):
        before = " "  # an elided article read through: "d'Excel", "dell'Excel"
    if before in {"&", "-", "'", "’"} or after in {"&", "-", "'", "’"}:
        return False
    if _SENTENCE_END.search(text[max(0, start - 40) : start]):
        following = _NEXT_WORD.match(text, end)
        return following is None or following.group(1) not in _EVERYDAY_NEXT
    return True


def _strict_span(text: str, start: int, form: Form) -> Span | None:
    """The form's words as written from the word at `start`, one phrase, standing as a
    name; else None."""
    size = len(form.words)
    end = start
    for k, match in enumerate(_TOKEN.finditer(text, start)):
        if match.group() != form.words[k] or (k and not _same_phrase(text, end, match.start())):
            return None
        end = match.end()
        if k == size - 1:
            break
    else:
        return None
    return (start, end) if _strict_ok(text, start, end) else None


class Words:
    """The words of text[low:high] where a name can begin, each with its folded first
    characters: read once per text, for every name looked up in it (a draft's gaps are
    all looked up in one profile)."""

    def __init__(self, text: str, low: int = 0, high: int | None = None) -> None:
        self.text = text
        self.low = max(low, 0)
        self.high = len(text) if high is None else min(high, len(text))
        self.starts = [
            (match.start(), match.group())
            for match in _TOKEN.finditer(text, self.low, self.high)
            if match.start() == 0 or _WORD_CHAR.match(text, match.start() - 1) is None
        ]
        self.heads = [_fold(word)[:_PREFIX] for _, word in self.starts]

    def find(self, term: str) -> list[Span]:
        """Offsets of every whole-word run here that names the term's skill, in order."""
        text, low = self.text, self.low
        found: set[Span] = set()
        for form in forms(term):
            if form.strict and any(ch in form.name for ch in "&+/"):
                # "R&D", "I+D", "TCP/IP": the joiner is part of the name: as written.
                name = re.escape(form.name)
                joined = re.finditer(rf"(?<![\w&+/-]){name}(?![\w&+/-])", text)
                found.update(m.span() for m in joined if low <= m.start())
            elif form.strict:
                for at, word in self.starts:
                    if form.words and word == form.words[0]:
                        span = _strict_span(text, at, form)
                        if span is not None:
                            found.add(span)
            else:
                heads = _heads(form)
                for (at, _), head in zip(self.starts, self.heads, strict=True):
                    if head in heads:
                        found.update(
                            (at, end) for end, keys in _windows(text, at) if keys & form.keys
                        )
        return sorted(span for span in found if span[1] <= self.high)


def find_term(term: str, text: str) -> list[Span]:
    """Offsets in `text` of every whole-word run that names the term's skill, in order."""
    return Words(text).find(term) if text else []


def find_term_in(term: str, text: str, low: int, high: int) -> list[Span]:
    """find_term(term, text) inside text[low:high] only, the text around it read as for
    find_term (a sentence's start, the next word)."""
    return Words(text, low, high).find(term) if text else []


# --------------------------------------------------------------------------- look-alikes


def skeleton(text: str) -> str:
    """The text with look-alike letters of other scripts read as Latin (TR39), one for
    one (so offsets still hold). Only for the gap check, where it can only remove a gap."""
    for ch in [ch for ch in set(text) if not ch.isascii()]:
        latin = latin_look_alike(ch)
        if latin != ch:
            text = text.replace(ch, latin)
    return text
