"""The daily rollup gives the same figures as the log rows, whatever the filter."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from explain.models import ExplanationDay, ExplanationLog, RollupState
from explain.reporting import rollup, selectors
from tests.explain.reporting.test_selectors import (  # noqa: F401 (fixtures)
    generated,
    make_log,
    noon_clock,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("noon_clock")]


def figures(data: selectors.Cells, include_cached: bool) -> tuple[object, ...]:
    return (
        selectors.summary_from(data, include_cached=include_cached),
        selectors.comparison_from(data, include_cached=include_cached),
        selectors.daily_from(data, include_cached=include_cached),
        selectors.reasons_from(data, include_cached=include_cached),
    )


def raw(scope: rollup.Scope) -> selectors.Cells:
    rows = ExplanationLog.objects.filter(scope.field_filters())
    if scope.since:
        rows = rows.filter(created_at__gte=rollup.day_start(scope.since))
    if scope.until:
        rows = rows.filter(created_at__lt=rollup.day_start(scope.until))
    return selectors.log_cells(rows)


def scopes() -> list[rollup.Scope]:
    today = timezone.localdate()
    return [
        rollup.Scope(),
        rollup.Scope(model_name="m-a"),
        rollup.Scope(prompt_version="v2", outcome="ok"),
        rollup.Scope(since=today - timedelta(days=6)),
        rollup.Scope(since=today - timedelta(days=20), until=today - timedelta(days=3)),
        rollup.Scope(model_name="m-b", until=today + timedelta(days=1)),
    ]


@pytest.mark.parametrize("include_cached", [False, True])
def test_rollup_and_rows_agree_on_every_figure(generated, include_cached):  # noqa: F811
    assert rollup.roll_up() == 34  # 35 days of rows; today stays live
    assert ExplanationDay.objects.exists()
    for scope in scopes():
        assert figures(
            rollup.scope_cells(scope, rollup.rolled_through()), include_cached
        ) == figures(raw(scope), include_cached), scope


def test_closed_days_only_and_once(generated):  # noqa: F811
    now = timezone.now()
    rollup.roll_up(now=now)
    first = ExplanationDay.objects.count()
    assert rollup.roll_up(now=now) == 0  # nothing new
    assert ExplanationDay.objects.count() == first
    assert RollupState.objects.get().last_day == rollup.closed_through(now)
    today = timezone.localdate()
    assert not ExplanationDay.objects.filter(day__gte=today).exists()
    # A day later, yesterday closes and is added; nothing is added twice.
    assert rollup.roll_up(now=now + timedelta(days=1)) == 1
    assert rollup.roll_up(rebuild=True, now=now + timedelta(days=1)) == 35


def test_a_day_closes_only_after_the_grace_period():
    midnight = rollup.day_start(timezone.localdate())
    assert rollup.closed_through(midnight + timedelta(minutes=5)) == timezone.localdate() - (
        timedelta(days=2)
    )
    assert rollup.closed_through(midnight + timedelta(minutes=11)) == timezone.localdate() - (
        timedelta(days=1)
    )


def test_which_filters_the_rollup_answers():
    today = timezone.localdate()
    midnight = str(rollup.day_start(today))
    assert rollup.scope_from({}) == rollup.Scope()
    assert rollup.scope_from({"model_name__exact": "m", "o": "1", "p": "2", "q": " "}) == (
        rollup.Scope(model_name="m")
    )
    assert rollup.scope_from({"created_at__gte": midnight}) == rollup.Scope(since=today)
    assert rollup.scope_from({"created_at__lt": today.isoformat()}) == rollup.Scope(until=today)
    # A search, another field, or part of a day: read the rows.
    assert rollup.scope_from({"q": "java"}) is None
    assert rollup.scope_from({"user__id__exact": "3"}) is None
    assert rollup.scope_from({"created_at__year": "2026"}) is None
    noon = str(rollup.day_start(today) + timedelta(hours=12))
    assert rollup.scope_from({"created_at__gte": noon}) is None
    assert rollup.scope_from({"step": "posting"}) == rollup.Scope(step="posting")
    assert rollup.scope_from({"step": "someone"}) is None


def test_the_rollup_keeps_the_checklist_states_and_tells_the_steps_apart():
    """Posting readings and viewers' requests, each step's figures from the rollup equal
    the rows'; the checklist's states are added up over the answers."""
    for days_ago in (0, 1, 2):
        make_log(days_ago, prompt_version="posting-2026-12-05.1", total_tokens=900)
        make_log(
            days_ago,
            prompt_version="v1",
            total_tokens=400,
            requirements_total=7,
            requirements_shown=3,
            requirements_not_found=2,
            requirements_not_yet=1,
            requirements_unchecked=1,
        )
        make_log(days_ago, prompt_version="v1", outcome="timeout", requirements_shown=5)
    assert rollup.roll_up() == 2
    last = rollup.rolled_through()
    # A reading is a model call, never a viewer's request: its calls and tokens count
    # with the viewers', its row is not a request.
    for step, requests, calls, tokens in (
        ("posting", 0, 3, 2700),
        ("viewer", 6, 6, 1200),
        (None, 6, 9, 3900),
    ):
        scope = rollup.Scope(step=step)
        assert figures(rollup.scope_cells(scope, last), False) == figures(raw(scope), False)
        summary = selectors.summary_from(rollup.scope_cells(scope, last))
        assert (summary.requests, summary.model_calls, summary.total_tokens) == (
            requests,
            calls,
            tokens,
        )
    viewers = selectors.summary_from(rollup.scope_cells(rollup.Scope(step="viewer"), last))
    # The timed-out rows are not answers: their counts are not added.
    assert viewers.states == selectors.States(shown=9, not_found=6, not_yet=3, unchecked=3)
    assert viewers.states.total == 21


def test_field_values_come_from_the_rollup_and_today():
    make_log(3, model_name="old-model")
    make_log(0, model_name="new-model")
    assert rollup.field_values("model_name", None) == ["new-model", "old-model"]
    rollup.roll_up()
    assert rollup.field_values("model_name", rollup.rolled_through()) == ["new-model", "old-model"]
    assert ExplanationDay.objects.filter(model_name="old-model").exists()
    with pytest.raises(ValueError):
        rollup.field_values("job_title", None)


def test_the_status_says_how_many_closed_days_are_not_added_up():
    now = timezone.now()
    closed = rollup.closed_through(now)
    assert rollup.status(None, now) == rollup.RollupStatus(None, closed)
    assert rollup.status(None, now).behind == 0  # never ran: the admin says so apart
    assert rollup.status(closed, now).behind == 0
    assert rollup.status(closed - timedelta(days=3), now).behind == 3
    assert (
        rollup.status(closed + timedelta(days=1), now).behind == 0
    )  # a rebuild ahead of the clock


def test_rows_the_rollup_does_not_reach_are_read_live(generated):  # noqa: F811
    """A rollup days behind still gives the true figures: the missing days come from rows."""
    now = timezone.now()
    rollup.roll_up(now=now - timedelta(days=5))
    last = rollup.rolled_through()
    assert last is not None and rollup.status(last, now).behind == 5
    for scope in scopes():
        assert figures(rollup.scope_cells(scope, last), False) == figures(raw(scope), False)
