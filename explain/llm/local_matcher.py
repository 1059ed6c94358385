"""Demo mode's viewer step without a model: a plain word matcher on this server.

For each recorded requirement of a demo posting (its job quote and term), the profile
text as sent is searched for the term and its equivalents with the verifier's own
whole-word search and alias table (explain.core.rules.equivalence.find_term). Where the
term is found, the clause around it (its list item or sentence part: cut at line
breaks, commas, semicolons, colons and sentence ends outside brackets; at most 12 words,
cut at word boundaries; inside one field) is the match's profileQuote. Where it is not
found, the requirement's evidence is none.

The answer is a normal ViewerAnswer and goes through the same checks as a model's answer, so
no claim escapes them: a term the profile writes under negation or as a wish ("no
AWS yet") is removed there. Of several places the term occurs, the first one the checks
accept is quoted (else the first, which the checks then remove with their reason).

What it does not do: read meaning. A skill written without any of its names ("kept the
cluster's pods healthy") is not found, a requirement offering alternatives is searched
by its recorded names only, and nothing is ranked or scored. Pure Python: no Django.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from explain.core.checklist import Evidence, ViewerAnswer
from explain.core.rules.equivalence import find_term
from explain.core.schema import Claim, Draft
from explain.core.texts import SourceText
from explain.llm.client import ChatPrompt, ChatResponse
from explain.verify import Limits, verify_draft

MATCHER_MODEL_NAME = "local-matcher-demo"
# Places of one name quoted and tried against the checks before the first is taken as it is.
MAX_PLACES = 5
# The verifier's shortest quote, in characters (explain.core.verify).
MIN_QUOTE_CHARS = 3
# Break a clause anywhere; the others only before white space or the end ("Node.js", "1,000").
_ALWAYS_BREAK = frozenset("\n\r\t;|•·")
_BREAK_BEFORE_SPACE = frozenset(",:.!?")
_TRIM = " \t\r\n.,;:!?…\"'“”‘’"


class Named(Protocol):
    """A requirement as the matcher reads it: its words in the posting and its names."""

    @property
    def job_quote(self) -> str: ...

    @property
    def term(self) -> str: ...

    @property
    def names(self) -> tuple[str, ...]: ...


@dataclass(frozen=True)
class Requirement:
    """One requirement of a posting as recorded: the words that state it, its term and
    the other names it accepts ("CIMA, ACCA or ACA": any one shows it). Every name is
    words of the job quote."""

    job_quote: str
    term: str
    alternatives: tuple[str, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        return (self.term, *self.alternatives)


def _breaks(text: str, at: int, high: int) -> bool:
    ch = text[at]
    if ch in _ALWAYS_BREAK:
        return True
    return ch in _BREAK_BEFORE_SPACE and (at + 1 >= high or text[at + 1].isspace())


def clause_around(text: str, start: int, end: int, low: int, high: int) -> tuple[int, int]:
    """The list item or clause of text[low:high] around text[start:end], trimmed.

    Brackets are kept whole: "Python (Advanced, 5 years)" is one clause for "Python";
    an unmatched bracket ends the clause ("BigQuery" inside "(PostgreSQL, BigQuery)").
    """
    left, depth = start, 0
    while left > low:
        ch = text[left - 1]
        if ch in ")]":
            depth += 1
        elif ch in "([":
            if depth == 0:
                break
            depth -= 1
        elif depth == 0 and _breaks(text, left - 1, high):
            break
        left -= 1
    right, depth = end, 0
    while right < high:
        ch = text[right]
        if ch in "([":
            depth += 1
        elif ch in ")]":
            if depth == 0:
                break
            depth -= 1
        elif depth == 0 and _breaks(text, right, high):
            break
        right += 1
    while left < start and text[left] in _TRIM:
        left += 1
    while right > end and text[right - 1] in _TRIM:
        right -= 1
    return left, right


def _word_spans(text: str, low: int, high: int) -> list[tuple[int, int]]:
    spans, at = [], low
    while at < high:
        while at < high and text[at].isspace():
            at += 1
        begin = at
        while at < high and not text[at].isspace():
            at += 1
        if at > begin:
            spans.append((begin, at))
    return spans


def cut_to_words(
    text: str, clause: tuple[int, int], term: tuple[int, int], max_words: int
) -> tuple[int, int]:
    """At most max_words whole words of the clause, always holding the term."""
    words = _word_spans(text, *clause)
    if len(words) <= max_words:
        return clause
    first = next(i for i, (_, e) in enumerate(words) if e > term[0])
    last = max(i for i, (s, _) in enumerate(words) if s < term[1])
    left_turn = True
    while last - first + 1 < max_words and (first > 0 or last + 1 < len(words)):
        if (left_turn and first > 0) or last + 1 >= len(words):
            first -= 1
        else:
            last += 1
        left_turn = not left_turn
    return words[first][0], words[last][1]


def profile_quotes(
    term: str, profile: SourceText, *, max_words: int, limit: int = MAX_PLACES
) -> list[str]:
    """The clause around the first `limit` places the profile names the term, in order
    (each inside one field). Each clause is read once: the cost stays linear in the text."""
    quotes: list[str] = []
    for start, end in find_term(term, profile.text):
        if len(quotes) >= limit:
            break
        field = next((f for f in profile.fields if f.start <= start and end <= f.end), None)
        if field is None:  # not inside one field's value (a label): never quoted
            continue
        clause = clause_around(profile.text, start, end, field.start, field.end)
        width = max_words
        if len(profile.text[clause[0] : clause[1]]) < MIN_QUOTE_CHARS:
            # "R" alone is shorter than any quote the verifier accepts: quote it with
            # the words of its field on either side instead ("Python, R, SQL").
            clause, width = (field.start, field.end), min(max_words, 3)
        left, right = cut_to_words(profile.text, clause, (start, end), width)
        quotes.append(profile.text[left:right])
    return quotes


def _accepted(claim: Claim, profile: SourceText, job: SourceText, limits: Limits) -> bool:
    """Whether the verifier keeps this one match (the same call the pipeline makes)."""
    result = verify_draft(
        Draft(matches=[claim]),
        profile.text,
        job.text,
        limits=limits,
        profile_fields=[(f.start, f.end) for f in profile.fields],
        job_fields=[(f.start, f.end) for f in job.fields],
    )
    return bool(result.matches)


def match_requirements(
    requirements: Sequence[Named],
    profile: SourceText,
    job: SourceText,
    *,
    limits: Limits | None = None,
) -> ViewerAnswer:
    """The evidence the matcher proposes: per requirement id (1 for the first), the
    clause around the first place of one of its names the checks accept, or none."""
    limits = limits or Limits()
    evidence: list[Evidence] = []
    for number, requirement in enumerate(requirements, start=1):
        claims = [
            Claim(term=name, profile_quote=quote, job_quote=requirement.job_quote)
            for name in requirement.names
            for quote in dict.fromkeys(
                profile_quotes(name, profile, max_words=limits.max_quote_words)
            )
        ]
        if not claims:
            evidence.append(Evidence(id=number))
            continue
        chosen = claims[0]
        if len(claims) > 1:
            chosen = next(
                (c for c in claims[:MAX_PLACES] if _accepted(c, profile, job, limits)), chosen
            )
        evidence.append(Evidence(id=number, profile_quote=chosen.profile_quote))
    return ViewerAnswer(requirements=evidence)


class LocalMatcherAnswer:
    """The ChatModel for one profile and demo posting: answers with the matcher's evidence."""

    model_name = MATCHER_MODEL_NAME

    def __init__(self, requirements: Sequence[Named], profile: SourceText, job: SourceText) -> None:
        self._requirements = tuple(requirements)
        self._profile = profile
        self._job = job

    def answer(self) -> ViewerAnswer:
        return match_requirements(self._requirements, self._profile, self._job)

    def __call__(self, prompt: ChatPrompt, /) -> ChatResponse:
        answer = self.answer()
        return ChatResponse(
            text=answer.model_dump_json(by_alias=True), parsed=answer, model=self.model_name
        )
