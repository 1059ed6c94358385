"""The checklist in a real browser: the stream's first line draws every requirement at
once, each state line fills its item in, the result line adds the report controls; the
job quote is highlighted on hover; "Add to my profile" offers a choice of names; the
page without JavaScript shows the same list. The server's answer is routed in, built by
the real checks from the demo posting and profile (the service's wiring is not under
test here)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from explain.core.checklist import ViewerAnswer, build_checklist
from explain.core.posting import PostingAnswer, read_posting
from explain.core.verify import Checker
from explain.outcomes import Outcome
from explain.services.explanations import Explanation, texts_for
from explain.web.ndjson import requirements_line
from explain.web.payload import explanation_payload, requirement_payload
from jobportal.demo_data import DEMO_PASSWORD
from jobportal.models import Job
from tests.browser.helpers import log_in, save_screenshot

pytestmark = pytest.mark.browser

TITLE = "Backend Developer (Python/Django)"
ITEMS = (
    ("3+ years building web backends in Python", "Python", "required"),
    ("Experience with Django or a similar framework", "Django", "required"),
    ("Good knowledge of PostgreSQL and SQL query tuning", "PostgreSQL", "required"),
    ("Comfortable writing automated tests", "automated tests", "required"),
    ("Experience with health data or GDPR is a plus", "GDPR", "required"),
)
EVIDENCE = {1: "Python (Advanced, 5 years)", 3: "SQL (PostgreSQL, BigQuery)"}


# A posting of the test's own: a choice of names, a soft phrase, an optional name.
OWN_REQUIREMENTS = (
    "CIMA, ACCA or ACA qualified\nStrong Python and SQL\nExperience leading a team\nGDPR is a plus"
)
OWN_ITEMS = (
    ("CIMA, ACCA or ACA qualified", "CIMA", "required"),
    ("Strong Python and SQL", "Python", "required"),
    ("Experience leading a team", "leading a team", "required"),
    ("GDPR is a plus", "GDPR", "required"),
)


def _own_job() -> Job:
    return Job.objects.create(
        title="Finance Data Analyst",
        company="Fieldwise",
        location="Leeds",
        remote="hybrid",
        description="We build tools for farms.",
        requirements=OWN_REQUIREMENTS,
        published=True,
    )


def _answer(
    job: Job,
    items: tuple[tuple[str, str, str], ...] = ITEMS,
    evidence: dict[int, str] = EVIDENCE,
) -> tuple[Explanation, Any]:
    user = get_user_model().objects.get(username="sam")
    profile, posting = texts_for(user=user, job_id=str(job.pk))
    answer = PostingAnswer.model_validate(
        {"requirements": [{"jobQuote": q, "term": t, "reading": r} for q, t, r in items]}
    )
    reading = read_posting(answer, posting)
    viewer = ViewerAnswer.model_validate(
        {
            "requirements": [
                {"id": n, "profileQuote": q, "profileReading": "has"} for n, q in evidence.items()
            ]
        }
    )
    checker = Checker(
        profile.text, posting.text, profile_fields=profile.spans, job_fields=posting.spans
    )
    checklist = build_checklist(reading, viewer, checker)
    explanation = Explanation(
        Outcome.OK,
        str(job.pk),
        verification=checklist.verification,
        checklist=checklist,
        profile=profile,
        job=posting,
        log_id=None,
        reading=reading,
    )
    return explanation, reading


def _lines(*objects: dict[str, Any]) -> str:
    return "".join(json.dumps(o, ensure_ascii=False) + "\n" for o in objects)


def _no_model(prompt: Any) -> str:
    raise AssertionError("the answer is routed in: no model call")


def _open(new_page: Any, body: str, settings: Any, job: Job) -> Any:
    settings.EXPLAIN_CHAT_MODEL = _no_model
    page = new_page(width=1440, height=900)
    log_in(page, "sam", DEMO_PASSWORD, next_url=job.get_absolute_url())
    page.route(
        "**/api/jobs/*/explanation/**",
        lambda route: route.fulfill(
            status=200, body=body, headers={"Content-Type": "application/x-ndjson"}
        ),
    )
    page.get_by_role("button", name="Why this job?").click()
    return page


# The page's fetch of the explanation answered from a stream the test holds open: the
# lines given are delivered at once, and the stream ends only when the test says so
# (window.__endStream()). Test code in the page, before its own scripts run.
_HELD_STREAM = """
(() => {
  const body = %s;
  const realFetch = window.fetch.bind(window);
  window.fetch = (url, options) => {
    if (!String(url).includes("/explanation/")) { return realFetch(url, options); }
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(body));
        window.__endStream = () => controller.close();
      }
    });
    return Promise.resolve(new Response(stream, {
      status: 200, headers: { "Content-Type": "application/x-ndjson" }
    }));
  };
})();
"""


def _open_held(new_page: Any, body: str, settings: Any, job: Job) -> Any:
    settings.EXPLAIN_CHAT_MODEL = _no_model
    page = new_page(width=1440, height=900)
    page.add_init_script(_HELD_STREAM % json.dumps(body))
    log_in(page, "sam", DEMO_PASSWORD, next_url=job.get_absolute_url())
    page.get_by_role("button", name="Why this job?").click()
    return page


def test_the_list_is_drawn_from_the_first_line_and_each_state_fills_in(
    new_page, demo_data, settings
):
    job = Job.objects.get(title=TITLE)
    explanation, reading = _answer(job)
    python = explanation.checklist.items[0]
    # The stream is held open after one state: the rest stay pending, the list stays drawn.
    body = _lines(
        requirements_line(explanation, reading.requirements),
        {"event": "requirement", **requirement_payload(explanation, python)},
    )
    page = _open_held(new_page, body, settings, job)
    panel = page.locator("#explain-panel")
    items = panel.locator(".explain-requirement")
    expect(items).to_have_count(5)
    expect(panel.locator(".explain-summary")).to_have_text(
        "This job lists 5 requirements, 1 of them optional."
    )
    expect(panel.locator('.explain-requirement[data-requirement-id="1"]')).to_have_class(
        "explain-point explain-requirement explain-state-shown explain-match"
    )
    expect(panel.locator(".explain-state-pending")).to_have_count(4)
    expect(panel.locator('[data-requirement-id="1"] .explain-point-text')).to_have_text(
        "“Python” is shown in your profile."
    )
    expect(panel.locator('[data-requirement-id="2"] .explain-point-text')).to_have_text(
        "“Django” is being checked…"
    )
    # The stream ends without its result line: the answer broke. The state checked stays;
    # the requirements still pending go (their check will never come), and it says so.
    page.evaluate("window.__endStream()")
    expect(panel.locator(".explain-error")).to_have_attribute("role", "alert")
    expect(panel.locator(".explain-state-pending")).to_have_count(0)
    expect(items).to_have_count(1)
    expect(panel.locator('[data-requirement-id="1"] .explain-point-text')).to_have_text(
        "“Python” is shown in your profile."
    )
    assert page.probe.page_errors == []


def test_the_whole_answer_shows_states_choices_reports_and_highlights(
    new_page, demo_data, settings
):
    job = _own_job()
    explanation, reading = _answer(job, OWN_ITEMS, {2: "Python (Advanced, 5 years)"})
    payload = explanation_payload(explanation)
    payload["log_id"] = 1  # a report control needs the log row the answer was logged under
    body = _lines(
        requirements_line(explanation, reading.requirements),
        *(
            {"event": "requirement", **requirement_payload(explanation, item)}
            for item in explanation.checklist.items
        ),
        {"event": "result", **payload},
    )
    page = _open(new_page, body, settings, job)
    panel = page.locator("#explain-panel")
    expect(panel.locator(".explain-summary")).to_have_text(payload["summary"])
    assert [item["state"] for item in payload["requirements"]] == [
        "not_found",
        "shown",
        "not_found",
        "not_found",
    ]
    expect(panel.locator(".explain-requirement")).to_have_count(4)
    expect(panel.locator(".explain-state-pending")).to_have_count(0)
    expect(panel.locator(".explain-state-shown")).to_have_count(1)
    # Optional ones apart, under their own heading.
    optional = panel.locator(".explain-optional-points .explain-requirement")
    expect(optional).to_have_attribute("data-requirement-id", "4")
    expect(panel.locator(".explain-report")).to_have_count(4)
    # Hover: the job quote is marked in the posting, as for a point.
    panel.locator('.explain-requirement[data-requirement-id="2"]').hover()
    expect(page.locator("[data-explain-posting] mark.explain-highlight")).to_have_text(
        "Strong Python and SQL"
    )
    save_screenshot(page, "page-checklist-1440")
    # One link for one name, nothing for a soft phrase, a choice of names for several.
    expect(panel.locator('[data-requirement-id="4"] a.explain-add')).to_have_attribute(
        "href", f"/profile/?add=GDPR&next=%2Fjobs%2F{job.pk}%2F"
    )
    expect(panel.locator('[data-requirement-id="3"] .explain-add')).to_have_count(0)
    expect(panel.locator('[data-requirement-id="2"] .explain-add')).to_have_count(0)
    cima = panel.locator('.explain-requirement[data-requirement-id="1"]')
    expect(cima.locator("input[name=add]")).to_have_count(3)
    assert page.probe.page_errors == [] and page.probe.console_errors == []
    cima.get_by_label("ACCA").check()
    cima.get_by_role("button", name="Add to my profile").click()
    page.wait_for_url("**/profile/**")
    assert "add=ACCA" in page.url
