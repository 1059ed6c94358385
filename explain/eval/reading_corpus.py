"""The reading corpus: claims whose quote is true word for word and may still mislead.

One line a claim in `reading_corpus.tsv` (tab-separated, `#` comments):

    lang  kind  side  label  term  text

- lang: en, de, fr, es, pt, it, nl, pl;
- kind: what the text does to its term (states, absent, wished, someone_else, past,
  pseudo; required, optional, not_needed, offered, other_role, about_company; everyday;
  gap_negated);
- side: P a profile line backing a match, J a job line backing a match, G a job line
  backing a gap, N a profile line beside a gap on the term (the job asks for it);
- label: keep, opt (kept and shown as optional), or drop:<reason code>;
- text: one line written the way CVs and postings are written (bullets, colons,
  abbreviations, typos), never copied from an issue.

Each line becomes a labelled case of the case format (explain.eval.cases.Case) with
plain texts around it, and is scored by the same judge as the shipped set. A claim is
good when its label is keep; it is misleading otherwise, and handled when code drops it
(any reason) or, for opt, shows it as optional. Pure Python: no Django.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from explain.core.schema import Claim
from explain.core.verify import Limits
from explain.eval.cases import DROP, KEEP, Case
from explain.eval.scoring import SentenceWriter, Verdict, judge
from explain.eval.sentences import template_sentence

CORPUS_PATH = Path(__file__).resolve().parent / "reading_corpus.tsv"
# Written after the reader and measured once before any change it could prompt.
HOLDOUT_PATH = Path(__file__).resolve().parent / "reading_holdout.tsv"
# Written after the first held-out set had been fitted, by a writer who never saw the
# reader's code or cues, and measured once: the honest figure until a change
# is prompted by its misses.
FRESH_PATH = Path(__file__).resolve().parent / "reading_fresh.tsv"
# Written by another such writer after the reader had been fitted to the first fresh set,
# to find where its rules fail to generalise: development rows from the start.
DEV2_PATH = Path(__file__).resolve().parent / "reading_dev2.tsv"
DEV3_PATH = Path(__file__).resolve().parent / "reading_dev3.tsv"
# Written on 5 Dec by a writer who never saw the reader, for development from the start.
DEV4_PATH = Path(__file__).resolve().parent / "reading_dev4.tsv"
# Written on 5 Dec by a writer who never saw the reader, its cues or the other sets,
# committed (84cbbff) before it was run, and measured once with the reader of that day.
FRESH2_PATH = Path(__file__).resolve().parent / "reading_fresh2.tsv"
# The same, written while a fourth round was fitted to the second, committed (21756bb)
# before it was run, and measured once with the reader that round left.
FRESH3_PATH = Path(__file__).resolve().parent / "reading_fresh3.tsv"
# Written the same way later on 5 Dec, committed before it was run, to be measured once.
FRESH4_PATH = Path(__file__).resolve().parent / "reading_fresh4.tsv"
# Written on 5 Dec (second session) by writers who never saw the reader, for development:
# one weighted to the profile side (5a), one to the job side (5b).
DEV5A_PATH = Path(__file__).resolve().parent / "reading_dev5a.tsv"
DEV5B_PATH = Path(__file__).resolve().parent / "reading_dev5b.tsv"
# Written on 5 Dec (second session) apart from the reader, committed (aaba7b6) before it
# was run, and measured once with the reader of round 8.
FRESH5_PATH = Path(__file__).resolve().parent / "reading_fresh5.tsv"
# Written on 5 Dec (third session) by writers who never saw the reader, for development:
# profile side (6a) and job side (6b); first sight with the reader of round 9.
DEV6A_PATH = Path(__file__).resolve().parent / "reading_dev6a.tsv"
DEV6B_PATH = Path(__file__).resolve().parent / "reading_dev6b.tsv"
# Written on 5 Dec (third session) apart from the reader, committed (fd2e5a1) before it was
# run, and measured once with the reader of round 10.
FRESH6_PATH = Path(__file__).resolve().parent / "reading_fresh6.tsv"
# The same, written alongside it, committed (002bb3d) before it was run, and measured once
# with the reader of round 11 (fitted to fresh6, dev6a and dev6b, never to this set).
FRESH7_PATH = Path(__file__).resolve().parent / "reading_fresh7.tsv"
LANGS = ("en", "de", "fr", "es", "pt", "it", "nl", "pl")
SIDES = ("P", "J", "G", "N")
OPTIONAL = "opt"
MAX_QUOTE_WORDS = 12

# The texts around a line: neither names a corpus term by itself.
_PROFILE = "Headline: Software engineer\nTools: Git, Bash, Vim\n{text}"
_JOB = "Job title: Engineer\nWhat you bring:\n- {term} experience\n- good English"
_JOB_LINE = "Job title: Engineer\nAbout the role:\n{text}\nBenefits: remote days"
_PROFILE_PLAIN = "Headline: Software engineer\nTools: Git, Bash, Vim\nSkills: {term}, Bash"


@dataclass(frozen=True)
class CorpusCase:
    lang: str
    kind: str
    case: Case
    optional: bool  # labelled opt: handled when kept and shown as optional

    @property
    def good(self) -> bool:
        return self.case.expected == KEEP and not self.optional


def _quote(text: str, term: str) -> str:
    words = text.lstrip("-•*· ").split()
    return " ".join(words) if len(words) <= MAX_QUOTE_WORDS else term


def corpus_case(number: int, fields: list[str]) -> CorpusCase:
    """One line of the corpus as a labelled case; ValueError names a bad line."""
    if len(fields) != 6:
        raise ValueError(f"reading corpus line {number}: needs 6 tab-separated fields")
    lang, kind, side, label, term, text = fields
    if lang not in LANGS or side not in SIDES:
        raise ValueError(f"reading corpus line {number}: unknown language or side")
    expected, reason = (DROP, label[5:]) if label.startswith("drop:") else (KEEP, None)
    if expected == KEEP and label not in (KEEP, OPTIONAL):
        raise ValueError(f"reading corpus line {number}: label is keep, opt or drop:<code>")
    quote = _quote(text, term)
    if side == "P":
        profile, job = _PROFILE.format(text=text), _JOB.format(term=term)
        claim = Claim(term=term, profile_quote=quote, job_quote=f"{term} experience")
    elif side == "J":
        profile, job = _PROFILE_PLAIN.format(term=term), _JOB_LINE.format(text=text)
        claim = Claim(term=term, profile_quote=f"{term}, Bash", job_quote=quote)
    elif side == "G":
        profile, job = _PROFILE.format(text=""), _JOB_LINE.format(text=text)
        claim = Claim(term=term, profile_quote="", job_quote=quote)
    else:
        profile, job = _PROFILE.format(text=text), _JOB.format(term=term)
        claim = Claim(term=term, profile_quote="", job_quote=f"{term} experience")
    case = Case(
        id=f"{lang}-{number}",
        category=kind,
        profile=profile,
        job=job,
        kind="match" if side in ("P", "J") else "gap",
        claim=claim,
        expected=expected,
        reason=reason,
        optional=True if label == OPTIONAL else None,
        note=text,
    )
    return CorpusCase(lang, kind, case, label == OPTIONAL)


def load_corpus(path: Path = CORPUS_PATH) -> list[CorpusCase]:
    out: list[CorpusCase] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.strip() and not line.startswith("#"):
            out.append(corpus_case(number, line.split("\t")))
    return out


@dataclass(frozen=True)
class Judged:
    item: CorpusCase
    verdict: Verdict

    @property
    def kept(self) -> bool:
        return self.verdict.outcome == KEEP

    @property
    def handled(self) -> bool:
        """A misleading claim dropped, or an optional one shown as optional."""
        if self.item.optional:
            return self.kept and bool(self.verdict.optional)
        return not self.kept

    @property
    def good_kept(self) -> bool:
        return self.kept and not self.verdict.optional

    @property
    def exact(self) -> bool:
        """The label itself: keep, the optional flag, or the drop reason."""
        if self.item.optional:
            return self.kept and bool(self.verdict.optional)
        return self.verdict.agrees and (not self.kept or not self.verdict.optional)


def judge_corpus(
    items: Iterable[CorpusCase],
    limits: Limits | None = None,
    sentence: SentenceWriter | None = None,
) -> list[Judged]:
    write = sentence or template_sentence
    return [Judged(item, judge(item.case, limits or Limits(), write)) for item in items]


@dataclass(frozen=True)
class Row:
    name: str
    good: int
    good_kept: int
    misleading: int
    handled: int
    exact: int
    cases: int

    @property
    def keep_precision(self) -> float | None:
        """Of the claims shown as they are, how many are good."""
        shown = self.good_kept + (self.misleading - self.handled)
        return self.good_kept / shown if shown else None

    @property
    def keep_recall(self) -> float | None:
        return self.good_kept / self.good if self.good else None

    @property
    def handled_rate(self) -> float | None:
        return self.handled / self.misleading if self.misleading else None


def _row(name: str, judged: list[Judged]) -> Row:
    good = [j for j in judged if j.item.good]
    bad = [j for j in judged if not j.item.good]
    return Row(
        name=name,
        good=len(good),
        good_kept=sum(j.good_kept for j in good),
        misleading=len(bad),
        handled=sum(j.handled for j in bad),
        exact=sum(j.exact for j in judged),
        cases=len(judged),
    )


def rows_by(judged: list[Judged], key: str) -> list[Row]:
    """One row per kind (key "kind") or language (key "lang"), in first-seen order."""
    names: dict[str, list[Judged]] = {}
    for j in judged:
        names.setdefault(getattr(j.item, key), []).append(j)
    return [_row(name, group) for name, group in names.items()]


def _pct(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.0%}"


def table(rows: list[Row], total: Row, heading: str) -> list[str]:
    lines = [
        f"{heading:<14}{'cases':>6}{'good':>6}{'kept':>6}{'mislead':>8}{'handled':>8}"
        f"{'keep P':>8}{'keep R':>8}{'handled%':>9}{'exact':>7}"
    ]
    lines.append("-" * len(lines[0]))
    for row in [*rows, total]:
        lines.append(
            f"{row.name:<14}{row.cases:>6}{row.good:>6}{row.good_kept:>6}{row.misleading:>8}"
            f"{row.handled:>8}{_pct(row.keep_precision):>8}{_pct(row.keep_recall):>8}"
            f"{_pct(row.handled_rate):>9}{row.exact:>7}"
        )
    return lines


def lines(judged: list[Judged], *, misses: bool = True, name: str = CORPUS_PATH.name) -> list[str]:
    """The reading corpus's tables (per kind, per language) and, if asked, its misses."""
    total = _row("TOTAL", judged)
    langs = len({j.item.lang for j in judged})
    out = [f"Reading ({name}): {len(judged)} claims, {langs} languages"]
    out += table(rows_by(judged, "kind"), total, "kind")
    out.append("")
    out += table(rows_by(judged, "lang"), total, "language")
    if misses:
        wrong = [j for j in judged if not (j.good_kept if j.item.good else j.handled)]
        for j in wrong:
            out.append(
                f"  miss: {j.item.case.id} [{j.item.kind}] {j.item.case.note!r}: "
                f"{j.verdict.describe()}"
            )
    return out
