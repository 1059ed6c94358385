"""Text helpers a host's adapter imports (documented in docs/integrating.md): `Field`, and
`text_from_html` for values stored as HTML. The composition rule is explain.core.texts.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

from explain.core.texts import Field
from explain.display_cleaning import strip_hidden

__all__ = ["Field", "text_from_html"]


# Tags that start a new line: a block's text never runs into the next block's
# ("000000</p><h2>Summary" is "000000\nSummary", not one word for the scrubber to eat).
_BLOCK_TAGS = frozenset(
    "address article aside blockquote br dd details div dl dt fieldset figcaption figure "
    "footer form h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary table "
    "tbody td tfoot th thead tr ul".split()
)
# Tags whose content is never text a reader sees.
_HIDDEN_TAGS = frozenset({"script", "style", "template", "head", "noscript", "svg", "title"})
_SPACES = re.compile(r"[ \t\r\f\v\u00a0]+")


class _TextCollector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.hidden = 0
        self.pre = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _HIDDEN_TAGS:
            self.hidden += 1
        elif tag in _BLOCK_TAGS:
            self.parts.append("\n")
            self.pre += tag == "pre"

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _BLOCK_TAGS:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in _HIDDEN_TAGS:
            self.hidden = max(0, self.hidden - 1)
        elif tag in _BLOCK_TAGS:
            self.parts.append("\n")
            self.pre -= tag == "pre" and self.pre > 0

    def handle_data(self, data: str) -> None:
        if self.hidden:
            return
        if self.pre:
            self.parts.append(data.replace("\n", "\x00"))  # kept through the collapse
        else:
            self.parts.append(data.replace("\n", " "))


def text_from_html(html: str) -> str:
    """Plain text of an HTML fragment (a posting or résumé stored as HTML), for Field values.

    Block tags become line breaks (one, however many tags meet), entities are unescaped,
    script, style, comments and hidden elements are dropped, and spaces collapse as a
    browser shows them.
    The result is text: tags in it were never rendered, so it is safe to send and to show.
    """
    collector = _TextCollector()
    collector.feed(strip_hidden(html)[0])
    collector.close()
    lines = [
        _SPACES.sub(" ", line).strip().replace("\x00", "\n")
        for line in "".join(collector.parts).split("\n")
    ]
    return "\n".join(line for line in lines if line)
