"""Read queries behind the admin: totals, version comparison, reasons, review queue, export.

Each takes the queryset the admin's filters selected, so every figure describes exactly
the rows on screen. The database aggregates; nothing here loads all rows into memory.
Latency percentiles are read from a histogram grouped in the database (steps of 10 ms
below 1 s, 100 ms below 10 s, 1 s above), so one grouped query serves every version.
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from django.core.exceptions import EmptyResultSet
from django.db import connections
from django.db.models import Case, Count, Exists, F, IntegerField, OuterRef, Q, QuerySet, Sum, When
from django.db.models.functions import TruncDate
from django.utils import timezone

from explain.costs import UsageRow
from explain.models import ExplanationLog, FeedbackReport
from explain.outcomes import CHECKED_OUTCOMES, ERROR_OUTCOMES, MODEL_CALL_OUTCOMES, Outcome

# A model answer checked by the verifier just now (a cached answer is the same answer again).
FRESH_OUTCOMES = (Outcome.OK, Outcome.NOTHING_VERIFIED)
CHART_DAYS = 30
ROLLING_DAYS = 7


def answer_outcomes(include_cached: bool) -> tuple[str, ...]:
    """The outcomes counted as answers: fresh ones, plus cached ones when asked."""
    return tuple(CHECKED_OUTCOMES) if include_cached else tuple(FRESH_OUTCOMES)


# ---------------------------------------------------------------- latency histogram


def latency_bucket(ms: int) -> int:
    """The upper edge of the histogram step holding ms (the SQL below does the same)."""
    for limit, step in ((1000, 10), (10_000, 100)):
        if ms < limit:
            return -(-ms // step) * step
    return -(-ms // 1000) * 1000


def _bucket_expression() -> Case:
    def ceil(step: int) -> Any:
        return (F("latency_ms") + (step - 1)) / step * step

    return Case(
        When(latency_ms__lt=1000, then=ceil(10)),
        When(latency_ms__lt=10_000, then=ceil(100)),
        default=ceil(1000),
        output_field=IntegerField(),
    )


def percentile(histogram: Mapping[int, int], share: float) -> int | None:
    """Nearest-rank percentile of a histogram {bucket upper edge: count}."""
    total = sum(histogram.values())
    if total == 0:
        return None
    rank = max(1, math.ceil(share * total))
    seen = 0
    for bucket in sorted(histogram):
        seen += histogram[bucket]
        if seen >= rank:
            return bucket
    raise AssertionError("unreachable: rank <= total")


def _histograms(
    queryset: QuerySet[ExplanationLog], *group: str
) -> dict[tuple[Any, ...], dict[int, int]]:
    """Latency histograms of model calls, one per value of the group fields."""
    rows = (
        queryset.order_by()
        .filter(outcome__in=MODEL_CALL_OUTCOMES)
        .annotate(bucket=_bucket_expression())
        .values(*group, "bucket")
        .annotate(n=Count("id"))
    )
    result: dict[tuple[Any, ...], dict[int, int]] = defaultdict(dict)
    for row in rows:
        result[tuple(row[name] for name in group)][int(row["bucket"])] = int(row["n"])
    return result


# ---------------------------------------------------------------- summary cards


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


def log_summary(queryset: QuerySet[ExplanationLog], *, include_cached: bool = False) -> LogSummary:
    """The summary of exactly the rows given; drop figures count answers (fresh by default)."""
    rows = queryset.order_by()
    answers = Q(outcome__in=answer_outcomes(include_cached))
    totals = rows.aggregate(
        requests=Count("id"),
        checked=Count("id", filter=answers),
        with_drop=Count("id", filter=answers & Q(dropped__gt=0)),
        dropped=Sum("dropped", filter=answers),
        model_calls=Count("id", filter=Q(outcome__in=MODEL_CALL_OUTCOMES)),
        errors=Count("id", filter=Q(outcome__in=ERROR_OUTCOMES)),
        nothing_verified=Count("id", filter=Q(outcome=Outcome.NOTHING_VERIFIED)),
        rate_limited=Count("id", filter=Q(outcome=Outcome.RATE_LIMITED)),
        cached=Count("id", filter=Q(outcome=Outcome.CACHED)),
        total_tokens=Sum("total_tokens"),
        prompt_tokens=Sum("prompt_tokens"),
        output_tokens=Sum("output_tokens"),
    )
    histogram = _histograms(rows).get((), {})
    return LogSummary(
        requests=int(totals["requests"] or 0),
        checked=int(totals["checked"] or 0),
        with_drop=int(totals["with_drop"] or 0),
        dropped=int(totals["dropped"] or 0),
        model_calls=int(totals["model_calls"] or 0),
        errors=int(totals["errors"] or 0),
        nothing_verified=int(totals["nothing_verified"] or 0),
        rate_limited=int(totals["rate_limited"] or 0),
        cached=int(totals["cached"] or 0),
        latency_p50=percentile(histogram, 0.50),
        latency_p95=percentile(histogram, 0.95),
        total_tokens=totals["total_tokens"],
        prompt_tokens=totals["prompt_tokens"],
        output_tokens=totals["output_tokens"],
    )


# ---------------------------------------------------------------- model x prompt version


@dataclass(frozen=True)
class VersionFigures:
    """One model and prompt version side by side with the others."""

    model: str
    version: str
    requests: int
    answers: int
    with_drop: int
    dropped: int
    model_calls: int
    errors: int
    latency_p50: int | None
    latency_p95: int | None
    prompt_tokens: int
    output_tokens: int
    total_tokens: int

    @property
    def drop_share(self) -> float | None:
        return self.with_drop / self.answers if self.answers else None

    @property
    def mean_dropped(self) -> float | None:
        return self.dropped / self.answers if self.answers else None

    @property
    def error_rate(self) -> float | None:
        return self.errors / self.model_calls if self.model_calls else None

    @property
    def label(self) -> str:
        return f"{self.model or '—'} · {self.version or '—'}"


def version_comparison(
    queryset: QuerySet[ExplanationLog], *, include_cached: bool = False
) -> list[VersionFigures]:
    """Figures per model x prompt version, busiest first."""
    answers = Q(outcome__in=answer_outcomes(include_cached))
    rows = (
        queryset.order_by()
        .values("model_name", "prompt_version")
        .annotate(
            requests=Count("id"),
            answers=Count("id", filter=answers),
            with_drop=Count("id", filter=answers & Q(dropped__gt=0)),
            dropped=Sum("dropped", filter=answers),
            model_calls=Count("id", filter=Q(outcome__in=MODEL_CALL_OUTCOMES)),
            errors=Count("id", filter=Q(outcome__in=ERROR_OUTCOMES)),
            prompt_tokens=Sum("prompt_tokens"),
            output_tokens=Sum("output_tokens"),
            total_tokens=Sum("total_tokens"),
        )
    )
    histograms = _histograms(queryset, "model_name", "prompt_version")
    result = []
    for row in rows:
        histogram = histograms.get((row["model_name"], row["prompt_version"]), {})
        result.append(
            VersionFigures(
                model=row["model_name"],
                version=row["prompt_version"],
                requests=int(row["requests"]),
                answers=int(row["answers"]),
                with_drop=int(row["with_drop"]),
                dropped=int(row["dropped"] or 0),
                model_calls=int(row["model_calls"]),
                errors=int(row["errors"]),
                latency_p50=percentile(histogram, 0.50),
                latency_p95=percentile(histogram, 0.95),
                prompt_tokens=int(row["prompt_tokens"] or 0),
                output_tokens=int(row["output_tokens"] or 0),
                total_tokens=int(row["total_tokens"] or 0),
            )
        )
    result.sort(key=lambda v: (-v.requests, v.model, v.version))
    return result


# ---------------------------------------------------------------- days


@dataclass(frozen=True)
class Day:
    """One calendar day (site time zone) of answers."""

    day: date
    answers: int
    with_drop: int

    @property
    def drop_rate(self) -> float | None:
        return self.with_drop / self.answers if self.answers else None


@dataclass(frozen=True)
class Series:
    """One model x prompt version over the chart's days: daily counts and the rolling share."""

    label: str
    days: list[Day]
    rolling: list[float | None]


@dataclass(frozen=True)
class DailyFigures:
    days: list[Day]  # all versions together, one per day, no gaps
    series: list[Series]


def _rolling(days: list[Day], window: int) -> list[float | None]:
    """Share with a drop over the window ending on each day (None without answers)."""
    shares: list[float | None] = []
    for i in range(len(days)):
        span = days[max(0, i - window + 1) : i + 1]
        answers = sum(d.answers for d in span)
        shares.append(sum(d.with_drop for d in span) / answers if answers else None)
    return shares


def daily_figures(
    queryset: QuerySet[ExplanationLog],
    *,
    include_cached: bool = False,
    days: int = CHART_DAYS,
    window: int = ROLLING_DAYS,
) -> DailyFigures:
    """Answers per day and, per model x version, the drop share over the last `window` days.

    At most `days` days, ending on the newest day with answers; the rolling share of the
    first days also counts the days before them, so it does not restart at the edge.
    """
    rows = (
        queryset.order_by()
        .filter(outcome__in=answer_outcomes(include_cached))
        .annotate(day=TruncDate("created_at"))
        .values("day", "model_name", "prompt_version")
        .annotate(answers=Count("id"), with_drop=Count("id", filter=Q(dropped__gt=0)))
    )
    found: dict[tuple[str, str], dict[date, tuple[int, int]]] = defaultdict(dict)
    for row in rows:
        key = (row["model_name"], row["prompt_version"])
        found[key][row["day"]] = (int(row["answers"]), int(row["with_drop"]))
    all_days = {d for per_day in found.values() for d in per_day}
    if not all_days:
        return DailyFigures([], [])
    last = max(all_days)
    first = max(min(all_days), last - timedelta(days=days - 1))
    lead = max(min(all_days), first - timedelta(days=window - 1))

    def run(per_day: Mapping[date, tuple[int, int]]) -> list[Day]:
        return [
            Day(day, *per_day.get(day, (0, 0)))
            for day in (lead + timedelta(days=n) for n in range((last - lead).days + 1))
        ]

    skip = (first - lead).days
    series = []
    for model, version in sorted(found, key=lambda k: (-sum(a for a, _ in found[k].values()), k)):
        full = run(found[(model, version)])
        series.append(
            Series(
                label=f"{model or '—'} · {version or '—'}",
                days=full[skip:],
                rolling=_rolling(full, window)[skip:],
            )
        )
    totals: dict[date, tuple[int, int]] = {}
    for per_day in found.values():
        for day, (answers, with_drop) in per_day.items():
            a, w = totals.get(day, (0, 0))
            totals[day] = (a + answers, w + with_drop)
    return DailyFigures(days=run(totals)[skip:], series=series)


# ---------------------------------------------------------------- reasons


@dataclass(frozen=True)
class ReasonTotal:
    code: str
    count: int
    share: float  # of all reasons of its kind in the selection


def _json_key_totals(queryset: QuerySet[ExplanationLog], field: str) -> dict[str, int]:
    """Sum of a {code: count} JSON column over the rows, added up in the database."""
    sub = queryset.order_by().values(field)
    connection = connections[queryset.db]
    try:
        sql, params = sub.query.get_compiler(queryset.db).as_sql()
    except EmptyResultSet:  # .none(), or a filter that can match nothing
        return {}
    column = connection.ops.quote_name(field)
    # The SQL is Django's own compiled query and a quoted column name: no outside text.
    templates = {
        "postgresql": "SELECT r.key, SUM(r.value::bigint) FROM ({sql}) s, "
        "jsonb_each_text(s.{column}) r GROUP BY r.key",
        "sqlite": "SELECT r.key, SUM(r.value) FROM ({sql}) s, "
        "json_each(s.{column}) r GROUP BY r.key",
    }
    if connection.vendor in templates:
        query = templates[connection.vendor].format(sql=sql, column=column)
    else:  # Other databases: add up in Python, a row at a time.
        totals: dict[str, int] = defaultdict(int)
        for value in sub.values_list(field, flat=True).iterator(chunk_size=2000):
            for code, count in (value or {}).items():
                totals[str(code)] += int(count)
        return dict(totals)
    with connection.cursor() as cursor:
        cursor.execute(query, params)
        return {str(code): int(count) for code, count in cursor.fetchall()}


def reason_totals(
    queryset: QuerySet[ExplanationLog], *, include_cached: bool = False, field: str = "drop_reasons"
) -> list[ReasonTotal]:
    """Each reason code's count over the selected answers and its share, commonest first."""
    rows = queryset.filter(outcome__in=answer_outcomes(include_cached))
    totals = _json_key_totals(rows, field)
    whole = sum(totals.values())
    return [
        ReasonTotal(code, count, count / whole)
        for code, count in sorted(totals.items(), key=lambda item: (-item[1], item[0]))
        if count
    ]


# ---------------------------------------------------------------- review queue


def needing_review(queryset: QuerySet[ExplanationLog]) -> QuerySet[ExplanationLog]:
    """Answers a user reported, newest first (flagged postings join when the log has them)."""
    reported = FeedbackReport.objects.filter(log=OuterRef("pk"))
    return queryset.filter(Exists(reported)).order_by("-created_at", "-id")


# ---------------------------------------------------------------- alert


@dataclass(frozen=True)
class RecentDropRate:
    answers: int
    with_drop: int
    newest_id: int | None

    @property
    def rate(self) -> float | None:
        return self.with_drop / self.answers if self.answers else None


def recent_drop_rate(window: int) -> RecentDropRate:
    """The drop share over the newest `window` fresh answers (one short indexed read)."""
    newest = list(
        ExplanationLog.objects.filter(outcome__in=FRESH_OUTCOMES)
        .order_by("-id")
        .values_list("id", "dropped")[:window]
    )
    return RecentDropRate(
        answers=len(newest),
        with_drop=sum(1 for _, dropped in newest if dropped > 0),
        newest_id=newest[0][0] if newest else None,
    )


def fresh_answers_after(row_id: int) -> int:
    return ExplanationLog.objects.filter(outcome__in=FRESH_OUTCOMES, id__gt=row_id).count()


# ---------------------------------------------------------------- export

EXPORT_COLUMNS = (
    ("id", "id"),
    ("created_at", "created_at"),
    ("user", "user__username"),
    ("job_ref", "job_ref"),
    ("job_title", "job_title"),
    ("outcome", "outcome"),
    ("kept_matches", "kept_matches"),
    ("kept_gaps", "kept_gaps"),
    ("dropped", "dropped"),
    ("unchecked", "unchecked"),
    ("drop_reasons", "drop_reasons"),
    ("model", "model_name"),
    ("prompt_version", "prompt_version"),
    ("latency_ms", "latency_ms"),
    ("prompt_tokens", "prompt_tokens"),
    ("output_tokens", "output_tokens"),
    ("thoughts_tokens", "thoughts_tokens"),
    ("total_tokens", "total_tokens"),
)

# A spreadsheet runs a cell starting with one of these as a formula.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, dict):
        return json.dumps(value, sort_keys=True, separators=(",", ":"))
    text = str(value)
    if isinstance(value, str) and text.startswith(_FORMULA_START):
        return "'" + text
    return text


def export_rows(queryset: QuerySet[ExplanationLog], chunk_size: int = 2000) -> Iterator[list[str]]:
    """The header, then one list of cells per row, read in chunks (a server-side cursor
    on PostgreSQL), so a million rows never sit in memory together."""
    yield [name for name, _ in EXPORT_COLUMNS]
    values = queryset.order_by("created_at", "id").values_list(*(f for _, f in EXPORT_COLUMNS))
    for row in values.iterator(chunk_size=chunk_size):
        yield [_cell(value) for value in row]


def logs_between(since: date | None, until: date | None) -> QuerySet[ExplanationLog]:
    """Rows from the start of `since` to the end of `until` (site time zone), both optional."""
    rows = ExplanationLog.objects.all()
    if since is not None:
        start = datetime.combine(since, datetime.min.time())
        rows = rows.filter(created_at__gte=timezone.make_aware(start))
    if until is not None:
        end = datetime.combine(until + timedelta(days=1), datetime.min.time())
        rows = rows.filter(created_at__lt=timezone.make_aware(end))
    return rows


def usage_by_day_and_model(
    queryset: QuerySet[ExplanationLog], days: int = ROLLING_DAYS
) -> list[UsageRow]:
    """Token sums of the model calls per day and model, newest `days` days: what
    explain.costs prices (one grouped query)."""
    since = timezone.now() - timedelta(days=days)
    grouped = (
        queryset.filter(outcome__in=MODEL_CALL_OUTCOMES, created_at__gte=since)
        .annotate(day=TruncDate("created_at"))
        .values("day", "model_name")
        .annotate(
            calls=Count("id"),
            prompt=Sum("prompt_tokens"),
            output=Sum("output_tokens"),
            thoughts=Sum("thoughts_tokens"),
        )
        .order_by()
    )
    return [
        UsageRow(
            day=row["day"],
            model=row["model_name"],
            calls=row["calls"],
            prompt_tokens=row["prompt"] or 0,
            output_tokens=row["output"] or 0,
            thoughts_tokens=row["thoughts"] or 0,
        )
        for row in grouped
    ]
