"""The explain admin in a real Chromium: the list, the comparison, a day's rows, the CSV
export and report triage, at 1440x900 and on a 390x844 phone."""

from __future__ import annotations

import csv
import io
import random
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from explain.models import ExplanationLog, FeedbackReport
from explain.outcomes import Outcome
from jobportal.demo_data import ADMIN_PASSWORD, ADMIN_USERNAME
from jobportal.models import Job
from tests.browser.axe import axe_violations
from tests.browser.helpers import log_in, save_screenshot

pytestmark = pytest.mark.browser

VERSIONS = [
    ("gemini-3.5-flash-lite", "2026-11-01"),
    ("gemini-3.5-flash-lite", "2026-11-20"),
    ("gemini-2.5-flash-lite", "2026-11-01"),
    ("gemini-2.5-flash-lite", "2026-11-20"),
]
REASONS = ["job_quote_not_found", "profile_quote_not_found", "duplicate", "quote_too_long"]


def three_weeks_of_logs() -> int:
    """Two models and two prompt versions over three weeks, with drops, errors and cache."""
    rng = random.Random(16)
    noon = timezone.localtime().replace(hour=12, minute=0, second=0, microsecond=0)
    users = list(get_user_model().objects.filter(username__in=["demo", "sam"]))
    jobs = list(Job.objects.values_list("pk", "title"))
    outcomes = [Outcome.OK] * 10 + [
        Outcome.CACHED,
        Outcome.CACHED,
        Outcome.CACHED,
        Outcome.NOTHING_VERIFIED,
        Outcome.RATE_LIMITED,
        Outcome.TIMEOUT,
    ]
    rows = []
    when = []
    for days_ago in range(20, -1, -1):
        for _ in range(rng.randint(3, 10)):
            model, version = rng.choice(VERSIONS)
            outcome = rng.choice(outcomes)
            answered = outcome in {Outcome.OK, Outcome.CACHED, Outcome.NOTHING_VERIFIED}
            called = outcome in {Outcome.OK, Outcome.NOTHING_VERIFIED, Outcome.TIMEOUT}
            dropped = rng.choice([0, 0, 1, 2]) if answered else 0
            reasons: dict[str, int] = {}
            for _ in range(dropped):
                code = rng.choice(REASONS)
                reasons[code] = reasons.get(code, 0) + 1
            job_id, title = rng.choice(jobs)
            rows.append(
                ExplanationLog(
                    user=rng.choice(users),
                    job_ref=str(job_id),
                    job_title=title,
                    outcome=outcome,
                    kept_matches=rng.randint(1, 4) if answered else 0,
                    kept_gaps=rng.randint(0, 2) if answered else 0,
                    dropped=dropped,
                    drop_reasons=reasons,
                    model_name=model,
                    prompt_version=version,
                    latency_ms=(30000 if outcome == Outcome.TIMEOUT else rng.randint(900, 6000))
                    if called
                    else rng.randint(2, 40),
                    total_tokens=rng.randint(900, 1800) if called else None,
                )
            )
            when.append(noon - timedelta(days=days_ago, minutes=rng.randint(0, 600)))
    created = ExplanationLog.objects.bulk_create(rows)
    for row, moment in zip(created, when, strict=True):  # auto_now_add set "now": move it
        ExplanationLog.objects.filter(pk=row.pk).update(created_at=moment)
    return len(created)


def report_on(log: ExplanationLog, point: str, reason: str) -> FeedbackReport:
    return FeedbackReport.objects.create(
        log=log,
        user=log.user,
        kind="match",
        point=point,
        profile_quote="Python (5 years)",
        job_quote="Python services",
        reason=reason,
    )


def no_horizontal_overflow(page: Any) -> None:
    overflow = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 1, f"the page scrolls sideways by {overflow}px"


def test_admin_compares_drills_down_exports_and_triages(new_page, demo_data):
    total = three_weeks_of_logs()
    page = new_page(width=1440, height=900)
    log_in(page, ADMIN_USERNAME, ADMIN_PASSWORD, next_url="/admin/")

    # The list at 1440 px: every column on screen, the job by its title, linked.
    page.goto("/admin/explain/explanationlog/")
    expect(page.locator(".explain-card")).to_have_count(7)
    expect(page.locator(".explain-card").first.locator(".explain-card-value")).to_have_text(
        str(total)
    )
    table = page.locator("#result_list")
    # With the admin's navigation sidebar open (its default), every column is on screen:
    # the list does not scroll sideways inside its box, nor the page.
    results = page.locator("#changelist .results")
    assert results.evaluate("el => el.scrollWidth <= el.clientWidth + 1"), results.evaluate(
        "el => [el.scrollWidth, el.clientWidth]"
    )
    right = results.bounding_box()
    for column in ("Job", "Tokens", "Reports"):
        box = table.locator("thead th", has_text=column).first.bounding_box()
        assert box is not None and right is not None
        assert box["x"] + box["width"] <= right["x"] + right["width"] + 1, column
    no_horizontal_overflow(page)
    first_job = table.locator("tbody td.field-job a").first
    assert first_job.get_attribute("href").startswith("/jobs/")
    page.evaluate("window.scrollTo(0, 0)")
    save_screenshot(page, "admin-logs-1440", publish=True)

    # Search by job title.
    title = ExplanationLog.objects.exclude(job_title="").first().job_title
    page.fill("#searchbar", title)
    page.press("#searchbar", "Enter")
    expected = ExplanationLog.objects.filter(job_title__icontains=title).count()
    expect(page.locator("#result_list tbody tr")).to_have_count(min(expected, 100))
    page.goto("/admin/explain/explanationlog/")

    # The comparison: four versions side by side, fresh answers by default.
    page.locator(".explain-compare-link").click()
    expect(page.locator("h1")).to_have_text("Explanation summary")
    versions = page.locator("table.explain-versions tbody tr")
    expect(versions).to_have_count(4)
    chart = page.locator("svg.explain-chart-svg")
    expect(chart).to_be_visible()
    expect(chart.locator("g.explain-chart-rate")).to_have_count(4)
    expect(chart.locator("a.explain-chart-day")).to_have_count(21)
    reasons = page.locator("table.explain-reasons tbody tr")
    # Worded for an admin: whose text the quote was not found in.
    expect(reasons.first).to_contain_text("quote not found in the")
    fresh_answers = versions.first.locator("td").nth(2).inner_text()
    page.locator(".explain-cached-toggle").click()
    expect(page.locator(".explain-scope")).to_contain_text("fresh or served from the cache")
    assert versions.first.locator("td").nth(2).inner_text() != fresh_answers
    page.locator(".explain-cached-toggle").click()
    no_horizontal_overflow(page)
    save_screenshot(page, "admin-summary-1440", publish=True)

    # A reason's answers open the list of exactly those answers, filtered by the reason.
    answers_link = reasons.first.locator("td a")
    answers = int(answers_link.inner_text().replace(",", ""))
    answers_link.click()
    expect(page.locator("#result_list tbody tr")).to_have_count(min(answers, 100))
    expect(page.locator("#changelist-filter")).to_contain_text("removal reason")
    # The card's share opens the answers with a removed point behind it.
    page.goto("/admin/explain/explanationlog/")
    removed = page.locator(".explain-card", has_text="Answers with a removed point")
    with_drop = int(removed.locator(".explain-card-detail a").first.inner_text().replace(",", ""))
    removed.locator(".explain-card-value a").click()
    expect(page.locator("#result_list tbody tr")).to_have_count(min(with_drop, 100))
    page.evaluate("window.scrollTo(0, 0)")
    save_screenshot(page, "admin-filtered-1440", publish=True)
    page.goto("/admin/explain/explanationlog/summary/")

    # Drill-down: a day of the chart opens that day's rows.
    day_link = chart.locator("a.explain-chart-day").nth(20)
    day_link.click()
    page.wait_for_url("**/explanationlog/?*created_at__gte=*")
    today = timezone.localdate()
    expected = ExplanationLog.objects.filter(created_at__date=today).count()
    expect(page.locator("#result_list tbody tr")).to_have_count(expected)

    # Export: select all the rows of the filter, run the action, get the CSV.
    page.goto("/admin/explain/explanationlog/?outcome__exact=ok")
    ok_rows = ExplanationLog.objects.filter(outcome=Outcome.OK).count()
    page.locator("#action-toggle").check()
    select_all = page.locator(".question a, .question button").first
    if select_all.is_visible():
        select_all.click()
    page.select_option("select[name=action]", "export_csv")
    with page.expect_download() as download_info:
        page.locator("button[name=index]").click()
    download = download_info.value
    text = open(download.path(), encoding="utf-8").read()
    parsed = list(csv.reader(io.StringIO(text)))
    assert parsed[0][:6] == ["id", "created_at", "user", "job_ref", "job_title", "outcome"]
    assert len(parsed) - 1 == ok_rows
    assert {row[5] for row in parsed[1:]} == {"ok"}

    # Triage: a report on the queue, confirmed with a label and a note.
    logs = list(ExplanationLog.objects.filter(outcome=Outcome.OK).order_by("-created_at")[:2])
    report = report_on(logs[0], "You have built Python services.", "misleading")
    report_on(logs[1], "You know Kubernetes.", "not_in_profile")
    page.goto("/admin/explain/logneedingreview/")
    expect(page.locator("#result_list tbody tr")).to_have_count(2)
    page.goto("/admin/explain/feedbackreport/?status__exact=new")
    expect(page.locator("#result_list tbody tr")).to_have_count(2)
    page.locator("#result_list tbody tr", has_text="Python services").locator("a").first.click()
    page.select_option("#id_status", "confirmed")
    page.fill("#id_reviewer_note", "The profile says Python; the job quote is fair.")
    page.select_option("#id_expected", "keep")
    page.locator("input[name=_save]").click()
    expect(page.locator(".messagelist")).to_contain_text("was changed successfully")
    report.refresh_from_db()
    assert (report.status, report.expected) == ("confirmed", "keep")
    page.goto("/admin/explain/feedbackreport/?status__exact=confirmed")
    expect(page.locator("#result_list tbody tr")).to_have_count(1)
    save_screenshot(page, "admin-reports-1440", publish=True)
    assert page.probe.page_errors == [] and page.probe.console_errors == []


def test_admin_pages_fit_a_phone(new_page, demo_data):
    three_weeks_of_logs()
    page = new_page(width=390, height=844)
    log_in(page, ADMIN_USERNAME, ADMIN_PASSWORD, next_url="/admin/")
    page.goto("/admin/explain/explanationlog/")
    cards = page.locator(".explain-card")
    expect(cards).to_have_count(7)
    for i in range(7):
        box = cards.nth(i).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, i
        value = cards.nth(i).locator(".explain-card-value")
        # The figure is not cut off inside its card.
        assert value.evaluate("el => el.scrollWidth <= el.clientWidth + 1"), i
    save_screenshot(page, "admin-logs-390", publish=True)
    page.goto("/admin/explain/explanationlog/summary/")
    chart = page.locator("svg.explain-chart-svg")
    box = chart.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390
    wrap = page.locator(".explain-table-wrap").first
    wrap_box = wrap.bounding_box()
    assert wrap_box is not None and wrap_box["x"] + wrap_box["width"] <= 390
    save_screenshot(page, "admin-summary-390", publish=True)
    page.goto("/admin/explain/explanationlog/?counted_as=answers&removed=yes")
    no_horizontal_overflow(page)
    save_screenshot(page, "admin-filtered-390", publish=True)
    assert page.probe.page_errors == [] and page.probe.console_errors == []


# The pages the docs show (docs/admin.md); the others are saved for the run only.
PUBLISHED = {"admin-review", "admin-addressed", "admin-log-detail"}


def tab_to(page: Any, selector: str, *, most: int = 120) -> None:
    """Press Tab from the top of the page until the focus is on `selector`: the element
    is reachable by keyboard alone, in the page's own order."""
    page.evaluate("document.activeElement && document.activeElement.blur()")
    for _ in range(most):
        page.keyboard.press("Tab")
        if page.evaluate("s => document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"{selector} not reached in {most} presses of Tab")


def reported_logs() -> list[ExplanationLog]:
    """Three weeks of logs, one with a flagged posting and a removed point, two reported:
    every explain admin page has something to show."""
    three_weeks_of_logs()
    logs = list(ExplanationLog.objects.filter(outcome=Outcome.OK).order_by("-created_at")[:2])
    ExplanationLog.objects.filter(pk=logs[1].pk).update(
        job_instructions=2, drop_reasons={"quote_spans_fields": 1}, dropped=1
    )
    report_on(logs[0], "You have built Python services.", "misleading")
    report_on(logs[1], "You know Kubernetes.", "not_in_profile")
    return logs


def admin_pages(logs: list[ExplanationLog]) -> list[tuple[str, str]]:
    """(url, screenshot name) of every explain admin page the axe passes cover."""
    return [
        ("/admin/", "admin-index"),
        ("/admin/explain/explanationlog/", "admin-logs"),
        ("/admin/explain/explanationlog/summary/", "admin-summary"),
        ("/admin/explain/logneedingreview/", "admin-review"),
        ("/admin/explain/feedbackreport/", "admin-reports"),
        ("/admin/explain/explanationlog/addressed-to-ai/", "admin-addressed"),
        (f"/admin/explain/explanationlog/{logs[1].pk}/change/", "admin-log-detail"),
        (f"/admin/explain/feedbackreport/{logs[0].reports.get().pk}/change/", "admin-triage"),
    ]


def test_every_admin_page_passes_axe_on_a_phone(new_page, demo_data):
    """The same pages at 390x844: the phone layout (stacked filters, wrapped tables)
    has its own chance to break contrast, names or target sizes."""
    logs = reported_logs()
    page = new_page(width=390, height=844)
    log_in(page, ADMIN_USERNAME, ADMIN_PASSWORD, next_url="/admin/")
    found = []
    for url, name in admin_pages(logs):
        page.goto(url)
        found += [f"{url}: {error}" for error in page.probe.console_errors]
        found += [f"{url}: {violation}" for violation in axe_violations(page)]
        page.probe.console_errors.clear()  # axe's own inline styles, refused by the CSP
        save_screenshot(page, f"{name}-axe-390")
    assert found == [], "axe-core violations and console errors at 390 px:\n" + "\n".join(found)
    assert page.probe.page_errors == []


def test_every_admin_page_passes_axe_and_works_by_keyboard(new_page, demo_data):
    logs = reported_logs()
    page = new_page(width=1440, height=900)
    log_in(page, ADMIN_USERNAME, ADMIN_PASSWORD, next_url="/admin/")

    pages = admin_pages(logs)
    found = []
    for url, name in pages:
        page.goto(url)
        found += [f"{url}: {error}" for error in page.probe.console_errors]
        found += [f"{url}: {violation}" for violation in axe_violations(page)]
        # axe-core itself sets inline styles on form pages, which the CSP refuses: its
        # console errors are the tool's, not the page's (taken above, before axe ran).
        page.probe.console_errors.clear()
        no_horizontal_overflow(page)
        if name in PUBLISHED:
            save_screenshot(page, f"{name}-1440", publish=True)
        else:
            save_screenshot(page, f"{name}-axe-1440")
    assert found == [], "axe-core violations and console errors:\n" + "\n".join(found)

    # Keyboard only: the search box, the summary, a day of the chart, the flagged page.
    page.goto("/admin/explain/explanationlog/")
    tab_to(page, "#searchbar")
    page.keyboard.type(logs[0].job_title)
    page.keyboard.press("Enter")
    page.wait_for_url("**/explanationlog/?q=*")
    page.goto("/admin/explain/explanationlog/")
    tab_to(page, "a.explain-compare-link")
    page.keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text("Explanation summary")
    tab_to(page, "a.explain-chart-day")
    page.keyboard.press("Enter")
    page.wait_for_url("**/explanationlog/?*created_at__gte=*")
    page.goto("/admin/explain/explanationlog/summary/")
    tab_to(page, "a.explain-addressed-link")
    page.keyboard.press("Enter")
    page.wait_for_url("**/addressed-to-ai/")
    expect(page.locator("#content table tbody tr")).to_have_count(1)
    # The review queue: every column on screen at 1440 px, the flag in words.
    page.goto("/admin/explain/logneedingreview/")
    results = page.locator("#changelist .results")
    assert results.evaluate("el => el.scrollWidth <= el.clientWidth + 1"), results.evaluate(
        "el => [el.scrollWidth, el.clientWidth]"
    )
    expect(page.locator("#result_list tbody tr", has_text="addressed to an AI")).to_have_count(1)
    page.goto("/admin/explain/feedbackreport/")
    # A report's reason in words, its code beside it, in the column and the filter.
    expect(page.locator("#result_list")).to_contain_text(
        "The quote does not support the point (misleading)"
    )
    expect(page.locator("#changelist-filter")).to_contain_text("I do have this (have_it)")
    results = page.locator("#changelist .results")
    assert results.evaluate("el => el.scrollWidth <= el.clientWidth + 1"), results.evaluate(
        "el => [el.scrollWidth, el.clientWidth]"
    )
    assert page.probe.page_errors == [] and page.probe.console_errors == []


def test_the_admin_pages_in_german_pass_axe(browser, live_server, demo_data):
    """A reviewer whose browser asks for German reads the explain admin in German."""
    three_weeks_of_logs()
    log = ExplanationLog.objects.filter(outcome=Outcome.OK).first()
    ExplanationLog.objects.filter(pk=log.pk).update(job_instructions=1)
    context = browser.new_context(
        base_url=live_server.url, locale="de-DE", viewport={"width": 1440, "height": 900}
    )
    try:
        page = context.new_page()
        log_in(page, ADMIN_USERNAME, ADMIN_PASSWORD, next_url="/admin/")
        found = []
        for url, german in (
            ("/admin/explain/explanationlog/", "Anzeigen mit an eine KI gerichtetem Text"),
            ("/admin/explain/explanationlog/summary/", "Warum Punkte entfernt wurden"),
            ("/admin/explain/logneedingreview/", "1 an eine KI gerichteter Satz"),
            ("/admin/explain/explanationlog/addressed-to-ai/", "Zuletzt gesehen"),
        ):
            page.goto(url)
            expect(page.locator("html")).to_have_attribute("lang", "de")
            expect(page.locator("#content")).to_contain_text(german)
            found += [f"{url}: {violation}" for violation in axe_violations(page)]
        save_screenshot(page, "admin-addressed-de-1440")
        assert found == [], "axe-core violations:\n" + "\n".join(found)
    finally:
        context.close()
