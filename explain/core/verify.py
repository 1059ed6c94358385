"""No quote, no claim: the rule that decides which model claims reach the user.

Strict on purpose: one normalisation for quote and source, an exact substring on whole
words, never fuzzy; model text is never compiled as a pattern. A kept point is evidence
(term, quotes, offsets, what code read of each sentence), never prose. The rules live in
explain.core.rules; this module applies them (docs/verifier.md). Pure: no Django.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import cached_property
from itertools import islice
from typing import TypedDict, Unpack

from explain.core.normal import INVISIBLE, Folded, fold_with_offsets
from explain.core.normal import normalize as normalize  # public here too
from explain.core.rules import amounts, content, equivalence, reading
from explain.core.rules.addressed_to_ai import instruction_spans as instruction_spans
from explain.core.rules.words import joined, split_words, word_forms
from explain.core.schema import Claim, Draft, reading_word

MIN_QUOTE_CHARS = 3

# A quote or a mention that occurs this many times without a good occurrence is judged
# on those: a text repeating a word thousands of times costs what 64 do.
_MAX_OCCURRENCES = 64

# Characters that end a line (and a clause for rules.reading); the normal form has " ".
_LINE_BREAK = re.compile("[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")

# How far a quote's sentence is read on each side of its term, in normal characters: the
# one speed-up kept here (20 claims on 20 KB texts: 7 ms, against 37 ms reading whole fields).
READING_REACH = 240

# Trimmed from both ends of a quote (NFKC has already turned "…" into "...").
_QUOTE_END_CHARS = " \"'.,;:!?"
# What ends the clause shown beside a gap.
_CLAUSE_EDGE = re.compile(r"[\n.;!?]")

Spans = Sequence[tuple[int, int]]


class DropReason(StrEnum):
    """Why a claim was removed: a small fixed set, shown to users as counts only."""

    QUOTE_MISSING = "quote_missing"
    QUOTE_TOO_SHORT = "quote_too_short"
    QUOTE_TOO_LONG = "quote_too_long"
    PROFILE_QUOTE_NOT_FOUND = "profile_quote_not_found"
    JOB_QUOTE_NOT_FOUND = "job_quote_not_found"
    QUOTE_SPANS_FIELDS = "quote_spans_fields"
    QUOTE_IN_INSTRUCTION = "quote_in_instruction"
    QUOTE_AFTER_CUT = "quote_after_cut"
    GAP_HAS_PROFILE_QUOTE = "gap_has_profile_quote"
    TERM_MISSING = "term_missing"
    TERM_NOT_IN_QUOTES = "term_not_in_quotes"
    TERM_NOT_CONTENT = "term_not_content"
    QUOTE_NEGATED = "quote_negated"
    PROFILE_WISH = "profile_wish"
    JOB_OFFER = "job_offer"
    PROFILE_SOMEONE_ELSE = "profile_someone_else"
    PROFILE_PAST = "profile_past"
    JOB_OTHER_ROLE = "job_other_role"
    JOB_ABOUT_COMPANY = "job_about_company"
    GAP_CONTRADICTED = "gap_contradicted"
    DUPLICATE = "duplicate"
    JOB_QUOTE_NOT_REQUIREMENT = "job_quote_not_requirement"


@dataclass(frozen=True)
class Limits:
    """The bounds of the rule; the Django side fills them from EXPLAIN_* settings."""

    max_quote_words: int = 12
    max_points: int = 5
    max_term_words: int = 4
    max_term_chars: int = 100


@dataclass(frozen=True)
class VerifiedPoint:
    """A claim that passed: evidence, not prose. Every string is a slice of the text sent."""

    kind: str  # "match" or "gap" (explain.outcomes.Kind values)
    term: str  # the term as the job quote writes it
    term_span: tuple[int, int] | None  # offsets of the term in the job text sent
    job_quote: str
    job_span: tuple[int, int]
    profile_quote: str = ""  # empty for a gap
    profile_span: tuple[int, int] | None = None
    # A match's term as the profile quote writes it ("Postgres" where the job has "PostgreSQL").
    profile_term: str = ""
    profile_term_span: tuple[int, int] | None = None
    # What code read from each quote's sentence.
    optional: bool = False  # the job marks it optional ("is a plus", "von Vorteil", "un plus")
    # Years or level for the term, as the job quote writes it ("5+ years", "C1").
    job_amount: str = ""
    profile_amount: str = ""  # the same, as the profile quote writes it ("3 years", "beginner")
    # A gap whose term the profile names only to say it is missing or wished for ("no
    # Kubernetes yet"): those words of the profile, to show beside the gap.
    profile_said: str = ""
    profile_said_span: tuple[int, int] | None = None


@dataclass(frozen=True)
class Verification:
    """What survived, what was removed and why, what was never read."""

    matches: tuple[VerifiedPoint, ...] = ()
    gaps: tuple[VerifiedPoint, ...] = ()
    dropped: int = 0
    drop_reasons: dict[str, int] = field(default_factory=dict)
    unchecked: int = 0

    @property
    def kept(self) -> int:
        return len(self.matches) + len(self.gaps)


# --------------------------------------------------------------------------- quotes


def _normalize_quote(quote: str) -> str:
    """The quote's normal form, its ends trimmed by whole characters only ("⒒" is "11.":
    its "." stays)."""
    folded = fold_with_offsets(quote or "")
    text, starts = folded.text, folded.starts
    start = len(text) - len(text.lstrip(_QUOTE_END_CHARS))
    end = len(text.rstrip(_QUOTE_END_CHARS))
    if start >= end:
        return ""
    while start > 0 and starts[start] == starts[start - 1]:
        start -= 1
    while end < len(starts) and starts[end] == starts[end - 1]:
        end += 1
    return text[start:end]


def _occurrences(
    needle: str, folded: Folded, low: int = 0, high: int | None = None
) -> Iterator[tuple[int, int]]:
    """Each whole-word, whole-character occurrence of a normalised needle in folded.text
    [low:high], in order, as original offsets; none begins on white space or on its mark."""
    text = folded.text
    pos = text.find(needle, low, high)
    while pos != -1:
        end = pos + len(needle)
        if (
            folded.aligned(pos, end)
            and not folded.source[folded.starts[pos]].isspace()
            and not (pos > 0 and joined(text[pos - 1], needle[0]))
            and not (end < len(text) and joined(needle[-1], text[end]))
        ):
            yield folded.starts[pos], folded.ends[end - 1]
        pos = text.find(needle, pos + 1, high)


def find_quote(
    quote: str, source: str, *, max_words: int = Limits.max_quote_words
) -> tuple[int, int] | None:
    """Offsets (start, end) in the original source of the quote's words, or None."""
    needle = _normalize_quote(quote)
    if _quote_problem(needle, max_words) is not None:
        return None
    return next(_occurrences(needle, fold_with_offsets(source or "")), None)


def is_quoted(quote: str, source: str, *, max_words: int = Limits.max_quote_words) -> bool:
    """True when the quote passes the rule against the source."""
    return find_quote(quote, source, max_words=max_words) is not None


def _quote_problem(needle: str, max_words: int) -> DropReason | None:
    if not needle:
        return DropReason.QUOTE_MISSING
    if len(needle) < MIN_QUOTE_CHARS:
        return DropReason.QUOTE_TOO_SHORT
    if needle.count(" ") + 1 > max_words:
        return DropReason.QUOTE_TOO_LONG
    return None


# --------------------------------------------------------------------------- texts


class Instructions:
    """One request's texts, each folded once and its sentences addressed to an AI found
    once, whoever asks first: the verifier and the log row read the same."""

    def __init__(self) -> None:
        self._folded: dict[str, Folded] = {}
        self._spans: dict[str, list[tuple[int, int]]] = {}

    def folded(self, text: str) -> Folded:
        if text not in self._folded:
            self._folded[text] = fold_with_offsets(text)
        return self._folded[text]

    def spans(self, text: str) -> list[tuple[int, int]]:
        """The sentences of the text addressed to an AI."""
        if text not in self._spans:
            self._spans[text] = instruction_spans(text, self.folded(text))
        return self._spans[text]


def _overlaps(spans: Spans, span: tuple[int, int]) -> bool:
    return any(a < span[1] and span[0] < b for a, b in spans)


class _Source:
    """One text as sent, with its field spans (None: one field) and the text before its
    cut (None: not cut), each read once through the request's Instructions."""

    def __init__(
        self, text: str, fields: Spans | None, full_text: str | None, found: Instructions
    ) -> None:
        self.text = text
        self.found = found
        self.folded = found.folded(text)
        self.fields = [(0, len(text))] if fields is None else [f for f in fields if f[0] < f[1]]
        # The text sent, then the text before its cut when it differs.
        self.texts = [text, full_text] if full_text and full_text != text else [text]

    def field(self, span: tuple[int, int]) -> tuple[int, int] | None:
        """The (start, end) of the field holding the whole span, if one does."""
        return next(((a, b) for a, b in self.fields if a <= span[0] and span[1] <= b), None)

    def read(self, span: tuple[int, int]) -> reading.Reading:
        """What the sentence around text[span] says of its words (rules.reading): the
        normal form, line breaks kept, inside the span's field, at most READING_REACH
        characters either side."""
        text, starts, ends = self.text, self.folded.starts, self.folded.ends
        field_low, field_high = self.field(span) or (0, len(text))
        start = bisect_left(starts, span[0])
        end = bisect_left(starts, span[1], start)
        low = max(bisect_left(starts, field_low), start - READING_REACH)
        high = min(bisect_left(starts, field_high), end + READING_REACH)
        # A " " stands for a line break when the white space it stands for holds one.
        piece = "".join(
            "\n"
            if ch == " "
            and _LINE_BREAK.search(text, starts[i], starts[i + 1] if i + 1 < high else ends[i])
            else ch
            for i, ch in enumerate(self.folded.text[low:high], low)
        )
        return reading.read(piece, (start - low, end - low), (0, high - low))

    def clause(self, span: tuple[int, int]) -> tuple[int, int]:
        """The clause or line around span inside its field (never the field's label,
        "Skills: "), at most 60 characters either side, without white space at its ends."""
        field_low, field_high = self.field(span) or (0, len(self.text))
        low = max(field_low, span[0] - 60)
        high = min(field_high, span[1] + 60)
        edges = [m.end() for m in _CLAUSE_EDGE.finditer(self.text, low, span[0])]
        stop = _CLAUSE_EDGE.search(self.text, span[1], high)
        before = self.text[edges[-1] if edges else low : span[0]]
        after = self.text[span[1] : stop.start() if stop else high]
        return span[0] - len(before.lstrip()), span[1] + len(after.rstrip())

    @cached_property
    def skeletons(self) -> list[equivalence.Words]:
        """Each text as a skeleton (look-alikes read as Latin), its words read once for
        every gap."""
        return [equivalence.Words(equivalence.skeleton(text)) for text in self.texts]

    def mention(
        self, forms: Iterable[str], term: str, *, unless: Callable[[tuple[int, int]], bool]
    ) -> tuple[bool, tuple[int, int] | None]:
        """True when the text names the term, sent or cut, outside text addressed to an
        AI: as written (any of the forms), else by another name of its skill in the
        skeleton. A sent mention where unless(span) holds (a negated one) does not count;
        the first such mention as written is given back."""
        skipped: tuple[int, int] | None = None
        texts = [(self.found.folded(text), self.found.spans(text)) for text in self.texts]
        for index, (folded, instructions) in enumerate(texts):
            for form in dict.fromkeys(filter(None, forms)):
                for span in islice(_occurrences(form, folded), _MAX_OCCURRENCES):
                    if _overlaps(instructions, span):
                        continue
                    if index == 0 and unless(span):
                        skipped = skipped or span
                        continue
                    return True, None
        for index, (words, (_, instructions)) in enumerate(zip(self.skeletons, texts, strict=True)):
            for span in words.find(term)[:_MAX_OCCURRENCES]:
                if not _overlaps(instructions, span) and not (index == 0 and unless(span)):
                    return True, None
        return False, skipped


# --------------------------------------------------------------------------- claims


# Why a quote backs no claim, in the order checked: what code reads of its sentence
# (rules.reading), the model's own reading of it, the drop. The model's reading only ever
# weakens a claim: any other value changes nothing, so text steering the model gains nothing.
_PROFILE_DROPS = (
    ("everyday", "", DropReason.TERM_NOT_IN_QUOTES),  # "report to Ruby": a name, not the skill
    ("negated", "absent", DropReason.QUOTE_NEGATED),
    ("someone_else", "someone_else", DropReason.PROFILE_SOMEONE_ELSE),  # "my manager ran it"
    ("past", "past", DropReason.PROFILE_PAST),  # "used to write Perl"
    ("wish", "wished", DropReason.PROFILE_WISH),
)
_JOB_DROPS = (
    ("everyday", "", DropReason.TERM_NOT_IN_QUOTES),  # "Spring 2025", "Go beyond": not the skill
    ("negated", "not_needed", DropReason.QUOTE_NEGATED),
    ("offer", "offered", DropReason.JOB_OFFER),  # taught or given, not asked for
    ("other_role", "other_role", DropReason.JOB_OTHER_ROLE),  # another opening's requirement
    ("about_company", "about_company", DropReason.JOB_ABOUT_COMPANY),  # what the firm sells
)
_Drops = Sequence[tuple[str, str, DropReason]]


def _code_drops(read: reading.Reading, drops: _Drops) -> DropReason | None:
    return next((reason for name, _, reason in drops if getattr(read, name)), None)


def _model_drops(said: str, drops: _Drops) -> DropReason | None:
    word = reading_word(said)
    return next((reason for _, model, reason in drops if model and model == word), None)


def _shown(text: str, span: tuple[int, int]) -> str:
    """The words at span on one line, without invisible characters."""
    return " ".join("".join(ch for ch in text[slice(*span)] if ch not in INVISIBLE).split())


def _amount(text: str, quote: tuple[int, int], term: tuple[int, int] | None) -> str:
    """The years or level the quote states for its term, a slice of the quote."""
    inner = None if term is None else (term[0] - quote[0], term[1] - quote[0])
    return amounts.amount_for(text[quote[0] : quote[1]], inner)


def _term_spans(
    term: str, forms: Sequence[str], source: _Source, quote: tuple[int, int]
) -> list[tuple[int, int]]:
    """Where a quote names the term: as written (the plural rule), else by another name
    of the skill; a short or everyday name ("Go") only by the equivalence's rule, which
    reads the text around the quote."""
    if not equivalence.is_strict(term):
        starts = source.folded.starts
        low, high = bisect_left(starts, quote[0]), bisect_left(starts, quote[1])
        firsts = (next(_occurrences(form, source.folded, low, high), None) for form in forms)
        found = [span for span in firsts if span]
        if found:
            return found
    return equivalence.find_term(term, source.text, quote[0], quote[1])


class Sent(TypedDict, total=False):
    """What the checks read besides the two texts as sent, all optional."""

    limits: Limits | None
    profile_fields: Spans | None  # each field's span: a quote must lie inside one
    job_fields: Spans | None
    profile_full_text: str | None  # the text before its cut: quote_after_cut
    job_full_text: str | None
    job_not_requirements: Spans  # job spans that back no point: job_quote_not_requirement
    instructions: Instructions | None  # the request's, when it has read the texts already


class Checker:
    """The checks on the texts as sent, each text read once for the request."""

    def __init__(self, profile_text: str, job_text: str, **sent: Unpack[Sent]) -> None:
        found = sent.get("instructions") or Instructions()
        self.profile = _Source(
            profile_text or "", sent.get("profile_fields"), sent.get("profile_full_text"), found
        )
        self.job = _Source(job_text or "", sent.get("job_fields"), sent.get("job_full_text"), found)
        self.limits = sent.get("limits") or Limits()
        self.not_requirements = tuple(sent.get("job_not_requirements", ()))
        self.seen: set[tuple[str, ...]] = set()

    def _quote(
        self, needle: str, source: _Source, not_found: DropReason, excluded: Spans = ()
    ) -> tuple[int, int] | DropReason:
        """The first occurrence of a normalised quote inside one field, outside any
        sentence addressed to an AI and any excluded span (the job's fields that state
        facts about it rather than what it asks for), or why there is none."""
        problem = _quote_problem(needle, self.limits.max_quote_words)
        if problem is not None:
            return problem
        reason: DropReason | None = None
        for span in islice(_occurrences(needle, source.folded), _MAX_OCCURRENCES):
            if source.field(span) is None:
                reason = reason or DropReason.QUOTE_SPANS_FIELDS
            elif _overlaps(source.found.spans(source.text), span):
                reason = DropReason.QUOTE_IN_INSTRUCTION
            elif any(low <= span[0] and span[1] <= high for low, high in excluded):
                reason = reason or DropReason.JOB_QUOTE_NOT_REQUIREMENT
            else:
                return span
        if reason is not None:
            return reason
        # Only in the part of the text that was not sent.
        for text in source.texts[1:]:
            if any(_occurrences(needle, source.found.folded(text))):
                return DropReason.QUOTE_AFTER_CUT
        return not_found

    def _checked(
        self, claim: Claim, profile: tuple[int, int] | None
    ) -> tuple[tuple[str, ...], Sequence[str], VerifiedPoint] | DropReason:
        """The checks a match (profile quote found) and a gap (none) share, in order: the
        job quote, the term in the quotes, what code reads of each quote's sentence, the
        model's own reading. Gives back the point's key among repeats (its normal term
        and quotes), the term's spellings, the point."""
        job_needle = _normalize_quote(claim.job_quote)
        job = self._quote(
            job_needle, self.job, DropReason.JOB_QUOTE_NOT_FOUND, self.not_requirements
        )
        if isinstance(job, DropReason):
            return job
        needle = _normalize_quote(claim.term)
        parts, seps = split_words(needle)  # "C+E", "d'État", "CI/CD": one word each
        words = len(parts) - sum(" " not in sep for sep in seps[1:-1] if sep)
        too_long = len(claim.term.strip()) > self.limits.max_term_chars
        if too_long or not 0 < words <= self.limits.max_term_words:
            return DropReason.TERM_MISSING
        if not content.has_content(needle):
            return DropReason.TERM_NOT_CONTENT
        forms = tuple(word_forms(needle))
        in_job = _term_spans(claim.term, forms, self.job, job)
        if not in_job:
            return DropReason.TERM_NOT_IN_QUOTES
        in_profile: list[tuple[int, int]] = []
        if profile is not None:
            in_profile = _term_spans(claim.term, forms, self.profile, profile)
            if not in_profile:
                return DropReason.TERM_NOT_IN_QUOTES
            said = _code_drops(self.profile.read(min(in_profile)), _PROFILE_DROPS)
            if said is not None:
                return said
        term = min(in_job)
        asked = self.job.read(term)
        dropped = _code_drops(asked, _JOB_DROPS)
        if profile is not None:
            dropped = dropped or _model_drops(claim.profile_reading, _PROFILE_DROPS)
        dropped = dropped or _model_drops(claim.job_reading, _JOB_DROPS)
        if dropped is not None:
            return dropped
        point = VerifiedPoint(
            kind="gap" if profile is None else "match",
            term=_shown(self.job.text, term),
            term_span=term,
            job_quote=self.job.text[job[0] : job[1]],
            job_span=job,
            optional=asked.optional or reading_word(claim.job_reading) == "optional",
            job_amount=_amount(self.job.text, job, term),
        )
        if profile is not None:
            text, own = self.profile.text, min(in_profile)
            point = replace(
                point,
                profile_quote=text[profile[0] : profile[1]],
                profile_span=profile,
                profile_term=_shown(text, own),
                profile_term_span=own,
                profile_amount=_amount(text, profile, own),
            )
        return (needle, _normalize_quote(claim.profile_quote), job_needle), forms, point

    def _duplicate(self, key: tuple[str, ...]) -> bool:
        """A point with this term and these quotes was kept already (a match's profile quote
        is never empty and a gap's always is: the two kinds never share a key)."""
        seen = key in self.seen
        self.seen.add(key)
        return seen

    def match(self, claim: Claim) -> VerifiedPoint | DropReason:
        profile_needle = _normalize_quote(claim.profile_quote)
        profile = self._quote(profile_needle, self.profile, DropReason.PROFILE_QUOTE_NOT_FOUND)
        if isinstance(profile, DropReason):
            return profile
        checked = self._checked(claim, profile)
        if isinstance(checked, DropReason):
            return checked
        key, _, point = checked
        return DropReason.DUPLICATE if self._duplicate(key) else point

    def gap(self, claim: Claim) -> VerifiedPoint | DropReason:
        if _normalize_quote(claim.profile_quote):
            return DropReason.GAP_HAS_PROFILE_QUOTE
        checked = self._checked(claim, None)
        if isinstance(checked, DropReason):
            return checked
        key, forms, point = checked
        job_needle = key[2]
        if equivalence.is_strict(claim.term):
            forms = ()
        # A mention that says the term is missing or wished for does not contradict the
        # gap ("Docker (no Kubernetes yet)"); its words are kept to show beside it.
        found, said = self.profile.mention([job_needle, *forms], claim.term, unless=self._absent)
        if found:
            return DropReason.GAP_CONTRADICTED
        if self._duplicate(key):
            return DropReason.DUPLICATE
        if said is None:
            return point
        said = self.profile.clause(said)
        return replace(point, profile_said=self.profile.text[slice(*said)], profile_said_span=said)

    def _absent(self, span: tuple[int, int]) -> bool:
        """The profile names the words at span only to say they are missing or wished."""
        said = self.profile.read(span)
        return said.negated or said.wish


def verify_draft(
    draft: Draft, profile_text: str, job_text: str, **sent: Unpack[Sent]
) -> Verification:
    """Keep the claims whose quotes are found, word for word, in the texts sent; past
    max_points kept of a kind, the rest are counted as unchecked."""
    checker = Checker(profile_text, job_text, **sent)
    reasons: Counter[str] = Counter()
    unchecked = 0
    matches: list[VerifiedPoint] = []
    gaps: list[VerifiedPoint] = []
    for claims, check, kept in (
        (draft.matches, checker.match, matches),
        (draft.gaps, checker.gap, gaps),
    ):
        for claim in claims:
            if len(kept) >= checker.limits.max_points:
                unchecked += 1  # never read
                continue
            result = check(claim)
            if isinstance(result, VerifiedPoint):
                kept.append(result)
            else:
                reasons[result.value] += 1
    return Verification(
        matches=tuple(matches),
        gaps=tuple(gaps),
        dropped=sum(reasons.values()),
        drop_reasons=dict(sorted(reasons.items())),
        unchecked=unchecked,
    )
