"""explain.eval.progress: a bar that redraws in place on a terminal and prints lines elsewhere."""

from __future__ import annotations

from explain.eval.progress import ProgressBar


def test_lines_when_not_a_terminal():
    written: list[str] = []
    bar = ProgressBar(3, written.append, redraw=False, width=6)
    bar.start()
    bar.advance("one")
    bar.advance("two")
    assert written == ["[##----] 1/3 one\n", "[####--] 2/3 two\n"]


def test_it_never_counts_past_the_total():
    bar = ProgressBar(1, lambda _: None, redraw=False, width=4)
    bar.advance()
    bar.advance()
    assert bar.line() == "[####] 1/1"
    assert ProgressBar(0, lambda _: None, redraw=False, width=2).line() == "[##] 0/0"
