"""Text cleaned for display: invisible controls that could reorder or hide what is read.

Model output and job text are untrusted: bidirectional overrides and isolates, direction
marks, Unicode tag characters and control characters are stripped before anything is
shown. Nothing here builds HTML: templates escape, the script uses textContent. Pure
Python: no Django.
"""

from __future__ import annotations

import re

_INVISIBLE_CONTROLS = re.compile(
    "["
    "\u0000-\u0008\u000b-\u001f\u007f-\u009f"  # C0/C1 controls except tab and newline
    "\u061c\u200e\u200f"  # Arabic letter mark, left-to-right and right-to-left marks
    "\u202a-\u202e"  # bidi embeddings and overrides
    "\u2066-\u2069"  # bidi isolates
    "\ufff9-\ufffb"  # interlinear annotation controls
    "\U000e0000-\U000e007f"  # Unicode tag characters (invisible "ASCII smuggling")
    "]"
)


_REORDERING = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\U000e0000-\U000e007f]")


def strip_reordering(text: str) -> str:
    """The text without bidi controls and tag characters: what reorders or hides words.

    Used on the posting both where it is sent and where the host page shows it, so the
    quoted words' offsets point at the same characters in both.
    """
    return _REORDERING.sub("", text)


def clean_display_text(text: str) -> str:
    """The text without bidi overrides, isolates, marks, tag and control characters."""
    return _INVISIBLE_CONTROLS.sub("", text)


# Text the reader never sees. An HTML comment runs to "-->" or, unterminated, to the end
# (a browser hides the rest too); a markdown comment is a link definition pointing at "#"
# or "<>", which no renderer shows.
_HTML_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)
_MARKDOWN_COMMENT = re.compile(
    r"^[ \t]*\[[^\]\n]*\]:[ \t]*(?:#|<>)[ \t]*(?:\([^\n]*\)|\"[^\n]*\"|'[^\n]*')?[ \t]*$",
    re.MULTILINE,
)
_OPEN_TAG = re.compile(r"<([A-Za-z][A-Za-z0-9-]{0,30})\b([^<>]{0,2000})>")
_HIDING_STYLE = re.compile(
    r"display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?![.\d]*[1-9])"
    r"|opacity\s*:\s*0(?![.\d]*[1-9])|(?<![-\w])(?:width|height)\s*:\s*0(?![.\d]*[1-9])",
    re.IGNORECASE,
)
_HIDDEN_ATTR = re.compile(r"(?:^|\s)(?:hidden|aria-hidden\s*=\s*[\"']?true)(?=[\s/\"'=]|$)", re.I)
_VOID_TAGS = frozenset("area base br col embed hr img input link meta source track wbr".split())


def _hides(attrs: str) -> bool:
    """True when a tag's attributes keep its content from the reader."""
    return bool(_HIDDEN_ATTR.search(attrs) or _HIDING_STYLE.search(attrs))


def _element_end(text: str, tag: str, start: int) -> int:
    """Where the element opened just before `start` ends: after its matching end tag, or
    the end of the text when it is never closed (a browser hides the rest as well)."""
    depth = 1
    pattern = re.compile(rf"<(/?){re.escape(tag)}\b[^<>]{{0,2000}}>", re.IGNORECASE)
    for match in pattern.finditer(text, start):
        if match.group(0).endswith("/>"):
            continue
        depth += -1 if match.group(1) else 1
        if depth == 0:
            return match.end()
    return len(text)


def strip_hidden(text: str) -> tuple[str, int]:
    """The text without what a reader never sees, and how many pieces were removed.

    HTML comments (also unterminated), markdown comments, and elements hidden by the
    `hidden` attribute, `aria-hidden="true"`, or a style of `display:none`,
    `visibility:hidden`, zero font size, zero opacity or zero width/height. No quote may
    rest on such text, and an order hidden there must not reach the model. One pass over
    the text: each removed element is skipped as a whole, so the cost stays linear.
    """
    removed = 0

    def _count(match: re.Match[str]) -> str:
        nonlocal removed
        removed += 1
        return ""

    if "<!--" in text:
        text = _HTML_COMMENT.sub(_count, text)
    if "]:" in text:
        text = _MARKDOWN_COMMENT.sub(_count, text)
    if "<" not in text:
        return text, removed
    parts: list[str] = []
    cursor = 0
    position = 0
    while True:
        match = _OPEN_TAG.search(text, position)
        if match is None:
            break
        tag, attrs = match.group(1), match.group(2)
        if not _hides(attrs):
            position = match.end()
            continue
        removed += 1
        parts.append(text[cursor : match.start()])
        if attrs.rstrip().endswith("/") or tag.lower() in _VOID_TAGS:
            cursor = match.end()
        else:
            cursor = _element_end(text, tag, match.end())
        position = cursor
    parts.append(text[cursor:])
    return "".join(parts), removed


def shown_text(text: str) -> str:
    """The text as the reader sees it: no reordering controls and no hidden text.

    The host page and the text sent both use this, so offsets agree between them.
    """
    return strip_hidden(strip_reordering(text))[0]
