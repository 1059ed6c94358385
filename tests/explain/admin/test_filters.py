"""Every count on the summary links to the list of the rows it counts, and that list
holds exactly that many rows: the cards, the reasons table, with and without cache hits,
and inside a filtered selection."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.urls import reverse

from explain.models import ExplanationLog
from explain.outcomes import Outcome
from tests.explain.admin.test_pages import CHANGELIST, make_log, summary_section

pytestmark = pytest.mark.django_db

SUMMARY = "admin:explain_explanationlog_summary"
# A link whose text is a count: <a href="...">12</a> (a share like 57% links too).
COUNT_LINK = re.compile(r'<a href="([^"]+)">([\d,]+%?)</a>')


@pytest.fixture
def logs() -> list[ExplanationLog]:
    """Every kind of row the cards count, answers that lost points for several reasons,
    and page views."""
    return [
        make_log(2, dropped=1, total_tokens=1000, prompt_tokens=900, output_tokens=100),
        make_log(2, dropped=0, total_tokens=1200, prompt_tokens=1000, output_tokens=200),
        make_log(2, outcome=Outcome.RATE_LIMITED),
        make_log(1, outcome=Outcome.CACHED, dropped=2),
        make_log(1, outcome=Outcome.NOTHING_VERIFIED, dropped=3, total_tokens=800),
        make_log(1, outcome=Outcome.PROVIDER_ERROR),
        make_log(0, outcome=Outcome.TIMEOUT),
        make_log(0, model_name="fake-model", total_tokens=1000),
        make_log(0, outcome=Outcome.DISABLED),
        make_log(0, dropped=2, drop_reasons={"profile_quote_not_found": 2}),
        make_log(0, dropped=3, drop_reasons={"profile_quote_not_found": 1, "duplicate": 2}),
        make_log(1, dropped=1, drop_reasons={"job_offer": 1}, outcome=Outcome.NOTHING_VERIFIED),
        make_log(0, outcome=Outcome.CACHED, dropped=1, drop_reasons={"duplicate": 1}),
        make_log(0, outcome=Outcome.RECALLED, dropped=1, drop_reasons={"duplicate": 1}),
        make_log(0, outcome=Outcome.RECALLED),
    ]


def listed(client: Any, url: str) -> int:
    response = client.get(html.unescape(url))
    assert response.status_code == 200, url
    return int(response.context["cl"].result_count)


def count_links(page: str) -> list[tuple[str, str]]:
    return [(url, text) for url, text in COUNT_LINK.findall(page) if not text.endswith("%")]


@pytest.mark.parametrize("query", [{}, {"cached": "1"}, {"model_name__exact": "fake-model"}])
def test_each_count_on_the_cards_equals_the_list_it_links_to(admin_client_, logs, query):
    section = summary_section(admin_client_.get(reverse(CHANGELIST), query).content.decode())
    links = count_links(section)
    assert len(links) >= 8
    for url, text in links:
        assert listed(admin_client_, url) == int(text.replace(",", "")), (url, text)


def test_a_share_links_to_the_rows_of_its_numerator(admin_client_, logs):
    response = admin_client_.get(reverse(CHANGELIST))
    summary = response.context["explain_summary"]
    cards = {c.label: c for c in response.context["explain_cards"]}
    assert listed(admin_client_, cards["Answers with a removed point"].url) == summary.with_drop
    assert listed(admin_client_, cards["Error rate"].url) == summary.errors
    assert listed(admin_client_, cards["Requests"].url) == summary.requests
    # The list itself has the page views too; the card says so where the figure is.
    assert response.context["cl"].result_count == summary.requests + summary.page_views
    assert f"The list below has {summary.requests + summary.page_views} rows" in (
        summary_section(response.content.decode())
    )


@pytest.mark.parametrize("query", [{}, {"cached": "1"}])
def test_each_reason_links_to_the_answers_that_lost_a_point_for_it(admin_client_, logs, query):
    response = admin_client_.get(reverse(SUMMARY), query)
    reasons = {row.code: row for row in response.context["drop_reasons"]}
    fresh = {"profile_quote_not_found": "2", "duplicate": "1", "job_offer": "1"}
    expected = fresh if not query else {**fresh, "duplicate": "2"}
    assert {code: row.answers for code, row in reasons.items()}.items() >= expected.items()
    for row in reasons.values():
        assert listed(admin_client_, row.url) == int(row.answers), row.code
    page = response.content.decode()
    table = page[page.index('class="explain-reasons"') :]
    assert "profile quote not found in the profile text sent" in table
    assert "your profile" not in table


def test_the_list_filters_by_removal_reason_and_by_a_removed_point(admin_client_, logs):
    page = admin_client_.get(reverse(CHANGELIST)).content.decode()
    assert "By removal reason" in page and "By has a removed point" in page
    removed = listed(admin_client_, reverse(CHANGELIST) + "?removed=yes")
    assert removed == ExplanationLog.objects.filter(dropped__gt=0).count()
    kept_all = listed(admin_client_, reverse(CHANGELIST) + "?removed=no")
    assert removed + kept_all == ExplanationLog.objects.count()
    by_reason = listed(admin_client_, reverse(CHANGELIST) + "?removal_reason=duplicate")
    assert by_reason == 3  # one fresh answer, one cached, one page view
    # The kept points are labelled, matches and gaps apart.
    assert "0 matches<br>0 gaps" in page


@pytest.mark.parametrize("query", [{}, {"cached": "1"}])
def test_each_versions_requests_and_answers_link_to_exactly_those_rows(admin_client_, logs, query):
    make_log(0, model_name="", prompt_version="", outcome=Outcome.CACHED)
    versions = admin_client_.get(reverse(SUMMARY), query).context["versions"]
    assert len(versions) == 3
    for row in versions:
        assert listed(admin_client_, row.requests_url) == int(row.requests), row.model
        assert listed(admin_client_, row.answers_url) == int(row.answers), row.model
