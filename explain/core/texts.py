"""The texts sent to the model, composed from the host's fields: scrubbed, composed and
capped by one rule, so what is sent and what is verified is one string. Pure Python.
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from explain.adapter import Field
from explain.core.contact_details import scrub, scrub_private, visible_form
from explain.core.normal import normalize
from explain.display_cleaning import strip_hidden, strip_reordering


@dataclass(frozen=True)
class FieldSpan:
    """Where a field's value sits in the composed text."""

    key: str
    start: int
    end: int


@dataclass(frozen=True)
class SourceText:
    """The exact text sent to the model, and where each field's value sits in it; over
    the cap, `full_text` is the text before the cut (never sent: it tells "cut off" from
    "not there") and `words_sent` of `words_total` words were sent."""

    text: str
    fields: tuple[FieldSpan, ...]
    full_text: str | None = None
    words_sent: int = 0
    words_total: int = 0
    # Pieces of hidden text (comments, hidden elements) the reader never saw, not sent.
    hidden_removed: int = 0

    @property
    def cut(self) -> bool:
        return self.full_text is not None

    @classmethod
    def compose(cls, fields: list[Field] | tuple[Field, ...], *, max_chars: int) -> SourceText:
        """'Label: value' lines for non-empty fields; over the cap, short fields stay
        whole and long ones get equal shares, each cut at a word boundary."""
        items = [(f.key, f.label, f.value.strip()) for f in fields if f.value.strip()]
        whole, spans = _join(items)
        words_total = sum(len(value.split()) for _, _, value in items)
        if len(whole) <= max_chars:
            return cls(whole, spans, None, words_total, words_total)
        overhead = len(whole) - sum(len(value) for _, _, value in items)
        room = max_chars - overhead
        if room < len(items):
            # Not even one character a field: one cut through the text.
            cut = _word_boundary_cut(whole, max_chars)
            clipped = tuple(
                FieldSpan(span.key, span.start, min(span.end, cut))
                for span in spans
                if span.start < cut
            )
            return cls(whole[:cut], clipped, whole, cls._words(whole[:cut], clipped), words_total)
        shares = _shares([len(value) for _, _, value in items], room)
        cut_items = [
            (key, label, _cut_value(value, share))
            for (key, label, value), share in zip(items, shares, strict=True)
        ]
        sent, sent_spans = _join(cut_items)
        return cls(sent, sent_spans, whole, cls._words(sent, sent_spans), words_total)

    @staticmethod
    def _words(text: str, spans: tuple[FieldSpan, ...]) -> int:
        return sum(len(text[span.start : span.end].split()) for span in spans)

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


def _join(items: list[tuple[str, str, str]]) -> tuple[str, tuple[FieldSpan, ...]]:
    """'Label: value' lines and where each value sits."""
    lines: list[str] = []
    spans: list[FieldSpan] = []
    cursor = 0
    for key, label, value in items:
        start = cursor + len(label) + len(": ")
        lines.append(f"{label}: {value}")
        spans.append(FieldSpan(key, start, start + len(value)))
        cursor = start + len(value) + len("\n")
    return "\n".join(lines), tuple(spans)


def _shares(lengths: list[int], room: int) -> list[int]:
    """Characters for each field: short ones whole, the rest an equal share of the room."""
    shares = [0] * len(lengths)
    order = sorted(range(len(lengths)), key=lambda i: lengths[i])
    for done, i in enumerate(order):
        fair = room // (len(lengths) - done)
        shares[i] = min(lengths[i], fair)
        room -= shares[i]
    return shares


def _cut_value(value: str, share: int) -> str:
    """The value cut to at most `share` characters at a word boundary (never empty)."""
    if len(value) <= share:
        return value
    return value[: _word_boundary_cut(value, share)].rstrip() or value[:share]


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


def _shown(
    fields: Sequence[Field], max_chars: int, clean: Callable[[str], str] | None = None
) -> tuple[list[Field], int]:
    """Each value cut near the cap (so a megabyte costs what a full field does), cleaned,
    without the text a reader never sees; and how many hidden pieces went."""
    bound = precut_bound(max_chars)
    shown: list[Field] = []
    removed = 0
    for f in fields:
        value = f.value
        if len(value) > bound:
            # At white space if there is some: no half phone number left for the scrubber.
            head = value[:bound]
            space = max(head.rfind(" "), head.rfind("\n"), head.rfind("\t"))
            value = head[:space] if space > 0 else head
        value, count = strip_hidden(clean(value) if clean else value)
        shown.append(Field(f.key, f.label, value))
        removed += count
    return shown, removed


def profile_text(
    fields: Sequence[Field], *, max_chars: int, private_values: Sequence[str] = ()
) -> SourceText:
    """The profile as sent: hidden text dropped, then in compatibility form (so
    "ｊａｎｅ＠ｅｘａｍｐｌｅ．ｃｏｍ" is seen) with private values and contacts scrubbed."""
    shown, hidden = _shown(fields, max_chars)
    scrubbed = [
        Field(f.key, f.label, scrub(scrub_private(visible_form(f.value), private_values)))
        for f in shown
    ]
    composed = SourceText.compose(scrubbed, max_chars=max_chars)
    return dataclasses.replace(composed, hidden_removed=hidden)


def job_text(fields: Sequence[Field], *, max_chars: int) -> SourceText:
    """The posting as sent: without bidi controls, tag characters and hidden text (as the
    host page shows it: display_cleaning.shown_text); a posting is public, nothing to scrub."""
    shown, hidden = _shown(fields, max_chars, strip_reordering)
    composed = SourceText.compose(shown, max_chars=max_chars)
    return dataclasses.replace(composed, hidden_removed=hidden)


def precut_bound(max_chars: int) -> int:
    """Characters of each value any rule sees: twice the cap, so text the scrubber or the
    hidden-text filter shortens still fills the cap."""
    return 2 * max_chars + 200


def has_content(source: SourceText) -> bool:
    """True when a field's value shows something once normalised (a profile of "\u200b"
    is as empty as none and gets no model call)."""
    return any(
        unicodedata.category(ch)[0] not in "CZ"
        for span in source.fields
        for ch in normalize(source.text[span.start : span.end])
    )
