"""One form of typed text, so saving what the page showed changes nothing.

Browsers send a textarea's line breaks as CRLF, editors leave trailing spaces, and the
same letter may arrive composed or decomposed. Stored text and the text the explain app
keys its cache and demo answers on must be the same for the same words, or a no-op save
throws away every remembered explanation.
"""

from __future__ import annotations

import unicodedata


def normalize_form_text(value: str) -> str:
    """NFC, "\\n" line endings, no trailing white space on any line or at either end."""
    text = unicodedata.normalize("NFC", value).replace("\r\n", "\n").replace("\r", "\n")
    return "\n".join(line.rstrip() for line in text.split("\n")).strip()
