"""The "Why this job?" panel in a real Chromium: what a job seeker sees and touches."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest
from playwright.sync_api import expect

from explain import wording
from explain.models import ExplanationLog, FeedbackReport
from explain.outcomes import Outcome
from jobportal.demo_data import DEMO_PASSWORD
from jobportal.models import CandidateProfile, Job
from tests.browser.helpers import (
    INVENTED_QUOTE,
    WITH_ANALYST_REQUIREMENT,
    WITH_INVENTED_CLAIM,
    early_in_the_window,
    log_in,
    save_screenshot,
)
from tests.conftest import WORKED_DRAFT, FakeModel

pytestmark = pytest.mark.browser


def slow_model(draft: dict[str, Any], seconds: float = 1.0) -> FakeModel:
    """A fake model that takes its time, so the progress state can be seen."""
    answer = json.dumps(draft)

    def respond(prompt: Any) -> str:
        time.sleep(seconds)
        return answer

    return FakeModel(respond)


def worked_job() -> Job:
    return Job.objects.get(title="Java Engineer", company="Northwind Systems")


def ask(page: Any) -> None:
    page.get_by_role("button", name="Why this job?").click()


def highlighted(page: Any) -> list[str]:
    return page.locator("[data-explain-posting] mark.explain-highlight").all_text_contents()


def test_worked_example_progress_match_gap_notice(new_page, demo_data, use_model):
    model = use_model(slow_model(WITH_INVENTED_CLAIM))
    page = new_page()
    job = worked_job()
    log_in(page, "demo", DEMO_PASSWORD, next_url=job.get_absolute_url())
    panel = page.locator("#explain-panel")
    button = panel.get_by_role("button", name="Why this job?")
    expect(button).to_be_enabled()

    button.click()
    # While the model works: said in words, announced, and the button cannot be pressed.
    status = panel.locator("[data-explain-status]")
    expect(status).to_contain_text("checking every quote")
    expect(status).to_have_attribute("aria-live", "polite")
    expect(panel.locator("[data-explain-button]")).to_be_disabled()
    expect(panel.locator("[data-explain-button]")).to_have_text("Working…")
    save_screenshot(panel, "panel-progress")

    notice = panel.locator(".explain-notice")
    expect(notice).to_have_text("We removed 1 point the AI suggested: it did not pass our checks.")
    # The live region announces the bottom line.
    expect(status).to_have_text(
        "This job lists 2 requirements. Your profile shows 1 of the 2 required ones."
    )
    expect(panel.locator("[data-explain-button]")).to_be_enabled()

    matches = panel.locator(".explain-match")
    gaps = panel.locator(".explain-gap")
    expect(matches).to_have_count(1)
    expect(gaps).to_have_count(1)
    # The site's sentence, not the model's; said once who wrote it.
    expect(matches.first.locator(".explain-point-text")).to_have_text(
        "“Java” is shown in your profile."
    )
    expect(panel).not_to_contain_text("asks for secure Java APIs")
    expect(panel.locator(".explain-written-by")).to_have_text(
        ["These lines are written by this site from the quoted words, not by the AI."]
    )
    expect(matches.first.locator("dt:visible")).to_have_text(["Your profile", "This job"])
    expect(matches.first.locator("q")).to_have_text(
        ["Java (Intermediate, 3 years)", "Build secure Java APIs"]
    )
    expect(matches.first.locator("q").first).to_have_attribute("dir", "auto")
    expect(gaps.first.locator("q")).to_have_text(["deploy services on AWS"])
    expect(gaps.first.locator(".explain-state-tag")).to_have_text("Not found in your profile")
    expect(gaps.first.locator("dt:visible")).to_have_text(["This job"])
    expect(panel.get_by_role("heading", name="What this job asks for")).to_be_visible()
    # The invented claim never reaches the page, not even inside the disclosure.
    expect(panel).not_to_contain_text(INVENTED_QUOTE)

    why = panel.locator(".explain-why")
    why.locator("summary").click()
    expect(why.locator("li")).to_have_text(["1 point: the quoted words are not in your profile."])

    # Hover the match: its job quote lights up in the posting.
    matches.first.hover()
    expect(page.locator("mark.explain-highlight")).to_have_text(["Build secure Java APIs"])
    save_screenshot(page.locator("main"), "panel", publish=True)

    # "This looks wrong" stores a report on the point that was shown.
    report = matches.first.locator(".explain-report")
    report.locator("summary").click()
    report.get_by_label("The quote does not support the point").check()
    report.get_by_role("button", name="Send report").click()
    expect(report.locator(".explain-report-status")).to_have_text(
        "Thank you. Your report was saved for review."
    )
    saved = FeedbackReport.objects.get()
    log = ExplanationLog.objects.get()
    assert saved.log_id == log.pk
    assert (saved.kind, saved.reason, saved.job_quote) == (
        "match",
        "misleading",
        "Build secure Java APIs",
    )
    assert len(model.prompts) == 1
    assert page.probe.dialogs == [] and page.probe.page_errors == []
    assert page.probe.console_errors == [], "CSP violations or script errors on the page"


def test_hovering_and_focusing_highlight_the_quoted_words(new_page, demo_data, use_model):
    job = Job.objects.create(
        title="Java Data Analyst",
        company="Quay Analytics",
        location="Utrecht",
        # Leading white space and Windows line ends, as a recruiter's textarea sends them.
        description="  We love SQL.\r\nYou will write SQL for dashboards every week.",
        requirements="Strong SQL skills\r\nExperience with Tableau or Power BI",
    )
    use_model(
        {
            "matches": [
                {
                    "point": "Your profile mentions Java, and this job asks for it.",
                    "term": "Java",
                    "profileQuote": "Java (Intermediate, 3 years)",
                    "jobQuote": "Java Data Analyst",
                },
            ],
            "gaps": [
                {
                    "point": "Tableau is not shown in your profile.",
                    "term": "Tableau",
                    "profileQuote": "",
                    "jobQuote": "Experience with Tableau",
                },
                {
                    "point": "Dashboards are not shown in your profile.",
                    "term": "dashboards",
                    "profileQuote": "",
                    "jobQuote": "write SQL for dashboards",
                },
            ],
        }
    )
    page = new_page()
    log_in(page, "demo", DEMO_PASSWORD, next_url=job.get_absolute_url())
    ask(page)
    # The title is no requirement (its quote is removed); the list is in the posting's
    # order: the description's words, then the requirements field's.
    gaps = page.locator(".explain-gap")
    expect(gaps).to_have_count(2)
    expect(page.locator(".explain-match")).to_have_count(0)

    gaps.nth(0).hover()
    expect(page.locator("mark.explain-highlight")).to_have_text(["write SQL for dashboards"])
    expect(page.locator('[data-explain-field="description"] mark.explain-highlight')).to_have_count(
        1
    )

    gaps.nth(1).hover()
    expect(page.locator("mark.explain-highlight")).to_have_text(["Experience with Tableau"])
    expect(
        page.locator('[data-explain-field="requirements"] mark.explain-highlight')
    ).to_have_count(1)

    # Keyboard: focusing a point highlights too, and the posting text is unchanged.
    page.mouse.move(0, 0)
    gaps.nth(0).focus()
    assert highlighted(page) == ["write SQL for dashboards"]
    expect(page.locator('[data-explain-field="title"]')).to_have_text("Java Data Analyst")
    expect(page.locator('[data-explain-field="description"]')).to_contain_text(
        "You will write SQL for dashboards every week."
    )


HOSTILE_DESCRIPTION = (
    "Build secure Java APIs <img src=x onerror=alert(1)> and "
    "<script>window.__pwned = 1; alert(2)</script> deploy services on AWS."
)


def assert_nothing_ran(page: Any) -> None:
    """No element was made from untrusted text, no handler ran, no dialog opened."""
    page.wait_for_timeout(300)  # give a stray onerror the chance to fire
    assert page.locator("main img, main svg, main b, main i, script:not([src])").count() == 0
    scripts = page.locator("script").evaluate_all("els => els.map(e => e.getAttribute('src'))")
    assert scripts == [
        "/static/explain/explain-stream.js",
        "/static/explain/explain.js",
        "/static/jobportal/job.js",  # the host's side column, sticky without a scroll box
    ]
    assert page.evaluate("window.__pwned") is None
    assert page.probe.dialogs == []
    assert page.probe.page_errors == []


def test_html_in_the_job_and_in_the_model_answer_is_only_text(new_page, demo_data, use_model):
    job = Job.objects.create(
        title="Java Engineer <b>bold</b>",
        company="Evil Corp",
        location="Berlin",
        description=HOSTILE_DESCRIPTION,
    )
    use_model(
        {
            "matches": [
                {
                    # Only the term, its quotes' words and symbols: shown as written.
                    "point": 'Java: 3 > 3 & "Java" <3',
                    "term": "Java",
                    "profileQuote": "Java (Intermediate, 3 years)",
                    "jobQuote": "Build secure Java APIs <img src=x onerror=alert(1)>",
                },
                {
                    # Markup in a point: the verifier removes it before anyone sees it.
                    "point": '<img src=x onerror=alert(3)><b onclick="alert(5)">Java</b> fits',
                    "term": "Java",
                    "profileQuote": "Java (Intermediate, 3 years)",
                    "jobQuote": "Build secure Java APIs",
                },
            ],
            "gaps": [
                {
                    # Displayed as "alert(2)" by the override, read as ")2(trela".
                    "point": "\u202e)2(trela\u202c is not shown in your profile",
                    "term": "alert",
                    "profileQuote": "",
                    "jobQuote": "<script>window.__pwned = 1; alert(2)</script>",
                },
            ],
        }
    )
    page = new_page()
    log_in(page, "demo", DEMO_PASSWORD, next_url=job.get_absolute_url())
    # The posting itself shows the markup as text.
    expect(page.locator('[data-explain-field="title"]')).to_have_text("Java Engineer <b>bold</b>")
    expect(page.locator('[data-explain-field="description"]')).to_have_text(HOSTILE_DESCRIPTION)
    ask(page)
    # The model's sentences, markup and all, are never read: code writes each point.
    expect(page.locator(".explain-notice")).to_have_text(
        "Every point below quotes your profile or this job."
    )
    matches = page.locator(".explain-match")
    expect(matches).to_have_count(2)
    expect(matches.locator(".explain-point-text")).to_have_text(
        ["“Java” is shown in your profile."] * 2
    )
    expect(page.locator("#explain-panel")).not_to_contain_text("fits")
    # Both quotes are the posting's requirements; the one with the markup shows it as text.
    match = matches.filter(has=page.locator("q", has_text="onerror=alert(1)"))
    expect(match).to_have_count(1)
    expect(match.locator("q").nth(1)).to_have_text(
        "Build secure Java APIs <img src=x onerror=alert(1)>"
    )
    gap = page.locator(".explain-gap")
    # The model's reordered sentence never reaches the page: code wrote the sentence.
    expect(gap.locator(".explain-point-text")).to_have_text(
        "“alert” was not found in your profile."
    )
    expect(gap.locator("q")).to_have_text(["<script>window.__pwned = 1; alert(2)</script>"])
    match.hover()
    expect(page.locator("mark.explain-highlight")).to_have_text(
        ["Build secure Java APIs <img src=x onerror=alert(1)>"]
    )
    gap.hover()
    expect(page.locator("mark.explain-highlight")).to_have_text(
        ["<script>window.__pwned = 1; alert(2)</script>"]
    )
    assert_nothing_ran(page)
    save_screenshot(page.locator("main"), "panel-untrusted-html")


@pytest.mark.parametrize("streamed", [False, True], ids=["json", "ndjson"])
def test_the_script_renders_a_hostile_answer_as_text(new_page, demo_data, use_model, streamed):
    """Defence in depth: even if markup got past the server, the script makes no HTML
    (whether the answer comes whole or streamed, point lines first)."""
    use_model(WORKED_DRAFT)
    job = Job.objects.create(title="Java Engineer", company="X", description=HOSTILE_DESCRIPTION)
    html = '<img src=x onerror="window.__pwned=1;alert(7)">'
    point = {
        "index": 0,
        "kind": "match",
        "point": f"{html} point",
        "optional": True,
        "amounts_line": f"{html} amounts",
        "profile_quote": f"{html} profile",
        "job_quote": f"{html} job",
        "profile_span": None,
        "job_span": {
            "start": 0,
            "end": 5,
            "field": 'description"] , img, [x="',
            "field_start": 0,
            "field_end": 5,
        },
    }
    payload = {
        "outcome": f'ok"><{html}',
        "ok": True,
        "job_id": str(job.pk),
        "log_id": None,
        "demo": False,
        "error": None,
        "retry_after": None,
        "matches": [point],
        "gaps": [
            {**point, "kind": 'gap" onmouseover="alert(8)', "profile_said_line": f"{html} said"}
        ],
        "dropped": 1,
        "drop_reasons": {html: 1},
        "drop_reason_lines": [{"text": html, "count": 1, "line": f"{html} line"}],
        "notice": f"{html} notice",
        "written_by": f"{html} written",
    }
    page = new_page()
    if streamed:
        lines = [{"event": "point", **p} for p in (payload["matches"] + payload["gaps"])]
        lines.append({"event": "result", **payload})
        body = "".join(json.dumps(line) + "\n" for line in lines)
        content_type = "application/x-ndjson"
    else:
        body, content_type = json.dumps(payload), "application/json"
    page.route(
        re.compile(r".*/explain/api/jobs/\d+/explanation/(\?stream=1)?$"),
        lambda route: route.fulfill(status=200, content_type=content_type, body=body),
    )
    log_in(page, "demo", DEMO_PASSWORD, next_url=job.get_absolute_url())
    ask(page)
    expect(page.locator(".explain-notice")).to_have_text(f"{html} notice")
    expect(page.locator(".explain-point-text")).to_have_text([f"{html} point"] * 2)
    expect(page.locator(".explain-amounts")).to_have_text([f"{html} amounts"] * 2)
    expect(page.locator(".explain-profile-said")).to_have_text([f"{html} said"])
    expect(page.locator(".explain-written-by")).to_have_text(f"{html} written")
    # Both points are marked optional: the tag on each, the gap under its own heading.
    expect(page.locator(".explain-optional-tag")).to_have_text(["Optional in this job"] * 2)
    expect(page.locator(".explain-optional-heading")).to_have_text(
        "Listed as optional in this job, not shown in your profile"
    )
    # The gap's profile words stand in its line, not as a quote row.
    expect(page.locator(".explain-point q")).to_have_text(
        [f"{html} profile", f"{html} job", f"{html} job"]
    )
    page.locator(".explain-why summary").click()
    expect(page.locator(".explain-why li")).to_have_text([f"{html} line"])
    # The odd field name selects nothing: no highlight, and no error.
    page.locator(".explain-point").first.hover()
    page.locator(".explain-point").last.hover()
    expect(page.locator("mark")).to_have_count(0)
    assert_nothing_ran(page)


def test_a_gap_shows_the_profiles_own_words_beside_it(new_page, demo_data, use_model):
    """The profile names Kubernetes only to say it is missing: the requirement is "not yet",
    with those words in its line."""
    CandidateProfile.objects.filter(user__username="demo").update(
        skills="Java (Intermediate, 3 years), Docker, no Kubernetes yet"
    )
    job = Job.objects.create(
        title="Platform Engineer",
        company="Fjord Cloud",
        description="You run Kubernetes clusters in production. You write Java services.",
    )
    gap = {"term": "Kubernetes", "profileQuote": "", "jobQuote": "You run Kubernetes clusters"}
    use_model({"matches": [], "gaps": [gap]})
    page = new_page()
    log_in(page, "demo", DEMO_PASSWORD, next_url=job.get_absolute_url())
    ask(page)
    point = page.locator(".explain-gap")
    expect(point).to_have_count(1)
    expect(point).to_have_class(re.compile(r"\bexplain-state-not_yet\b"))
    expect(point.locator(".explain-state-tag")).to_have_text("Your profile says not yet")
    expect(point.locator(".explain-point-text")).to_have_text(
        re.compile(r"^Your profile says not yet: “[^”]*no Kubernetes yet[^”]*”$")
    )
    save_screenshot(page.locator("#explain-panel"), "panel-gap-profile-said")


def test_a_second_job_within_30_seconds_says_how_long_to_wait(
    new_page, demo_data, use_model, rate_clock
):
    early_in_the_window("demo", rate_clock, most_left=20)
    model = use_model(WITH_ANALYST_REQUIREMENT)
    page = new_page()
    first = worked_job()
    log_in(page, "demo", DEMO_PASSWORD, next_url=first.get_absolute_url())
    ask(page)
    expect(page.locator(".explain-notice")).to_be_visible()

    second = Job.objects.get(title="Data Analyst", company="Harbour Retail Group")
    page.goto(second.get_absolute_url())
    ask(page)
    error = page.locator(".explain-error")
    expect(error).to_have_text("You asked for explanations of a few jobs a moment ago.")
    expect(error).to_have_attribute("role", "alert")
    countdown = page.locator(".explain-countdown")
    expect(countdown).to_contain_text("You can ask again in")
    seconds = int(re.search(r"again in (\d+) seconds?", countdown.inner_text()).group(1))
    assert 1 <= seconds <= 31
    expect(page.locator("[data-explain-status]")).to_have_text("No explanation this time.")
    # Asking again before the window ends would only be refused: the button waits.
    expect(page.locator("[data-explain-button]")).to_be_disabled()
    assert len(model.prompts) == 1
    save_screenshot(page.locator("#explain-panel"), "panel-rate-limited", publish=True)


def test_an_account_past_its_daily_allowance_reads_why_without_a_countdown(
    new_page, demo_data, use_model, settings
):
    """The daily cap's own message, not the short window's "a moment ago", and no
    countdown of hundreds of minutes."""
    model = use_model(WORKED_DRAFT)
    settings.EXPLAIN_USER_DAILY_CALLS = 0
    settings.EXPLAIN_NEW_USER_DAILY_CALLS = 0
    page = new_page()
    log_in(page, "demo", DEMO_PASSWORD, next_url=worked_job().get_absolute_url())
    ask(page)
    error = page.locator(".explain-error")
    expect(error).to_have_text(str(wording.error_message(Outcome.ACCOUNT_DAILY_LIMIT)))
    expect(error).to_have_attribute("role", "alert")
    expect(page.locator(".explain-countdown")).to_have_count(0)
    assert "a moment ago" not in error.inner_text()
    assert model.prompts == []
    assert_nothing_ran(page)


def test_an_address_past_its_daily_allowance_reads_its_own_message(
    new_page, demo_data, use_model, settings
):
    """The address's message, not the account's: the account still has calls left."""
    from explain.controls.allowance import take_address_call
    from explain.controls.site import site_cache

    model = use_model(WORKED_DRAFT)
    settings.EXPLAIN_ADDRESS_DAILY_CALLS = 1
    assert take_address_call(site_cache(), "127.0.0.1", limit=1).allowed  # another account's
    page = new_page()
    log_in(page, "demo", DEMO_PASSWORD, next_url=worked_job().get_absolute_url())
    ask(page)
    error = page.locator(".explain-error-address_daily_limit")
    expect(error).to_have_text(str(wording.error_message(Outcome.ADDRESS_DAILY_LIMIT)))
    expect(error).to_have_attribute("role", "alert")
    expect(page.locator(".explain-countdown")).to_have_count(0)
    assert model.prompts == []
    assert_nothing_ran(page)


@pytest.mark.parametrize(
    ("setup", "expected"),
    [
        ("provider_down", "The explanation service is not responding right now."),
        ("no_requirements", "We found no requirement in this job's posting that we can quote"),
    ],
)
def test_each_error_has_its_own_message(new_page, demo_data, use_model, setup, expected):
    if setup == "provider_down":

        def down(prompt: Any) -> str:
            raise ConnectionError("provider unreachable")

        use_model(down)
    else:
        # Its one item names Kubernetes on words without it: the posting keeps none.
        use_model({"matches": [WORKED_DRAFT["matches"][1]], "gaps": []})
    page = new_page()
    log_in(page, "demo", DEMO_PASSWORD, next_url=worked_job().get_absolute_url())
    ask(page)
    expect(page.locator(".explain-error")).to_contain_text(expected)
    expect(page.locator(".explain-points")).to_have_count(0)


def test_without_javascript_the_server_renders_the_same_result(new_page, demo_data, use_model):
    use_model(WITH_INVENTED_CLAIM)
    page = new_page(javascript=False)
    job = worked_job()
    log_in(page, "demo", DEMO_PASSWORD, next_url=job.get_absolute_url())
    page.get_by_role("button", name="Why this job?").click()
    page.wait_for_load_state()
    assert page.url.endswith(f"/explain/jobs/{job.pk}/")
    expect(page.locator(".explain-notice")).to_have_text(
        "We removed 1 point the AI suggested: it did not pass our checks."
    )
    expect(page.locator(".explain-match q")).to_have_text(
        ["Java (Intermediate, 3 years)", "Build secure Java APIs"]
    )
    expect(page.locator(".explain-gap q")).to_have_text(["deploy services on AWS"])
    expect(page.locator(".explain-why li")).to_have_text(
        ["1 point: the quoted words are not in your profile."]
    )
    expect(page.locator("main")).not_to_contain_text(INVENTED_QUOTE)
    # The quoted words are marked in the posting as it was sent.
    expect(page.locator(".explain-sent mark.explain-highlight")).to_have_text(
        ["Build secure Java APIs", "deploy services on AWS"]
    )
    save_screenshot(page, "panel-no-javascript", publish=True)

    # The report form works without a script too.
    report = page.locator(".explain-match .explain-report")
    report.locator("summary").click()
    report.get_by_label("My profile does not say this").check()
    report.get_by_role("button", name="Send report").click()
    page.wait_for_load_state()
    expect(page.locator(".messages")).to_contain_text("Your report was saved")
    assert FeedbackReport.objects.get().reason == "not_in_profile"


def test_a_field_key_the_page_does_not_carry_is_a_console_warning(new_page, demo_data, use_model):
    job = Job.objects.create(
        title="Java Data Analyst",
        company="Quay Analytics",
        location="Utrecht",
        description="You will write SQL for dashboards every week.",
        requirements="Experience with Tableau or Power BI",
    )
    use_model(
        {
            "matches": [],
            "gaps": [
                {
                    "point": "Tableau is not shown in your profile.",
                    "term": "Tableau",
                    "profileQuote": "",
                    "jobQuote": "Experience with Tableau",
                },
            ],
        }
    )
    page = new_page()
    warnings: list[str] = []
    page.on("console", lambda msg: warnings.append(msg.text) if msg.type == "warning" else None)
    log_in(page, "demo", DEMO_PASSWORD, next_url=job.get_absolute_url())
    # A host template whose key differs from the adapter's ("reqs" for "requirements").
    page.evaluate(
        "document.querySelector('[data-explain-field=\"requirements\"]')"
        ".setAttribute('data-explain-field', 'reqs')"
    )
    ask(page)
    page.locator(".explain-gap").first.hover()
    expect(page.locator("mark.explain-highlight")).to_have_count(0)
    assert any('no [data-explain-field="requirements"]' in text for text in warnings), warnings


class _StreamingModel(FakeModel):
    """A fake model that streams its answer, so the panel draws points line by line."""

    def stream(self, prompt: Any, /) -> Any:
        from explain.llm.client import ChatResponse

        text = self(prompt)
        yield text
        yield ChatResponse(text=text, model="streaming-fake")


OTHER_FORMS_DRAFT = {
    "matches": [
        {
            "term": "Postgres",
            "profileQuote": "moved our reporting queries from spreadsheets to PostgreSQL",
            "jobQuote": "tune Postgres queries",
        }
    ],
    "gaps": [{"term": "Kafka", "profileQuote": "", "jobQuote": "Experience with Kafka"}],
}


@pytest.mark.parametrize("mode", ["json", "ndjson", "no-javascript"])
def test_each_quote_marks_the_term_in_its_own_words(new_page, demo_data, use_model, mode):
    """The profile writes PostgreSQL, the job Postgres: the sentence names the job's
    requirement and each quote marks its own side's words, in the script's panel (whole
    or streamed) and in the page the server renders."""
    answer = json.dumps(OTHER_FORMS_DRAFT)
    use_model(_StreamingModel(answer) if mode == "ndjson" else answer)
    job = Job.objects.create(
        title="Analytics Engineer",
        company="Quay Analytics",
        location="Utrecht",
        description="You will tune Postgres queries for our reporting team.",
        requirements="Experience with Kafka",
    )
    page = new_page(javascript=mode != "no-javascript")
    log_in(page, "sam", DEMO_PASSWORD, next_url=job.get_absolute_url())
    ask(page)
    if mode == "no-javascript":
        page.wait_for_load_state()
    match, gap = page.locator(".explain-match"), page.locator(".explain-gap")
    # A cold process builds the alias table on its first explanation: allow for it.
    expect(match.locator(".explain-point-text")).to_have_text(
        "“Postgres” is shown in your profile.", timeout=20_000
    )
    expect(match.locator("q")).to_have_text(
        ["moved our reporting queries from spreadsheets to PostgreSQL", "tune Postgres queries"]
    )
    expect(match.locator("q mark.explain-term")).to_have_text(["PostgreSQL", "Postgres"])
    expect(gap.locator("q mark.explain-term")).to_have_text(["Kafka"])
    assert page.probe.page_errors == [] and page.probe.console_errors == []
