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
