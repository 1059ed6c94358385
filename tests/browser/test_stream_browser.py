"""The streamed panel in a real browser: a point is drawn while the model is still
writing; the notice and report controls come with the last line; a failure part-way
keeps the points shown and says the answer failed."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from explain import wording
from explain.llm.client import ChatPrompt, ChatResponse
from explain.llm.errors import ProviderError
from explain.models import ExplanationLog
from explain.outcomes import Outcome
from jobportal.demo_data import DEMO_PASSWORD
from jobportal.models import Job
from tests.browser.helpers import WITH_INVENTED_CLAIM, bottom_line, log_in, save_screenshot
from tests.conftest import FakeModel

pytestmark = pytest.mark.browser


class GatedModel(FakeModel):
    """Streams the viewer's answer for the first requirement, then waits for the test
    before writing the rest. The worked example with one invented quote: Java shown,
    then AWS not found with a point removed. The posting is read ahead (use_model)."""

    def __init__(self, *, fail: bool = False) -> None:
        super().__init__(json.dumps(WITH_INVENTED_CLAIM))
        self.model_name = "gated-model"
        self.gate = threading.Event()
        self.fail = fail

    def stream(self, prompt: ChatPrompt, /) -> Iterator[str | ChatResponse]:
        text = self(prompt)
        # Up to the second requirement's opening brace: the first one is then complete.
        second = text.index("{", text.index("}")) + 1
        yield text[:second]
        assert self.gate.wait(10), "the test never opened the gate"
        if self.fail:
            raise ProviderError("the connection broke")
        yield text[second:]
        yield ChatResponse(text=text, model=self.model_name)


def open_job(new_page: Any, **viewport: int) -> Any:
    page = new_page(**viewport)
    job = Job.objects.get(title="Java Engineer", company="Northwind Systems")
    log_in(page, "demo", DEMO_PASSWORD, next_url=job.get_absolute_url())
    page.get_by_role("button", name="Why this job?").click()
    return page


def test_the_first_point_is_drawn_before_the_answer_is_finished(new_page, demo_data, use_model):
    model = use_model(GatedModel())
    page = open_job(new_page, width=1440, height=900)
    panel = page.locator("#explain-panel")
    first = panel.locator(".explain-match .explain-point-text")
    expect(first).to_have_text(["“Java” is shown in your profile."])
    # Still writing: no notice, no report control, the button still busy.
    expect(panel.locator(".explain-notice")).to_have_count(0)
    expect(panel.locator(".explain-report")).to_have_count(0)
    expect(panel.get_by_role("button", name="Working…")).to_be_disabled()
    save_screenshot(page, "page-streaming-1440", publish=True)
    model.gate.set()
    expect(panel.locator(".explain-notice")).to_have_text(wording.removed_notice(1))
    expect(panel.locator(".explain-match .explain-point-text")).to_have_count(1)
    expect(panel.locator(".explain-gap .explain-point-text")).to_have_count(1)
    expect(panel.locator(".explain-report")).to_have_count(2)
    expect(panel.locator("[data-explain-status]")).to_have_text(bottom_line(2, 1))
    assert page.probe.page_errors == [] and page.probe.console_errors == []
    assert list(ExplanationLog.objects.values_list("outcome", flat=True)) == ["ok"]


def test_a_failure_part_way_keeps_the_points_and_says_so(new_page, demo_data, use_model):
    model = use_model(GatedModel(fail=True))
    page = open_job(new_page)
    panel = page.locator("#explain-panel")
    expect(panel.locator(".explain-match .explain-point-text")).to_have_count(1)
    model.gate.set()
    error = panel.locator(".explain-error")
    expect(error).to_have_text(str(wording.error_message(Outcome.PROVIDER_ERROR)))
    expect(error).to_have_attribute("role", "alert")
    expect(panel.locator(".explain-match .explain-point-text")).to_have_count(1)
    # The requirement still being checked when the answer broke is no longer on the list.
    expect(panel.locator(".explain-state-pending")).to_have_count(0)
    expect(panel).not_to_contain_text("being checked")
    expect(panel.locator(".explain-notice")).to_have_count(0)
    expect(panel.locator("[data-explain-status]")).to_have_text("No explanation this time.")
    row = ExplanationLog.objects.get()
    assert (row.outcome, row.kept_matches, row.kept_gaps) == ("provider_error", 0, 0)


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1440, 900)])
def test_the_point_being_read_stays_put_when_the_answer_completes(
    new_page, demo_data, use_model, width, height
):
    model = use_model(GatedModel())
    page = new_page(width=width, height=height)
    job = Job.objects.get(title="Java Engineer", company="Northwind Systems")
    log_in(page, "demo", DEMO_PASSWORD, next_url=job.get_absolute_url())
    page.get_by_role("button", name="Why this job?").click()
    point = page.locator("#explain-panel .explain-match").first
    expect(point).to_be_visible()
    point.scroll_into_view_if_needed()
    page.wait_for_timeout(100)
    top = point.evaluate("node => node.getBoundingClientRect().top")
    model.gate.set()
    expect(page.locator("#explain-panel .explain-notice")).to_have_count(1)
    expect(page.locator("#explain-panel .explain-report")).to_have_count(2)
    page.wait_for_timeout(100)
    after = page.locator("#explain-panel .explain-match").first
    moved = after.evaluate("node => node.getBoundingClientRect().top") - top
    assert abs(moved) <= 2, f"the point being read moved {moved} px"
    assert page.probe.page_errors == []


def test_on_a_desktop_nothing_scrolls_and_the_summary_is_on_screen(new_page, demo_data, use_model):
    model = use_model(GatedModel())
    page = new_page(width=1440, height=900)
    job = Job.objects.get(title="Java Engineer", company="Northwind Systems")
    log_in(page, "demo", DEMO_PASSWORD, next_url=job.get_absolute_url())
    page.get_by_role("button", name="Why this job?").click()  # Playwright scrolls to it
    expect(page.locator("#explain-panel .explain-match")).to_have_count(1)
    where = page.evaluate("window.scrollY")
    model.gate.set()
    notice = page.locator("#explain-panel .explain-notice")
    expect(notice).to_have_text(wording.removed_notice(1))
    page.wait_for_timeout(100)
    # Space was kept for the summary and notice: at most a line's difference is taken up
    # (by scrolling that keeps the point being read in place), never a screen.
    assert abs(page.evaluate("window.scrollY") - where) <= 40, "nothing scrolls by itself"
    expect(page.locator("#explain-panel .explain-summary")).to_be_in_viewport(ratio=1)
