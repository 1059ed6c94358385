"""text_from_html: hidden and preformatted content opened and closed, nested, or stray."""

from __future__ import annotations

import pytest

from explain.adapter import Field
from explain.core.texts import SourceText
from explain.texts import text_from_html

CASES = [
    pytest.param("<p>a</p><script>var x</script><p>b</p>", "a\nb", id="after-a-script"),
    pytest.param("<svg><title>t</title>inside</svg>after", "after", id="nested-hidden"),
    pytest.param("<p>a\nb</p>", "a b", id="source-newline-is-a-space"),
    pytest.param("<pre>x\ny</pre>z\nw", "x\ny\nz w", id="after-pre-newlines-are-spaces"),
    pytest.param("<pre>a  \n  b</pre>", "a \n b", id="pre-keeps-its-own-spacing"),
    pytest.param("<pre><pre>a\nb</pre>c\nd</pre>e\nf", "a\nb\nc\nd\ne f", id="nested-pre"),
    pytest.param("</pre>x\ny", "x y", id="stray-pre-end"),
    pytest.param("</script>x", "x", id="stray-hidden-end"),
    pytest.param("<table><tr><td>a</td><td>b</td></tr></table>", "a\nb", id="cells"),
    pytest.param("Ja<b>va</b> and <i>Go</i>", "Java and Go", id="inline-tags-join"),
]


@pytest.mark.parametrize(("html", "text"), CASES)
def test_text_from_html(html: str, text: str) -> None:
    assert text_from_html(html) == text


def test_a_cut_inside_leading_white_space_leaves_nothing() -> None:
    # A label that starts with white space (an adapter's), cut before its first word.
    cut = SourceText.compose([Field("s", "   x", "v")], max_chars=2)
    assert (cut.text, cut.fields) == ("", ())
    assert cut.cut and (cut.words_sent, cut.words_total) == (0, 1)  # and it says so
