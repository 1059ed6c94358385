"""How a match of a regular expression can begin, to skip rows a text cannot hold.

The detector of text addressed to an AI tries some 300 patterns at the word starts of a
quote's sentences, and almost no sentence holds any of them. Most patterns begin with
known words ("ignore", "disregard", "note to"), so a row whose first word is in no word
of a text cannot match there. Reading that off a pattern is done here, conservatively:
anything not understood (a class like \\w, a repeat, an inline flag) ends what is known,
so a row is only ever tried too often, never skipped where it could match. Pure; the
patterns are the project's own data.
"""

from __future__ import annotations

import re

__all__ = ["heads"]

# The most strings a set is grown to before it is given up (products grow fast).
_CAP = 256
_ZERO_WIDTH_ESCAPES = "bBAZ"
_CLASS_ESCAPES = "wWsSdD"
_LOOKAROUNDS = ("(?=", "(?!", "(?<=", "(?<!")
_QUANTIFIER = re.compile(r"\{\d*(?:,\d*)?\}")
_QUANTIFIER_FROM_ONE = re.compile(r"\{0*[1-9]\d*(?:,\d*)?\}")

Strings = frozenset[str] | None  # every string a piece can match; None: unknown or too many


def heads(pattern: str, length: int) -> frozenset[str]:
    """Strings every match of `pattern` begins with: each is a match's first `length`
    characters, or fewer where what follows is not known. {""} when nothing is known."""
    try:
        found = _heads_of_alternation(pattern, length)
    except (ValueError, IndexError):
        return frozenset({""})
    return found


def _heads_of_alternation(p: str, length: int) -> frozenset[str]:
    found: set[str] = set()
    i = 0
    while True:
        start = i
        i = _sequence_end(p, i)
        found |= _heads_of_sequence(p[start:i], length)
        if i < len(p) and p[i] == "|":
            i += 1
            continue
        if i != len(p):
            raise ValueError("unbalanced group")
        return frozenset(found)


def _heads_of_sequence(p: str, length: int) -> frozenset[str]:
    product: frozenset[str] = frozenset({""})
    i = 0
    while i < len(p) and min(len(s) for s in product) < length:
        start = i
        exact, i = _atom(p, i)
        if exact is not None and len(product) * len(exact) <= _CAP:
            product = _joined(product, exact, length)
            continue
        # Not one known set of strings: what it begins with, when it must occur at
        # least once ("(?:talimat\w*|kural\w*)", "-{2,}"); nothing is known after it.
        base, end = _base(p, start)
        if _at_least_once(p, end):
            if base is None and p.startswith("(?:", start):
                base = _heads_of_alternation(p[start + 3 : end - 1], length)
            if base is not None and len(product) * len(base) <= _CAP:
                product = _joined(product, base, length)
        break
    return product


def _joined(heads: frozenset[str], then: frozenset[str], length: int) -> frozenset[str]:
    """Each head that is not yet `length` long, followed by each string of `then`, cut."""
    return frozenset((a + b if len(a) < length else a)[:length] for a in heads for b in then)


def _at_least_once(p: str, i: int) -> bool:
    """True when the repeat at p[i] (if any) asks for one occurrence or more."""
    if i >= len(p) or p[i] not in "?*+{":
        return True
    if p[i] == "{":
        return not _QUANTIFIER.match(p, i) or bool(_QUANTIFIER_FROM_ONE.match(p, i))
    return p[i] == "+"


def _sequence_end(p: str, i: int) -> int:
    """Index of the "|" or ")" that ends the sequence starting at p[i], or len(p)."""
    while i < len(p) and p[i] not in "|)":
        if p[i] == "\\":
            i += 2
        elif p[i] == "[":
            i = _set_end(p, i) + 1
        elif p[i] == "(":
            i = _group_end(p, i) + 1
        else:
            i += 1
    return i


def _alternation(p: str) -> Strings:
    """Every string the whole of `p` (branches with "|") can match, if few."""
    union: set[str] = set()
    i = 0
    while True:
        product: frozenset[str] | None = frozenset({""})
        while i < len(p) and p[i] not in "|)":
            exact, i = _atom(p, i)
            if product is None or exact is None or len(product) * len(exact) > _CAP:
                product = None
            else:
                product = frozenset(a + b for a in product for b in exact)
        if product is None:
            return None
        union |= product
        if len(union) > _CAP:
            return None
        if i < len(p) and p[i] == "|":
            i += 1
            continue
        if i != len(p):
            raise ValueError("unbalanced group")
        return frozenset(union)


def _set_end(p: str, i: int) -> int:
    """Index of the "]" closing the set opened at p[i]."""
    j = i + 1
    if p[j : j + 1] == "]":
        j += 1
    while p[j] != "]":
        j += 2 if p[j] == "\\" else 1
    return j


def _group_end(p: str, i: int) -> int:
    """Index of the ")" closing the group opened at p[i]."""
    depth = 0
    while True:
        ch = p[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "[":
            i = _set_end(p, i) + 1
            continue
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return i
        i += 1


def _atom(p: str, i: int) -> tuple[Strings, int]:
    """Every string the atom at p[i] (with its repeat) can match, and where it ends."""
    exact, end = _base(p, i)
    return _repeat(p, end, exact)


def _base(p: str, i: int) -> tuple[Strings, int]:
    """Every string the atom at p[i] (without its repeat) can match, and where it ends."""
    ch = p[i]
    if ch == "(":
        close = _group_end(p, i)
        if p.startswith(_LOOKAROUNDS, i):
            return frozenset({""}), close + 1
        if not p.startswith("(?:", i):
            raise ValueError("only (?:...) groups and look-arounds are read")
        return _alternation(p[i + 3 : close]), close + 1
    if ch == "[":
        close = _set_end(p, i)
        body = p[i + 1 : close]
        if not body or any(c in body for c in "^-\\"):
            return None, close + 1
        return frozenset(body), close + 1
    if ch == "\\":
        nxt = p[i + 1]
        if nxt in _ZERO_WIDTH_ESCAPES:
            return frozenset({""}), i + 2
        if nxt == "u":
            return frozenset({chr(int(p[i + 2 : i + 6], 16))}), i + 6
        if nxt in _CLASS_ESCAPES:
            return None, i + 2
        if nxt.isalnum():
            raise ValueError("an escape not read here (\\x, \\N, a back-reference)")
        return frozenset({nxt}), i + 2
    if ch == ".":
        return None, i + 1
    if ch in "^$":
        return frozenset({""}), i + 1
    if ch in "*+?{":
        raise ValueError("a repeat of nothing")
    return frozenset({ch}), i + 1


def _repeat(p: str, i: int, exact: Strings) -> tuple[Strings, int]:
    """The strings with the repeat after them (?, *, +, {m,n}; lazy or possessive)."""
    if i >= len(p) or p[i] not in "?*+{":
        return exact, i
    if p[i] == "{" and not _QUANTIFIER.match(p, i):
        return exact, i  # a literal "{": the next atom gives up on it
    out: Strings = None
    if p[i] == "?":
        out = (exact | {""}) if exact is not None else None
        i += 1
    elif p[i] in "*+":
        i += 1
    else:
        i = p.index("}", i) + 1
    if i < len(p) and p[i] in "?+":
        i += 1
    return out, i
