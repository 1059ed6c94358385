"""The sentence code writes for a kept point, as the labels spell it (English templates).

The eval checks that every kept claim reads as its label says. The site's own writer
(`explain.sentences.point_sentence`, translated) is used when the app has one; this
is the same English templates, filled in from the point's fields only, so the labels can
be checked in pure Python. Pure Python: no Django.
"""

from __future__ import annotations

from typing import Protocol

from explain.core.verify import normalize


class Point(Protocol):
    """What a sentence is written from: the kept point's evidence, never model prose."""

    @property
    def term(self) -> str: ...

    @property
    def profile_term(self) -> str: ...

    @property
    def profile_span(self) -> tuple[int, int] | None: ...


def _same_form(a: str, b: str) -> bool:
    """Two spellings read the same after the verifier's normalising (case, compatibility
    forms, white space)."""
    return normalize(a) == normalize(b)


def _one_line(text: str) -> str:
    return " ".join(text.split())


def point_kind(point: Point) -> str:
    """ "match" or "gap": the point's own kind, else read from whether it has a profile quote."""
    kind = getattr(point, "kind", "")
    if kind:
        return str(kind)
    return "gap" if point.profile_span is None else "match"


def template_sentence(point: Point) -> str:
    """The English template for the point, filled with its term (and the profile's form)."""
    term = _one_line(point.term)
    optional = bool(getattr(point, "optional", False))
    if point_kind(point) == "gap":
        if optional:
            return (
                f"This job lists \u201c{term}\u201d as optional; it was not found in your profile."
            )
        return f"This job asks for \u201c{term}\u201d; it was not found in your profile."
    other = point.profile_term and not _same_form(point.profile_term, term)
    profile_term = _one_line(point.profile_term)
    if optional:
        if other:
            return (
                f"\u201c{profile_term}\u201d in your profile; this job lists "
                f"\u201c{term}\u201d as optional."
            )
        return f"\u201c{term}\u201d is in your profile; this job lists it as optional."
    if other:
        return f"\u201c{profile_term}\u201d in your profile; \u201c{term}\u201d in this job."
    return f"\u201c{term}\u201d is in your profile and in this job."
