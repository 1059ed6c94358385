"""The CSV guard: every way a spreadsheet would still run a cell as a formula."""

from __future__ import annotations

import pytest

from explain.reporting.selectors import _cell as cell


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("=1+1", "'=1+1"),
        (" =1+1", "' =1+1"),
        ("＝1+1", "'＝1+1"),
        ("＋1", "'＋1"),
        ("－1", "'－1"),
        ("＠SUM(A1)", "'＠SUM(A1)"),
        ("\t=1", "'\t=1"),
        ("\r=1", "'\r=1"),
        ("Java Engineer;=HYPERLINK(1)", "Java Engineer;'=HYPERLINK(1)"),
        ("a; +1", "a;' +1"),
        ("Java Engineer", "Java Engineer"),
        ("C# ; Go", "C# ; Go"),
    ],
)
def test_no_cell_runs_as_a_formula(value, shown):
    assert cell(value) == shown
