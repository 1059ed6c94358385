"""How the host hands text to the app: one adapter, named in EXPLAIN_SOURCE.

The app never imports the host's models. The adapter returns labelled fields; the app
composes, scrubs and caps them, so what is sent and what is verified is one string.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol

from django.utils.module_loading import import_string

from explain.conf import setting
from explain.scrub import scrub, visible_form


@dataclass(frozen=True)
class Field:
    """One labelled piece of a text, e.g. ("skills", "Skills", "Java (3 years)")."""

    key: str
    label: str
    value: str


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


class JobUnavailable(Exception):
    """The job does not exist, is not published, or this user may not see it."""


class ExplainSource(Protocol):
    """What a host implements. Return only fields that may leave the server."""

    def profile_fields(self, user: Any) -> list[Field]:
        """The user's matching fields (never name, contact, salary or files)."""
        ...

    def job_fields(self, job_id: str, user: Any) -> list[Field]:
        """The posting as it is shown; raise JobUnavailable if the user may not see it."""
        ...


@cache
def _load(path: str) -> ExplainSource:
    return import_string(path)()  # type: ignore[no-any-return]


def get_source() -> ExplainSource:
    """The configured adapter, built once per dotted path."""
    path = setting("EXPLAIN_SOURCE")
    if not path:
        raise LookupError("EXPLAIN_SOURCE is not set")
    return _load(str(path))
