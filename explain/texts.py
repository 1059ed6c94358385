"""The texts sent to the model, composed from the host's fields: one rule, used everywhere.

The adapter returns labelled fields; this module scrubs, composes and caps them, so what
is sent and what is verified is one string. Pure Python: no Django.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from explain.adapter import Field
from explain.scrub import scrub, visible_form
from explain.verify import normalize


@dataclass(frozen=True)
class FieldSpan:
    """Where a field's value sits in the composed text."""

    key: str
    start: int
    end: int


@dataclass(frozen=True)
class SourceText:
    """The exact text sent to the model, and where each field's value sits in it."""

    text: str
    fields: tuple[FieldSpan, ...]

    @classmethod
    def compose(cls, fields: list[Field] | tuple[Field, ...], *, max_chars: int) -> SourceText:
        """'Label: value' lines for non-empty fields, cut at a word boundary."""
        parts: list[str] = []
        spans: list[FieldSpan] = []
        cursor = 0
        for field in fields:
            value = field.value.strip()
            if not value:
                continue
            if parts:
                parts.append("\n")
                cursor += 1
            prefix = f"{field.label}: "
            parts.append(prefix + value)
            spans.append(
                FieldSpan(field.key, cursor + len(prefix), cursor + len(prefix) + len(value))
            )
            cursor += len(prefix) + len(value)
        text = "".join(parts)
        if len(text) <= max_chars:
            return cls(text, tuple(spans))
        cut = _word_boundary_cut(text, max_chars)
        clipped = tuple(
            FieldSpan(span.key, span.start, min(span.end, cut))
            for span in spans
            if span.start < cut
        )
        return cls(text[:cut], clipped)

    @property
    def spans(self) -> list[tuple[int, int]]:
        """(start, end) of each field's value: a quote must lie inside one."""
        return [(span.start, span.end) for span in self.fields]

    def locate(self, start: int, end: int) -> tuple[str, int, int] | None:
        """The field holding [start, end) and the offsets inside its value, if one does."""
        for span in self.fields:
            if span.start <= start and end <= span.end:
                return span.key, start - span.start, end - span.start
        return None


def _word_boundary_cut(text: str, max_chars: int) -> int:
    """Largest cut <= max_chars that does not split a word (falls back to max_chars)."""
    cut = max_chars
    while cut > 0 and not (text[cut - 1].isspace() or text[cut].isspace()):
        cut -= 1
    if cut == 0:
        return max_chars
    while cut > 0 and text[cut - 1].isspace():
        cut -= 1
    return cut


def scrubbed(fields: list[Field]) -> list[Field]:
    """The fields in compatibility form, with e-mails, phone numbers and URLs replaced.

    NFKC and dropping invisible characters first means "ｊａｎｅ＠ｅｘａｍｐｌｅ．ｃｏｍ" or
    an address split by a zero-width space is scrubbed too, not sent.
    """
    return [Field(f.key, f.label, scrub(visible_form(f.value))) for f in fields]


def profile_text(fields: Sequence[Field], *, max_chars: int) -> SourceText:
    """The profile as sent: contacts scrubbed, composed, capped."""
    return SourceText.compose(scrubbed(list(fields)), max_chars=max_chars)


def job_text(fields: Sequence[Field], *, max_chars: int) -> SourceText:
    """The posting as sent: composed and capped (a posting is public, nothing to scrub)."""
    return SourceText.compose(list(fields), max_chars=max_chars)


def texts_to_send(
    profile_fields: Sequence[Field], job_fields: Sequence[Field], *, max_chars: int
) -> tuple[SourceText, SourceText]:
    """The exact profile and job texts to send and to verify. Every caller builds them here."""
    return (
        profile_text(profile_fields, max_chars=max_chars),
        job_text(job_fields, max_chars=max_chars),
    )


def has_content(source: SourceText) -> bool:
    """True when a field's value shows something once normalised.

    Labels do not count, nor white space, zero-width, bidi or other invisible characters:
    a profile of "\u200b" is as empty as no profile and gets no model call.
    """
    return any(
        unicodedata.category(ch)[0] not in "CZ"
        for span in source.fields
        for ch in normalize(source.text[span.start : span.end])
    )
