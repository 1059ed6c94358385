"""The chaos run's table: what each column says about one fault's requests."""

from __future__ import annotations

import math
from collections import Counter

from tools.chaos.table import COLUMNS, FaultResult, as_json, percentile, render, row


def _result(**fields: object) -> FaultResult:
    base: dict[str, object] = {
        "fault": "Redis stopped 5 s",
        "statuses": Counter({"200": 40, "503": 7, "500": 1}),
        "waits": [0.1] * 19 + [4.0],
        "refusal_waits": [0.2] * 6 + [0.5],
        "refusals": Counter({"temporarily_unavailable": 6, "circuit_open": 1}),
        "page_waits": [0.2, 0.3],
        "expected_rows": 41,
        "written_rows": 41,
        "recovery_s": 1.25,
    }
    base.update(fields)
    return FaultResult(**base)  # type: ignore[arg-type]


def test_percentile_is_a_measured_value_by_nearest_rank():
    assert percentile([3.0, 1.0, 2.0], 50) == 2.0
    assert percentile([0.1] * 19 + [4.0], 95) == 0.1
    assert percentile([0.1] * 18 + [4.0, 5.0], 95) == 4.0
    assert math.isnan(percentile([], 95))


def test_a_row_counts_requests_statuses_and_500s():
    cells = dict(zip(COLUMNS, row(_result()), strict=True))
    assert cells["Requests"] == "48"
    assert cells["Responses by status"] == "200: 40, 500: 1, 503: 7"
    assert cells["HTTP 500"] == "1"
    assert cells["p95 wait (s)"] == "0.1"
    assert cells["503 p95 (s)"] == "0.5"
    assert cells["Job page p95 (s)"] == "0.3"
    assert cells["Log rows expected / written"] == "41 / 41"
    assert cells["Recovery (s)"] == "1.2"


def test_cut_streams_and_no_response_follow_the_numeric_statuses():
    cells = row(_result(statuses=Counter({"none": 2, "cut": 3, "200": 28})))
    assert cells[2] == "200: 28, cut: 3, none: 2"


def test_lost_rows_and_no_recovery_are_spelled_out():
    result = _result(expected_rows=18, written_rows=15, recovery_s=None, page_waits=[])
    cells = dict(zip(COLUMNS, row(result), strict=True))
    assert result.lost_rows == 3
    assert cells["Log rows expected / written"] == "18 / 15 (3 lost)"
    assert cells["Recovery (s)"] == "never"
    assert cells["Job page p95 (s)"] == "-"


def test_no_503_leaves_the_503_column_empty():
    cells = dict(zip(COLUMNS, row(_result(refusal_waits=[])), strict=True))
    assert cells["503 p95 (s)"] == "-"


def test_clean_means_no_500_no_lost_row_and_back_within_the_goal():
    assert not _result().clean(recovery_goal_s=5)
    ok = _result(statuses=Counter({"200": 40, "503": 8}))
    assert ok.clean(recovery_goal_s=5)
    assert not ok.clean(recovery_goal_s=1)
    assert not _result(statuses=ok.statuses, written_rows=40).clean(recovery_goal_s=5)
    assert not _result(statuses=ok.statuses, recovery_s=None).clean(recovery_goal_s=5)


def test_render_is_a_markdown_table_with_one_line_per_fault():
    lines = render([_result(), _result(fault="PostgreSQL stopped 5 s")]).splitlines()
    assert len(lines) == 4
    assert lines[0].startswith("| Fault | Requests |")
    assert lines[1] == "|" + "---|" * len(COLUMNS)
    assert lines[3].startswith("| PostgreSQL stopped 5 s | 48 |")


def test_json_holds_the_same_figures():
    (figures,) = as_json([_result(written_rows=40)])
    assert figures["requests"] == 48
    assert figures["http_500"] == 1
    assert figures["lost_rows"] == 1
    assert figures["statuses"] == {"200": 40, "500": 1, "503": 7}
    assert figures["recovery_s"] == 1.25
    assert figures["p95_503_wait_s"] == 0.5
    assert figures["refusals"] == {"circuit_open": 1, "temporarily_unavailable": 6}
