"""tools/bench/detector_report: the table sums the languages and names every column."""

from __future__ import annotations

from support.corpus_scores import Scores
from tools.bench.detector_report import _ms_per_10kb, _table


def test_the_table_has_a_row_per_language_and_a_total() -> None:
    one = Scores(lines=3, orders=2, found=1, missed=["x"], false_flags=["y"], postings=1)
    two = Scores(lines=2, orders=1, found=1, contacts=2, leaks=["z"], cvs=1)
    rows = _table({"aa": one, "bb": two})
    assert rows[2].startswith("| aa | 3 | 2 | 1 | 1 | 1 | 0.50 | 0.50 |")
    assert rows[3].startswith("| bb | 2 | 1 | 1 | 0 | 0 | 1.00 | 1.00 |")
    assert rows[4] == "| all | 5 | 3 | 2 | 1 | 1 | 0.67 | 0.67 | 0/1 | 2 | 1 | 0 |"


def test_the_cost_is_measured_on_the_whole_sample() -> None:
    seen: list[int] = []
    _ms_per_10kb(lambda text: seen.append(len(text)), "abc")
    assert seen == [1000, 100_000]
