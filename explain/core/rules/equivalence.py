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
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import islice
from pathlib import Path

import snowballstemmer

from explain.core.normal import fold_name as _fold
from explain.core.normal import forms_of
from explain.core.rules.disguises import latin_look_alike
from explain.core.rules.words import data_words

DATA = Path(__file__).resolve().parents[2] / "data"
ALIAS_FILE = DATA / "skill_aliases.tsv"
COMMON_FILE = DATA / "common_word_skills.txt"

# Bounds that keep a bad file from making start-up or a request slow. A 10,000-row table
# (a taxonomy's labels) is read whole, once per process, in about a second.
MAX_ROWS = 20_000
MAX_NAMES_PER_ROW = 24
MAX_NAME_CHARS = 80
MAX_NAME_WORDS = 8
# Texts are read in runs of up to this many words (longer names match by alias only).
_MAX_WINDOW = 5

_LANGUAGES = ("english", "german", "french", "spanish")
# A word (letters, digits, marks, "_"), with the "++" or "#" of C++, C#, F#; a word of a
# text is a longest such run, so one never begins right after a letter.
_TOKEN = re.compile(r"(?<!\w)\w+(?:\+\+|#)?")
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


# Kept per word: four stems cost about 0.3 ms, and a text's words come back for every name.
@lru_cache(maxsize=65536)
def _word_keys(word: str) -> tuple[str, ...]:
    """A folded word's spelling-folded form, then its stem in each language. A stemmer per
    call: one holds the word it is stemming, so threads must not share one."""
    spelled = _spelled(word)
    if len(spelled) < _MIN_STEM_CHARS or not spelled.isalpha():
        # Marked, so a stem never equals a short word: "Java" stems to "jav" in Spanish,
        # and the word "Jav" is not Java.
        return (spelled, *((spelled + "\x00",) * len(_LANGUAGES)))
    return (spelled, *(snowballstemmer.stemmer(lang).stemWord(spelled) for lang in _LANGUAGES))


def _keys(words: Iterable[str]) -> frozenset[str]:
    """Every key of a run of folded words: joined ("="), and stemmed in each language."""
    per_word = [_word_keys(word) for word in words]
    return frozenset(mark + "".join(keys[i] for keys in per_word) for i, mark in enumerate("=1234"))


@lru_cache(maxsize=1)
def common_words() -> dict[str, str]:
    """Everyday words that are also skill names: folded form -> the name as written."""
    names: dict[str, str] = {}
    for line in COMMON_FILE.read_text(encoding="utf-8").splitlines()[:MAX_ROWS]:
        name = line.strip()
        if name and not name.startswith("#") and len(name) <= MAX_NAME_CHARS:
            names.setdefault(_fold(name), name)
    return names


def _short(name: str) -> bool:
    """Two letters or digits or fewer."""
    return sum(ch.isalnum() for ch in name) <= 2


def is_strict(name: str) -> bool:
    """True for a name matched only as written: two Latin letters or fewer ("R", "JS";
    not two CJK characters, each of which is a word), or an everyday word."""
    name = name.strip()
    return (_short(name) and name.isascii()) or _fold(name) in common_words()


@dataclass(frozen=True)
class Form:
    """One name of a skill: as written, its folded words, whether it is strict, its keys
    (a strict name's one key is itself) and the key the alias table indexes it by."""

    name: str
    words: tuple[str, ...]
    strict: bool
    keys: frozenset[str]
    ident: str


def _form(name: str) -> Form | None:
    name = " ".join(name.split())
    if not name or len(name) > MAX_NAME_CHARS:
        return None
    words = tuple(_TOKEN.findall(_fold(name)))
    if not words or len(words) > MAX_NAME_WORDS:
        return None
    if is_strict(name):
        # As a name is written: the common-word list's case, else a short abbreviation
        # in capitals ("ml" is ML), else as given.
        shown = common_words().get(_fold(name)) or (
            name.upper() if name.islower() and _short(name) else name
        )
        ident = "!" + shown
        return Form(shown, tuple(_TOKEN.findall(shown)), True, frozenset([ident]), ident)
    exact = "=" + "".join(_word_keys(word)[0] for word in words)
    return Form(name, words, False, _keys(words), exact)


@dataclass(frozen=True)
class AliasTable:
    """Rows of names that are one skill, indexed by every key of every name."""

    rows: tuple[tuple[Form, ...], ...]
    by_key: dict[str, int]
    problems: tuple[str, ...]

    def row_of(self, form: Form) -> int | None:
        """The row of the form's own key, else of the first of its keys in a row."""
        for key in (form.ident, *sorted(form.keys)):
            if key in self.by_key:
                return self.by_key[key]
        return None


def load_aliases(path: Path = ALIAS_FILE) -> AliasTable:
    """The table in a TSV file: `skill<TAB>name|name|...`; a line starting "#" is a
    comment. A bad row never stops the rest, nor a missing or unreadable file: each is
    skipped and said in `problems`."""
    try:
        with path.open(encoding="utf-8", errors="replace") as handle:
            lines = list(islice(handle, MAX_ROWS * 2))
    except OSError as error:
        return AliasTable((), {}, (f"{path.name}: cannot be read ({error.strerror})",))
    source = path.name
    rows: list[tuple[Form, ...]] = []
    by_key: dict[str, int] = {}
    found: list[str] = []
    for number, raw in enumerate(lines, start=1):
        line = raw.rstrip("\r\n")
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if len(rows) >= MAX_ROWS:
            found.append(f"{source}: more than {MAX_ROWS} rows; the rest are ignored")
            break
        where = f"{source}:{number}"
        skill, *cells = line.split("\t")
        names = [skill, *(name for cell in cells for name in cell.split("|"))]
        row: dict[str, Form] = {}  # one form per name (the first of its spellings)
        for name in [name.strip() for name in names if name.strip()][:MAX_NAMES_PER_ROW]:
            form = _form(name)
            everyday = common_words().get(_fold(name))
            if form is None:
                found.append(f"{where}: {name[:40]!r} is empty or too long; ignored")
            elif name.islower() and everyday is not None:
                found.append(
                    f"{where}: {name!r} is an everyday word; write it as a name "
                    f"({everyday!r}) or drop it"
                )
            else:
                row.setdefault(form.ident, form)
        # A name an earlier row already has (a conflict or a cycle) drops the row.
        clash = next((form for form in row.values() if form.ident in by_key), None)
        if len(row) < 2:
            found.append(f"{where}: a row needs two different names; ignored")
        elif clash is not None:
            at = by_key[clash.ident] + 1
            found.append(f"{where}: {clash.name!r} is already in row {at}; ignored")
        else:
            rows.append(tuple(row.values()))
            for form in row.values():
                by_key[form.ident] = len(rows) - 1
                for key in form.keys:
                    by_key.setdefault(key, len(rows) - 1)
    return AliasTable(tuple(rows), by_key, tuple(found))


@lru_cache(maxsize=1)
def _table() -> AliasTable:
    return load_aliases(ALIAS_FILE)


def reload() -> None:
    """Read the data files again on next use (after editing them, and in tests)."""
    _table.cache_clear()
    common_words.cache_clear()


def problems() -> tuple[str, ...]:
    """What was wrong with the alias table, for the system check."""
    return _table().problems


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


# --------------------------------------------------------------------------- texts

# A sentence starts a text or line, follows . ! ? and a space, or a label's ": " ("Skills: ").
_SENTENCE_END = re.compile(r"(?:^\s*|[.!?]\s+|^[^\n.!?:]{1,40}:[ \t]+)\Z", re.M)
# At the start of a sentence a capital says nothing: "Go" is the verb when a function word
# or particle follows ("Go to the office", "Excel at", Dutch "Spring gerust binnen", Polish
# "Jest tu miło"), else a name ("Go developer", "Go, Python", "on" a name: "Ruby on Rails";
# "a" is a Romance preposition: "Excel a diario").
_NEXT_WORD = re.compile(r"[ \t]+(?!on [A-Z])([a-zà-ÿ]+)")
_EVERYDAY_NEXT = data_words("everyday_next")
# An auxiliary after it makes a noun the subject ("Spring is our busy season"), but the name
# of a word that is only a verb or an adjective in everyday use ("React is required").
_AUXILIARY = frozenset("is was are were has had will can be been".split())
_NO_SUBJECT = frozenset("go excel react swift".split())
# An elided article or preposition just before a name (French, Italian): "d'", "l'",
# "qu'", "dell'", "nell'", "all'", "un'"; the name after it stands as a name.
_APOSTROPHES = forms_of("'")
_ELIDED = re.compile(
    r"(?<!\w)(?:[dlDL]|qu|Qu|dell|dall|nell|sull|all|coll|un|Dell|All|Nell)"
    rf"[{re.escape(_APOSTROPHES)}]$"
)
# What glues a short name to the word beside it ("R&D", "Go-to", "Go's"); not a noun.
_GLUE = frozenset("&-" + _APOSTROPHES)
# What joins two words into one name: white space, dots, slashes, any hyphen or apostrophe.
_IN_A_NAME = frozenset(" \u00a0./_" + forms_of("-") + _APOSTROPHES)
# The one speed-up of the name search: a name's keys all start with its first characters
# (a stem and the British fold change a word's end only), so runs are read only from the
# words whose first characters begin the name: 0.4-0.7 ms against 40-100 ms per name at
# 20 KB (200 ms with nothing stemmed yet).
_PREFIX = 3

Span = tuple[int, int]


def _phrase(text: str, start: int, size: int) -> Iterator[re.Match[str]]:
    """Up to `size` words from the one at `start`, while only spaces, dots, slashes, "_",
    hyphens or apostrophes (three at most) separate them: one name ("front-end",
    "Node.js", "CI/CD", "d'équipe")."""
    end = start
    for match in _TOKEN.finditer(text, start):
        gap = text[end : match.start()]
        if len(gap) > 3 or not _IN_A_NAME.issuperset(gap):
            return
        yield match
        end = match.end()
        size -= 1
        if not size:
            return


def _as_written(text: str, start: int, form: Form) -> Span | None:
    """The strict form's words as written from `start`, one phrase, standing as a name:
    not glued to a word (but after an elided article: "d'Excel", or before a compound's
    second part: "Excel-sheet"), not a word of a sentence ("Go to"); else None."""
    run = list(_phrase(text, start, len(form.words)))
    end = run[-1].end()
    if tuple(match.group() for match in run) != form.words:
        return None
    elided = _ELIDED.search(text, max(0, start - 8), start)
    opening = _SENTENCE_END.search(text, max(0, start - 60), start)
    part = text[end + 1 : end + 2]  # "Excel-Modelle", "Excel-sheet"; not "Rust-proofing"
    compound = len(form.name) > 2 and part.isalpha() and (part.isupper() or not opening)
    glued = text[end : end + 1] in _GLUE and not (compound and text[end] == "-")
    if (text[max(0, start - 1) : start] in _GLUE and not elided) or glued:
        return None
    if opening:
        following = _NEXT_WORD.match(text, end)
        word = following.group(1) if following is not None else ""
        if word in _EVERYDAY_NEXT or (word in _AUXILIARY and form.name.lower() not in _NO_SUBJECT):
            return None
    return start, end


class Words:
    """The words of text[low:high] where a name can begin, each with its folded first
    characters: read once per text, for every name looked up in it (a draft's gaps are
    all looked up in one profile)."""

    def __init__(self, text: str, low: int = 0, high: int | None = None) -> None:
        self.text = text
        self.low = max(low, 0)
        self.high = len(text) if high is None else min(high, len(text))
        self.starts = [(m.start(), m.group()) for m in _TOKEN.finditer(text, self.low, self.high)]
        self.heads = [_fold(word)[:_PREFIX] for _, word in self.starts]

    def find(self, term: str) -> list[Span]:
        """Offsets of every whole-word run here that names the term's skill, in order."""
        text = self.text
        found: set[Span] = set()
        for form in forms(term):
            if form.strict and any(ch in form.name for ch in "&+/"):
                # "R&D", "I+D", "TCP/IP": the joiner is part of the name: as written.
                name = re.escape(form.name)
                joined = re.finditer(rf"(?<![\w&+/-]){name}(?![\w&+/-])", text)
                found.update(m.span() for m in joined if self.low <= m.start())
            elif form.strict:
                spans = (_as_written(text, at, form) for at, w in self.starts if w == form.words[0])
                found.update(span for span in spans if span is not None)
            else:
                compact = "".join(form.words)
                heads = {compact[:k] for k in range(1, _PREFIX + 1)}
                for (at, _), head in zip(self.starts, self.heads, strict=True):
                    if head in heads:
                        words = []
                        for match in _phrase(text, at, _MAX_WINDOW):
                            words.append(_fold(match.group()))
                            if _keys(words) & form.keys:
                                found.add((at, match.end()))
        return sorted(span for span in found if span[1] <= self.high)


def find_term(term: str, text: str, low: int = 0, high: int | None = None) -> list[Span]:
    """Offsets of every whole-word run of text[low:high] that names the term's skill, in
    order, the text around it read too (a sentence's start, the next word)."""
    return Words(text, low, high).find(term)


def skeleton(text: str) -> str:
    """The text with look-alike letters of other scripts read as Latin (TR39), one for
    one (so offsets still hold). Only for the gap check, where it can only remove a gap."""
    for ch in [ch for ch in set(text) if not ch.isascii()]:
        latin = latin_look_alike(ch)
        if latin != ch:
            text = text.replace(ch, latin)
    return text
