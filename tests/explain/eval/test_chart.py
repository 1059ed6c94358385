"""explain.eval.chart: bars largest first, kept first, as SVG with a text description."""

from __future__ import annotations

from xml.etree import ElementTree

from explain.eval.chart import drop_reasons_svg

SVG = "{http://www.w3.org/2000/svg}"


def texts(svg: str) -> list[str]:
    root = ElementTree.fromstring(svg)  # noqa: S314 - our own chart, not untrusted XML
    return [el.text for el in root.iter(f"{SVG}text") if el.text]


def test_bars_are_ordered_and_labelled():
    svg = drop_reasons_svg({"duplicate": 1, "quote_too_long": 4}, title="T", kept=9)
    labels = [t for t in texts(svg) if t in {"kept", "quote_too_long", "duplicate"}]
    assert labels == ["kept", "quote_too_long", "duplicate"]
    assert "T" in texts(svg)


def test_text_is_escaped():
    svg = drop_reasons_svg({"<b>": 1}, title="a & b")
    assert "<b>" not in svg and "&lt;b&gt;" in svg
    assert "a &amp; b" in svg
