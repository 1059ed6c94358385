"""Estimated cost per day from token sums and the price table (pure)."""

from __future__ import annotations

from datetime import date

import pytest

from explain.reporting.costs import (
    Price,
    UsageRow,
    call_cost,
    daily_costs,
    parse_prices,
    price_problems,
)

PRICES = {
    "gemini-3.5-flash-lite": {"input": 0.10, "output": 0.40, "thinking": 0.40},
    "broken": {"input": 0.10},
}


def test_a_call_costs_its_tokens_at_the_prices_per_million():
    price = Price(input=0.10, output=0.40, thinking=1.00)
    assert call_cost(price, prompt=1_000_000, output=0, thoughts=0) == pytest.approx(0.10)
    assert call_cost(price, prompt=1000, output=500, thoughts=250) == pytest.approx(
        (1000 * 0.10 + 500 * 0.40 + 250 * 1.00) / 1_000_000
    )


def test_days_add_up_and_unpriced_models_are_counted_apart():
    prices = parse_prices(PRICES)
    assert set(prices) == {"gemini-3.5-flash-lite"}  # a broken entry prices nothing
    d1, d2 = date(2026, 12, 1), date(2026, 12, 2)
    rows = [
        UsageRow(d1, "gemini-3.5-flash-lite", 10, 1_000_000, 100_000, 50_000),
        UsageRow(d1, "gemini-2.5-flash", 3, 999, 999, 999),
        UsageRow(d2, "gemini-3.5-flash-lite", 1, 0, 1_000_000, 0),
        UsageRow(d2, "", 2, 5, 5, 5),
    ]
    second, first = daily_costs(rows, prices)
    assert first.day == d1 and second.day == d2
    assert first.cost == pytest.approx(0.10 + 0.04 + 0.02)
    assert (first.priced_calls, first.unpriced_calls, first.unpriced_models) == (
        10,
        3,
        ("gemini-2.5-flash",),
    )
    assert second.cost == pytest.approx(0.40)
    assert second.unpriced_models == ("custom",)


def test_price_problems_name_what_is_missing():
    assert price_problems({}) == []
    (problem,) = price_problems(PRICES)
    assert "'broken'" in problem and "output, thinking" in problem
    assert price_problems("cheap") == ["it must be a dict of model name to prices"]


@pytest.mark.django_db
def test_the_admin_summary_shows_the_estimated_cost_per_day(admin_client, settings):
    from django.urls import reverse
    from django.utils import timezone

    from explain.models import ExplanationLog

    settings.EXPLAIN_PRICES = {"gemini-3.5-flash-lite": PRICES["gemini-3.5-flash-lite"]}
    common = {"job_ref": "1", "prompt_version": "v"}
    for _ in range(2):
        ExplanationLog.objects.create(
            outcome="ok",
            model_name="gemini-3.5-flash-lite",
            prompt_tokens=1_000_000,
            output_tokens=500_000,
            thoughts_tokens=0,
            **common,
        )
    ExplanationLog.objects.create(outcome="ok", model_name="gemini-x", prompt_tokens=5, **common)
    ExplanationLog.objects.create(outcome="cached", model_name="gemini-3.5-flash-lite", **common)
    response = admin_client.get(reverse("admin:explain_explanationlog_changelist"))
    assert response.status_code == 200
    today = timezone.localdate().isoformat()
    line = (
        f"{today}: 0.6000 for 2 priced calls; 1 calls of gemini-x have no price in EXPLAIN_PRICES"
    )
    assert line in response.content.decode()
