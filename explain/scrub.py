"""Contact details that must not leave the server or reach the page.

Pure Python, no Django: the verifier uses the same patterns to reject points that carry
a link, an e-mail address or a phone number.
"""

from __future__ import annotations

import re
import unicodedata

REMOVED = "[removed]"

_EMAIL = re.compile(r"[\w.%+-]+@[\w-]+(?:\.[\w-]+)+")
_URL = re.compile(r"(?:\b[a-z][a-z0-9+.-]*://|\bwww\.)[^\s<>\"']+", re.IGNORECASE)
# Bare domains are only recognised with a lower-case, well-known top-level label, so
# "ASP.NET" and "Node.js" stay words while "evil.example" and "apply.io/x" do not.
_BARE_DOMAIN = re.compile(
    r"\b(?:[a-z0-9-]+\.)+(?:com|net|org|io|ai|dev|app|co|me|info|biz|xyz|online|site|"
    r"link|ly|gl|gg|to|tv|us|uk|de|fr|es|it|nl|ru|cn|in|jp|br|au|ca|eu|"
    r"example|test|invalid|localhost|local)\b(?:/[^\s<>\"']*)?"
)
_PHONE = re.compile(
    r"(?<![\w+])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{1,5}\)[\s.-]?)?\d{2,5}(?:[\s.-]\d{2,5}){1,5}(?!\w)"
    r"|(?<![\w+])\+?\d{9,15}(?!\w)"
)
_IGNORABLE = dict.fromkeys(map(ord, "\u00ad\u200b\u200c\u200d\u2060\ufeff\u034f\u180e"))


_YEAR = re.compile(r"(?:19|20)\d\d")


def _is_phone(candidate: str) -> bool:
    """Nine or more digits (seven with a leading +) reads as a phone number, not a year range.

    Groups that are all years ("2015-2019 2020-2023") are dates on a CV, not a number.
    """
    if candidate[0].isdigit() and all(
        _YEAR.fullmatch(group) for group in re.split(r"[\s.-]+", candidate)
    ):
        return False
    digits = sum(ch.isdigit() for ch in candidate)
    return digits >= 9 or (candidate.startswith("+") and digits >= 7)


def _contact_spans(text: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    for pattern in (_EMAIL, _URL, _BARE_DOMAIN):
        spans.extend(m.span() for m in pattern.finditer(text))
    spans.extend(m.span() for m in _PHONE.finditer(text) if _is_phone(m.group()))
    return spans


def scrub(text: str) -> str:
    """Replace e-mail addresses, URLs and phone numbers with a marker."""
    spans = sorted(_contact_spans(text))
    if not spans:
        return text
    pieces: list[str] = []
    cursor = 0
    for start, end in spans:
        if end <= cursor:
            continue
        start = max(start, cursor)
        pieces.append(text[cursor:start])
        pieces.append(REMOVED)
        cursor = end
    pieces.append(text[cursor:])
    return "".join(pieces)


def contains_contact(text: str) -> bool:
    """True when the text holds a link, an e-mail address or a phone number.

    Checked on the compatibility form without invisible characters, so full-width or
    zero-width tricks ("ｅｖｉｌ．ｅｘａｍｐｌｅ") are seen for what they are.
    """
    visible = unicodedata.normalize("NFKC", text.translate(_IGNORABLE))
    return bool(_contact_spans(visible))
