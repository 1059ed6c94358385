"""The job seeker's page in a real Chromium, at 390x844 and 1440x900, by mouse and keyboard:
the bottom line, focus, memory, the burst and its countdown, the sticky panel, feedback,
the profile page, and axe-core on every page of the flow."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.urls import reverse
from django.utils import translation
from playwright.sync_api import expect

from explain import wording
from explain.core.viewer_prompt import PROFILE_HEADING
from explain.llm.errors import ProviderError
from explain.models import ExplanationLog, FeedbackReport
from explain.outcomes import Outcome
from explain.services.explanations import profile_text_for
from jobportal.demo_data import DEMO_PASSWORD
from jobportal.models import CandidateProfile, Job
from tests.browser.axe import assert_accessible
from tests.browser.helpers import (
    WITH_INVENTED_CLAIM,
    bottom_line,
    early_in_the_window,
    log_in,
    save_screenshot,
)
from tests.conftest import WORKED_DRAFT, WORKED_JOB_DESCRIPTION

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1440, "height": 900}
VIEWPORTS = [pytest.param(PHONE, id="390x844"), pytest.param(DESKTOP, id="1440x900")]
SUMMARY = bottom_line(2, 1)
# The worked example once the profile holds AWS: the model quotes it.
AWS_SHOWN = {
    "matches": [
        *WORKED_DRAFT["matches"][:1],
        {"term": "AWS", "profileQuote": "AWS", "jobQuote": "deploy services on AWS"},
    ],
    "gaps": [],
}


def worked_job() -> Job:
    return Job.objects.get(title="Java Engineer", company="Northwind Systems")


def open_job(new_page: Any, job: Job, viewport: dict[str, int], **options: Any) -> Any:
    page = new_page(**viewport, **options)
    log_in(page, "demo", DEMO_PASSWORD, next_url=job.get_absolute_url())
    return page


def ask_by_keyboard(page: Any) -> None:
    """Ask, then wait for the streamed answer to settle before a test touches it."""
    page.locator("[data-explain-button]").focus()
    page.keyboard.press("Enter")
    wait_until_answered(page)


def wait_until_answered(page: Any) -> None:
    """The answer streams in: its points are drawn again as each state arrives, so a test
    that touches a point waits until the panel is no longer busy."""
    expect(page.locator("[data-explain-result]")).not_to_have_attribute("aria-busy", "true")


def focused_class(page: Any) -> str:
    return str(page.evaluate("document.activeElement.className"))


def in_viewport(box: dict[str, float] | None, viewport: dict[str, int]) -> bool:
    assert box is not None
    return (
        box["y"] >= 0
        and box["y"] + box["height"] <= viewport["height"]
        and box["x"] >= 0
        and box["x"] + box["width"] <= viewport["width"]
    )


def no_sideways_scroll(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


# ---------------------------------------------------------------- the bottom line and focus


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_summary_first_focus_on_the_result_and_one_calm_line(
    new_page, demo_data, use_model, viewport
):
    use_model(WITH_INVENTED_CLAIM)
    page = open_job(new_page, worked_job(), viewport)
    assert_accessible(page)
    ask_by_keyboard(page)
    panel = page.locator("#explain-panel")
    heading = panel.locator(".explain-result-heading")
    expect(heading).to_have_text("What we found")
    # Focus lands on the answer's heading, not on <body>; the live line says the summary.
    expect(heading).to_be_focused()
    expect(panel.locator(".explain-summary")).to_have_text(SUMMARY)
    status = panel.locator("[data-explain-status]")
    expect(status).to_have_attribute("aria-live", "polite")
    expect(status).to_have_text(SUMMARY)
    # One neutral line beside the summary, above the points, with "why?"; no score.
    notice = panel.locator(".explain-notice")
    expect(notice).to_have_text("We removed 1 point the AI suggested: it did not pass our checks.")
    notice_box = notice.bounding_box()
    assert notice_box["y"] < panel.locator(".explain-point").first.bounding_box()["y"]
    summary_box = panel.locator(".explain-summary").bounding_box()
    scrolled = page.evaluate("window.scrollY")
    if viewport is DESKTOP:
        # Both end above the fold at 1440x900. The page itself may have moved a little to
        # keep the point being read in place (the column no longer scrolls inside itself).
        assert 0 <= scrolled <= 40
        assert summary_box["y"] >= 0 and notice_box["y"] >= 0
        assert summary_box["y"] + summary_box["height"] <= viewport["height"]
        assert notice_box["y"] + notice_box["height"] <= viewport["height"]
    else:
        # On a phone: within the second screen, right after the first one.
        assert scrolled + notice_box["y"] + notice_box["height"] <= 2 * viewport["height"]
        assert scrolled + summary_box["y"] + summary_box["height"] <= 2 * viewport["height"]
    expect(panel.locator(".explain-notice-line summary")).to_have_text("why?")
    assert "%" not in panel.inner_text()
    # One demo banner at most (none here: a fake model, not the recordings).
    expect(page.locator(".explain-demo")).to_have_count(0)
    no_sideways_scroll(page)
    # The phone's picture is the panel: on the first screen the posting comes before it.
    shown = page if viewport is DESKTOP else panel
    save_screenshot(shown, f"page-answered-{viewport['width']}", publish=True)
    panel.locator(".explain-why summary").click()
    assert_accessible(page)
    tag = "phone" if viewport is PHONE else "desktop"
    save_screenshot(page, f"page-summary-{tag}")
    if viewport is DESKTOP:
        save_screenshot(panel, "page-removed-notice-1440", publish=True)


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_with_nothing_verified_it_says_so_plainly(new_page, demo_data, use_model, viewport):
    # Both quotes of the only point are made up: reading the posting keeps no
    # requirement, and the page says so rather than showing an empty list.
    made_up = {"term": "Cobol", "profileQuote": "Cobol (9 years)", "jobQuote": "Cobol systems"}
    use_model({"matches": [made_up], "gaps": []})
    page = open_job(new_page, worked_job(), viewport)
    ask_by_keyboard(page)
    panel = page.locator("#explain-panel")
    expect(panel.locator(".explain-result-heading")).to_have_text("No explanation this time")
    alert = panel.get_by_role("alert")
    expect(alert).to_have_text(str(wording.error_message(Outcome.NO_REQUIREMENTS)))
    expect(panel.locator(".explain-point")).to_have_count(0)
    box = alert.bounding_box()
    if viewport is DESKTOP:
        assert box["y"] + box["height"] <= viewport["height"]
    else:  # on a phone, within the second screen (the panel follows the posting)
        scrolled = page.evaluate("window.scrollY")
        assert scrolled + box["y"] + box["height"] <= 2 * viewport["height"]
    assert_accessible(page)
    # The phone's picture is the panel (the posting comes before it).
    shown = page if viewport is DESKTOP else panel
    save_screenshot(shown, f"page-nothing-verified-{viewport['width']}", publish=True)


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_in_german_the_panel_and_its_sentences_are_german(new_page, demo_data, use_model, viewport):
    use_model(WITH_INVENTED_CLAIM)
    page = open_job(new_page, worked_job(), viewport)
    page.select_option("#site-language", "de")
    page.locator(".language-form button").click()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    ask_by_keyboard(page)
    panel = page.locator("#explain-panel")
    with translation.override("de"):
        summary = bottom_line(2, 1)
        notice = wording.removed_notice(1)
    expect(panel.locator(".explain-result-heading")).to_have_text("Was wir gefunden haben")
    expect(panel.locator(".explain-summary")).to_have_text(summary)
    expect(panel.locator(".explain-notice")).to_have_text(notice)
    # Written in German, not passed through (the bottom line's new sentences wait for
    # their catalogue entries: compared above with wording in German, as they will read).
    assert notice.startswith("Wir haben 1 Punkt entfernt")
    assert_accessible(page)
    shown = page if viewport is DESKTOP else panel
    save_screenshot(shown, f"page-german-{viewport['width']}", publish=True)


def test_with_no_match_it_says_so_plainly(new_page, demo_data, use_model):
    use_model({"matches": [], "gaps": WORKED_DRAFT["gaps"]})
    page = open_job(new_page, worked_job(), DESKTOP)
    ask_by_keyboard(page)
    panel = page.locator("#explain-panel")
    expect(panel.locator(".explain-summary")).to_have_text(bottom_line(1, 0))
    expect(panel.get_by_role("heading", name="What this job asks for")).to_be_visible()
    expect(panel.locator(".explain-match")).to_have_count(0)
    expect(panel.locator(".explain-gap .explain-state-tag")).to_have_text(
        ["Not found in your profile"]
    )


def test_demo_mode_has_one_banner_and_true_loading_words(new_page, demo_data, settings):
    settings.EXPLAIN_DEMO_MODE = True
    page = open_job(new_page, worked_job(), DESKTOP)
    page.route(
        "**/explain/api/jobs/*/explanation/*",
        lambda route: (page.wait_for_timeout(400), route.continue_())[1],
    )
    page.locator("[data-explain-button]").click()
    status = page.locator("[data-explain-status]")
    expect(status).to_contain_text("Fetching a recorded demo answer")
    expect(status).not_to_contain_text("Asking the model")
    expect(page.locator(".explain-result-heading")).to_be_visible()
    expect(page.locator(".explain-demo")).to_have_count(1)
    # The recorded posting's requirements, checked against the profile by the word matcher.
    expect(page.locator(".explain-demo-source")).to_have_text(
        "Demo mode: these points come from a simple word matcher on this server, "
        "not from an AI model."
    )


def test_demo_mode_answers_an_edited_profile_with_the_word_matcher(new_page, demo_data, settings):
    settings.EXPLAIN_DEMO_MODE = True
    CandidateProfile.objects.filter(user__username="demo").update(
        skills="Java (Intermediate, 3 years), AWS (Lambda, S3)"
    )
    page = open_job(new_page, worked_job(), DESKTOP)
    expect(page.locator(".explain-demo")).to_contain_text("simple word matcher on this server")
    page.locator("[data-explain-button]").click()
    expect(page.locator(".explain-demo-source")).to_have_text(
        "Demo mode: these points come from a simple word matcher on this server, "
        "not from an AI model."
    )
    expect(page.locator(".explain-points")).to_contain_text("AWS (Lambda, S3)")


# ------------------------------------------------------------------- the highlight in view


def long_job() -> Job:
    filler = "\n\n".join(
        f"Paragraph {n}: our teams plan, review and ship work together every week."
        for n in range(40)
    )
    return Job.objects.create(
        title="Java Engineer",
        company="Long Postings Ltd",
        location="Berlin",
        description=filler,
        requirements=WORKED_JOB_DESCRIPTION,
    )


def test_the_sticky_panel_keeps_the_point_and_its_highlight_on_screen(
    new_page, demo_data, use_model
):
    job = long_job()  # saved first: its posting is read ahead with the others
    use_model(WITH_INVENTED_CLAIM)  # a removed point: the notice has its "why?"
    page = open_job(new_page, job, DESKTOP)
    ask_by_keyboard(page)
    expect(page.locator(".explain-result-heading")).to_be_focused()
    # Read down to the requirements, as a job seeker would, then move to the first point.
    page.locator('[data-explain-field="requirements"]').scroll_into_view_if_needed()
    page.mouse.wheel(0, 200)
    page.wait_for_timeout(100)
    scrolled = page.evaluate("window.scrollY")
    assert scrolled > 1500, "the posting is long: the page has scrolled a long way"
    # From the heading, Tab reaches the notice's "why?" (beside the summary), then a point.
    page.keyboard.press("Tab")
    expect(page.locator(".explain-why summary")).to_be_focused()
    page.keyboard.press("Tab")
    point = page.locator(".explain-match").first
    expect(point).to_be_focused()
    mark = page.locator("[data-explain-posting] mark.explain-highlight")
    expect(mark).to_have_text(["Build secure Java APIs"])
    # The page did not jump, and both the point and the words it quotes are on screen.
    assert page.evaluate("window.scrollY") == scrolled
    assert in_viewport(point.bounding_box(), DESKTOP)
    assert in_viewport(mark.bounding_box(), DESKTOP)
    # The quote's sentence is for narrow screens; here the posting is beside the point.
    expect(point.locator(".explain-context-part").first).to_be_hidden()
    save_screenshot(page, "page-sticky-desktop")

    # Back at the top the quoted words are off screen: the point offers to go there.
    page.evaluate("window.scrollTo(0, 0)")
    point.hover()
    show = point.get_by_role("button", name="Show in posting")
    expect(show).to_be_visible()
    assert page.evaluate("window.scrollY") == 0
    assert in_viewport(point.bounding_box(), DESKTOP)
    show.click()
    expect(mark).to_be_in_viewport()


def test_on_a_phone_the_quote_shows_in_context_and_nothing_jumps(new_page, demo_data, use_model):
    use_model(WORKED_DRAFT)
    page = open_job(new_page, worked_job(), PHONE, has_touch=True)
    ask_by_keyboard(page)
    point = page.locator(".explain-match").first
    context = point.locator(".explain-context")
    expect(context).to_be_visible()
    expect(context).to_have_text("Build secure Java APIs and deploy services on AWS.")
    expect(context.locator("q")).to_have_text("Build secure Java APIs")
    point.scroll_into_view_if_needed()  # where the reader is; the tap itself must not move
    page.wait_for_timeout(100)
    before = page.evaluate("window.scrollY")
    point.locator(".explain-point-text").tap()
    expect(page.locator("[data-explain-posting] mark.explain-highlight")).to_have_count(1)
    assert page.evaluate("window.scrollY") == before, "a tap must not scroll the page"
    show = point.get_by_role("button", name="Show in posting")
    expect(show).to_be_visible()
    show.tap()
    expect(page.locator("[data-explain-posting] mark.explain-highlight")).to_be_in_viewport()
    no_sideways_scroll(page)


# ------------------------------------------- the action from the top, each quote once

SCROLLED_BOXES = """(points) => {
    const boxes = [];
    for (const point of points) {
        for (let box = point.parentElement; box; box = box.parentElement) {
            const overflow = getComputedStyle(box).overflowY;
            if ((overflow === "auto" || overflow === "scroll")
                && box.scrollHeight > box.clientHeight) {
                boxes.push(box.tagName + "." + box.className);
            }
        }
    }
    return boxes;
}"""


def quote_counts(page: Any) -> list[int]:
    """How often each point's job quote appears in that point's text."""
    counts = []
    for point in page.locator(".explain-point").all():
        quote = point.locator(".explain-quote-row q").last.inner_text().strip('“”"')
        counts.append(point.inner_text().count(quote))
    return counts


@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])
def test_on_a_phone_the_action_is_on_the_first_screen(new_page, demo_data, use_model, javascript):
    use_model(WORKED_DRAFT)
    page = open_job(new_page, long_job(), PHONE, javascript=javascript)
    jump = page.get_by_role("link", name=re.compile("Why this job"))
    expect(jump).to_be_visible()
    assert in_viewport(jump.bounding_box(), PHONE), "the link is on the first screen"
    button = page.locator("[data-explain-button]")
    assert button.bounding_box()["y"] > PHONE["height"], "the panel itself is further down"
    if javascript:
        save_screenshot(page, "page-phone-top-390", publish=True)
    jump.click()
    expect(button).to_be_in_viewport()
    assert page.url.endswith("#explain-panel")
    if javascript:
        assert_accessible(page)
        button.click()
        expect(page.locator(".explain-result-heading")).to_be_focused()
        expect(page.locator(".explain-point")).to_have_count(2)
        expect(page.locator("[data-explain-button]")).to_be_enabled()
        assert quote_counts(page) == [1, 1]
        height = page.evaluate("document.documentElement.scrollHeight")
        print(f"job page height at 390x844 with the answer: {height} px")


def test_on_a_desktop_nothing_is_inside_a_scrolled_box(new_page, demo_data, use_model):
    use_model(WORKED_DRAFT)
    page = open_job(new_page, worked_job(), DESKTOP)
    # No jump link beside the posting: the panel is on the first screen already.
    expect(page.locator(".explain-jump-link")).to_be_hidden()
    ask_by_keyboard(page)
    expect(page.locator(".explain-result-heading")).to_be_focused()
    points = page.locator(".explain-point")
    expect(points).to_have_count(2)
    assert points.evaluate_all(SCROLLED_BOXES) == []
    assert quote_counts(page) == [1, 1]
    # The gap's action is reached by scrolling the page itself.
    add = page.locator(".explain-gap .explain-add")
    add.scroll_into_view_if_needed()
    assert in_viewport(add.bounding_box(), DESKTOP)
    assert_accessible(page)
    page.evaluate("window.scrollTo(0, 0)")
    save_screenshot(page, "page-desktop-whole-1440", publish=True)


def test_long_answers_on_a_short_desktop_page_are_reached_by_the_page(
    new_page, demo_data, use_model
):
    """A panel taller than the screen: the column sticks by its bottom, never scrolls."""
    use_model(WORKED_DRAFT)
    page = open_job(new_page, long_job(), {"width": 1440, "height": 500})
    ask_by_keyboard(page)
    expect(page.locator(".explain-result-heading")).to_be_focused()
    assert page.locator(".explain-point").evaluate_all(SCROLLED_BOXES) == []
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight / 2)")
    page.wait_for_timeout(100)
    caveat = page.locator("#explain-panel .explain-caveat")
    assert in_viewport(caveat.bounding_box(), {"width": 1440, "height": 500})


# --------------------------------------------------------------------- the gap's action


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_add_to_my_profile_and_back_with_the_explanation_refreshed(
    new_page, demo_data, use_model, settings, viewport
):
    del settings.EXPLAIN_RATE  # the site's default burst: the refresh is a second call

    def viewer(prompt: Any) -> str:
        # The model quotes the profile's AWS once the profile holds it.
        profile = prompt.user.split(PROFILE_HEADING)[-1]
        return json.dumps(AWS_SHOWN if "AWS" in profile else WORKED_DRAFT)

    model = use_model(viewer)
    job = worked_job()
    page = open_job(new_page, job, viewport)
    ask_by_keyboard(page)
    gap = page.locator(".explain-gap")
    expect(gap.locator(".explain-point-text")).to_have_text("“AWS” was not found in your profile.")
    add = gap.get_by_role("link", name="Add to my profile")
    add.focus()
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/profile/\?add=AWS&next="))
    skills = page.get_by_label("Skills")
    expect(skills).to_be_focused()
    assert skills.input_value().splitlines()[-1] == "AWS"
    expect(page.get_by_role("status")).to_contain_text("We added “AWS” to your skills below.")
    assert_accessible(page)
    no_sideways_scroll(page)
    page.get_by_role("button", name="Save profile and go back to the job").click()
    page.wait_for_url(re.compile(rf"/jobs/{job.pk}/\?explain=refresh$"))
    # Asked again at once: the profile text changed, so this is a new model call, and the
    # requirement the profile now shows is shown, no longer a gap.
    expect(page.locator(".explain-summary")).to_have_text(bottom_line(2, 2))
    expect(page.locator(".explain-result-heading")).to_be_focused()
    expect(page.locator(".explain-gap")).to_have_count(0)
    assert len(model.prompts) == 2
    assert "AWS" in model.prompts[1].user.split(PROFILE_HEADING)[-1]
    assert "AWS" not in model.prompts[0].user.split(PROFILE_HEADING)[-1]
    # Reloading does not ask a third time: the same texts are remembered.
    page.goto(job.get_absolute_url())
    expect(page.locator(".explain-made")).to_be_visible()
    assert len(model.prompts) == 2


# ------------------------------------------------------------------------------- memory


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_after_a_reload_the_last_explanation_is_back_without_a_call(
    new_page, demo_data, use_model, viewport
):
    model = use_model(WORKED_DRAFT)
    page = open_job(new_page, worked_job(), viewport)
    ask_by_keyboard(page)
    expect(page.locator(".explain-summary")).to_have_text(SUMMARY)
    page.reload()
    # At once, from the cached draft: the same points, and when they were made.
    expect(page.locator(".explain-summary")).to_have_text(SUMMARY)
    expect(page.locator(".explain-made")).to_contain_text("From your last look at this job")
    expect(page.locator(".explain-match q")).to_have_text(
        ["Java (Intermediate, 3 years)", "Build secure Java APIs"]
    )
    expect(page.locator("[data-explain-button]")).to_be_enabled()
    # Page load does not steal focus, and the remembered points still highlight.
    assert "explain-result-heading" not in focused_class(page)
    page.locator(".explain-match").first.hover()
    expect(page.locator("[data-explain-posting] mark.explain-highlight")).to_have_count(1)
    assert len(model.prompts) == 1
    outcomes = list(ExplanationLog.objects.order_by("id").values_list("outcome", flat=True))
    assert outcomes == [Outcome.OK, Outcome.RECALLED]  # a page view, logged apart from asks
    assert_accessible(page)
    assert page.probe.console_errors == [] and page.probe.page_errors == []


# --------------------------------------------------------------- the burst and the countdown


def java_jobs(count: int) -> list[Job]:
    return [
        Job.objects.create(
            title=f"Java Engineer {n}",
            company="Northwind Systems",
            description=WORKED_JOB_DESCRIPTION,
        )
        for n in range(count)
    ]


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_three_jobs_in_a_row_then_a_live_countdown(
    new_page, demo_data, use_model, settings, rate_clock, viewport
):
    settings.EXPLAIN_RATE = "3/m"  # a host's tighter rate: a burst of three a minute
    early_in_the_window("demo", rate_clock)
    jobs = java_jobs(4)  # saved first: their postings are read ahead with the others
    model = use_model(WORKED_DRAFT)
    page = new_page(**viewport)
    page.clock.install()
    log_in(page, "demo", DEMO_PASSWORD, next_url=jobs[0].get_absolute_url())
    for job in jobs[:3]:
        page.goto(job.get_absolute_url())
        ask_by_keyboard(page)
        expect(page.locator(".explain-summary")).to_have_text(SUMMARY)
    page.goto(jobs[3].get_absolute_url())
    ask_by_keyboard(page)
    error = page.locator(".explain-error")
    expect(error).to_have_text("You asked for explanations of a few jobs a moment ago.")
    countdown = page.locator(".explain-countdown")
    expect(countdown).to_contain_text("You can ask again in")
    first = int(re.search(r"in (\d+) seconds?", countdown.inner_text()).group(1))
    assert 1 < first <= 61
    button = page.locator("[data-explain-button]")
    expect(button).to_be_disabled()
    # It counts down live...
    page.clock.run_for(1000)
    expect(countdown).to_contain_text(f"in {first - 1} second")
    save_screenshot(page.locator("#explain-panel"), f"page-countdown-{viewport['width']}")
    # ...ends with words that say so, and the button comes back.
    page.clock.run_for(first * 1000)
    expect(countdown).to_have_text("You can ask again.")
    expect(page.locator("[data-explain-status]")).to_have_text("You can ask again.")
    expect(button).to_be_enabled()
    expect(page.locator("text=Try again in")).to_have_count(0)
    rate_clock.advance(first)
    button.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".explain-summary")).to_have_text(SUMMARY)
    assert len(model.prompts) == 4
    assert_accessible(page)


def test_failed_calls_do_not_count(new_page, demo_data, use_model):
    """One call per window (the tests' tight rate): after the provider never answered,
    asking again is answered, not refused."""
    answers = iter(["down", "down", "up"])

    def flaky(prompt: Any) -> str:
        if next(answers) == "down":
            raise ProviderError("connection refused", unanswered=True)
        import json

        return json.dumps(WORKED_DRAFT)

    use_model(flaky)
    page = open_job(new_page, worked_job(), DESKTOP)
    for _ in range(2):
        ask_by_keyboard(page)
        expect(page.locator(".explain-error")).to_contain_text("not responding")
        expect(page.locator(".explain-result-heading")).to_be_focused()
        expect(page.locator(".explain-countdown")).to_have_count(0)
        expect(page.locator("[data-explain-button]")).to_be_enabled()
    ask_by_keyboard(page)
    expect(page.locator(".explain-summary")).to_have_text(SUMMARY)
    outcomes = list(ExplanationLog.objects.order_by("id").values_list("outcome", flat=True))
    assert outcomes == [Outcome.PROVIDER_ERROR, Outcome.PROVIDER_ERROR, Outcome.OK]


# -------------------------------------------------------------------------------- feedback


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_feedback_marker_no_preselection_note_targets_and_one_report(
    new_page, demo_data, use_model, viewport
):
    use_model(WORKED_DRAFT)
    page = open_job(new_page, worked_job(), viewport)
    ask_by_keyboard(page)
    report = page.locator(".explain-match .explain-report")
    summary = report.locator("summary")
    assert summary.evaluate("s => getComputedStyle(s).display") == "list-item"  # the marker
    summary.focus()
    page.keyboard.press("Enter")
    radios = report.get_by_role("radio")
    # Every reason but "I do have this", which only a gap offers.
    expect(radios).to_have_count(len(FeedbackReport.Reason.choices) - 1)
    for index in range(radios.count()):
        expect(radios.nth(index)).not_to_be_checked()
    send = report.get_by_role("button", name="Send report")
    send.click()
    expect(report.locator(".explain-report-status")).to_have_text("Choose what is wrong first.")
    # Every target is at least 24 px tall.
    targets = [summary, send, *(report.locator(".explain-reason").nth(i) for i in range(5))]
    for target in targets:
        assert target.bounding_box()["height"] >= 24, target
    report.get_by_label("Something else", exact=True).check()
    note = report.get_by_label("Tell us more in a few words (optional)")
    assert note.get_attribute("maxlength") == "300"
    note.fill("The job says Java APIs, not Java in general.")
    assert_accessible(page)
    send.click()
    expect(report.locator(".explain-report-status")).to_have_text(
        "Thank you. Your report was saved for review."
    )
    saved = FeedbackReport.objects.get()
    assert (saved.reason, saved.note) == ("other", "The job says Java APIs, not Java in general.")

    # The same point again after a reload (remembered): one report per point per user.
    page.reload()
    report = page.locator(".explain-match .explain-report")
    report.locator("summary").click()
    report.get_by_label("My profile does not say this").check()
    report.get_by_role("button", name="Send report").click()
    expect(report.locator(".explain-report-status")).to_have_text(
        "You already reported this point. Thank you."
    )
    saved.refresh_from_db()
    assert (FeedbackReport.objects.count(), saved.times_reported, saved.reason) == (1, 1, "other")


# ------------------------------------------------------------------------- the profile page


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_the_profile_page_previews_what_is_compared(new_page, demo_data, viewport):
    page = new_page(**viewport)
    log_in(page, "demo", DEMO_PASSWORD, next_url=reverse("profile-edit"))
    no_sideways_scroll(page)
    skills = page.get_by_label("Skills")
    described = skills.get_attribute("aria-describedby")
    assert described and page.locator(f"#{described}").inner_text().startswith("One per line")
    expect(page.get_by_text("Your résumé file is never sent or compared")).to_be_visible()
    preview = page.locator(".profile-preview")
    preview.locator("summary").focus()
    page.keyboard.press("Enter")
    from django.contrib.auth import get_user_model

    sent = profile_text_for(get_user_model().objects.get(username="demo")).text
    expect(preview.locator("pre")).to_have_text(sent)
    assert "Skills:" in sent
    no_sideways_scroll(page)
    assert_accessible(page)
    save_screenshot(page, f"page-profile-{viewport['width']}")


# ---------------------------------------------------------------- every page of the flow


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_every_page_of_the_flow_passes_axe(new_page, demo_data, use_model, viewport):
    use_model(WORKED_DRAFT)
    page = new_page(**viewport)
    for url in (reverse("job-list"), reverse("login"), reverse("signup")):
        page.goto(url)
        assert_accessible(page)
        no_sideways_scroll(page)
    page.goto(reverse("job-list") + "?remote=hybrid&location=Berlin")
    expect(page.locator(".job-card")).not_to_have_count(0)
    assert_accessible(page)
    job = worked_job()
    page.goto(job.get_absolute_url())  # logged out: the panel asks to log in
    assert_accessible(page)
    log_in(page, "demo", DEMO_PASSWORD, next_url=job.get_absolute_url())
    expect(page.locator(".job-salary")).to_have_text(re.compile(r"EUR \d{2},\d{3}–\d{2},\d{3}"))
    assert_accessible(page)
    # The result page the form without JavaScript gets (form.submit() skips the script's
    # handler; axe needs a script, so this page has one, and the server renders alike).
    page.evaluate("document.querySelector('[data-explain-form]').submit()")
    page.wait_for_url(re.compile(r"/explain/jobs/\d+/$"))
    expect(page.locator(".explain-job-title")).to_have_text("Java Engineer")
    expect(page.locator(".explain-summary")).to_have_text(SUMMARY)
    assert quote_counts(page) == [1, 1]
    assert_accessible(page)
    no_sideways_scroll(page)
