"""A job quote in its sentence, for screens where the posting is far from the point.

Pure Python: no Django. The text is the field's value as sent; the result is three
plain strings (before, quote, after) that templates escape and the script sets with
textContent.
"""

from __future__ import annotations

from explain.core.texts import SourceText
from explain.display_cleaning import clean_display_text

_SENTENCE_END = ".!?\n"
# How far the context may reach on each side of a quote, in characters.
CONTEXT_REACH = 120


def quote_context(text: str, start: int, end: int, *, reach: int = CONTEXT_REACH) -> dict[str, str]:
    """The sentence around text[start:end]: the words before, the quote, the words after.

    A sentence ends at . ! ? or a line break; a very long one is cut at a word boundary
    and marked with "…".
    """
    floor = max(0, start - reach)
    left = start
    while left > floor and text[left - 1] not in _SENTENCE_END:
        left -= 1
    before = text[left:start]
    if left == floor and floor > 0:
        before = "…" + before[before.find(" ") + 1 :] if " " in before else "…"
    ceiling = min(len(text), end + reach)
    right = end
    while right < ceiling and text[right] not in _SENTENCE_END:
        right += 1
    after = text[end:right]
    if right < len(text) and text[right] in ".!?":
        after += text[right]
    elif right == ceiling and ceiling < len(text):
        after = (after[: after.rfind(" ")] if " " in after else "") + "…"
    return {
        "before": clean_display_text(before.lstrip()),
        "quote": clean_display_text(text[start:end]),
        "after": clean_display_text(after.rstrip()),
    }


def job_quote_context(source: SourceText | None, span: tuple[int, int]) -> dict[str, str] | None:
    """The job quote in its sentence, inside the field that holds it (never a label)."""
    if source is None:
        return None
    located = source.locate(*span)
    if located is None:
        return None
    key, start, end = located
    field = next(f for f in source.fields if f.key == key)
    return quote_context(source.text[field.start : field.end], start, end)
