"""The admin's figures, checked against hand computations.

Two ways: a small set whose figures are worked out by hand in the comments, and a
generated set (two models, two prompt versions, five weeks) whose every figure is
recomputed here by plain loops over the rows as generated, never through the ORM.
"""

from __future__ import annotations

import math
import random
from collections import defaultdict
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

import pytest
from django.db.models import QuerySet
from django.utils import timezone

from explain.models import ExplanationLog, FeedbackReport
from explain.outcomes import Outcome
from explain.reporting import selectors

# The selectors' figures for exactly the rows given, as the admin builds them.


def latency_bucket(ms: int) -> int:
    """The upper edge of the histogram step holding ms: the spec of the selectors' SQL."""
    for limit, step in ((1000, 10), (10_000, 100)):
        if ms < limit:
            return -(-ms // step) * step
    return -(-ms // 1000) * 1000


def log_summary(
    queryset: QuerySet[ExplanationLog], *, include_cached: bool = False
) -> selectors.LogSummary:
    """The summary of exactly the rows given."""
    return selectors.summary_from(selectors.log_cells(queryset), include_cached=include_cached)


def version_comparison(
    queryset: QuerySet[ExplanationLog], *, include_cached: bool = False
) -> list[selectors.VersionFigures]:
    return selectors.comparison_from(selectors.log_cells(queryset), include_cached=include_cached)


def daily_figures(
    queryset: QuerySet[ExplanationLog],
    *,
    include_cached: bool = False,
    days: int = selectors.CHART_DAYS,
    window: int = selectors.ROLLING_DAYS,
) -> selectors.DailyFigures:
    return selectors.daily_from(
        selectors.Cells(cells=selectors.day_cells(queryset)),
        include_cached=include_cached,
        days=days,
        window=window,
    )


def reason_totals(
    queryset: QuerySet[ExplanationLog], *, include_cached: bool = False
) -> list[selectors.ReasonTotal]:
    reasons = selectors.reason_counts(queryset, "outcome")
    data = selectors.Cells(reasons={("", "", k[0]): v for k, v in reasons.items()})
    return selectors.reasons_from(data, include_cached=include_cached)


pytestmark = pytest.mark.django_db

FRESH = {Outcome.OK, Outcome.NOTHING_VERIFIED}
CALLS = {
    Outcome.OK,
    Outcome.NOTHING_VERIFIED,
    Outcome.PROVIDER_ERROR,
    Outcome.TIMEOUT,
    Outcome.INVALID_RESPONSE,
    Outcome.BLOCKED,
}
ERRORS = {Outcome.PROVIDER_ERROR, Outcome.TIMEOUT, Outcome.INVALID_RESPONSE, Outcome.BLOCKED}


@pytest.fixture
def noon_clock(monkeypatch: pytest.MonkeyPatch) -> datetime:
    """Today at noon, site time: which days count as closed depends on the clock, and on
    the real one the rollup's figures change in the grace period after midnight."""
    noon = timezone.localtime().replace(hour=12, minute=0, second=0, microsecond=0)
    monkeypatch.setattr(timezone, "now", lambda: noon)
    return noon


def make_log(days_ago: int = 0, **fields: Any) -> ExplanationLog:
    defaults: dict[str, Any] = {
        "job_ref": "1",
        "outcome": Outcome.OK,
        "model_name": "m-a",
        "prompt_version": "v1",
        "latency_ms": 1000,
    }
    row = ExplanationLog.objects.create(**{**defaults, **fields})
    noon = timezone.localtime().replace(hour=12, minute=0, second=0, microsecond=0)
    ExplanationLog.objects.filter(pk=row.pk).update(created_at=noon - timedelta(days=days_ago))
    return row


# ------------------------------------------------------------------ histogram


@pytest.mark.parametrize(
    ("ms", "bucket"),
    [
        (0, 0),
        (1, 10),
        (10, 10),
        (11, 20),
        (999, 1000),
        (1000, 1000),
        (1001, 1100),
        (3456, 3500),
        (9999, 10000),
        (10000, 10000),
        (10001, 11000),
        (30000, 30000),
    ],
)
def test_latency_buckets_are_upper_edges(ms, bucket):
    assert latency_bucket(ms) == bucket


def test_percentile_is_nearest_rank_over_the_histogram():
    assert selectors.percentile({}, 0.5) is None
    # 10 values: 3 in <=100, 5 in <=200, 2 in <=900. Rank ceil(0.5*10)=5 -> 200;
    # rank ceil(0.95*10)=10 -> 900; rank ceil(0.3*10)=3 -> 100.
    histogram = {900: 2, 100: 3, 200: 5}
    assert selectors.percentile(histogram, 0.5) == 200
    assert selectors.percentile(histogram, 0.95) == 900
    assert selectors.percentile(histogram, 0.3) == 100


def test_the_database_buckets_latency_as_the_python_rule_does():
    values = [0, 1, 9, 10, 11, 555, 999, 1000, 1001, 4321, 9999, 10000, 10001, 29999]
    for ms in values:
        make_log(latency_ms=ms)
    histogram = selectors.latency_histograms(ExplanationLog.objects.all())[()]
    expected: dict[int, int] = defaultdict(int)
    for ms in values:
        expected[latency_bucket(ms)] += 1
    assert histogram == dict(expected)


# ------------------------------------------------------------------ by hand


@pytest.fixture
def small() -> None:
    """Seven rows, two versions. Worked out by hand in the tests below."""
    make_log(2, outcome=Outcome.OK, dropped=2, latency_ms=1234, total_tokens=1000,
             drop_reasons={"job_quote_not_found": 1, "duplicate": 1},
             rewritten={"point_judges": 2})  # fmt: skip
    make_log(2, outcome=Outcome.CACHED, dropped=2, latency_ms=5,
             drop_reasons={"job_quote_not_found": 1, "duplicate": 1},
             rewritten={"point_unsupported": 1})  # fmt: skip
    make_log(1, outcome=Outcome.OK, dropped=0, latency_ms=2345, total_tokens=1100)
    make_log(1, outcome=Outcome.TIMEOUT, latency_ms=30000)
    make_log(0, outcome=Outcome.NOTHING_VERIFIED, dropped=3, latency_ms=999, total_tokens=900,
             drop_reasons={"profile_quote_not_found": 3})  # fmt: skip
    make_log(0, outcome=Outcome.OK, dropped=1, prompt_version="v2", latency_ms=4000,
             total_tokens=700, drop_reasons={"job_quote_not_found": 1})  # fmt: skip
    make_log(0, outcome=Outcome.RATE_LIMITED, prompt_version="v2", latency_ms=3)


def test_an_accounts_day_used_up_counts_as_rate_limited_not_as_a_call(small):
    make_log(0, outcome=Outcome.ACCOUNT_DAILY_LIMIT, latency_ms=2)
    s = log_summary(ExplanationLog.objects.all())
    assert (s.requests, s.model_calls, s.rate_limited) == (8, 5, 2)


def test_an_addresss_day_used_up_counts_as_rate_limited_not_as_a_call(small):
    make_log(0, outcome=Outcome.ADDRESS_DAILY_LIMIT, latency_ms=2)
    s = log_summary(ExplanationLog.objects.all())
    assert (s.requests, s.model_calls, s.rate_limited) == (8, 5, 2)


def test_summary_by_hand(small):
    s = log_summary(ExplanationLog.objects.all())
    # Fresh answers: ok(2 dropped), ok(0), nothing_verified(3), ok v2(1) = 4, 3 with a drop.
    assert (s.requests, s.checked, s.with_drop, s.dropped) == (7, 4, 3, 6)
    assert s.drop_share == 3 / 4 and s.mean_dropped == 6 / 4
    # Model calls: the four fresh answers and the timeout; one error.
    assert (s.model_calls, s.errors, s.cached, s.rate_limited) == (5, 1, 1, 1)
    # Latency buckets of the calls: 999->1000, 1234->1300, 2345->2400, 4000->4000,
    # 30000->30000. p50 is rank 3 -> 2400; p95 is rank 5 -> 30000.
    assert (s.latency_p50, s.latency_p95) == (2400, 30000)
    assert s.total_tokens == 3700
    # With cache hits: five answers, four with a drop, eight points.
    c = log_summary(ExplanationLog.objects.all(), include_cached=True)
    assert (c.checked, c.with_drop, c.dropped) == (5, 4, 8)


def test_versions_by_hand(small):
    v1, v2 = version_comparison(ExplanationLog.objects.all())
    assert (v1.model, v1.version, v2.version) == ("m-a", "v1", "v2")
    # v1: 5 rows; fresh answers ok(2), ok(0), nothing_verified(3): 3, two with a drop.
    assert (v1.requests, v1.answers, v1.with_drop, v1.dropped) == (5, 3, 2, 5)
    assert v1.drop_share == 2 / 3 and v1.mean_dropped == 5 / 3
    # v1 calls: 1234, 2345, 30000 (timeout), 999 -> buckets 1000, 1300, 2400, 30000.
    assert (v1.model_calls, v1.errors, v1.error_rate) == (4, 1, 1 / 4)
    assert (v1.latency_p50, v1.latency_p95) == (1300, 30000)
    assert v1.total_tokens == 3000
    # v2: the ok answer and a rate-limited request (no call).
    assert (v2.requests, v2.answers, v2.with_drop, v2.model_calls) == (2, 1, 1, 1)
    assert (v2.latency_p50, v2.latency_p95, v2.error_rate) == (4000, 4000, 0.0)
    # Rows from when code reworded model sentences still read; the count is no figure.
    assert not hasattr(v1, "reworded")
    cached = version_comparison(ExplanationLog.objects.all(), include_cached=True)
    assert (cached[0].answers, cached[0].with_drop, cached[0].dropped) == (4, 3, 7)


def test_reasons_by_hand(small):
    totals = reason_totals(ExplanationLog.objects.all())
    # Fresh: job_quote_not_found 1+1, duplicate 1, profile_quote_not_found 3: 6 in all.
    assert [(t.code, t.count) for t in totals] == [
        ("profile_quote_not_found", 3),
        ("job_quote_not_found", 2),
        ("duplicate", 1),
    ]
    assert [t.share for t in totals] == [3 / 6, 2 / 6, 1 / 6]
    cached = reason_totals(ExplanationLog.objects.all(), include_cached=True)
    assert {t.code: t.count for t in cached} == {
        "profile_quote_not_found": 3,
        "job_quote_not_found": 3,
        "duplicate": 2,
    }
    only_v2 = reason_totals(ExplanationLog.objects.filter(prompt_version="v2"))
    assert [(t.code, t.count, t.share) for t in only_v2] == [("job_quote_not_found", 1, 1.0)]
    assert reason_totals(ExplanationLog.objects.none()) == []
    # The retired rewrite counts of old rows are no drop reasons.
    data = selectors.log_cells(ExplanationLog.objects.all())
    codes = {t.code for t in selectors.reasons_from(data, include_cached=True)}
    assert codes == {"profile_quote_not_found", "job_quote_not_found", "duplicate"}


def test_days_by_hand(small):
    daily = daily_figures(ExplanationLog.objects.all(), window=2)
    today = timezone.localdate()
    assert [d.day for d in daily.days] == [today - timedelta(days=n) for n in (2, 1, 0)]
    # Fresh answers per day: 1 (dropped), 1 (not), 2 (both dropped).
    assert [(d.answers, d.with_drop) for d in daily.days] == [(1, 1), (1, 0), (2, 2)]
    v1, v2 = daily.series
    assert v1.label == "m-a · v1" and v2.label == "m-a · v2"
    # v1 over a 2-day window: 1/1, (1+0)/(1+1), (0+1)/(1+1).
    assert v1.rolling == [1.0, 0.5, 0.5]
    # v2 has answers today only: nothing to divide before.
    assert v2.rolling == [None, None, 1.0]


def test_the_rolling_window_reaches_back_before_the_first_day_shown():
    make_log(3, dropped=1)
    make_log(0, dropped=0)
    daily = daily_figures(ExplanationLog.objects.all(), days=2, window=7)
    assert len(daily.days) == 2
    # The first day shown (yesterday) has no answers but its 7 days hold the one from
    # three days ago: 1 of 1. Today: 1 of 2.
    assert daily.series[0].rolling == [1.0, 0.5]


# ------------------------------------------------------------------ generated


@dataclass
class Spec:
    day: int
    model: str
    version: str
    outcome: str
    dropped: int
    latency: int
    tokens: int | None
    reasons: dict[str, int]
    rewrites: dict[str, int]


def generate(seed: int = 7, count: int = 600) -> list[Spec]:
    rng = random.Random(seed)
    outcomes = [Outcome.OK] * 8 + [
        Outcome.CACHED,
        Outcome.CACHED,
        Outcome.NOTHING_VERIFIED,
        Outcome.TIMEOUT,
        Outcome.PROVIDER_ERROR,
        Outcome.RATE_LIMITED,
        Outcome.DISABLED,
        Outcome.RECALLED,
    ]
    codes = ["job_quote_not_found", "profile_quote_not_found", "duplicate", "quote_too_long"]
    specs = []
    for _ in range(count):
        outcome = rng.choice(outcomes)
        answered = outcome in FRESH or outcome in (Outcome.CACHED, Outcome.RECALLED)
        dropped = rng.choice([0, 0, 1, 2, 3]) if answered else 0
        reasons: dict[str, int] = defaultdict(int)
        for _ in range(dropped):
            reasons[rng.choice(codes)] += 1
        rewrites: dict[str, int] = {}
        if answered and rng.random() < 0.3:
            rewrites[rng.choice(["point_judges", "point_unsupported"])] = rng.randint(1, 2)
        specs.append(
            Spec(
                day=rng.randint(0, 34),
                model=rng.choice(["m-a", "m-b"]),
                version=rng.choice(["v1", "v2"]),
                outcome=outcome,
                dropped=dropped,
                latency=rng.randint(200, 12000) if outcome in CALLS else rng.randint(1, 40),
                tokens=rng.randint(500, 2000) if outcome in FRESH else None,
                reasons=dict(reasons),
                rewrites=rewrites,
            )
        )
    return specs


@pytest.fixture
def generated() -> list[Spec]:
    specs = generate()
    for s in specs:
        make_log(
            s.day,
            model_name=s.model,
            prompt_version=s.version,
            outcome=s.outcome,
            dropped=s.dropped,
            latency_ms=s.latency,
            total_tokens=s.tokens,
            drop_reasons=s.reasons,
            rewritten=s.rewrites,
        )
    return specs


def naive_bucket(ms: int) -> int:
    step = 10 if ms < 1000 else 100 if ms < 10000 else 1000
    return math.ceil(ms / step) * step


def naive_percentile(values: list[int], share: float) -> int | None:
    if not values:
        return None
    ordered = sorted(naive_bucket(v) for v in values)
    return ordered[max(1, math.ceil(share * len(ordered))) - 1]


@pytest.mark.parametrize("include_cached", [False, True])
def test_generated_versions_match_a_plain_loop(generated, include_cached):
    answers = FRESH | ({Outcome.CACHED} if include_cached else set())
    got = {
        (v.model, v.version): v
        for v in version_comparison(ExplanationLog.objects.all(), include_cached=include_cached)
    }
    assert len(got) == 4
    for key, v in got.items():
        rows = [s for s in generated if (s.model, s.version) == key]
        answered = [s for s in rows if s.outcome in answers]
        calls = [s for s in rows if s.outcome in CALLS]
        assert v.requests == sum(1 for s in rows if s.outcome != Outcome.RECALLED)
        assert v.answers == len(answered)
        assert v.with_drop == sum(1 for s in answered if s.dropped)
        assert v.dropped == sum(s.dropped for s in answered)
        assert v.model_calls == len(calls)
        assert v.errors == sum(1 for s in rows if s.outcome in ERRORS)
        assert v.latency_p50 == naive_percentile([s.latency for s in calls], 0.5)
        assert v.latency_p95 == naive_percentile([s.latency for s in calls], 0.95)
        assert v.total_tokens == sum(s.tokens or 0 for s in rows)


def test_generated_summary_and_reasons_match_a_plain_loop(generated):
    s = log_summary(ExplanationLog.objects.all())
    fresh = [g for g in generated if g.outcome in FRESH]
    calls = [g for g in generated if g.outcome in CALLS]
    # Page views that showed a remembered answer again are counted apart from asks.
    assert s.requests == sum(1 for g in generated if g.outcome != Outcome.RECALLED)
    assert s.page_views == sum(1 for g in generated if g.outcome == Outcome.RECALLED) > 0
    assert (s.checked, s.with_drop) == (len(fresh), sum(1 for g in fresh if g.dropped))
    assert s.dropped == sum(g.dropped for g in fresh)
    assert s.model_calls == len(calls)
    assert s.latency_p50 == naive_percentile([g.latency for g in calls], 0.5)
    assert s.latency_p95 == naive_percentile([g.latency for g in calls], 0.95)
    totals: dict[str, int] = defaultdict(int)
    for g in fresh:
        for code, n in g.reasons.items():
            totals[code] += n
    got = reason_totals(ExplanationLog.objects.all())
    assert {t.code: t.count for t in got} == dict(totals)
    assert sum(t.share for t in got) == pytest.approx(1.0)


def test_generated_days_and_rolling_lines_match_a_plain_loop(generated):
    daily = daily_figures(ExplanationLog.objects.all(), days=30, window=7)
    today = timezone.localdate()
    shown = [today - timedelta(days=n) for n in range(29, -1, -1)]
    assert [d.day for d in daily.days] == shown
    for d in daily.days:
        ago = (today - d.day).days
        rows = [g for g in generated if g.day == ago and g.outcome in FRESH]
        assert (d.answers, d.with_drop) == (len(rows), sum(1 for g in rows if g.dropped))
    for series in daily.series:
        model, version = series.label.split(" · ")
        for day, share in zip(shown, series.rolling, strict=True):
            ago = (today - day).days
            window = [
                g
                for g in generated
                if (g.model, g.version) == (model, version)
                and g.outcome in FRESH
                and ago <= g.day <= ago + 6
            ]
            expected = sum(1 for g in window if g.dropped) / len(window) if window else None
            assert share == expected, (series.label, day)


# ------------------------------------------------------------------ review, alert, export


def test_needing_review_is_reported_answers_newest_first():
    old, new, quiet = make_log(3), make_log(0), make_log(1)
    for log in (old, new):
        FeedbackReport.objects.create(log=log, kind="gap", point="p", job_quote="q", reason="other")
    FeedbackReport.objects.create(log=new, kind="gap", point="p2", job_quote="q", reason="other")
    rows = list(selectors.needing_review(ExplanationLog.objects.all()))
    assert rows == [new, old]
    assert quiet not in rows
    # A posting with text addressed to an AI needs a look too, reported or not.
    flagged = make_log(2, job_instructions=1)
    rows = list(selectors.needing_review(ExplanationLog.objects.all()))
    assert rows == [new, flagged, old]


def test_recent_drop_rate_counts_the_newest_fresh_answers_only():
    for dropped in (1, 1, 0, 0, 0):
        make_log(dropped=dropped)
    make_log(outcome=Outcome.CACHED, dropped=3)  # a cache hit is not a new answer
    newest = make_log(dropped=2)
    recent = selectors.recent_drop_rate(4)
    # The newest four fresh answers: dropped 2, 0, 0, 0.
    assert (recent.answers, recent.with_drop, recent.newest_id) == (4, 1, newest.pk)
    assert recent.rate == 0.25
    assert selectors.recent_drop_rate(100).answers == 6
    assert selectors.fresh_answers_after(newest.pk) == 0


def test_export_rows_are_the_columns_in_time_order_and_defuse_formulas():
    first = make_log(1, job_title="=HYPERLINK(1)", drop_reasons={"b": 1, "a": 2}, dropped=3)
    second = make_log(0, job_title="Java Engineer")
    rows = list(selectors.export_rows(ExplanationLog.objects.all(), chunk_size=1))
    header, one, two = rows
    assert header == [name for name, _ in selectors.EXPORT_COLUMNS]
    assert one[0] == str(first.pk) and two[0] == str(second.pk)
    assert one[header.index("job_title")] == "'=HYPERLINK(1)"
    assert one[header.index("drop_reasons")] == '{"a":2,"b":1}'
    assert one[header.index("user")] == "" and one[header.index("total_tokens")] == ""


def test_logs_between_takes_whole_days_both_included():
    for days_ago in (0, 1, 2, 3):
        make_log(days_ago)
    today = timezone.localdate()
    assert selectors.logs_between(today - timedelta(days=2), today - timedelta(days=1)).count() == 2
    assert selectors.logs_between(None, today - timedelta(days=3)).count() == 1
    assert selectors.logs_between(today, None).count() == 1
    assert selectors.logs_between(None, None).count() == 4
    assert isinstance(today, date)
