"""No quote, no claim: the rule that decides which model claims reach the user.

A pure module (no Django) so it can be read, tested and benchmarked on its own. It is
strict and boring on purpose: one shared normalisation for quote and source, an exact
substring on whole words, never fuzzy, and model text is never compiled as a pattern.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache

from explain.schema import Claim, Draft
from explain.scrub import INVISIBLE_CHARS, contains_contact, contains_markup

__all__ = [
    "DropReason",
    "Limits",
    "Verification",
    "VerifiedPoint",
    "find_quote",
    "is_quoted",
    "normalize",
    "verify_draft",
]

MIN_QUOTE_CHARS = 3

# Removed before anything else: invisible characters that only split or join words.
_IGNORABLE = frozenset(INVISIBLE_CHARS)

# Typographic quotes and dashes to their ASCII forms; every kind of white space to " ".
_ASCII_FORMS: dict[int, str] = {
    **dict.fromkeys(map(ord, "\u2018\u2019\u201a\u201b\u2032\u2035\u2039\u203a\u02bc"), "'"),
    **dict.fromkeys(map(ord, "\u201c\u201d\u201e\u201f\u2033\u2036\u00ab\u00bb"), '"'),
    **dict.fromkeys(map(ord, "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d"), "-"),
    **{cp: " " for cp in range(0x3001) if chr(cp).isspace()},
}

# Trimmed from both ends of a quote (NFKC has already turned "…" into "...").
_QUOTE_END_CHARS = " \"'.,;:!?"

# Scripts written without spaces between words: each character is its own word edge.
_UNSPACED_RANGES = (
    (0x0E00, 0x0EFF),  # Thai, Lao
    (0x1000, 0x109F),  # Myanmar
    (0x1780, 0x17FF),  # Khmer
    (0x3040, 0x30FF),  # Hiragana, Katakana
    (0x3400, 0x4DBF),  # CJK extension A
    (0x4E00, 0x9FFF),  # CJK unified ideographs
    (0xF900, 0xFAFF),  # CJK compatibility ideographs
    (0x20000, 0x3FFFF),  # CJK extensions B and later
)


class DropReason(StrEnum):
    """Why a claim was removed: a small fixed set, shown to users as counts only."""

    POINT_MISSING = "point_missing"
    POINT_TOO_LONG = "point_too_long"
    POINT_HAS_LINK = "point_has_link"
    QUOTE_MISSING = "quote_missing"
    QUOTE_TOO_SHORT = "quote_too_short"
    QUOTE_TOO_LONG = "quote_too_long"
    PROFILE_QUOTE_NOT_FOUND = "profile_quote_not_found"
    JOB_QUOTE_NOT_FOUND = "job_quote_not_found"
    GAP_HAS_PROFILE_QUOTE = "gap_has_profile_quote"
    GAP_CONTRADICTED = "gap_contradicted"
    DUPLICATE = "duplicate"


@dataclass(frozen=True)
class Limits:
    """The bounds of the rule; the Django side fills them from EXPLAIN_* settings."""

    max_quote_words: int = 12
    max_point_chars: int = 300
    max_points: int = 5


@dataclass(frozen=True)
class VerifiedPoint:
    """A claim that passed. Quotes are the source's own words, sliced by the offsets."""

    point: str
    profile_quote: str
    job_quote: str
    profile_span: tuple[int, int] | None
    job_span: tuple[int, int]


@dataclass(frozen=True)
class Verification:
    """What survived, what was removed and why, and what was never looked at."""

    matches: tuple[VerifiedPoint, ...] = ()
    gaps: tuple[VerifiedPoint, ...] = ()
    dropped: int = 0
    drop_reasons: dict[str, int] = field(default_factory=dict)
    unchecked: int = 0

    @property
    def kept(self) -> int:
        return len(self.matches) + len(self.gaps)


# --------------------------------------------------------------------------- normalising


# Not marks themselves, but NFKC turns them into one (or into a Hangul vowel or final jamo)
# that composes with the character before: Thai and Lao SARA AM, the half-width katakana
# voicing marks, Hangul compatibility and half-width vowels, fillers and some finals.
# tests/explain/test_verify.py recomputes this set from unicodedata.
_JOINS_AFTER_NFKC = frozenset(
    chr(cp)
    for low, high in (
        (0x0E33, 0x0E33),
        (0x0EB3, 0x0EB3),
        (0x3133, 0x3133),
        (0x3135, 0x3136),
        (0x313A, 0x313F),
        (0x314F, 0x3164),
        (0x3167, 0x316D),
        (0x316F, 0x3170),
        (0x3182, 0x3183),
        (0x3187, 0x318E),
        (0xFF9E, 0xFFA0),
        (0xFFA3, 0xFFA3),
        (0xFFA5, 0xFFA6),
        (0xFFAA, 0xFFAF),
        (0xFFC2, 0xFFC7),
        (0xFFCA, 0xFFCF),
        (0xFFD2, 0xFFD7),
        (0xFFDA, 0xFFDC),
    )
    for cp in range(low, high + 1)
)


def _joins_previous(ch: str) -> bool:
    """Marks and Hangul vowel/final jamo belong to the character before them."""
    if ch < "\u0300":
        return False
    return (
        unicodedata.category(ch)[0] == "M" or "\u1160" <= ch <= "\u11ff" or ch in _JOINS_AFTER_NFKC
    )


@lru_cache(maxsize=4096)
def _fold(segment: str) -> str:
    """NFKC, case-fold, NFKC again (case-folding can un-compose), then ASCII forms."""
    folded = unicodedata.normalize("NFKC", segment).casefold()
    return unicodedata.normalize("NFKC", folded).translate(_ASCII_FORMS)


@dataclass(frozen=True)
class _Folded:
    """A normalised text plus, for each of its characters, the original span it came from."""

    text: str
    starts: list[int]
    ends: list[int]

    def aligned(self, start: int, end: int) -> bool:
        """True when [start, end) begins and ends on whole original characters."""
        starts = self.starts
        return (start == 0 or starts[start] != starts[start - 1]) and (
            end == len(starts) or starts[end] != starts[end - 1]
        )


# Stretches of plain ASCII, the bulk of most texts, are folded in one step: lower-casing
# and collapsing white space is all the normalisation they need, and every output
# character comes from one input character. The patterns are fixed here; model text is
# never compiled.
_ASCII_RUN = re.compile(r"[\x00-\x7f]+")
_ODD_SPACE = re.compile(r"[\t-\r\x1c-\x1f ]{2,}|[\t-\r\x1c-\x1f]")


def _fold_ascii(
    source: str, i: int, stop: int, out: list[str], starts: list[int], ends: list[int], last: str
) -> str:
    """Append the fold of source[i:stop], all ASCII; return the last character written."""
    pos = i
    for space in _ODD_SPACE.finditer(source, i, stop):
        last = _fold_plain(source, pos, space.start(), out, starts, ends, last)
        if last != " ":
            out.append(" ")
            starts.append(space.start())
            ends.append(space.start() + 1)
            last = " "
        pos = space.end()
    return _fold_plain(source, pos, stop, out, starts, ends, last)


def _fold_plain(
    source: str, i: int, stop: int, out: list[str], starts: list[int], ends: list[int], last: str
) -> str:
    """ASCII with single spaces only: one output character per input character."""
    if i < stop and last == " " and source[i] == " ":
        i += 1
    if i >= stop:
        return last
    out.append(source[i:stop].lower())
    starts.extend(range(i, stop))
    ends.extend(range(i + 1, stop + 1))
    return source[stop - 1]


def _fold_with_offsets(source: str) -> _Folded:
    out: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    last = " "  # the last character written; " " at the start drops leading white space
    n = len(source)
    i = 0
    while i < n:
        ch = source[i]
        if ch < "\x80":
            run = _ASCII_RUN.match(source, i)
            assert run is not None
            stop = run.end()
            if stop < n and (source[stop] in _IGNORABLE or _joins_previous(source[stop])):
                stop -= 1  # the last one takes the marks after it: fold it on its own below
            if stop > i:
                last = _fold_ascii(source, i, stop, out, starts, ends, last)
                i = stop
                continue
        if ch in _IGNORABLE:
            i += 1
            continue
        # A segment: one character plus the marks (and invisible characters) after it.
        j = i + 1
        end = j
        while j < n and (source[j] in _IGNORABLE or _joins_previous(source[j])):
            j += 1
            if source[j - 1] not in _IGNORABLE:
                end = j
        if end == i + 1 and ch < "\x80":
            piece = " " if ch.isspace() else ch.lower()
        else:
            piece = _fold("".join(c for c in source[i:end] if c not in _IGNORABLE))
        for out_ch in piece:
            if out_ch == " " and last == " ":
                continue
            out.append(out_ch)
            starts.append(i)
            ends.append(end)
            last = out_ch
        i = j
    text = "".join(out)
    if text.endswith(" "):
        text = text[:-1]
        starts.pop()
        ends.pop()
    return _Folded(text, starts, ends)


def normalize(text: str) -> str:
    """The one normalisation shared by quotes and sources (SPEC §3.5)."""
    return _fold_with_offsets(text or "").text


def _normalize_quote(quote: str) -> str:
    """The quote's normal form, its ends trimmed by whole characters only.

    A trimmed "." or "'" that is part of a wider character ("⒒" is "11.", "ŉ" is "'n")
    stays with it, so trimming never leaves half a character at either end.
    """
    folded = _fold_with_offsets(quote or "")
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


# --------------------------------------------------------------------------- matching


def _unspaced(ch: str) -> bool:
    cp = ord(ch)
    return any(low <= cp <= high for low, high in _UNSPACED_RANGES)


def _is_word_char(ch: str) -> bool:
    return ch.isalnum() or ch == "_" or unicodedata.category(ch)[0] == "M"


def _joined(left: str, right: str) -> bool:
    """True when no word boundary separates two adjacent characters."""
    return (
        _is_word_char(left) and _is_word_char(right) and not (_unspaced(left) or _unspaced(right))
    )


def _locate(needle: str, folded: _Folded) -> tuple[int, int] | None:
    """First whole-word, whole-character occurrence of a normalised needle."""
    text = folded.text
    pos = text.find(needle)
    while pos != -1:
        end = pos + len(needle)
        if (
            folded.aligned(pos, end)
            and not (pos > 0 and _joined(text[pos - 1], needle[0]))
            and not (end < len(text) and _joined(needle[-1], text[end]))
            and not (end < len(text) and unicodedata.category(text[end])[0] == "M")
        ):
            return folded.starts[pos], folded.ends[end - 1]
        pos = text.find(needle, pos + 1)
    return None


def find_quote(
    quote: str, source: str, *, max_words: int = Limits.max_quote_words
) -> tuple[int, int] | None:
    """Offsets (start, end) in the original source of the quote's words, or None."""
    needle = _normalize_quote(quote)
    if _quote_problem(needle, max_words) is not None:
        return None
    return _locate(needle, _fold_with_offsets(source or ""))


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


# --------------------------------------------------------------------------- drafts


def _point_problem(point: str, limits: Limits) -> DropReason | None:
    if not point:
        return DropReason.POINT_MISSING
    if len(point) > limits.max_point_chars:
        return DropReason.POINT_TOO_LONG
    if contains_contact(point) or contains_markup(point):
        return DropReason.POINT_HAS_LINK
    return None


class _Checker:
    """Verifies claims against two sources, each normalised once (and each quote once
    per claim: its normal form, the needle, serves every check after)."""

    def __init__(self, profile_text: str, job_text: str, limits: Limits) -> None:
        self.profile_text = profile_text
        self.job_text = job_text
        self.profile = _fold_with_offsets(profile_text)
        self.job = _fold_with_offsets(job_text)
        self.limits = limits
        self.seen: set[tuple[str, str, str, str]] = set()

    def _quote(
        self, needle: str, folded: _Folded, not_found: DropReason
    ) -> tuple[int, int] | DropReason:
        """Where a normalised quote is in a source, or why it does not count."""
        problem = _quote_problem(needle, self.limits.max_quote_words)
        if problem is not None:
            return problem
        span = _locate(needle, folded)
        return not_found if span is None else span

    def _duplicate(self, kind: str, point: str, profile_needle: str, job_needle: str) -> bool:
        key = (kind, normalize(point), profile_needle, job_needle)
        if key in self.seen:
            return True
        self.seen.add(key)
        return False

    def match(self, claim: Claim) -> VerifiedPoint | DropReason:
        point = claim.point.strip()
        problem = _point_problem(point, self.limits)
        if problem is not None:
            return problem
        profile_needle = _normalize_quote(claim.profile_quote)
        profile = self._quote(profile_needle, self.profile, DropReason.PROFILE_QUOTE_NOT_FOUND)
        if isinstance(profile, DropReason):
            return profile
        job_needle = _normalize_quote(claim.job_quote)
        job = self._quote(job_needle, self.job, DropReason.JOB_QUOTE_NOT_FOUND)
        if isinstance(job, DropReason):
            return job
        if self._duplicate("match", claim.point, profile_needle, job_needle):
            return DropReason.DUPLICATE
        return VerifiedPoint(
            point=point,
            profile_quote=self.profile_text[profile[0] : profile[1]],
            job_quote=self.job_text[job[0] : job[1]],
            profile_span=profile,
            job_span=job,
        )

    def gap(self, claim: Claim) -> VerifiedPoint | DropReason:
        point = claim.point.strip()
        problem = _point_problem(point, self.limits)
        if problem is not None:
            return problem
        profile_needle = _normalize_quote(claim.profile_quote)
        if profile_needle:
            return DropReason.GAP_HAS_PROFILE_QUOTE
        job_needle = _normalize_quote(claim.job_quote)
        job = self._quote(job_needle, self.job, DropReason.JOB_QUOTE_NOT_FOUND)
        if isinstance(job, DropReason):
            return job
        if _locate(job_needle, self.profile) is not None:
            return DropReason.GAP_CONTRADICTED
        if self._duplicate("gap", claim.point, profile_needle, job_needle):
            return DropReason.DUPLICATE
        return VerifiedPoint(
            point=point,
            profile_quote="",
            job_quote=self.job_text[job[0] : job[1]],
            profile_span=None,
            job_span=job,
        )


def _keep(
    claims: Iterable[Claim], check: object, limit: int, reasons: Counter[str]
) -> tuple[tuple[VerifiedPoint, ...], int]:
    kept: list[VerifiedPoint] = []
    unchecked = 0
    for claim in claims:
        if len(kept) >= limit:
            unchecked += 1
            continue
        result = check(claim)  # type: ignore[operator]
        if isinstance(result, VerifiedPoint):
            kept.append(result)
        else:
            reasons[result.value] += 1
    return tuple(kept), unchecked


def verify_draft(
    draft: Draft, profile_text: str, job_text: str, *, limits: Limits | None = None
) -> Verification:
    """Keep the claims whose quotes are found, word for word, in the texts sent."""
    limits = limits or Limits()
    checker = _Checker(profile_text or "", job_text or "", limits)
    reasons: Counter[str] = Counter()
    matches, unchecked_matches = _keep(draft.matches, checker.match, limits.max_points, reasons)
    gaps, unchecked_gaps = _keep(draft.gaps, checker.gap, limits.max_points, reasons)
    return Verification(
        matches=matches,
        gaps=gaps,
        dropped=sum(reasons.values()),
        drop_reasons=dict(sorted(reasons.items())),
        unchecked=unchecked_matches + unchecked_gaps,
    )
