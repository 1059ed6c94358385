"""The daily chart's geometry: bars on the axis, rolling lines inside the plot, day links."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from explain.admin.charts import PALETTE, daily_chart, nice_ceiling
from explain.reporting.selectors import Day, Series

START = date(2026, 11, 1)


def days(*counts: tuple[int, int]) -> list[Day]:
    return [Day(START + timedelta(days=i), a, w) for i, (a, w) in enumerate(counts)]


def link(day: date) -> str:
    return f"/rows/?day={day.isoformat()}"


@pytest.mark.parametrize(
    ("value", "ceiling"), [(0, 1), (1, 1), (2, 2), (3, 5), (7, 10), (11, 20), (40, 50), (101, 200)]
)
def test_nice_axis_maximum(value, ceiling):
    assert nice_ceiling(value) == ceiling


def test_nothing_to_draw():
    assert daily_chart([], [], link) is None


def test_bars_stand_on_the_axis_and_link_to_their_day():
    d = days((4, 1), (0, 0), (2, 2))
    chart = daily_chart(d, [], link)
    assert chart is not None
    base = chart.base
    tallest = max(chart.bars, key=lambda b: b.height)
    # 4 answers on a nice axis of 5: the bar is 4/5 of the plot height.
    assert tallest.height == pytest.approx(chart.plot_height * 4 / 5, abs=0.2)
    assert all(b.y + b.height == pytest.approx(base, abs=0.2) for b in chart.bars)
    assert [b.href for b in chart.bars] == [link(x.day) for x in d]
    # Each day's link covers its whole column, side by side, without overlap.
    for left, right in zip(chart.bars, chart.bars[1:], strict=False):
        assert left.slot_x + left.slot_width == pytest.approx(right.slot_x, abs=0.2)
    assert chart.bars[1].height == 0 and "Open that day's rows" in chart.bars[1].title
    assert "6 answers from 2026-11-01 to 2026-11-03" in chart.description


def test_one_rolling_line_per_version_broken_where_there_is_nothing_to_divide():
    d = days((2, 1), (1, 0), (3, 3))
    series = [
        Series("m · v1", d, [0.5, None, 1.0]),
        Series("m · v2", d, [0.0, 0.25, 0.5]),
    ]
    chart = daily_chart(d, series, link)
    assert chart is not None
    v1, v2 = chart.lines
    assert (v1.colour, v2.colour) == PALETTE[:2]
    assert len(v1.runs) == 2 and len(v1.dots) == 2  # the None day breaks the line
    assert len(v2.runs) == 1 and len(v2.dots) == 3
    assert all(chart.top <= dot.y <= chart.base for dot in v1.dots + v2.dots)
    # A share of 1.0 sits on the top of the plot, 0 on its base.
    assert v1.dots[-1].y == pytest.approx(chart.top, abs=0.2)
    assert v2.dots[0].y == pytest.approx(chart.base, abs=0.2)
    assert [row.shares for row in chart.table] == [["50%", "0%"], ["—", "25%"], ["100%", "50%"]]
    assert chart.table[0].href == link(START)
