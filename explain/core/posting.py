"""A posting's requirements: the model's answer, verified, read by code, accounted for.

One model call per posting text returns the requirements (explain.core.posting_prompt).
Each is checked by the verifier's own rules and kept only when both readings allow it:
the weaker wins (the model's "not_needed" or code's negation removes it, either one's
"optional" makes it optional). A choice ("A, B or C") is one requirement with its
alternatives; every line of the requirements field no kept requirement covers is listed
as "not read". Pure Python: no Django.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field, replace
from itertools import takewhile
from typing import Annotated, Any

from pydantic import BeforeValidator, Field

from explain.core.requirement_lines import REQUIREMENT_KEYS, Line, requirement_lines
from explain.core.schema import Answer, Claim, ModelReading, Text, reading_word
from explain.core.texts import SourceText
from explain.core.verify import (
    Checker,
    DropReason,
    Instructions,
    Limits,
    Sent,
    find_quote,
    is_quoted,
    normalize,
)

# At most this many requirements are kept; of a longer answer at most CONSIDERED are
# checked, the rest counted as not checked (a 500-item answer costs what 120 do).
MAX_REQUIREMENTS = 60
CONSIDERED = 2 * MAX_REQUIREMENTS

# Job fields whose words are never a requirement (the caller adds the adapter's own).
NEVER_REQUIREMENT_KEYS = frozenset({"title", "company"})


class PostingItem(Answer):
    """One requirement of the posting, with the words that state it."""

    job_quote: Text = Field(
        default="",
        alias="jobQuote",
        description="1 to 12 words copied exactly from the JOB POSTING that state it.",
    )
    term: Text = Field(
        default="",
        description="1 to 4 words copied from jobQuote naming what is asked.",
    )
    reading: Annotated[str, BeforeValidator(reading_word)] = Field(
        default="",
        description="required, optional, not_needed, offered, other_role or about_company.",
        json_schema_extra={"enum": [r.value for r in ModelReading]},
    )


class PostingAnswer(Answer):
    """What the model proposes for a posting; nothing in it is kept before verification."""

    requirements: list[PostingItem] = Field(default_factory=list)


@dataclass(frozen=True)
class Requirement:
    """A kept requirement: every string is a slice of the posting as sent."""

    job_quote: str
    term: str
    job_span: tuple[int, int]
    term_span: tuple[int, int] | None
    field: str
    optional: bool = False
    alternatives: tuple[str, ...] = ()
    amount: str = ""  # years or level as the quote states it ("3+ years", "C1")

    @property
    def names(self) -> tuple[str, ...]:
        """The term and its alternatives: the profile shows the requirement when it
        shows any one of them."""
        return (self.term, *self.alternatives)


@dataclass(frozen=True)
class PostingReading:
    """The verified requirements of one posting text, and what was not read."""

    requirements: tuple[Requirement, ...] = ()
    not_read: tuple[Line, ...] = ()
    lines_total: int = 0  # lines of the requirements field
    removed: int = 0
    reasons: dict[str, int] = field(default_factory=dict)
    unchecked: int = 0  # items of the answer past the bound, never checked


# What joins the names of a choice: "," "/" and the word "or" in the languages the cue
# lists read (an "and" joins demands, never a choice).
_OR_WORDS = (
    "and/or|or|oder|und/oder|ou|et/ou|o|y/o|e/o|oppure|eller|lub|albo|или|nebo|vagy|veya|ya da"
)
_JOINER = re.compile(rf"\s*,?\s+(?:{_OR_WORDS})\s+|\s*,\s*|\s*/\s*", re.IGNORECASE)
_CHOICE = re.compile(rf"/|\s(?:{_OR_WORDS})\s", re.IGNORECASE)
# Words that open a list of examples, dropped from an alternative's front.
_LEAD = re.compile(
    r"^(?:e\.g\.|eg\.|e\.g|i\.e\.|such as|like|including|z\.\s?b\.|zum beispiel|wie|"
    r"p\.\s?ex\.|par exemple|comme|p\.\s?ej\.|por ejemplo|como|ad es\.|ex\.|"
    r"other|another|any other|a|an|the)\s+",
    re.IGNORECASE,
)
_EDGE = " \t\"'()[]{},;:!?"


def alternatives(quote: str, term_start: int, term_end: int) -> tuple[str, ...]:
    """The other names of a choice the term stands in, as words of the quote.

    The quote is cut at its joiners ("," "/" "or", never inside the term: "CI/CD"); when
    one is an "or" or a "/", the other pieces are the alternatives ("3+ years of Python,
    Java or Go": Java and Go; "Python and SQL": none), without words that open examples:
    at most 8 names, each of at most 4 words.
    """
    cuts = [
        (m.start(), m.end())
        for m in _JOINER.finditer(quote)
        if m.end() <= term_start or m.start() >= term_end
    ]
    if not any(_CHOICE.search(f" {quote[a:b].strip()} ") for a, b in cuts):
        return ()
    bounds = [0, *(x for cut in cuts for x in cut), len(quote)]
    pieces = [(bounds[i], bounds[i + 1]) for i in range(0, len(bounds), 2)]
    # The choice joins the term itself: words between the term and the next joiner ("Docker
    # en CI/CD") mean the joiner belongs to other words, and no name after it is the term's.
    own = next(((a, b) for a, b in pieces if a <= term_start and term_end <= b), (0, len(quote)))
    after_joins = not any(ch.isalnum() for ch in quote[term_end : own[1]])
    before_joins = not any(ch.isalnum() for ch in _strip_lead(quote[own[0] : term_start]))
    names: list[str] = []
    for a, b in pieces:
        apart = (b <= term_start and not before_joins) or (a >= term_end and not after_joins)
        if (a, b) == own or apart:
            continue
        words = _strip_lead(quote[a:b]).split()
        if b <= term_start and len(words) > 2:
            # A longer piece before gives its last word, when written like a name
            # ("Experience with Excel or Sheets": Excel; "health data or GDPR": none).
            last = words[-1]
            words = [last] if last[:1].isupper() or not last.isalpha() else []
        elif b > term_start:
            words = _name_words(words[:4])
        name = " ".join(words).strip(_EDGE).rstrip(".")
        # A name starts with a letter or digit: "/-in" of "Entwickler/-in" is no name.
        if name and name[0].isalnum() and name not in names:
            names.append(name)
    return tuple(names[:8])


def _name_words(words: list[str]) -> list[str]:
    """A capitalised name's words without the lower-case words after it ("ACA qualified"
    is ACA, "Scala skills" is Scala); words in lower case are kept as they are."""
    if not words or not words[0][:1].isupper():
        return words
    return [words[0], *takewhile(lambda w: w[:1].isupper() or w[:1].isdigit(), words[1:])]


def _strip_lead(piece: str) -> str:
    """The piece without the words that open an example or a noun ("e.g.", "a")."""
    piece = piece.strip(_EDGE).rstrip(".")
    while (shorter := _LEAD.sub("", piece, count=1).strip(_EDGE)) != piece:
        piece = shorter
    return piece


def read_posting(
    answer: PostingAnswer,
    source: SourceText,
    *,
    limits: Limits | None = None,
    not_requirement_keys: Collection[str] = (),
) -> PostingReading:
    """The answer's requirements that pass every check, and the lines left unread."""
    excluded = NEVER_REQUIREMENT_KEYS | frozenset(not_requirement_keys)
    sent = Sent(
        limits=limits,
        job_fields=source.spans,
        job_full_text=source.full_text,
        job_not_requirements=[(s.start, s.end) for s in source.fields if s.key in excluded],
        instructions=Instructions(),  # the posting folded and searched for text to an AI once
    )
    reasons: Counter[str] = Counter()
    items = answer.requirements
    unchecked = max(0, len(items) - CONSIDERED)
    kept: list[Requirement] = []
    # A term kept once per place and once per quote (a span and a string never collide).
    seen: set[tuple[str, Any]] = set()
    for item in items[:CONSIDERED]:
        if len(kept) >= MAX_REQUIREMENTS:
            unchecked += 1
            continue
        result = _check(item, source, sent)
        if isinstance(result, str):
            reasons[result] += 1
            continue
        result = _placed(result, source, {r.job_span for r in kept})
        term_key = normalize(result.term)
        keys = {(term_key, result.job_span), (term_key, normalize(result.job_quote))}
        if keys & seen:
            reasons["duplicate"] += 1
            continue
        seen |= keys
        kept.append(result)
    kept.sort(key=lambda r: r.job_span)
    lines = requirement_lines(source)
    not_read = tuple(line for line in lines if not _covered(line, kept))
    return PostingReading(
        requirements=tuple(kept),
        not_read=not_read,
        lines_total=len(lines),
        removed=sum(reasons.values()),
        reasons=dict(sorted(reasons.items())),
        unchecked=unchecked,
    )


def _covered(line: Line, kept: Sequence[Requirement]) -> bool:
    """A line holds a kept requirement, or the same words again (a requirement listed
    twice, or in two languages' lists, is one requirement and covers both lines)."""
    held = any(r.job_span[0] < line.end and line.start < r.job_span[1] for r in kept)
    return held or any(is_quoted(r.job_quote, line.text) for r in kept)


def _placed(found: Requirement, source: SourceText, taken: set[tuple[int, int]]) -> Requirement:
    """The requirement moved to the first place in the requirements field that states it
    and no kept requirement holds: the verifier finds a quote's first place, which may
    be the description's ("Our stack: Kubernetes on GCP")."""
    if found.field in REQUIREMENT_KEYS and found.job_span not in taken:
        return found
    length = found.job_span[1] - found.job_span[0]
    for span in (s for s in source.fields if s.key in REQUIREMENT_KEYS):
        low = span.start
        while low < span.end:
            place = find_quote(found.job_quote, source.text[low : span.end])
            if place is None:
                break
            start, end = low + place[0], low + place[1]
            low = end
            if end - start != length or (start, end) in taken:
                continue
            shift = start - found.job_span[0]
            term = found.term_span
            return replace(
                found,
                job_span=(start, end),
                term_span=None if term is None else (term[0] + shift, term[1] + shift),
                field=span.key,
            )
    return found


def _check(item: PostingItem, source: SourceText, sent: Sent) -> Requirement | str:
    """The kept requirement, or why it was removed (a short fixed name)."""
    try:
        reading = ModelReading(item.reading)
    except ValueError:
        return "model_reading_unknown"
    if reading not in (ModelReading.REQUIRED, ModelReading.OPTIONAL):
        return f"model_{reading.value}"
    # The verifier's own checks: the item as a gap against an empty profile (nothing can
    # contradict it), on a checker of its own (repeats are read_posting's to count).
    point = Checker("", source.text, **sent).gap(Claim(term=item.term, job_quote=item.job_quote))
    if isinstance(point, DropReason):
        return point.value
    located = source.locate(*point.job_span)
    assert point.term_span is not None  # a kept point's term is always found in its quote
    start = point.job_span[0]
    names = alternatives(point.job_quote, point.term_span[0] - start, point.term_span[1] - start)
    return Requirement(
        job_quote=point.job_quote,
        term=point.term,
        job_span=point.job_span,
        term_span=point.term_span,
        field=located[0] if located else "",
        optional=point.optional or reading is ModelReading.OPTIONAL,
        alternatives=names,
        amount=point.job_amount,
    )
