"""Admins review what the explainer did: read-only logs, their totals, and users' reports.

Above the log list sits a summary of the rows the current filters select (requests, how
often points are removed, errors, latency, tokens) and a small daily chart of requests
and drop rate, drawn on the server as SVG: no JavaScript, no inline style (the CSP
forbids it), only SVG presentation attributes and a static stylesheet.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from django.contrib import admin
from django.db.models import Count, Q, QuerySet, Sum
from django.db.models.functions import TruncDate
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from explain.models import ExplanationLog, FeedbackReport
from explain.outcomes import CHECKED_OUTCOMES, ERROR_OUTCOMES, MODEL_CALL_OUTCOMES, Outcome

CHART_DAYS = 30


# ---------------------------------------------------------------- summary figures


@dataclass(frozen=True)
class LogSummary:
    """Totals over one set of log rows; shares are None when there is nothing to divide."""

    requests: int
    checked: int
    with_drop: int
    dropped: int
    model_calls: int
    errors: int
    nothing_verified: int
    rate_limited: int
    cached: int
    latency_p50: int | None
    latency_p95: int | None
    total_tokens: int | None
    prompt_tokens: int | None
    output_tokens: int | None

    @property
    def drop_share(self) -> float | None:
        return self.with_drop / self.checked if self.checked else None

    @property
    def mean_dropped(self) -> float | None:
        return self.dropped / self.checked if self.checked else None

    @property
    def error_rate(self) -> float | None:
        return self.errors / self.model_calls if self.model_calls else None

    @property
    def tokens_per_call(self) -> float | None:
        if self.total_tokens is None or not self.model_calls:
            return None
        return self.total_tokens / self.model_calls


@dataclass(frozen=True)
class Card:
    """One figure of the summary: what it is, its value, and what it was counted over."""

    label: str
    value: str
    detail: str


def _share(value: float | None) -> str:
    return "—" if value is None else f"{value:.0%}"


def _ms(value: int | None) -> str:
    if value is None:
        return "—"
    return f"{value} ms" if value < 1000 else f"{value / 1000:.1f} s"


def _int(value: int | None) -> str:
    return "—" if value is None else f"{value:,}"


def summary_cards(summary: LogSummary) -> list[Card]:
    """The summary as short labelled figures, in the order the page shows them."""
    s = summary
    return [
        Card(
            str(_("Requests")),
            _int(s.requests),
            str(_("%(calls)s model calls, %(cached)s from cache, %(limited)s rate limited"))
            % {
                "calls": _int(s.model_calls),
                "cached": _int(s.cached),
                "limited": _int(s.rate_limited),
            },
        ),
        Card(
            str(_("Answers with a removed point")),
            _share(s.drop_share),
            str(_("%(with_drop)s of %(checked)s checked answers; %(none)s kept nothing"))
            % {
                "with_drop": _int(s.with_drop),
                "checked": _int(s.checked),
                "none": _int(s.nothing_verified),
            },
        ),
        Card(
            str(_("Removed per answer")),
            "—" if s.mean_dropped is None else f"{s.mean_dropped:.2f}",
            str(_("%(dropped)s points removed in all")) % {"dropped": _int(s.dropped)},
        ),
        Card(
            str(_("Error rate")),
            _share(s.error_rate),
            str(_("%(errors)s of %(calls)s model calls failed or timed out"))
            % {"errors": _int(s.errors), "calls": _int(s.model_calls)},
        ),
        Card(
            str(_("Latency p50 / p95")),
            f"{_ms(s.latency_p50)} / {_ms(s.latency_p95)}",
            str(_("over model calls only")),
        ),
        Card(
            str(_("Tokens")),
            _int(s.total_tokens),
            "—"
            if s.tokens_per_call is None
            else str(_("%(per_call)s per model call (%(prompt)s in, %(output)s out)"))
            % {
                "per_call": f"{s.tokens_per_call:,.0f}",
                "prompt": _int(s.prompt_tokens),
                "output": _int(s.output_tokens),
            },
        ),
    ]


def _percentile(queryset: QuerySet[ExplanationLog], count: int, share: float) -> int | None:
    """Nearest-rank percentile of latency, read from the database (no full load)."""
    if count == 0:
        return None
    rank = max(1, math.ceil(share * count))
    ordered = queryset.order_by("latency_ms").values_list("latency_ms", flat=True)
    return int(ordered[rank - 1])


def log_summary(queryset: QuerySet[ExplanationLog]) -> LogSummary:
    """The summary of exactly the rows given (the change list's filtered queryset)."""
    rows = queryset.order_by()
    totals = rows.aggregate(
        requests=Count("id"),
        checked=Count("id", filter=Q(outcome__in=CHECKED_OUTCOMES)),
        with_drop=Count("id", filter=Q(outcome__in=CHECKED_OUTCOMES, dropped__gt=0)),
        dropped=Sum("dropped", filter=Q(outcome__in=CHECKED_OUTCOMES)),
        model_calls=Count("id", filter=Q(outcome__in=MODEL_CALL_OUTCOMES)),
        errors=Count("id", filter=Q(outcome__in=ERROR_OUTCOMES)),
        nothing_verified=Count("id", filter=Q(outcome=Outcome.NOTHING_VERIFIED)),
        rate_limited=Count("id", filter=Q(outcome=Outcome.RATE_LIMITED)),
        cached=Count("id", filter=Q(outcome=Outcome.CACHED)),
        total_tokens=Sum("total_tokens"),
        prompt_tokens=Sum("prompt_tokens"),
        output_tokens=Sum("output_tokens"),
    )
    # Latency means something only where a model was asked.
    timed = rows.filter(outcome__in=MODEL_CALL_OUTCOMES)
    calls = int(totals["model_calls"] or 0)
    return LogSummary(
        requests=int(totals["requests"] or 0),
        checked=int(totals["checked"] or 0),
        with_drop=int(totals["with_drop"] or 0),
        dropped=int(totals["dropped"] or 0),
        model_calls=calls,
        errors=int(totals["errors"] or 0),
        nothing_verified=int(totals["nothing_verified"] or 0),
        rate_limited=int(totals["rate_limited"] or 0),
        cached=int(totals["cached"] or 0),
        latency_p50=_percentile(timed, calls, 0.50),
        latency_p95=_percentile(timed, calls, 0.95),
        total_tokens=totals["total_tokens"],
        prompt_tokens=totals["prompt_tokens"],
        output_tokens=totals["output_tokens"],
    )


# ---------------------------------------------------------------- daily chart (SVG)


@dataclass(frozen=True)
class Day:
    day: date
    requests: int
    checked: int
    with_drop: int

    @property
    def drop_rate(self) -> float | None:
        return self.with_drop / self.checked if self.checked else None


def daily_counts(queryset: QuerySet[ExplanationLog], days: int = CHART_DAYS) -> list[Day]:
    """One entry per calendar day (site time zone), up to the last day with rows.

    At most `days` days, ending on the newest row; days without rows count zero.
    """
    per_day = (
        queryset.order_by()
        .annotate(day=TruncDate("created_at"))
        .values("day")
        .annotate(
            requests=Count("id"),
            checked=Count("id", filter=Q(outcome__in=CHECKED_OUTCOMES)),
            with_drop=Count("id", filter=Q(outcome__in=CHECKED_OUTCOMES, dropped__gt=0)),
        )
        .order_by("day")
    )
    found: dict[date, dict[str, Any]] = {row["day"]: dict(row) for row in per_day}
    if not found:
        return []
    last = max(found)
    first = max(min(found), last - timedelta(days=days - 1))
    result = []
    for offset in range((last - first).days + 1):
        day = first + timedelta(days=offset)
        row: dict[str, Any] = found.get(day, {})
        result.append(
            Day(
                day=day,
                requests=int(row.get("requests", 0)),
                checked=int(row.get("checked", 0)),
                with_drop=int(row.get("with_drop", 0)),
            )
        )
    return result


def _nice_ceiling(value: int) -> int:
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
    title: str


@dataclass(frozen=True)
class Tick:
    x: float
    y: float
    label: str


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
    lines: list[str]  # polyline "points" strings, one per unbroken run of days
    dots: list[Tick]
    x_ticks: list[Tick]
    y_ticks: list[Tick]
    rate_ticks: list[Tick]
    days: list[Day]
    description: str

    @property
    def plot_right(self) -> int:
        return self.width - self.right

    @property
    def base(self) -> int:
        return self.height - self.bottom


def daily_chart(days: list[Day]) -> Chart | None:
    """Bars for requests per day (left axis) and a line for the drop rate (right axis)."""
    if not days:
        return None
    width, height = 640, 220
    left, right, top, bottom = 44, 52, 28, 34
    plot_w = width - left - right
    plot_h = height - top - bottom
    y_max = _nice_ceiling(max(d.requests for d in days))
    slot = plot_w / len(days)
    bar_w = max(2.0, slot * 0.7)
    base = top + plot_h

    bars: list[Bar] = []
    lines: list[str] = []
    dots: list[Tick] = []
    run: list[str] = []
    for i, d in enumerate(days):
        x_mid = left + slot * (i + 0.5)
        bar_h = plot_h * d.requests / y_max
        rate = d.drop_rate
        rate_text = f"{rate:.0%}" if rate is not None else "—"
        title = ngettext(
            "%(day)s: %(requests)d request; %(rate)s of checked answers lost a point",
            "%(day)s: %(requests)d requests; %(rate)s of checked answers lost a point",
            d.requests,
        ) % {"day": d.day.isoformat(), "requests": d.requests, "rate": rate_text}
        bars.append(
            Bar(
                round(x_mid - bar_w / 2, 1),
                round(base - bar_h, 1),
                round(bar_w, 1),
                round(bar_h, 1),
                title,
            )
        )
        if rate is None:
            if run:
                lines.append(" ".join(run))
                run = []
            continue
        y_rate = round(base - plot_h * rate, 1)
        run.append(f"{round(x_mid, 1)},{y_rate}")
        dots.append(Tick(round(x_mid, 1), y_rate, title))
    if run:
        lines.append(" ".join(run))

    label_every = max(1, math.ceil(len(days) / 6))
    x_ticks = [
        Tick(round(left + slot * (i + 0.5), 1), height - bottom + 16, d.day.strftime("%b %d"))
        for i, d in enumerate(days)
        if i % label_every == 0 or i == len(days) - 1
    ]
    if len(x_ticks) > 1 and x_ticks[-1].x - x_ticks[-2].x < 50:
        del x_ticks[-2]
    y_ticks = [
        Tick(left - 6, round(base - plot_h * f, 1), str(round(y_max * f)))
        for f in (0, 0.5, 1)
        if f == 0 or y_max * f == int(y_max * f)
    ]
    rate_ticks = [
        Tick(width - right + 6, round(base - plot_h * f, 1), f"{f:.0%}") for f in (0, 0.5, 1)
    ]
    total = sum(d.requests for d in days)
    description = ngettext(
        "%(total)d request from %(first)s to %(last)s; the busiest day had %(most)d.",
        "%(total)d requests from %(first)s to %(last)s; the busiest day had %(most)d.",
        total,
    ) % {
        "total": total,
        "first": days[0].day.isoformat(),
        "last": days[-1].day.isoformat(),
        "most": max(d.requests for d in days),
    }
    return Chart(
        width=width,
        height=height,
        left=left,
        right=right,
        top=top,
        bottom=bottom,
        bars=bars,
        lines=lines,
        dots=dots,
        x_ticks=x_ticks,
        y_ticks=y_ticks,
        rate_ticks=rate_ticks,
        days=days,
        description=description,
    )


# ---------------------------------------------------------------- admin classes


class ReadOnlyAdmin(admin.ModelAdmin):
    """Logs and reports are evidence: nobody adds, edits or deletes them by hand."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class FeedbackReportInline(admin.TabularInline):
    model = FeedbackReport
    extra = 0
    can_delete = False
    show_change_link = True
    fields = ("created_at", "reason", "kind", "point", "profile_quote", "job_quote", "user")
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(ExplanationLog)
class ExplanationLogAdmin(ReadOnlyAdmin):
    list_display = (
        "created_at",
        "user",
        "job_ref",
        "outcome",
        "kept",
        "dropped",
        "model_name",
        "latency_ms",
        "total_tokens",
        "report_link",
    )
    list_filter = ("outcome", "model_name", "prompt_version", "created_at")
    date_hierarchy = "created_at"
    search_fields = ("=job_ref",)
    search_help_text = _("Find the requests for one job by its id.")
    list_select_related = ("user",)
    inlines = (FeedbackReportInline,)
    fieldsets = (
        (None, {"fields": ("created_at", "user", "job_ref", "outcome")}),
        (
            _("Verification"),
            {"fields": ("kept_matches", "kept_gaps", "dropped", "unchecked", "drop_reasons")},
        ),
        (
            _("Model"),
            {
                "fields": (
                    "model_name",
                    "prompt_version",
                    "latency_ms",
                    "prompt_tokens",
                    "output_tokens",
                    "thoughts_tokens",
                    "total_tokens",
                )
            },
        ),
    )

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def get_queryset(self, request: HttpRequest) -> QuerySet[ExplanationLog]:
        return super().get_queryset(request).annotate(report_count=Count("reports"))

    @admin.display(description=_("kept (matches + gaps)"))
    def kept(self, obj: ExplanationLog) -> str:
        return f"{obj.kept_matches} + {obj.kept_gaps}"

    @admin.display(description=_("reports"), ordering="report_count")
    def report_link(self, obj: ExplanationLog) -> str:
        count = getattr(obj, "report_count", 0)
        if not count:
            return "–"
        url = reverse("admin:explain_feedbackreport_changelist") + f"?log__id__exact={obj.pk}"
        return format_html('<a href="{}">{}</a>', url, count)

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        response = super().changelist_view(request, extra_context)
        context = getattr(response, "context_data", None)
        if context and "cl" in context:
            # The rows the filters, the date drill-down and the search select: all pages.
            rows = context["cl"].queryset
            days = daily_counts(rows)
            summary = log_summary(rows)
            context["explain_summary"] = summary
            context["explain_cards"] = summary_cards(summary)
            context["explain_chart"] = daily_chart(days)
            context["explain_chart_days"] = CHART_DAYS
        return response


@admin.register(FeedbackReport)
class FeedbackReportAdmin(ReadOnlyAdmin):
    list_display = ("created_at", "reason", "kind", "point", "log_link", "user")
    list_filter = ("reason", "kind", "created_at")
    search_fields = ("point", "job_quote", "profile_quote")
    list_select_related = ("log", "user")
    date_hierarchy = "created_at"
    readonly_fields = ("log_link",)
    fields = (
        "created_at",
        "user",
        "log_link",
        "reason",
        "kind",
        "point",
        "profile_quote",
        "job_quote",
    )

    @admin.display(description=_("explanation log"), ordering="log")
    def log_link(self, obj: FeedbackReport) -> str:
        url = reverse("admin:explain_explanationlog_change", args=[obj.log_id])
        return format_html('<a href="{}">{}</a>', url, obj.log)
