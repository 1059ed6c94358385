"""The daily rollup: closed days added up once, so the admin reads days, not a million rows.

Log rows are written with the time of writing and never edited, so once a day is over
(plus a grace period for requests still in flight at midnight) its totals are final.
`roll_up()` adds up every closed day not yet added up; `manage.py explain_rollup` runs
it from cron (docs/admin.md gives the schedule). The admin only reads: days the rollup
does not reach yet, today among them, are read from the log rows, and `status()` tells
the admin how far behind the rollup is.

A filter the rollup can answer (outcome, model, prompt version, whole days) is read from
it plus today's rows; anything else (a search, a user, part of a day) reads the log rows.
Both paths produce the same `selectors.Cells`, so every figure is computed one way.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet
from django.db.models.functions import TruncDate
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime

from explain.models import ExplanationDay, ExplanationLog, RollupState
from explain.reporting.selectors import (
    KEY_FIELDS,
    STEPS,
    Cell,
    Cells,
    States,
    day_cells,
    latency_histograms,
    log_cells,
    reason_counts,
    step_q,
)

# A request started before midnight may write its row a little after.
GRACE = timedelta(minutes=10)
STATE_ID = 1


def day_start(day: date) -> datetime:
    """Midnight at the start of a day, in the site's time zone."""
    return timezone.make_aware(datetime.combine(day, time.min))


def closed_through(now: datetime | None = None) -> date:
    """The last day whose rows can no longer change."""
    return timezone.localtime((now or timezone.now()) - GRACE).date() - timedelta(days=1)


def rolled_through() -> date | None:
    state = RollupState.objects.filter(pk=STATE_ID).values_list("last_day", flat=True).first()
    return state


@dataclass(frozen=True)
class RollupStatus:
    """How far the rollup reaches against the days that could be added up by now."""

    last_day: date | None  # None: it never ran
    closed_through: date

    @property
    def behind(self) -> int:
        """Closed days not added up yet (0 when current; the admin reads them live)."""
        if self.last_day is None:
            return 0
        return max(0, (self.closed_through - self.last_day).days)


def status(last_day: date | None, now: datetime | None = None) -> RollupStatus:
    """The status for a `rolled_through()` already read (no query, no write)."""
    return RollupStatus(last_day=last_day, closed_through=closed_through(now))


def roll_up(*, rebuild: bool = False, now: datetime | None = None) -> int:
    """Add up every closed day not yet added up; the number of days added."""
    target = closed_through(now)
    if not rebuild and (rolled_through() or date.min) >= target:
        return 0
    try:
        with transaction.atomic():
            state = RollupState.objects.select_for_update().filter(pk=STATE_ID).first()
            if rebuild:
                ExplanationDay.objects.all().delete()
                state = None
            if state is not None and state.last_day >= target:
                return 0  # another process got here first
            first = _first_day() if state is None else state.last_day + timedelta(days=1)
            added = 0
            if first is not None and first <= target:
                added = _add_days(first, target)
            RollupState.objects.update_or_create(pk=STATE_ID, defaults={"last_day": target})
            return added
    except IntegrityError:  # two first runs at once: the other one wrote the same days
        return 0


def _first_day() -> date | None:
    oldest = ExplanationLog.objects.order_by("created_at").values_list("created_at", flat=True)
    first = oldest.first()
    return None if first is None else timezone.localtime(first).date()


def _add_days(first: date, last: date) -> int:
    rows = ExplanationLog.objects.filter(
        created_at__gte=day_start(first), created_at__lt=day_start(last + timedelta(days=1))
    )
    group = ("day", *KEY_FIELDS)
    latency = latency_histograms(rows.annotate(day=TruncDate("created_at")), *group)
    reasons = reason_counts(rows, *group)
    days = [
        ExplanationDay(
            day=cell.day,
            model_name=cell.model,
            prompt_version=cell.version,
            outcome=cell.outcome,
            requests=cell.requests,
            with_drop=cell.with_drop,
            dropped=cell.dropped,
            requirements_shown=cell.states.shown,
            requirements_not_found=cell.states.not_found,
            requirements_not_yet=cell.states.not_yet,
            requirements_unchecked=cell.states.unchecked,
            prompt_tokens=cell.prompt_tokens,
            output_tokens=cell.output_tokens,
            total_tokens=cell.total_tokens,
            thoughts_tokens=cell.thoughts_tokens,
            drop_reasons=reasons.get(key, {}),
            latency={str(bucket): n for bucket, n in latency.get(key, {}).items()},
        )
        for cell in day_cells(rows)
        for key in [(cell.day, cell.model, cell.version, cell.outcome)]
    ]
    ExplanationDay.objects.bulk_create(days, batch_size=1000)
    return len({d.day for d in days})


# ---------------------------------------------------------------- reading


@dataclass(frozen=True)
class Scope:
    """A change-list filter the rollup can answer: field values, the step (posting
    readings or viewers, by prompt version) and whole days."""

    outcome: str | None = None
    model_name: str | None = None
    prompt_version: str | None = None
    since: date | None = None  # first day included
    until: date | None = None  # first day excluded
    step: str | None = None

    def field_filters(self) -> Q:
        """The fields' filter, on log rows and rollup rows alike (same field names)."""
        found = Q(
            **{
                name: value
                for name in ("outcome", "model_name", "prompt_version")
                if (value := getattr(self, name)) is not None
            }
        )
        step = step_q(self.step) if self.step is not None else None
        return found & step if step is not None else found


# Query parameters that do not change which rows are selected.
_NEUTRAL = {"o", "p", "e"}
_FIELDS = {"outcome", "model_name", "prompt_version"}


def _day_boundary(value: str) -> date | None:
    """The day a created_at bound names, if it is a midnight in the site's time zone."""
    moment = parse_datetime(value)
    if moment is None:
        day = parse_date(value)
        return day
    if timezone.is_naive(moment):
        moment = timezone.make_aware(moment)
    local = timezone.localtime(moment)
    return local.date() if local.time() == time.min else None


def scope_from(params: Mapping[str, str]) -> Scope | None:
    """The Scope of a change list's query parameters, or None if the rollup cannot
    answer it (a search, another field, part of a day)."""
    found: dict[str, object] = {}
    for key, value in params.items():
        if key in _NEUTRAL or (key == "q" and not value.strip()):
            continue
        name = key.removesuffix("__exact")
        if name in _FIELDS:
            found[name] = value
        elif key == "step" and value in STEPS:
            found["step"] = value
        elif key in ("created_at__gte", "created_at__lt"):
            day = _day_boundary(value)
            if day is None:
                return None
            found["since" if key.endswith("gte") else "until"] = day
        else:
            return None
    return Scope(**found)  # type: ignore[arg-type]


def scope_cells(scope: Scope, last: date | None) -> Cells:
    """The scope's figures: days up to `last` (see rolled_through) from the rollup, the rest
    from the log rows."""
    data = Cells()
    if last is not None:
        days = ExplanationDay.objects.filter(scope.field_filters(), day__lte=last)
        if scope.since is not None:
            days = days.filter(day__gte=scope.since)
        if scope.until is not None:
            days = days.filter(day__lt=scope.until)
        data = _cells_of(days)
    live: QuerySet[ExplanationLog] = ExplanationLog.objects.filter(scope.field_filters())
    start = None if last is None else last + timedelta(days=1)
    if scope.since is not None:
        start = max(start, scope.since) if start is not None else scope.since
    if start is not None:
        live = live.filter(created_at__gte=day_start(start))
    if scope.until is not None:
        live = live.filter(created_at__lt=day_start(scope.until))
    return data.add(log_cells(live))


def _cells_of(days: QuerySet[ExplanationDay]) -> Cells:
    data = Cells()
    for d in days.order_by().iterator(chunk_size=2000):
        key = (d.model_name, d.prompt_version, d.outcome)
        data.cells.append(
            Cell(
                day=d.day,
                model=d.model_name,
                version=d.prompt_version,
                outcome=d.outcome,
                requests=d.requests,
                with_drop=d.with_drop,
                dropped=d.dropped,
                prompt_tokens=d.prompt_tokens,
                output_tokens=d.output_tokens,
                total_tokens=d.total_tokens,
                thoughts_tokens=d.thoughts_tokens,
                states=States(
                    d.requirements_shown,
                    d.requirements_not_found,
                    d.requirements_not_yet,
                    d.requirements_unchecked,
                ),
            )
        )
        histogram = data.latency.setdefault(key, {})
        for bucket, n in d.latency.items():
            histogram[int(bucket)] = histogram.get(int(bucket), 0) + int(n)
        totals = data.reasons.setdefault(key, {})
        for code, n in d.drop_reasons.items():
            totals[code] = totals.get(code, 0) + int(n)
    return data


def field_values(name: str, last: date | None) -> list[str]:
    """The distinct values of model_name or prompt_version, from the rollup and today."""
    if name not in _FIELDS:
        raise ValueError(name)
    live = ExplanationLog.objects.all()
    if last is not None:
        live = live.filter(created_at__gte=day_start(last + timedelta(days=1)))
    values = set(ExplanationDay.objects.values_list(name, flat=True).distinct())
    values |= set(live.order_by().values_list(name, flat=True).distinct())
    return sorted(values)
