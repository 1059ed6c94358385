"""The page and admin states the docs show at 1440x900, again on a 390x844 phone: the
streamed panel, the removed-point notice, the result without JavaScript, the rate-limited
panel, and the admin's review queue, a log row, the addressed postings and the confirmed
reports. Each passes axe-core there too; the pictures go next to the 1440 ones."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from explain import wording
from explain.models import FeedbackReport
from jobportal.demo_data import ADMIN_PASSWORD, ADMIN_USERNAME, DEMO_PASSWORD
from jobportal.models import Job
from tests.browser.axe import assert_accessible, axe_violations
from tests.browser.helpers import (
    WITH_ANALYST_REQUIREMENT,
    WITH_INVENTED_CLAIM,
    early_in_the_window,
    log_in,
    save_screenshot,
)
from tests.browser.test_admin_browser import reported_logs
from tests.browser.test_stream_browser import GatedModel

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def worked_job() -> Job:
    return Job.objects.get(title="Java Engineer", company="Northwind Systems")


def no_sideways_scroll(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_streaming_then_the_removed_notice_on_a_phone(new_page, demo_data, use_model):
    model = use_model(GatedModel())
    page = new_page(**PHONE)
    log_in(page, "demo", DEMO_PASSWORD, next_url=worked_job().get_absolute_url())
    page.get_by_role("button", name="Why this job?").click()
    panel = page.locator("#explain-panel")
    first = panel.locator(".explain-match .explain-point-text")
    expect(first).to_have_text(["“Java” is shown in your profile."])
    expect(panel.locator(".explain-notice")).to_have_count(0)
    expect(panel.get_by_role("button", name="Working…")).to_be_disabled()
    assert_accessible(page)
    no_sideways_scroll(page)
    save_screenshot(panel, "page-streaming-390", publish=True)
    model.gate.set()
    notice = panel.locator(".explain-notice")
    expect(notice).to_have_text(wording.removed_notice(1))
    panel.locator(".explain-why summary").click()
    expect(panel.locator(".explain-why li")).to_have_count(1)
    assert_accessible(page)
    no_sideways_scroll(page)
    save_screenshot(panel, "page-removed-notice-390", publish=True)
    assert page.probe.page_errors == [] and page.probe.console_errors == []


def test_the_result_without_javascript_on_a_phone(new_page, demo_data, use_model, rate_clock):
    use_model(WITH_INVENTED_CLAIM)
    page = new_page(javascript=False, **PHONE)
    job = worked_job()
    log_in(page, "demo", DEMO_PASSWORD, next_url=job.get_absolute_url())
    page.get_by_role("button", name="Why this job?").click()
    page.wait_for_load_state()
    assert page.url.endswith(f"/explain/jobs/{job.pk}/")
    expect(page.locator(".explain-notice")).to_have_text(wording.removed_notice(1))
    expect(page.locator(".explain-match q")).to_have_count(2)
    no_sideways_scroll(page)
    save_screenshot(page, "panel-no-javascript-390", publish=True)
    # axe needs a script: the same form posted by form.submit(), which skips the
    # script's handler, in a page that has one (the server renders the result alike).
    rate_clock.advance(3600)
    page = new_page(**PHONE)
    log_in(page, "demo", DEMO_PASSWORD, next_url=job.get_absolute_url())
    page.evaluate("document.querySelector('[data-explain-form]').submit()")
    page.wait_for_url(re.compile(r"/explain/jobs/\d+/$"))
    expect(page.locator(".explain-notice")).to_have_text(wording.removed_notice(1))
    assert_accessible(page)
    no_sideways_scroll(page)


def test_the_rate_limited_panel_on_a_phone(new_page, demo_data, use_model, rate_clock):
    early_in_the_window("demo", rate_clock, most_left=20)
    use_model(WITH_ANALYST_REQUIREMENT)
    page = new_page(**PHONE)
    log_in(page, "demo", DEMO_PASSWORD, next_url=worked_job().get_absolute_url())
    page.get_by_role("button", name="Why this job?").click()
    expect(page.locator(".explain-notice")).to_be_visible()
    second = Job.objects.get(title="Data Analyst", company="Harbour Retail Group")
    page.goto(second.get_absolute_url())
    page.get_by_role("button", name="Why this job?").click()
    expect(page.locator(".explain-error")).to_have_text(
        "You asked for explanations of a few jobs a moment ago."
    )
    expect(page.locator(".explain-countdown")).to_contain_text(re.compile(r"again in \d+"))
    assert_accessible(page)
    no_sideways_scroll(page)
    save_screenshot(page.locator("#explain-panel"), "panel-rate-limited-390", publish=True)


def test_the_admin_pages_the_docs_show_on_a_phone(new_page, demo_data):
    logs = reported_logs()
    FeedbackReport.objects.filter(log=logs[0]).update(status="confirmed")
    page = new_page(**PHONE)
    log_in(page, ADMIN_USERNAME, ADMIN_PASSWORD, next_url="/admin/")
    found = []
    for url, name in (
        ("/admin/explain/logneedingreview/", "admin-review"),
        (f"/admin/explain/explanationlog/{logs[1].pk}/change/", "admin-log-detail"),
        ("/admin/explain/explanationlog/addressed-to-ai/", "admin-addressed"),
        ("/admin/explain/feedbackreport/?status__exact=confirmed", "admin-reports"),
    ):
        page.goto(url)
        expect(page.locator("#content h1")).to_be_visible()
        found += [f"{url}: {error}" for error in page.probe.console_errors]
        save_screenshot(page, f"{name}-390", publish=True)
        found += [f"{url}: {violation}" for violation in axe_violations(page)]
        page.probe.console_errors.clear()  # axe's own inline styles, refused by the CSP
    assert found == [], "axe-core violations and console errors at 390 px:\n" + "\n".join(found)
    expect(page.locator("#result_list tbody tr")).to_have_count(1)
    assert page.probe.page_errors == []
