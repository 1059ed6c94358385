"""Contact details that must not leave the server or reach the page.

Pure Python, no Django: the verifier uses the same patterns to reject points that carry
a link, an e-mail address or a phone number. Phone numbers are recognised by
libphonenumber (the `phonenumbers` package), not by a hand-written pattern.
"""

from __future__ import annotations

import re
import unicodedata

import phonenumbers

REMOVED = "[removed]"

_EMAIL = re.compile(r"[\w.%+-]+@[\w-]+(?:\.[\w-]+)+")
_URL = re.compile(r"(?:\b[a-z][a-z0-9+.-]*://|\bwww\.)[^\s<>\"']+", re.IGNORECASE)
# Bare domains are recognised by a well-known top-level label, in any case ("evil.example",
# "NORTHWIND-JOBS.COM"). "Node.js" is no domain ("js" is not on the list), and the few
# technology names that look like one are words (_TECH_NAMES).
_BARE_DOMAIN = re.compile(
    r"\b(?:[a-z0-9-]+\.)+(?:com|net|org|io|ai|dev|app|co|me|info|biz|xyz|online|site|"
    r"link|ly|gl|gg|to|tv|us|uk|de|fr|es|it|nl|ru|cn|in|jp|br|au|ca|eu|"
    r"live|shop|top|click|club|work|jobs|careers|tech|email|life|world|today|website|icu|"
    r"buzz|vip|pro|mobi|tk|ga|cf|gq|ch|se|dk|fi|cz|ie|nz|za|mx|kr|tw|hk|sg|tr|ua|gr|ro|hu|"
    r"il|vn|ph|th|pk|ir|su|ws|"
    r"example|test|invalid|localhost|local)\b(?:/[^\s<>\"']*)?",
    re.IGNORECASE,
)
_TECH_NAMES = frozenset({"asp.net", "ado.net", "vb.net", "socket.io", "java.io"})
# Degree abbreviations that end in a top-level label ("B.Tech", "M.Com"): a CV's degree,
# never a domain a person reaches.
_DEGREES = frozenset({"b.tech", "m.tech", "b.com", "m.com", "b.tech.", "m.tech."})


def _is_tech_name(found: str) -> bool:
    """True for names that look like domains but are words: ASP.NET, B.Tech, and a
    framework written "Name.Net" or "Name.NET" ("MS.Net", "CruiseControl.NET"); a
    domain is written in lower case or has a path."""
    host = found.split("/", 1)[0]
    if host.lower() in _TECH_NAMES or host.lower() in _DEGREES:
        return True
    return "/" not in found and (host.endswith(".Net") or host.endswith(".NET"))


# An IPv4 address, with an optional port and path ("203.0.113.7:8080/upload"); a dotted
# version with more parts ("1.2.3.4.5") is not one.
_IPV4 = re.compile(
    r"(?<![\w.])(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)"
    r"(?![\w]|\.\d)(?::\d{1,5})?(?:/[^\s<>\"']*)?"
)
# Where a phone number might be: a run of digits with the separators numbers are written
# with ("+880 1711 000000", "(030) 1234 5678", "555-123-4567"). libphonenumber decides
# what in it is a number; this only finds the places to ask.
# A dot joins digits only inside a number ("415.555.0132"), never at a sentence's end.
_PHONE_CANDIDATE = re.compile(r"(?<![\w+])\+?\(?\d(?:[\d \t()\/-]|\.(?=\d)){4,40}\d(?![\w])")
# National numbers (no +country code) are read as numbers of these regions; a number in
# international form is recognised for every country whatever this list says.
PHONE_REGIONS = ("US", "GB", "DE", "FR", "ES", "IT", "NL", "IN", "BD", "BR", "AU")
# Defanged links and addresses ("evil[.]example", "jobs [at] evil (dot) example"): only
# in bracketed forms, so plain words like "at" and "dot" are left alone.
_DEFANGED_DOT = re.compile(r"\s*[\[({]\s*(?:\.|dot)\s*[\])}]\s*", re.IGNORECASE)
_DEFANGED_AT = re.compile(r"\s*[\[({]\s*(?:@|at)\s*[\])}]\s*", re.IGNORECASE)
# Invisible characters that only split or join words, or reorder what is shown (bidi
# controls); the verifier removes the same set.
INVISIBLE_CHARS = (
    "\u00ad"  # soft hyphen
    "\u034f"  # combining grapheme joiner
    "\u180e"  # Mongolian vowel separator
    "\u200b\u200c\u200d"  # zero-width space, non-joiner, joiner
    "\u2060\u2061\u2062\u2063\u2064"  # word joiner and invisible operators
    "\ufeff"  # byte-order mark / zero-width no-break space
    "\u061c\u200e\u200f"  # Arabic letter mark, left-to-right and right-to-left marks
    "\u202a\u202b\u202c\u202d\u202e"  # bidi embeddings and overrides
    "\u2066\u2067\u2068\u2069"  # bidi isolates
)
_IGNORABLE = dict.fromkeys(map(ord, INVISIBLE_CHARS))


def visible_form(text: str) -> str:
    """The compatibility form without invisible characters: what a reader actually sees,
    so full-width or zero-width disguises ("ｅｖｉｌ．ｅｘａｍｐｌｅ") cannot hide a contact."""
    return unicodedata.normalize("NFKC", text.translate(_IGNORABLE))


_YEAR = re.compile(r"(?:19|20)\d\d")


_MONTH_BEFORE = re.compile(r"(?<!\w)(?:0?[1-9]|1[0-2])[./]$")
_MONTH_YEAR = re.compile(r"(?:0?[1-9]|1[0-2])[./](?:19|20)\d\d")


def _all_years(candidate: str) -> bool:
    """Groups that are all years or month/year ("2015-2019 2020-2023", "09/2015 - 06/2018")
    are dates on a CV, not a number."""
    groups = [g for g in re.split(r"[\s-]+", candidate.strip("()")) if g]
    return all(
        _YEAR.fullmatch(g) or _MONTH_YEAR.fullmatch(g) or _all_dotted_years(g) for g in groups
    )


def _all_dotted_years(group: str) -> bool:
    return all(_YEAR.fullmatch(part) for part in re.split(r"[./]+", group))


def _phone_spans(text: str) -> list[tuple[int, int]]:
    """Phone numbers, found by libphonenumber (the `phonenumbers` port).

    International form for any country, national form for PHONE_REGIONS. What it does
    not recognise but carries nine or more digits (seven after a +) is removed too: a
    number of another region is still a number, and a leak is worse than a lost digit.
    """
    spans: list[tuple[int, int]] = []
    for candidate in _PHONE_CANDIDATE.finditer(text):
        raw = candidate.group()
        # "09/2015 - 06/2018": the candidate starts after "09/"; read the month with it.
        month = _MONTH_BEFORE.search(text, max(0, candidate.start() - 3), candidate.start())
        if _all_years(raw) or (month and _all_years(month.group() + raw)):
            continue
        found: list[tuple[int, int]] = []
        for region, leniency in (
            ("ZZ", phonenumbers.Leniency.POSSIBLE),
            *((region, phonenumbers.Leniency.VALID) for region in PHONE_REGIONS),
        ):
            found.extend(
                (candidate.start() + match.start, candidate.start() + match.end)
                for match in phonenumbers.PhoneNumberMatcher(raw, region, leniency=leniency)
            )
            if found and not _leaves_digits(raw, candidate.start(), found):
                break  # every digit is in a number already: no other region is needed
        digits = sum(ch.isdigit() for ch in raw)
        if found and not _leaves_digits(raw, candidate.start(), found):
            spans.extend(found)
        elif found or digits >= 9 or (raw.startswith("+") and digits >= 7):
            spans.append(candidate.span())
    return spans


def _leaves_digits(raw: str, offset: int, found: list[tuple[int, int]]) -> bool:
    """True when a run of three or more digits of the candidate is outside every number
    found (libphonenumber matched a part; the rest would leak: "[removed] 000000")."""
    covered = [False] * len(raw)
    for start, end in found:
        for i in range(start - offset, end - offset):
            covered[i] = True
    run = 0
    for ch, inside in zip(raw, covered, strict=True):
        run = run + 1 if ch.isdigit() and not inside else (run if ch in " -." else 0)
        if run >= 3:
            return True
    return False


def _contact_spans(text: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    for pattern in (_EMAIL, _URL, _IPV4):
        spans.extend(m.span() for m in pattern.finditer(text))
    spans.extend(m.span() for m in _BARE_DOMAIN.finditer(text) if not _is_tech_name(m.group()))
    spans.extend(_phone_spans(text))
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
        if pieces and start < cursor:
            cursor = end  # overlaps the span just removed: one marker for both
            continue
        pieces.append(text[cursor:start])
        pieces.append(REMOVED)
        cursor = end
    pieces.append(text[cursor:])
    return "".join(pieces)


# Markup a point must not carry: HTML tags, comments and declarations ("<b", "</", "<!",
# "<?"), markdown links and images ("[text](", "![alt]("), and script or data URLs.
# Plain comparisons ("a < b", "C++ > C") stay text.
_MARKUP = re.compile(
    r"<[a-z/!?]"
    r"|\[[^\]\n]*\]\s*\("
    r"|\b(?:java|vb)script\s*:"
    r"|\bdata:[a-z]+/[a-z0-9.+-]+[;,]",
    re.IGNORECASE,
)


def contains_markup(text: str) -> bool:
    """True when the text holds an HTML tag, a markdown link or image, or a script URL.

    Checked on the same visible, compatibility form as contains_contact, so full-width
    "＜script＞" counts as markup too.
    """
    visible = visible_form(text)
    return bool(_MARKUP.search(visible))


def contains_contact(text: str) -> bool:
    """True when the text holds a link, an e-mail address or a phone number.

    Checked on the compatibility form without invisible characters, so full-width or
    zero-width tricks ("ｅｖｉｌ．ｅｘａｍｐｌｅ") are seen for what they are.
    """
    visible = visible_form(text)
    refanged = _DEFANGED_AT.sub("@", _DEFANGED_DOT.sub(".", visible))
    return bool(_contact_spans(visible) or _contact_spans(refanged))
