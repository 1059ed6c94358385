"""The checklist in the admin: each log row's requirements per state, their totals on
the summary, posting readings counted with the viewers' rows and filtered apart, and
each posting's viewers' states on the page of posting readings."""

from __future__ import annotations

import html
import re
from datetime import timedelta

import pytest
from django.urls import reverse

from explain.models import ExplanationLog, PostingReading
from explain.outcomes import Outcome
from explain.reporting import rollup
from explain.reporting.selectors import States, checklists_by_job
from tests.explain.admin.test_pages import CHANGELIST, make_log, summary_section

pytestmark = pytest.mark.django_db

POSTING = "posting-2026-12-05.1"
STATES = {
    "requirements_total": 7,
    "requirements_optional": 2,
    "requirements_shown": 3,
    "requirements_not_found": 2,
    "requirements_not_yet": 1,
    "requirements_unchecked": 1,
}


@pytest.fixture
def logs() -> list[ExplanationLog]:
    """Two posting readings (one failed) and five viewers' rows on two jobs."""
    return [
        make_log(1, job_ref="5", prompt_version=POSTING, total_tokens=900, prompt_tokens=800),
        make_log(0, job_ref="6", prompt_version=POSTING, outcome=Outcome.TIMEOUT),
        make_log(1, job_ref="5", total_tokens=400, prompt_tokens=300, **STATES),
        make_log(0, job_ref="5", total_tokens=500, prompt_tokens=400, **STATES),
        make_log(0, job_ref="5", outcome=Outcome.RECALLED, **STATES),
        make_log(0, job_ref="5", outcome=Outcome.RATE_LIMITED),
        make_log(0, job_ref="6", requirements_total=2, requirements_not_found=2),
    ]


def test_a_log_row_shows_its_checklist_in_the_list_and_on_its_page(admin_client_, logs):
    listing = admin_client_.get(reverse(CHANGELIST)).content.decode()
    assert "7 requirements, 2 optional" in listing
    assert "3 shown · 2 not found · 1 not yet · 1 could not be checked" in listing
    page = admin_client_.get(reverse("admin:explain_explanationlog_change", args=[logs[2].pk]))
    text = page.content.decode()
    assert page.status_code == 200 and "Checklist" in text
    assert "requirements the profile says not yet" in text.lower()


def test_the_summary_adds_up_the_states_over_fresh_answers(admin_client_, logs):
    response = admin_client_.get(reverse(CHANGELIST))
    summary = response.context["explain_summary"]
    # Two fresh answers on job 5 and one on job 6; the remembered page view is not added.
    assert summary.states == States(shown=6, not_found=6, not_yet=2, unchecked=2)
    section = summary_section(response.content.decode())
    assert "Requirements in answers" in section and ">16<" in section
    assert "6 shown · 6 not found · 2 not yet · 2 could not be checked" in section


def test_posting_readings_count_with_the_viewers_and_filter_apart(admin_client_, logs, settings):
    settings.EXPLAIN_PRICES = {
        "gemini-2.5-flash": {"input": 1_000_000.0, "output": 0.0, "thinking": 0.0}
    }
    url = reverse(CHANGELIST)
    every = admin_client_.get(url)
    assert every.context["explain_summary"].model_calls == 5
    assert every.context["explain_summary"].total_tokens == 1800
    readings = admin_client_.get(url, {"step": "posting"})
    assert readings.context["cl"].result_count == 2
    assert readings.context["explain_summary"].model_calls == 2
    viewers = admin_client_.get(url, {"step": "viewer"})
    assert viewers.context["cl"].result_count == 5
    assert viewers.context["explain_summary"].model_calls == 3
    # Cost: 1 per prompt token; the readings' 800 tokens are in the whole list's cost.
    assert cost(every.context["explain_costs"]) == 1500.0  # 800 + 300 + 400
    assert cost(viewers.context["explain_costs"]) == 700.0


def cost(lines: list[str]) -> float:
    """The amounts of the summary's cost lines ("<day>: 12.00 for 2 priced calls")."""
    return sum(float(x.replace(",", "")) for x in re.findall(r": ([\d,.]+) for", " ".join(lines)))


def test_the_step_filter_reads_the_rollup_like_the_rows(admin_client_, logs):
    url = reverse(CHANGELIST)
    before = {
        step: admin_client_.get(url, {"step": step}).context["explain_summary"]
        for step in ("posting", "viewer")
    }
    assert rollup.roll_up() == 1
    # Yesterday's rows now read from the rollup alone: gone from the table, still counted.
    last = rollup.rolled_through()
    assert last is not None
    ExplanationLog.objects.filter(
        created_at__lt=rollup.day_start(last + timedelta(days=1))
    ).delete()
    for step, summary in before.items():
        assert admin_client_.get(url, {"step": step}).context["explain_summary"] == summary


def test_checklists_by_job_count_viewers_only():
    make_log(0, job_ref="9", prompt_version=POSTING)
    make_log(0, job_ref="9", **STATES)
    make_log(0, job_ref="9", outcome=Outcome.RECALLED, **STATES)
    make_log(0, job_ref="10", **STATES)
    found = checklists_by_job(["9", "11"])
    assert set(found) == {"9"}
    assert (found["9"].requests, found["9"].answers) == (1, 1)
    assert found["9"].states == States(3, 2, 1, 1)
    assert checklists_by_job([]) == {}


# ------------------------------------------------------------ the page of posting readings


def test_the_posting_page_shows_its_viewers_states(admin_client_, reading):
    ref = reading.job_ref
    make_log(0, job_ref=ref, **STATES)
    make_log(0, job_ref=ref, outcome=Outcome.RATE_LIMITED)
    make_log(0, job_ref="other", **STATES)
    listing = admin_client_.get(reverse("admin:explain_postingreading_changelist"))
    text = listing.content.decode()
    assert "2 requests</a>, 1 fresh answer" in text
    assert "3 shown · 2 not found · 1 not yet · 1 could not be checked" in text
    detail = admin_client_.get(reverse("admin:explain_postingreading_change", args=[reading.pk]))
    page = detail.content.decode()
    assert "2 requests</a>, 1 fresh answer" in page
    assert "Figma or Sketch" in page and "Dutch" in page and "fake-model" in page
    link = re.search(r'<a href="([^"]+)">2 requests</a>', page)
    assert link is not None
    rows = admin_client_.get(html.unescape(link.group(1)))
    # The viewers' two rows about this job: not its reading's row, not another job's.
    assert rows.status_code == 200 and rows.context["cl"].result_count == 2


def test_a_posting_nobody_asked_about_says_no_requests(admin_client_, reading):
    text = admin_client_.get(reverse("admin:explain_postingreading_changelist")).content
    assert "0 requests</a>" in text.decode()


def test_read_again_that_fails_keeps_the_reading_and_says_so(admin_client_, reading, use_model):
    def down(prompt: object) -> str:
        raise ConnectionError("the provider is down")

    use_model(down)
    response = admin_client_.post(
        reverse("admin:explain_postingreading_changelist"),
        {"action": "read_again", "_selected_action": [reading.pk]},
        follow=True,
    )
    text = response.content.decode()
    assert response.status_code == 200
    assert "0 postings read again." in text and "Not read (try again later)" in text
    kept = PostingReading.objects.get()
    assert kept.pk == reading.pk and kept.read_at == reading.read_at


@pytest.mark.parametrize("query", [{}, {"cached": "1"}, {"step": "viewer"}])
def test_with_readings_in_the_log_each_count_still_equals_its_list(admin_client_, logs, query):
    """A reading that removed items, and one that kept nothing: model calls with the
    viewers', never a request, an answer or a removed point; each linked count opens a
    list of exactly that many rows."""
    make_log(0, job_ref="5", prompt_version=POSTING, dropped=3, drop_reasons={"model_offered": 3})
    make_log(0, job_ref="7", prompt_version=POSTING, outcome=Outcome.NOTHING_VERIFIED)
    response = admin_client_.get(reverse(CHANGELIST), query)
    summary = response.context["explain_summary"]
    if "step" not in query:
        assert (summary.requests, summary.checked, summary.with_drop) == (4, 3, 0)
        assert summary.model_calls == 7 and summary.nothing_verified == 0
    links = [
        (url, text)
        for url, text in re.findall(
            r'<a href="([^"]+)">([\d,]+)</a>', summary_section(response.content.decode())
        )
    ]
    assert len(links) >= 8
    for url, text in links:
        rows = admin_client_.get(html.unescape(url))
        assert rows.context["cl"].result_count == int(text.replace(",", "")), (url, text)
