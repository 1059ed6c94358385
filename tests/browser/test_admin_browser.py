"""The explanation log in Django admin, in a real Chromium: rows, summary and chart."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from explain.models import ExplanationLog
from explain.outcomes import Outcome
from jobportal.demo_data import ADMIN_PASSWORD, ADMIN_USERNAME
from tests.browser.helpers import log_in, save_screenshot

pytestmark = pytest.mark.browser


def two_weeks_of_logs() -> int:
    """A plausible fortnight: mostly fine answers, some drops, a few errors and limits."""
    rng = random.Random(5)
    now = timezone.localtime()
    midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
    minutes_today = int((now - midnight).total_seconds() // 60)
    outcomes = [Outcome.OK] * 12 + [
        Outcome.CACHED,
        Outcome.CACHED,
        Outcome.NOTHING_VERIFIED,
        Outcome.RATE_LIMITED,
        Outcome.PROVIDER_ERROR,
        Outcome.TIMEOUT,
    ]
    users = list(get_user_model().objects.filter(username__in=["demo", "sam"]))
    created = 0
    for days_ago in range(13, -1, -1):
        for _ in range(rng.randint(2, 9)):
            outcome = rng.choice(outcomes)
            called = outcome in {Outcome.OK, Outcome.NOTHING_VERIFIED}
            dropped = (
                rng.choice([0, 0, 0, 1, 1, 2]) if outcome in {Outcome.OK, Outcome.CACHED} else 0
            )
            if outcome == Outcome.NOTHING_VERIFIED:
                dropped = 3
            row = ExplanationLog.objects.create(
                user=rng.choice(users),
                job_ref=str(rng.randint(1, 13)),
                outcome=outcome,
                kept_matches=rng.randint(1, 4) if outcome in {Outcome.OK, Outcome.CACHED} else 0,
                kept_gaps=rng.randint(0, 3) if outcome in {Outcome.OK, Outcome.CACHED} else 0,
                dropped=dropped,
                model_name="gemini-2.5-flash",
                prompt_version="2026-11-01",
                latency_ms=(
                    rng.randint(1800, 6500)
                    if called
                    else 30000
                    if outcome == Outcome.TIMEOUT
                    else rng.randint(2, 40)
                ),
                prompt_tokens=rng.randint(700, 1400) if called else None,
                output_tokens=rng.randint(150, 420) if called else None,
                total_tokens=None,
            )
            if row.prompt_tokens is not None:
                row.total_tokens = row.prompt_tokens + (row.output_tokens or 0)
            latest = minutes_today if days_ago == 0 else 24 * 60 - 1
            row.created_at = (
                midnight - timedelta(days=days_ago) + timedelta(minutes=rng.randint(0, latest))
            )
            row.save(update_fields=["total_tokens"])
            ExplanationLog.objects.filter(pk=row.pk).update(created_at=row.created_at)
            created += 1
    return created


def test_admin_sees_rows_summary_and_chart(new_page, demo_data):
    total = two_weeks_of_logs()
    page = new_page(width=1440, height=1150)
    log_in(page, ADMIN_USERNAME, ADMIN_PASSWORD, next_url="/admin/")
    page.goto("/admin/explain/explanationlog/")

    summary = page.locator(".explain-summary")
    expect(summary).to_be_visible()
    expect(summary.locator("h2")).to_have_text("Summary of all requests")
    cards = summary.locator(".explain-card")
    expect(cards).to_have_count(6)
    expect(cards.first.locator(".explain-card-value")).to_have_text(str(total))
    expect(summary).to_contain_text("Answers with a removed point")
    expect(summary).to_contain_text("Latency p50 / p95")

    chart = summary.locator("svg.explain-chart-svg")
    expect(chart).to_be_visible()
    expect(chart.locator(".explain-chart-bars rect")).to_have_count(14)
    expect(chart.locator("polyline")).not_to_have_count(0)
    box = chart.bounding_box()
    assert box is not None and box["width"] > 300 and box["height"] > 100

    # The rows themselves (first page of the list).
    expect(page.locator("#result_list tbody tr")).to_have_count(min(total, 100))
    expect(page.locator("#changelist-filter")).to_contain_text("By outcome")
    # Fold the admin's navigation sidebar away, so the list has the width it needs.
    page.locator("#toggle-nav-sidebar").click()
    page.evaluate("window.scrollTo(0, 0)")
    save_screenshot(page, "admin-summary", publish=True)

    # Filtering changes the summary to the selection.
    page.locator("#changelist-filter").get_by_role("link", name="Timeout").click()
    expect(summary.locator("h2")).to_have_text("Summary of the selected requests")
    timeouts = ExplanationLog.objects.filter(outcome=Outcome.TIMEOUT).count()
    expect(cards.first.locator(".explain-card-value")).to_have_text(str(timeouts))
    expect(page.locator("#result_list tbody tr")).to_have_count(timeouts)
    assert page.probe.page_errors == [] and page.probe.dialogs == []
