"""Contact details that must not leave the server or reach the page.

Phone numbers are recognised by libphonenumber (`phonenumbers`), bare domains by the
Public Suffix List (tldextract's bundled snapshot), not by hand-written lists. Pure Python.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from functools import lru_cache

import phonenumbers
import tldextract

from explain.core.normal import INVISIBLE_CHARS
from explain.core.rules.words import data_words

REMOVED = "[removed]"

# Every pattern here is linear, also on text made to be slow ("a." 20,000 times): a run is
# entered only at its start (a lookbehind) and read once (possessive `*+` / `++`);
# tools/bench/growth.py times each at n and 4n characters.
_EMAIL = re.compile(r"(?<![\w.%+-])[\w.%+-]++@[\w-]++(?:\.[\w-]++)+")
_URL = re.compile(r"(?:(?<![a-z0-9+.-])[a-z][a-z0-9+.-]*+://|\bwww\.)[^\s<>\"']++", re.IGNORECASE)
# Links of schemes without "//" that reach a person: a call, a chat, a message
# ("tel:+34…", "skype:dana.q?call", "callto:…", "whatsapp:…", "sms:…").
_SCHEME_LINK = re.compile(
    r"(?<![a-z0-9+.-])(?:skype|tel|callto|sip|sips|sms|mms|mailto|facetime|facetime-audio"
    r"|whatsapp|viber|tg|weixin|wechat|xmpp|threema|msteams|zoommtg):(?=[^\s<>\"'])[^\s<>\"']++",
    re.IGNORECASE,
)
# A handle after a messenger's name ("Skype: dana.q", "Telegram @danaq"): removed when a
# colon follows the name or it looks like a handle (@ or + first; ".", "_" or ":" inside;
# five digits), so "Skype for Business" stays. At most 64 characters, never a whole line.
_MESSENGER_HANDLE = re.compile(
    r"\b(?:skype|whatsapp|telegram|signal|viber|wechat|weixin|threema|icq|discord|line\s+id)"
    r"(?:\s++(?:id|handle|name|user(?:name)?|number|nr|no)\b\.?+)?+"
    r"(?:(?P<colon>\s*+[:：])[ \t]*+|[ \t]++)(?P<handle>[@+]?[\w.:+-]{0,63}\w)",
    re.IGNORECASE,
)


def _handle_spans(text: str) -> list[tuple[int, int]]:
    """A messenger's handle after its name; a word that is no handle is searched again
    from, since it may be a messenger's name itself ("Skype Skype: live:.cid.42")."""
    spans: list[tuple[int, int]] = []
    position = 0
    while (m := _MESSENGER_HANDLE.search(text, position)) is not None:
        handle = m.group("handle")
        marked = handle[0] in "@+" or any(ch in "._:" for ch in handle[1:-1])
        if m.group("colon") or marked or sum(ch.isdigit() for ch in handle) >= 5:
            spans.append(m.span("handle"))
            position = m.end()
        else:
            position = m.start("handle")
    return spans


# Bare domains ("evil.example", "mars.codes"): a dotted name ending in a public suffix;
# two-letter endings only when common in addresses (_COUNTRY_ENDINGS); never a file
# extension alone ("main.py"), a degree ("B.Tech") or a framework ("ASP.NET").
_DOMAIN_CANDIDATE = re.compile(
    r"(?<![\w.@-])(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24}(?![\w-])"
    r"(?:/[^\s<>\"']*)?",
    re.IGNORECASE,
)
_COUNTRY_ENDINGS = data_words("country_endings")
# Reserved names that are not on the list but only ever name a host in text.
_RESERVED_ENDINGS = frozenset({"example", "test", "invalid", "localhost", "local"})
_FILE_ENDINGS = frozenset("py md sh rs ts js cs kt go rb zip mov run rar gz bz xz sc".split())
# Words written like domains: frameworks and degree abbreviations ("B.Tech", "M.Sc").
_WORDS_LIKE_DOMAINS = data_words("words_like_domains")


@lru_cache(maxsize=1)
def _suffixes() -> tldextract.TLDExtract:
    """The Public Suffix List snapshot shipped in tldextract: never fetched, never cached
    to disk, so scrubbing works the same offline and needs no writable directory."""
    return tldextract.TLDExtract(cache_dir=None, suffix_list_urls=(), fallback_to_snapshot=True)


def _is_domain(found: str) -> bool:
    """True for a bare domain as described above; "Name.Net" and "Name.NET" without a
    path are frameworks."""
    host = found.split("/", 1)[0]
    lowered = host.lower()
    if lowered in _WORDS_LIKE_DOMAINS or ("/" not in found and host.endswith((".Net", ".NET"))):
        return False
    ending = lowered.rsplit(".", 1)[-1]
    if ending in _RESERVED_ENDINGS:
        return True
    if ending in _FILE_ENDINGS:
        return False
    parts = _suffixes()(lowered)
    return bool(parts.suffix and parts.domain) and (len(ending) > 2 or ending in _COUNTRY_ENDINGS)


# An IPv4 address, with an optional port and path ("203.0.113.7:8080/upload"); a dotted
# version with more parts ("1.2.3.4.5") is not one.
_IPV4 = re.compile(
    r"(?<![\w.])(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)"
    r"(?![\w]|\.\d)(?::\d{1,5})?(?:/[^\s<>\"']*)?"
)
# Where a phone number might be ("+880 1711 000000", "(030) 1234 5678"): libphonenumber
# decides what in it is a number. A dot joins digits only inside one; three spaces in a
# row end a candidate (no one writes a number so; masked dates are).
_PHONE_CANDIDATE = re.compile(
    r"(?<![\w+])\+?\(?\d(?:[\d()\/-]|[ \t](?![ \t]{2})|\.(?=\d)){4,40}\d(?![\w])"
)
# National numbers are read as numbers of these regions (international ones of any).
PHONE_REGIONS = ("US", "GB", "DE", "FR", "ES", "IT", "NL", "IN", "BD", "BR", "AU")
_IGNORABLE = dict.fromkeys(map(ord, INVISIBLE_CHARS))


def visible_form(text: str) -> str:
    """NFKC without invisible characters: what a reader sees ("ｅｖｉｌ．ｅｘａｍｐｌｅ")."""
    return unicodedata.normalize("NFKC", text.translate(_IGNORABLE))


# Dates on a CV are no phone number: years, month/year and whole dates in the orders
# people write them ("2015-2019", "09/2015", "01.09.2015", "2015/09", "2015-09-01").
_FULL_YEAR = r"(?:19|20)\d\d"
_MONTH = r"(?:0?[1-9]|1[0-2])"
_DAY = r"(?:0?[1-9]|[12]\d|3[01])"
_ISO_TAIL = r"-(?:0[1-9]|1[0-2])(?:-(?:0[1-9]|[12]\d|3[01]))?"
_MONTH_BEFORE = re.compile(rf"(?<!\w){_MONTH}[./]$")
_ISO_DATE = re.compile(rf"(?<![\d/.]){_FULL_YEAR}{_ISO_TAIL}(?![\d/.])")
_WHOLE_DATE = rf"{_DAY}([./]){_MONTH}\1{_FULL_YEAR}|{_MONTH}([./]){_DAY}\2{_FULL_YEAR}"
_DATE_GROUP = re.compile(
    rf"{_WHOLE_DATE}|{_FULL_YEAR}([./]){_MONTH}(?:\3{_DAY})?|{_MONTH}[./]{_FULL_YEAR}"
)
# The dates masked before candidates are looked for, so a run of dates is never read
# (slowly, by every region) as one long number.
_DATE_TOKEN = re.compile(
    rf"(?<![\d.+/-])(?:{_WHOLE_DATE}|{_FULL_YEAR}{_ISO_TAIL}|{_MONTH}[./]{_FULL_YEAR}"
    rf"|{_FULL_YEAR}[./]{_MONTH})(?![\d]|[./-]\d)"
)


def _all_years(candidate: str) -> bool:
    """True when every group is a year, month/year or whole date ("2015-2019 2020-2023",
    "09/2015 - 06/2018", "01.09.2015 - 30.06.2018")."""
    groups = [g for g in re.split(r"[\s-]+", _ISO_DATE.sub(" ", candidate.strip("()"))) if g]
    return all(
        _DATE_GROUP.fullmatch(g) or all(re.fullmatch(_FULL_YEAR, p) for p in re.split(r"[./]+", g))
        for g in groups
    )


# Amounts in thousands ("60.000 - 75.000 EUR", "45 000 - 55 000 €", "$120,000"): a
# salary, not a number to call, when a currency stands right before or after it.
_THOUSANDS = re.compile(r"\d{1,3}(?:[., \u00a0\u202f]\d{3})+(?:[.,]\d{2})?")
_CURRENCY = (
    r"(?:€|\$|£|₹|₺|₽|¥|zł|eur|euro|euros|usd|gbp|chf|pln|sek|nok|dkk|inr|brl|r\$|try|tl"
    r"|rub|jpy|cny|aed|k)"
)
_MONEY_AFTER = re.compile(rf"[ \u00a0]?{_CURRENCY}(?![^\W\d_])", re.IGNORECASE)
_MONEY_BEFORE = re.compile(rf"(?<![^\W\d_]){_CURRENCY}[ \u00a0]?$", re.IGNORECASE)


def _is_money(text: str, start: int, end: int) -> bool:
    """True for an amount or a range of amounts in thousands next to a currency."""
    parts = [p for p in re.split(r"\s*[-–]\s*", text[start:end].strip()) if p]
    if not parts or not all(_THOUSANDS.fullmatch(p) for p in parts):
        return False
    before = _MONEY_BEFORE.search(text, max(0, start - 6), start)
    return bool(_MONEY_AFTER.match(text, end) or before)


def _phone_spans(text: str) -> list[tuple[int, int]]:
    """Phone numbers (libphonenumber), and what it does not recognise but carries nine
    or more digits (seven after a +): a leak is worse than a lost digit."""
    spans: list[tuple[int, int]] = []
    # The dates blanked out, same length, so offsets still hold.
    masked = _DATE_TOKEN.sub(lambda m: " " * len(m.group()), text)
    for candidate in _PHONE_CANDIDATE.finditer(masked):
        raw = candidate.group().rstrip()
        # "09/2015 - 06/2018": the candidate starts after "09/"; read the month with it.
        month = _MONTH_BEFORE.search(text, max(0, candidate.start() - 3), candidate.start())
        dated = _all_years(raw) or (month and _all_years(month.group() + raw))
        if dated or _is_money(text, candidate.start(), candidate.start() + len(raw)):
            continue
        spans.extend((candidate.start() + a, candidate.start() + b) for a, b in _numbers_in(raw))
    return spans


# The one cache here: every request scrubs the viewer's profile again, and libphonenumber
# is most of the scrubber's cost (20 KB profile: 20 ms without, 7 ms with the cache warm).
@lru_cache(maxsize=4096)
def _numbers_in(raw: str) -> tuple[tuple[int, int], ...]:
    """Offsets in one candidate of what is removed as a phone number."""
    found: list[tuple[int, int]] = []
    for region, leniency in (
        ("ZZ", phonenumbers.Leniency.POSSIBLE),
        *((region, phonenumbers.Leniency.VALID) for region in PHONE_REGIONS),
    ):
        found.extend(
            (match.start, match.end)
            for match in phonenumbers.PhoneNumberMatcher(raw, region, leniency=leniency)
        )
        if found and not _leaves_digits(raw, found):
            return tuple(found)  # every digit is in a number already: no other region
    digits = sum(ch.isdigit() for ch in raw)
    if found or digits >= 9 or (raw.startswith("+") and digits >= 7):
        return ((0, len(raw)),)
    return ()


def _leaves_digits(raw: str, found: list[tuple[int, int]]) -> bool:
    """True when three or more digits of the candidate, joined by spaces, dashes or dots
    only, are outside every number found (the rest would leak: "[removed] 000000")."""
    outside = list(raw)
    for start, end in found:
        outside[start:end] = re.sub(r"\d", "x", raw[start:end])
    return re.search(r"\d[ .-]*\d[ .-]*\d", "".join(outside)) is not None


def scrub_private(text: str, values: Sequence[str]) -> str:
    """The text with the user's own values replaced by a marker, in any case, spacing or
    punctuation between their words; a phone by its digits, an e-mail address also by its
    local part ("dana.private at"). Values under three letters and digits, or six digits
    only, would remove ordinary words ("Al", "5"): they are not looked for."""
    alternatives: list[str] = []
    for value in [*values, *(v.split("@", 1)[0] for v in values if "@" in v)]:
        words = re.findall(r"[^\W_]+", visible_form(value))
        joined = "".join(words)
        if joined.isdigit():
            if len(joined) >= 6:
                alternatives.append(r"\D{0,3}".join(re.escape(d) for d in joined))
        elif len(joined) >= 3:
            # IGNORECASE alone does not fold "ß" to "ss" ("Straße", "STRASSE").
            alternatives.append(
                r"[\W_]*+".join(re.escape(w.casefold()).replace("ss", "(?:ss|ß)") for w in words)
            )
    if not alternatives:
        return text
    alternatives.sort(key=len, reverse=True)  # the longest value first
    pattern = r"(?<![^\W_])(?:" + "|".join(alternatives) + r")(?![^\W_])"
    return re.sub(pattern, REMOVED, text, flags=re.IGNORECASE)


def scrub(text: str) -> str:
    """Replace e-mail addresses, URLs and phone numbers with a marker; overlapping
    contacts get one marker."""
    spans = [m.span() for p in (_EMAIL, _URL, _SCHEME_LINK, _IPV4) for m in p.finditer(text)]
    spans += _handle_spans(text) + _phone_spans(text)
    spans += [m.span() for m in _DOMAIN_CANDIDATE.finditer(text) if _is_domain(m.group())]
    pieces: list[str] = []
    cursor = 0
    for start, end in sorted(spans):
        if end <= cursor:
            continue
        if pieces and start < cursor:
            cursor = end  # overlaps the span just removed: one marker for both
            continue
        pieces += [text[cursor:start], REMOVED]
        cursor = end
    pieces.append(text[cursor:])
    return "".join(pieces)
