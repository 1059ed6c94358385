"""What no point shown to a user may carry: a contact or markup.

Code writes every shown point from its term, so the app needs no such check; the
injection audit (support/injection.py) still checks every shown point with these, in the
form a reader sees (full-width, zero-width and defanged forms included).
"""

from __future__ import annotations

import re

from explain.core.contact_details import scrub, visible_form

# Defanged links and addresses ("evil[.]example", "jobs [at] evil (dot) example"): only
# in bracketed forms, so plain words like "at" and "dot" are left alone.
_DEFANGED_DOT = re.compile(r"(?<!\s)\s*+[\[({]\s*+(?:\.|dot)\s*+[\])}]\s*+", re.IGNORECASE)
_DEFANGED_AT = re.compile(r"(?<!\s)\s*+[\[({]\s*+(?:@|at)\s*+[\])}]\s*+", re.IGNORECASE)
# HTML tags, comments and declarations ("<b", "</", "<!", "<?"), markdown links and
# images ("[text](", "![alt]("), and script or data URLs; "a < b" and "C++ > C" are text.
_MARKUP = re.compile(
    r"<[a-z/!?]"
    r"|\[[^\[\]\n]*+\]\s*+\("
    r"|\b(?:java|vb)script\s*+:"
    r"|\bdata:[a-z]+/[a-z0-9.+-]+[;,]",
    re.IGNORECASE,
)


def contains_markup(text: str) -> bool:
    """True when the visible form holds an HTML tag, a markdown link or a script URL."""
    return bool(_MARKUP.search(visible_form(text)))


def contains_contact(text: str) -> bool:
    """True when the visible form, or its refanged form, holds something the scrubber
    removes: a link, an e-mail address, a handle or a phone number."""
    visible = visible_form(text)
    refanged = _DEFANGED_AT.sub("@", _DEFANGED_DOT.sub(".", visible))
    return scrub(visible) != visible or scrub(refanged) != refanged
