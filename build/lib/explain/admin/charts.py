"""The admin's daily chart as pixel geometry: bars per day, a rolling line per version.

Pure: figures in, coordinates and labels out; the template draws them as SVG with
presentation attributes only (the CSP forbids inline style and script). Each day's bar
carries the link to that day's rows, built by the caller.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from explain.reporting.selectors import Day, Series

WIDTH, HEIGHT = 760, 240
LEFT, RIGHT, TOP, BOTTOM = 44, 52, 16, 34
BAR_FILL = "#93c5fd"
# Line colours told apart by people with the commonest colour-vision deficiencies.
PALETTE = ("#b91c1c", "#1d4ed8", "#047857", "#7c3aed", "#b45309", "#0f172a")


def nice_ceiling(value: int) -> int:
    """A round axis maximum at or above value: 1, 2, 5, 10, 20, 50, ..."""
    if value <= 1:
        return 1
    magnitude = 10 ** math.floor(math.log10(value))
    for step in (1, 2, 5, 10):
        if value <= step * magnitude:
            return step * magnitude
    return 10 * magnitude


@dataclass(frozen=True)
class Bar:
    x: float
    y: float
    width: float
    height: float
    slot_x: float  # the link's hit area: the whole day's column
    slot_width: float
    title: str
    href: str
    day: date


@dataclass(frozen=True)
class Tick:
    x: float
    y: float
    label: str


@dataclass(frozen=True)
class Line:
    """One version's rolling share: unbroken runs of points, its colour and name."""

    label: str
    colour: str
    runs: list[str]  # polyline "points" strings
    dots: list[Tick]


@dataclass(frozen=True)
class TableRow:
    """The chart's numbers for one day, for the table under it (and screen readers)."""

    day: date
    href: str
    answers: int
    with_drop: int
    shares: list[str]  # one per series, in the legend's order


@dataclass(frozen=True)
class Chart:
    """Everything the SVG template draws, already in pixel coordinates."""

    width: int
    height: int
    left: int
    right: int
    top: int
    bottom: int
    bars: list[Bar]
    lines: list[Line]
    x_ticks: list[Tick]
    y_ticks: list[Tick]
    rate_ticks: list[Tick]
    days: list[Day]
    series: list[Series]
    table: list[TableRow]
    description: str

    @property
    def plot_right(self) -> int:
        return self.width - self.right

    @property
    def plot_height(self) -> int:
        return self.height - self.top - self.bottom

    @property
    def base(self) -> int:
        return self.height - self.bottom


def _share(value: float | None) -> str:
    return "—" if value is None else f"{value:.0%}"


def _line(series: Series, colour: str, xs: list[float], base: float, plot_h: float) -> Line:
    runs: list[str] = []
    dots: list[Tick] = []
    run: list[str] = []
    for x, day, share in zip(xs, series.days, series.rolling, strict=True):
        if share is None:
            if run:
                runs.append(" ".join(run))
                run = []
            continue
        y = round(base - plot_h * share, 1)
        run.append(f"{x},{y}")
        dots.append(
            Tick(
                x,
                y,
                _("%(version)s, 7 days to %(day)s: %(share)s of answers lost a point")
                % {"version": series.label, "day": day.day.isoformat(), "share": _share(share)},
            )
        )
    if run:
        runs.append(" ".join(run))
    return Line(series.label, colour, runs, dots)


def daily_chart(
    days: list[Day], series: list[Series], day_link: Callable[[date], str]
) -> Chart | None:
    """Bars for answers per day (left axis), one rolling drop-share line per version."""
    if not days:
        return None
    plot_w = WIDTH - LEFT - RIGHT
    plot_h = HEIGHT - TOP - BOTTOM
    y_max = nice_ceiling(max(d.answers for d in days))
    slot = plot_w / len(days)
    bar_w = max(2.0, slot * 0.7)
    base = TOP + plot_h
    xs = [round(LEFT + slot * (i + 0.5), 1) for i in range(len(days))]

    bars = []
    for x, d in zip(xs, days, strict=True):
        bar_h = plot_h * d.answers / y_max
        title = ngettext(
            "%(day)s: %(answers)d answer, %(rate)s lost a point. Open that day's rows.",
            "%(day)s: %(answers)d answers, %(rate)s lost a point. Open that day's rows.",
            d.answers,
        ) % {"day": d.day.isoformat(), "answers": d.answers, "rate": _share(d.drop_rate)}
        bars.append(
            Bar(
                round(x - bar_w / 2, 1),
                round(base - bar_h, 1),
                round(bar_w, 1),
                round(bar_h, 1),
                round(x - slot / 2, 1),
                round(slot, 1),
                title,
                day_link(d.day),
                d.day,
            )
        )
    lines = [_line(s, PALETTE[i % len(PALETTE)], xs, base, plot_h) for i, s in enumerate(series)]
    label_every = max(1, math.ceil(len(days) / 6))
    x_ticks = [
        Tick(xs[i], HEIGHT - BOTTOM + 16, d.day.strftime("%b %d"))
        for i, d in enumerate(days)
        if i % label_every == 0 or i == len(days) - 1
    ]
    if len(x_ticks) > 1 and x_ticks[-1].x - x_ticks[-2].x < 50:
        del x_ticks[-2]
    y_ticks = [
        Tick(LEFT - 6, round(base - plot_h * f, 1), str(round(y_max * f)))
        for f in (0, 0.5, 1)
        if f == 0 or y_max * f == int(y_max * f)
    ]
    rate_ticks = [
        Tick(WIDTH - RIGHT + 6, round(base - plot_h * f, 1), f"{f:.0%}") for f in (0, 0.5, 1)
    ]
    total = sum(d.answers for d in days)
    description = ngettext(
        "%(total)d answer from %(first)s to %(last)s; the busiest day had %(most)d.",
        "%(total)d answers from %(first)s to %(last)s; the busiest day had %(most)d.",
        total,
    ) % {
        "total": total,
        "first": days[0].day.isoformat(),
        "last": days[-1].day.isoformat(),
        "most": max(d.answers for d in days),
    }
    return Chart(
        width=WIDTH,
        height=HEIGHT,
        left=LEFT,
        right=RIGHT,
        top=TOP,
        bottom=BOTTOM,
        bars=bars,
        lines=lines,
        x_ticks=x_ticks,
        y_ticks=y_ticks,
        rate_ticks=rate_ticks,
        days=days,
        series=series,
        table=[
            TableRow(
                d.day,
                bar.href,
                d.answers,
                d.with_drop,
                [_share(s.rolling[i]) for s in series],
            )
            for i, (d, bar) in enumerate(zip(days, bars, strict=True))
        ],
        description=description,
    )
