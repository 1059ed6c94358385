"""explain.checks.log_rows: the bound on rows of requests without a model call."""

from __future__ import annotations

import pytest

from explain.checks.log_rows import check_log_rows_per_minute


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (None, []),
        (1, []),
        (30, []),
        (0, ["explain.E111"]),
        (-5, ["explain.E111"]),
        ("30", ["explain.E111"]),
        (True, ["explain.E111"]),
        (2.5, ["explain.E111"]),
    ],
)
def test_log_rows_per_minute(settings, value, expected):
    settings.EXPLAIN_LOG_ROWS_PER_MINUTE = value
    assert [problem.id for problem in check_log_rows_per_minute()] == expected
