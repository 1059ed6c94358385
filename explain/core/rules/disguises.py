"""Disguised orders to a model, undone for detection only: look-alike letters ("Nоte tо
the АІ" in Cyrillic), leetspeak ("1gn0re pr3vious instructi0ns") and base64 runs. Nothing
here changes what is sent or quoted. Pure.
"""

from __future__ import annotations

import base64
import re
import unicodedata
from functools import lru_cache

# Digits and signs written for letters inside a word ("1gn0re", "pr0mpt", "@ssistant").
_LEET = str.maketrans("0134578@$", "oieastbas")
# "1" stands for "l" as often as for "i" ("ru1es", "mode1"): a second reading uses "l".
_LEET_L = str.maketrans("0134578@$", "oleastbas")
# A word with a leet sign in it: at least four characters, two of them letters, so short
# codes ("A1", "4G", "S3", "K8s") are left alone.
_LEET_WORD = re.compile(r"(?<![\w@$])(?=[\w@$]*[0134578@$])(?=(?:[\w@$]*[a-z]){2})[\w@$]{4,}")
# Letters a disguise or Turkish casing produces that TR39 does not fold to the Latin one
# meant: dotless "ı", Cyrillic "І" (TR39 says "l"), and the dot that case-folding "İ"
# leaves behind (dropped).
_EXTRA = {"ı": "i", "І": "i", "і": "i", "ӏ": "i", "\u0307": ""}


@lru_cache(maxsize=8192)
def latin_look_alike(ch: str) -> str:
    """The Latin letter (TR39) a letter of another script looks like, else itself."""
    if ch.isascii() or not ch.isalpha():
        return ch
    from confusable_homoglyphs import confusables

    found = confusables.is_confusable(ch, greedy=False, preferred_aliases=["latin"])
    for glyph in found[0]["homoglyphs"] if found else ():
        target = glyph["c"]
        if len(target) == 1 and target.isascii() and target.isalpha():
            return str(target)
    return ch


def skeleton_form(normal: str) -> tuple[list[str], list[int]]:
    """The readings of a normalised text that undo disguises, if any differ (look-alikes
    folded and leet signs read with "1" as "i", then as "l"), and for each of their
    characters its index in the normal form."""
    latin: dict[str, str] = {}
    for ch in set(normal):  # the lower-case Latin letter each looks like, else itself
        look = latin_look_alike(ch)
        latin[ch] = _EXTRA.get(ch, ch if look == ch else look.lower())
    letters = normal.translate({ord(ch): folded for ch, folded in latin.items()})
    readings = [letters] if letters != normal else []
    if _LEET_WORD.search(letters):
        for table in (_LEET, _LEET_L):
            leet = _read_leet(letters, table)
            if leet not in readings:
                readings.append(leet)
    positions = [i for i, ch in enumerate(normal) if latin[ch]] if readings else []
    return readings, positions


def _read_leet(text: str, table: dict[int, int]) -> str:
    return _LEET_WORD.sub(lambda word: word[0].translate(table), text)


# A whole run of base64 characters, padding only at its end and at most two of it, long
# enough to hold an order (24 characters decode to 18 bytes) and short enough to be one
# (up to 4 KB decoded; a longer run is data).
_BASE64 = re.compile(r"(?<![A-Za-z0-9+/=])[A-Za-z0-9+/]{24,5464}={0,2}(?![A-Za-z0-9+/=])")


def base64_texts(text: str) -> list[tuple[int, int, str]]:
    """(start, end, decoded text) of each base64 run in `text` that decodes to readable
    UTF-8. Runs that decode to binary, or that are plain words ("ThisIsAVeryLongCamelCase"
    is valid base64 too, but decodes to noise), are skipped."""
    found: list[tuple[int, int, str]] = []
    for match in _BASE64.finditer(text):
        run = match.group()
        if run.isalpha() and (run.islower() or run.isupper()):
            continue  # one long word in one case: not an encoding
        body = run.rstrip("=")
        try:
            decoded = base64.b64decode(body + "=" * (-len(body) % 4), validate=True).decode()
        except ValueError:  # not base64, or not UTF-8
            continue
        # Readable: most characters letters and spaces, as in prose, and no controls.
        prose = sum(ch.isalpha() or ch == " " for ch in decoded)
        controls = sum(unicodedata.category(ch) == "Cc" and ch not in "\n\t" for ch in decoded)
        if controls == 0 and prose >= 0.8 * len(decoded) and " " in decoded.strip():
            found.append((match.start(), match.end(), decoded))
    return found
