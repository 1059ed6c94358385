"""Read queries behind the admin: totals, version comparison, reasons, review queue, export.

Each takes the queryset the admin's filters selected, so every figure describes exactly
the rows on screen. The database aggregates; nothing here loads all rows into memory.
Latency percentiles are read from a histogram grouped in the database (steps of 10 ms
below 1 s, 100 ms below 10 s, 1 s above), so one grouped query serves every version.
"""

from __future__ import annotations

import json
import math
import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Case, Count, Exists, F, IntegerField, OuterRef, Q, QuerySet, Sum, When
from django.db.models.functions import TruncDate
from django.utils import timezone

from explain.core.posting_prompt import POSTING_PROMPT_PREFIX
from explain.models import (
    REQUIREMENT_STATE_FIELDS,
    ExplanationLog,
    FeedbackReport,
    UnloggedRequests,
)
from explain.outcomes import (
    CHECKED_OUTCOMES,
    ERROR_OUTCOMES,
    FRESH_OUTCOMES,
    MODEL_CALL_OUTCOMES,
    PAGE_VIEW_OUTCOMES,
    Outcome,
)
from explain.reporting.costs import UsageRow

CHART_DAYS = 30
ROLLING_DAYS = 7


def answer_outcomes(include_cached: bool) -> tuple[str, ...]:
    """The outcomes counted as answers: fresh ones, plus cached ones when asked."""
    return tuple(CHECKED_OUTCOMES) if include_cached else tuple(FRESH_OUTCOMES)


# ---------------------------------------------------------------- latency histogram


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


Key = tuple[str, str, str]  # (model name, prompt version, outcome)


# ---------------------------------------------------------------- the two steps

# A log row is a posting reading's model call (once per posting text) or a viewer's
# request; the admin's "step" filter and the rollup tell them apart by prompt version.
STEPS = ("posting", "viewer")


def step_q(step: str) -> Q | None:
    """The rows of one step ("posting" readings, or "viewer" requests); None if unknown."""
    reading = Q(prompt_version__startswith=POSTING_PROMPT_PREFIX)
    return {"posting": reading, "viewer": ~reading}.get(step)


def is_reading(version: str) -> bool:
    """A posting reading's row: a model call, never a viewer's request or answer. Its
    calls, tokens and latency count with the viewers'; requests, answers and every drop
    figure count the viewers' rows only (a reading's removed items are not theirs)."""
    return version.startswith(POSTING_PROMPT_PREFIX)


@dataclass(frozen=True)
class States:
    """Requirements per checklist state, added up over log rows."""

    shown: int = 0
    not_found: int = 0
    not_yet: int = 0
    unchecked: int = 0

    @property
    def total(self) -> int:
        return self.shown + self.not_found + self.not_yet + self.unchecked

    def __add__(self, other: States) -> States:
        return States(
            self.shown + other.shown,
            self.not_found + other.not_found,
            self.not_yet + other.not_yet,
            self.unchecked + other.unchecked,
        )


def states_sum(items: Iterable[States]) -> States:
    total = States()
    for item in items:
        total = total + item
    return total


def state_sums() -> dict[str, Sum]:
    """One Sum per state field, named sum_<field> (for .annotate or .aggregate)."""
    return {f"sum_{name}": Sum(name) for name in REQUIREMENT_STATE_FIELDS}


def states_of(row: Mapping[str, Any]) -> States:
    """The States of a row of sums that state_sums() named."""
    return States(*(int(row[f"sum_{name}"] or 0) for name in REQUIREMENT_STATE_FIELDS))


@dataclass(frozen=True)
class Cell:
    """The rows of one day, model, prompt version and outcome, added up."""

    day: date
    model: str
    version: str
    outcome: str
    requests: int
    with_drop: int
    dropped: int
    prompt_tokens: int | None
    output_tokens: int | None
    total_tokens: int | None
    thoughts_tokens: int | None = None
    states: States = States()


@dataclass
class Cells:
    """Everything the admin's figures need, from raw rows or from the daily rollup:
    per-day cells, and latency histograms and reason totals per model, version, outcome."""

    cells: list[Cell] = field(default_factory=list)
    latency: dict[Key, dict[int, int]] = field(default_factory=dict)
    reasons: dict[Key, dict[str, int]] = field(default_factory=dict)

    def add(self, other: Cells) -> Cells:
        self.cells.extend(other.cells)
        for key, histogram in other.latency.items():
            into = self.latency.setdefault(key, {})
            for bucket, n in histogram.items():
                into[bucket] = into.get(bucket, 0) + n
        for key, reasons in other.reasons.items():
            totals = self.reasons.setdefault(key, {})
            for code, n in reasons.items():
                totals[code] = totals.get(code, 0) + n
        return self


def _sum_or_none(values: Iterable[int | None]) -> int | None:
    present = [v for v in values if v is not None]
    return sum(present) if present else None


def day_cells(queryset: QuerySet[ExplanationLog]) -> list[Cell]:
    """The rows grouped by day (site time zone), model, prompt version and outcome."""
    rows = (
        queryset.order_by()
        .annotate(day=TruncDate("created_at"))
        .values("day", "model_name", "prompt_version", "outcome")
        .annotate(
            requests=Count("id"),
            with_drop=Count("id", filter=Q(dropped__gt=0)),
            sum_dropped=Sum("dropped"),
            sum_prompt=Sum("prompt_tokens"),
            sum_output=Sum("output_tokens"),
            sum_total=Sum("total_tokens"),
            sum_thoughts=Sum("thoughts_tokens"),
            **state_sums(),
        )
    )
    return [
        Cell(
            day=row["day"],
            model=row["model_name"],
            version=row["prompt_version"],
            outcome=row["outcome"],
            requests=int(row["requests"]),
            with_drop=int(row["with_drop"]),
            dropped=int(row["sum_dropped"] or 0),
            prompt_tokens=row["sum_prompt"],
            output_tokens=row["sum_output"],
            total_tokens=row["sum_total"],
            thoughts_tokens=row["sum_thoughts"],
            states=states_of(row),
        )
        for row in rows
    ]


def latency_histograms(
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
    return dict(result)


def reason_counts(
    queryset: QuerySet[ExplanationLog], *group: str, field_name: str = "drop_reasons"
) -> dict[tuple[Any, ...], dict[str, int]]:
    """Sums of a {code: count} JSON column per value of the group fields.

    The database groups the rows by the column's whole value and counts them; Python then
    adds up each distinct value times its count. So the rows read are the distinct
    combinations of reasons (a few hundred at most), never the log rows themselves, and
    only the public ORM is used on every backend.
    """
    sub = queryset.order_by().exclude(**{field_name: {}})
    if field_name == "drop_reasons":  # only rows that lost a point have any
        sub = sub.filter(dropped__gt=0)
    if "day" in group:
        sub = sub.annotate(day=TruncDate("created_at"))
    rows = sub.values(*group, field_name).annotate(rows=Count("id"))
    result: dict[tuple[Any, ...], dict[str, int]] = defaultdict(dict)
    for row in rows.iterator(chunk_size=2000):
        bucket = result[tuple(row[name] for name in group)]
        for code, count in (row[field_name] or {}).items():
            bucket[str(code)] = bucket.get(str(code), 0) + int(count) * int(row["rows"])
    return {key: counts for key, counts in result.items() if counts}


KEY_FIELDS = ("model_name", "prompt_version", "outcome")


def log_cells(queryset: QuerySet[ExplanationLog]) -> Cells:
    """Cells straight from the log rows given (three grouped queries)."""
    latency = latency_histograms(queryset, *KEY_FIELDS)
    reasons = reason_counts(queryset, *KEY_FIELDS)
    return Cells(
        cells=day_cells(queryset),
        latency={(k[0], k[1], k[2]): v for k, v in latency.items()},
        reasons={(k[0], k[1], k[2]): v for k, v in reasons.items()},
    )


# ---------------------------------------------------------------- rows behind a figure

# The rows each figure counts, by outcome: the admin's "counted as" filter selects
# exactly these, so a figure and the list it links to hold the same rows.
RATE_LIMITED_OUTCOMES = (
    Outcome.RATE_LIMITED,
    Outcome.ACCOUNT_DAILY_LIMIT,
    Outcome.ADDRESS_DAILY_LIMIT,
)


# The figures that count the viewers' rows only (see is_reading); the others count both.
VIEWER_FIGURES = frozenset({"asks", "answers", "answers_with_cache", "rate_limited", "page_views"})


def counted_as_outcomes(name: str) -> tuple[str, ...] | None:
    """The outcomes of the rows a figure counts ("asks", "answers", …); None if unknown."""
    every = tuple(Outcome.values)
    sets: dict[str, tuple[str, ...]] = {
        "asks": tuple(o for o in every if o not in PAGE_VIEW_OUTCOMES),
        "answers": answer_outcomes(False),
        "answers_with_cache": answer_outcomes(True),
        "model_calls": tuple(MODEL_CALL_OUTCOMES),
        "errors": tuple(ERROR_OUTCOMES),
        "rate_limited": RATE_LIMITED_OUTCOMES,
        "page_views": tuple(PAGE_VIEW_OUTCOMES),
    }
    return sets.get(name)


def counted_as(queryset: QuerySet[ExplanationLog], name: str) -> QuerySet[ExplanationLog]:
    """The rows one figure counts (the summary's links open exactly these)."""
    outcomes = counted_as_outcomes(name)
    if outcomes is None:
        return queryset
    rows = queryset.filter(outcome__in=outcomes)
    viewers = step_q("viewer")
    return rows.filter(viewers) if name in VIEWER_FIGURES and viewers is not None else rows


def answers_by_reason(
    queryset: QuerySet[ExplanationLog], *, include_cached: bool = False
) -> dict[str, int]:
    """How many answers lost a point for each reason (an answer counts once per reason,
    however many of its points that reason removed); grouped by the column's value like
    reason_counts, so the rows read are the distinct combinations of reasons."""
    rows = (
        queryset.order_by()
        .filter(dropped__gt=0, outcome__in=answer_outcomes(include_cached))
        .exclude(prompt_version__startswith=POSTING_PROMPT_PREFIX)
        .exclude(drop_reasons={})
        .values("drop_reasons")
        .annotate(rows=Count("id"))
    )
    totals: dict[str, int] = defaultdict(int)
    for row in rows.iterator(chunk_size=2000):
        for code in row["drop_reasons"] or {}:
            totals[str(code)] += int(row["rows"])
    return dict(totals)


# ---------------------------------------------------------------- summary cards


@dataclass(frozen=True)
class LogSummary:
    """Totals over one set of log rows; shares are None when there is nothing to divide.
    Requests are asks; a page view that showed a remembered answer again counts apart."""

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
    page_views: int = 0
    # The checklist's requirements over the answers, per state.
    states: States = States()

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


def _merged(histograms: Iterable[Mapping[int, int]]) -> dict[int, int]:
    merged: dict[int, int] = defaultdict(int)
    for histogram in histograms:
        for bucket, n in histogram.items():
            merged[int(bucket)] += n
    return merged


def summary_from(data: Cells, *, include_cached: bool = False) -> LogSummary:
    """The summary; drop figures count answers (fresh by default)."""
    answers = answer_outcomes(include_cached)
    cells = data.cells
    viewers = [c for c in cells if not is_reading(c.version)]

    def count(outcomes: Iterable[str], among: list[Cell] = cells) -> int:
        wanted = set(outcomes)
        return sum(c.requests for c in among if c.outcome in wanted)

    answered = [c for c in viewers if c.outcome in answers]
    histogram = _merged(h for key, h in data.latency.items() if key[2] in MODEL_CALL_OUTCOMES)
    return LogSummary(
        requests=sum(c.requests for c in viewers if c.outcome not in PAGE_VIEW_OUTCOMES),
        checked=sum(c.requests for c in answered),
        with_drop=sum(c.with_drop for c in answered),
        dropped=sum(c.dropped for c in answered),
        model_calls=count(MODEL_CALL_OUTCOMES),
        errors=count(ERROR_OUTCOMES),
        nothing_verified=count([Outcome.NOTHING_VERIFIED], viewers),
        # Refused for this user: the per-minute rate, or the account's or address's day used up.
        rate_limited=count(RATE_LIMITED_OUTCOMES, viewers),
        cached=count([Outcome.CACHED], viewers),
        latency_p50=percentile(histogram, 0.50),
        latency_p95=percentile(histogram, 0.95),
        total_tokens=_sum_or_none(c.total_tokens for c in cells),
        prompt_tokens=_sum_or_none(c.prompt_tokens for c in cells),
        output_tokens=_sum_or_none(c.output_tokens for c in cells),
        page_views=count(PAGE_VIEW_OUTCOMES, viewers),
        states=states_sum(c.states for c in answered),
    )


# ---------------------------------------------------------------- model x prompt version


@dataclass(frozen=True)
class VersionFigures:
    """One model and prompt version side by side with the others (requests are asks)."""

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
    thoughts_tokens: int = 0

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


def comparison_from(data: Cells, *, include_cached: bool = False) -> list[VersionFigures]:
    """Figures per model x prompt version, busiest first."""
    answers = set(answer_outcomes(include_cached))
    groups: dict[tuple[str, str], list[Cell]] = defaultdict(list)
    for cell in data.cells:
        groups[(cell.model, cell.version)].append(cell)
    result = []
    for (model, version), cells in groups.items():
        # A posting reading's version: model calls only, no requests or answers.
        asked = [] if is_reading(version) else cells
        answered = [c for c in asked if c.outcome in answers]
        histogram = _merged(
            h
            for key, h in data.latency.items()
            if key[:2] == (model, version) and key[2] in MODEL_CALL_OUTCOMES
        )
        result.append(
            VersionFigures(
                model=model,
                version=version,
                requests=sum(c.requests for c in asked if c.outcome not in PAGE_VIEW_OUTCOMES),
                answers=sum(c.requests for c in answered),
                with_drop=sum(c.with_drop for c in answered),
                dropped=sum(c.dropped for c in answered),
                model_calls=sum(c.requests for c in cells if c.outcome in MODEL_CALL_OUTCOMES),
                errors=sum(c.requests for c in cells if c.outcome in ERROR_OUTCOMES),
                latency_p50=percentile(histogram, 0.50),
                latency_p95=percentile(histogram, 0.95),
                prompt_tokens=sum(c.prompt_tokens or 0 for c in cells),
                output_tokens=sum(c.output_tokens or 0 for c in cells),
                total_tokens=sum(c.total_tokens or 0 for c in cells),
                thoughts_tokens=sum(c.thoughts_tokens or 0 for c in cells),
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


def daily_from(
    data: Cells,
    *,
    include_cached: bool = False,
    days: int = CHART_DAYS,
    window: int = ROLLING_DAYS,
) -> DailyFigures:
    """Answers per day and, per model x version, the drop share over the last `window` days.

    At most `days` days, ending on the newest day with answers; the rolling share of the
    first days also counts the days before them, so it does not restart at the edge.
    """
    answers = set(answer_outcomes(include_cached))
    found: dict[tuple[str, str], dict[date, tuple[int, int]]] = defaultdict(dict)
    for cell in data.cells:
        if cell.outcome not in answers or is_reading(cell.version):
            continue
        per_day = found[(cell.model, cell.version)]
        a, w = per_day.get(cell.day, (0, 0))
        per_day[cell.day] = (a + cell.requests, w + cell.with_drop)
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
        for day, (a, w) in per_day.items():
            ta, tw = totals.get(day, (0, 0))
            totals[day] = (ta + a, tw + w)
    return DailyFigures(days=run(totals)[skip:], series=series)


# ---------------------------------------------------------------- reasons


@dataclass(frozen=True)
class ReasonTotal:
    code: str
    count: int
    share: float  # of all reasons of its kind in the selection


def reasons_from(data: Cells, *, include_cached: bool = False) -> list[ReasonTotal]:
    """Each drop reason's count over the selected answers and its share of all drop
    reasons, commonest first."""
    answers = set(answer_outcomes(include_cached))
    totals: dict[str, int] = defaultdict(int)
    for key, counts in data.reasons.items():
        if key[2] in answers and not is_reading(key[1]):
            for code, n in counts.items():
                totals[code] += n
    whole = sum(totals.values())
    return [
        ReasonTotal(code, count, count / whole)
        for code, count in sorted(totals.items(), key=lambda item: (-item[1], item[0]))
        if count
    ]


# ---------------------------------------------------------------- one posting's checklists


@dataclass(frozen=True)
class JobChecklists:
    """The viewers' requests about one posting (page views apart) and, over its fresh
    answers, the requirements per checklist state."""

    requests: int = 0
    answers: int = 0
    states: States = States()


def checklists_by_job(job_refs: Iterable[str]) -> dict[str, JobChecklists]:
    """Per posting, its viewers' requests and checklist states: one grouped query over
    the job references given (the admin's page of postings), posting readings apart."""
    refs = list(dict.fromkeys(job_refs))
    viewers = step_q("viewer")
    if not refs or viewers is None:
        return {}
    fresh = Q(outcome__in=FRESH_OUTCOMES)
    rows = (
        ExplanationLog.objects.filter(viewers, job_ref__in=refs)
        .order_by()
        .values("job_ref")
        .annotate(
            requests=Count("id", filter=~Q(outcome__in=PAGE_VIEW_OUTCOMES)),
            answers=Count("id", filter=fresh),
            **{f"sum_{name}": Sum(name, filter=fresh) for name in REQUIREMENT_STATE_FIELDS},
        )
    )
    return {
        row["job_ref"]: JobChecklists(int(row["requests"]), int(row["answers"]), states_of(row))
        for row in rows
    }


# ---------------------------------------------------------------- review queue


def needing_review(queryset: QuerySet[ExplanationLog]) -> QuerySet[ExplanationLog]:
    """Answers a user reported, and requests whose posting holds text addressed to an AI,
    newest first."""
    reported = FeedbackReport.objects.filter(log=OuterRef("pk"))
    return queryset.filter(Exists(reported) | Q(job_instructions__gt=0)).order_by(
        "-created_at", "-id"
    )


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
        .exclude(prompt_version__startswith=POSTING_PROMPT_PREFIX)
        .order_by("-id")
        .values_list("id", "dropped")[:window]
    )
    return RecentDropRate(
        answers=len(newest),
        with_drop=sum(1 for _, dropped in newest if dropped > 0),
        newest_id=newest[0][0] if newest else None,
    )


def fresh_answers_after(row_id: int) -> int:
    return (
        ExplanationLog.objects.filter(outcome__in=FRESH_OUTCOMES, id__gt=row_id)
        .exclude(prompt_version__startswith=POSTING_PROMPT_PREFIX)
        .count()
    )


# ---------------------------------------------------------------- export

# The user's login, whatever the host's user model calls it (username, email...).
USER_LOGIN = "user__<login>"


def _field_path(path: str) -> str:
    if path == USER_LOGIN:
        return f"user__{get_user_model().USERNAME_FIELD}"
    return path


EXPORT_COLUMNS = (
    ("id", "id"),
    ("created_at", "created_at"),
    ("user", USER_LOGIN),
    ("job_ref", "job_ref"),
    ("job_title", "job_title"),
    ("outcome", "outcome"),
    ("kept_matches", "kept_matches"),
    ("kept_gaps", "kept_gaps"),
    ("dropped", "dropped"),
    ("unchecked", "unchecked"),
    ("drop_reasons", "drop_reasons"),
    ("requirements_total", "requirements_total"),
    ("requirements_optional", "requirements_optional"),
    *((name, name) for name in REQUIREMENT_STATE_FIELDS),
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
    if isinstance(value, str):
        return _defused(text)
    return text


def _runs_as_formula(part: str) -> bool:
    """Whether a spreadsheet would run this: after leading spaces, and with full-width
    forms (＝＋－＠) read as the plain ones, it starts with a formula character."""
    plain = unicodedata.normalize("NFKC", part)
    return plain.startswith(_FORMULA_START) or plain.lstrip(" ").startswith(_FORMULA_START)


def _defused(text: str) -> str:
    """Each `;`-separated piece that would run as a formula gets a leading apostrophe:
    a spreadsheet importing with `;` as the separator splits the cell there."""
    pieces = text.split(";")
    return ";".join("'" + piece if _runs_as_formula(piece) else piece for piece in pieces)


def export_rows(queryset: QuerySet[ExplanationLog], chunk_size: int = 2000) -> Iterator[list[str]]:
    """The header, then one list of cells per row, read in chunks (a server-side cursor
    on PostgreSQL), so a million rows never sit in memory together."""
    yield [name for name, _ in EXPORT_COLUMNS]
    values = queryset.order_by("created_at", "id").values_list(
        *(_field_path(f) for _, f in EXPORT_COLUMNS)
    )
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


def usage_from(data: Cells, days: int = ROLLING_DAYS) -> list[UsageRow]:
    """Token sums of the model calls per day and model over the newest `days` calendar
    days: what explain.reporting.costs prices, read from the figures already gathered."""
    since = timezone.localdate() - timedelta(days=days - 1)
    sums: dict[tuple[date, str], list[int]] = {}
    for c in data.cells:
        if c.outcome not in MODEL_CALL_OUTCOMES or c.day < since:
            continue
        row = sums.setdefault((c.day, c.model), [0, 0, 0, 0])
        row[0] += c.requests
        row[1] += c.prompt_tokens or 0
        row[2] += c.output_tokens or 0
        row[3] += c.thoughts_tokens or 0
    return [
        UsageRow(day=day, model=model, calls=n, prompt_tokens=p, output_tokens=o, thoughts_tokens=t)
        for (day, model), (n, p, o, t) in sorted(sums.items())
    ]


def unlogged_by_day(days: int = 7) -> list[UnloggedRequests]:
    """Requests counted without a log row (explain.services.log_bound) on the last
    days, newest first, for the admin."""
    since = timezone.localdate() - timedelta(days=days - 1)
    return list(UnloggedRequests.objects.filter(day__gte=since).order_by("-day", "outcome"))
