"""The admin view of explanation logs and user reports: read-only, filtered, summarised."""

from __future__ import annotations

import re
from datetime import timedelta
from html.parser import HTMLParser
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from explain.admin import (
    _nice_ceiling,
    daily_chart,
    daily_counts,
    log_summary,
    summary_cards,
)
from explain.models import ExplanationLog, FeedbackReport
from explain.outcomes import Outcome

pytestmark = pytest.mark.django_db

CHANGELIST = "admin:explain_explanationlog_changelist"


def make_log(days_ago: int = 0, **fields: Any) -> ExplanationLog:
    defaults: dict[str, Any] = {
        "job_ref": "1",
        "outcome": Outcome.OK,
        "model_name": "gemini-2.5-flash",
        "prompt_version": "2026-11-01",
        "latency_ms": 1000,
    }
    row = ExplanationLog.objects.create(**{**defaults, **fields})
    # created_at is auto_now_add: move it afterwards.
    when = timezone.now() - timedelta(days=days_ago)
    ExplanationLog.objects.filter(pk=row.pk).update(created_at=when)
    row.refresh_from_db()
    return row


@pytest.fixture
def rows() -> list[ExplanationLog]:
    """Ten requests over three days, with every kind of outcome the summary counts."""
    return [
        make_log(
            2,
            outcome=Outcome.OK,
            dropped=1,
            latency_ms=800,
            total_tokens=1000,
            prompt_tokens=900,
            output_tokens=100,
            job_ref="7",
        ),
        make_log(
            2,
            outcome=Outcome.OK,
            dropped=0,
            latency_ms=1200,
            total_tokens=1200,
            prompt_tokens=1000,
            output_tokens=200,
        ),
        make_log(2, outcome=Outcome.RATE_LIMITED, latency_ms=3),
        make_log(1, outcome=Outcome.CACHED, dropped=2, latency_ms=5),
        make_log(
            1,
            outcome=Outcome.NOTHING_VERIFIED,
            dropped=3,
            latency_ms=2000,
            total_tokens=800,
            prompt_tokens=700,
            output_tokens=100,
        ),
        make_log(1, outcome=Outcome.PROVIDER_ERROR, latency_ms=400),
        make_log(0, outcome=Outcome.TIMEOUT, latency_ms=30000, job_ref="7"),
        make_log(
            0,
            outcome=Outcome.OK,
            dropped=0,
            latency_ms=900,
            total_tokens=1000,
            prompt_tokens=800,
            output_tokens=200,
            model_name="fake-model",
        ),
        make_log(0, outcome=Outcome.DISABLED, latency_ms=1),
        make_log(0, outcome=Outcome.NO_PROFILE, latency_ms=2),
    ]


@pytest.fixture
def admin_client_(client: Any) -> Any:
    admin = get_user_model().objects.create_superuser("boss", "boss@example.com", "pw-123456!")
    client.force_login(admin)
    return client


# ------------------------------------------------------------------ the figures


def test_summary_figures(rows):
    summary = log_summary(ExplanationLog.objects.all())
    assert summary.requests == 10
    # Checked answers: ok x3, cached, nothing verified.
    assert summary.checked == 5
    assert summary.with_drop == 3
    assert summary.drop_share == pytest.approx(3 / 5)
    assert summary.dropped == 6
    assert summary.mean_dropped == pytest.approx(6 / 5)
    # Model calls: ok x3, nothing verified, provider error, timeout.
    assert summary.model_calls == 6
    assert summary.errors == 2
    assert summary.error_rate == pytest.approx(2 / 6)
    assert (summary.rate_limited, summary.cached, summary.nothing_verified) == (1, 1, 1)
    # Latency over model calls only: 400 800 900 1200 2000 30000 (nearest rank).
    assert summary.latency_p50 == 900
    assert summary.latency_p95 == 30000
    assert (summary.total_tokens, summary.prompt_tokens, summary.output_tokens) == (
        4000,
        3400,
        600,
    )
    assert summary.tokens_per_call == pytest.approx(4000 / 6)


def test_summary_cards_read_plainly(rows):
    cards = {c.label: c for c in summary_cards(log_summary(ExplanationLog.objects.all()))}
    assert cards["Requests"].value == "10"
    assert cards["Answers with a removed point"].value == "60%"
    assert cards["Answers with a removed point"].detail.startswith("3 of 5 checked answers")
    assert cards["Removed per answer"].value == "1.20"
    assert cards["Error rate"].value == "33%"
    assert cards["Latency p50 / p95"].value == "900 ms / 30.0 s"
    assert cards["Tokens"].value == "4,000"
    assert cards["Tokens"].detail.startswith("667 per model call")


def test_an_empty_selection_divides_by_nothing():
    summary = log_summary(ExplanationLog.objects.none())
    assert summary.requests == 0
    assert summary.drop_share is None and summary.error_rate is None
    assert summary.latency_p50 is None and summary.total_tokens is None
    assert {c.value for c in summary_cards(summary)} <= {"0", "—", "— / —"}
    assert daily_chart(daily_counts(ExplanationLog.objects.none())) is None


def test_daily_counts_fill_the_days_without_rows(rows):
    make_log(5, outcome=Outcome.OK, dropped=1)
    days = daily_counts(ExplanationLog.objects.all())
    assert len(days) == 6
    assert [d.requests for d in days] == [1, 0, 0, 3, 3, 4]
    assert days[0].drop_rate == 1.0
    assert days[1].drop_rate is None
    assert days[3].checked == 2 and days[3].with_drop == 1
    assert days[4].drop_rate == pytest.approx(2 / 2)


def test_the_chart_keeps_the_last_days_only(rows):
    make_log(90)
    days = daily_counts(ExplanationLog.objects.all(), days=30)
    # 30 days ending today: the row from 90 days ago is left out of the picture.
    assert len(days) == 30
    assert days[-1].day == timezone.localdate()
    assert sum(d.requests for d in days) == 10
    days = daily_counts(ExplanationLog.objects.all(), days=100)
    assert len(days) == 91
    assert sum(d.requests for d in days) == 11


def test_chart_geometry(rows):
    chart = daily_chart(daily_counts(ExplanationLog.objects.all()))
    assert chart is not None
    assert len(chart.bars) == 3
    base = chart.height - chart.bottom
    tallest = max(chart.bars, key=lambda b: b.height)
    # 4 requests on a nice axis of 5: the bar is 4/5 of the plot height.
    assert tallest.height == pytest.approx((base - chart.top) * 4 / 5, abs=0.2)
    assert all(b.y + b.height == pytest.approx(base, abs=0.2) for b in chart.bars)
    # One unbroken drop-rate line over three days, each dot within the plot.
    assert len(chart.lines) == 1 and len(chart.dots) == 3
    assert all(chart.top <= d.y <= base for d in chart.dots)
    assert "10 requests" in chart.description


@pytest.mark.parametrize(
    ("value", "ceiling"), [(0, 1), (1, 1), (2, 2), (3, 5), (7, 10), (11, 20), (40, 50), (101, 200)]
)
def test_nice_axis_maximum(value, ceiling):
    assert _nice_ceiling(value) == ceiling


# ------------------------------------------------------------------ the page


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.styled: list[str] = []
        self.inline_scripts = 0
        self._in_script_without_src = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = dict(attrs)
        if "style" in names:
            self.styled.append(tag)
        if tag == "script" and "src" not in names:
            self.inline_scripts += 1


def summary_section(html: str) -> str:
    match = re.search(r'<section class="explain-summary".*?</section>', html, re.S)
    assert match, "no summary on the page"
    return match.group(0)


def test_changelist_shows_rows_summary_and_chart(admin_client_, rows):
    response = admin_client_.get(reverse(CHANGELIST))
    assert response.status_code == 200
    html = response.content.decode()
    section = summary_section(html)
    assert "Summary of all requests" in section
    assert response.context["explain_summary"].requests == 10
    assert "60%" in section and "33%" in section and "900 ms / 30.0 s" in section
    assert "<svg" in section and section.count("<rect") >= 3
    assert "10 requests from" in section  # the chart's description for screen readers
    assert "/static/explain/admin.css" in html
    assert html.count('class="field-outcome"') == 10
    # The chart obeys the CSP: no inline style attributes, no script in it.
    collector = _Collector()
    collector.feed(section)
    assert collector.styled == [] and collector.inline_scripts == 0


def test_the_summary_follows_the_filters(admin_client_, rows):
    url = reverse(CHANGELIST)
    response = admin_client_.get(url, {"outcome__exact": "ok"})
    summary = response.context["explain_summary"]
    assert summary.requests == 3 and summary.errors == 0 and summary.with_drop == 1
    assert "Summary of the selected requests" in summary_section(response.content.decode())

    response = admin_client_.get(url, {"model_name": "fake-model"})
    assert response.context["explain_summary"].requests == 1

    # Search by job id, exactly.
    response = admin_client_.get(url, {"q": "7"})
    assert response.context["explain_summary"].requests == 2
    assert response.context["cl"].result_count == 2

    # The date drill-down of the date hierarchy.
    today = timezone.localdate()
    response = admin_client_.get(
        url,
        {
            "created_at__year": today.year,
            "created_at__month": today.month,
            "created_at__day": today.day,
        },
    )
    assert response.context["explain_summary"].requests == 4


def test_the_summary_covers_every_page_not_just_the_first(admin_client_, rows):
    for _ in range(120):
        make_log(0, outcome=Outcome.RATE_LIMITED)
    response = admin_client_.get(reverse(CHANGELIST))
    assert response.context["explain_summary"].requests == 130
    assert len(response.context["cl"].result_list) == 100


def test_an_empty_selection_says_so(admin_client_):
    response = admin_client_.get(reverse(CHANGELIST))
    assert "No requests match these filters." in response.content.decode()
    assert "explain-chart" not in response.content.decode()


def test_logs_are_read_only(admin_client_, rows):
    row = rows[0]
    assert admin_client_.get(reverse("admin:explain_explanationlog_add")).status_code == 403
    change = reverse("admin:explain_explanationlog_change", args=[row.pk])
    page = admin_client_.get(change)
    assert page.status_code == 200
    assert 'name="_save"' not in page.content.decode()
    before = ExplanationLog.objects.get(pk=row.pk).outcome
    admin_client_.post(change, {"outcome": "timeout"})
    assert ExplanationLog.objects.get(pk=row.pk).outcome == before
    delete = reverse("admin:explain_explanationlog_delete", args=[row.pk])
    assert admin_client_.post(delete, {"post": "yes"}).status_code == 403
    assert ExplanationLog.objects.filter(pk=row.pk).exists()


def test_list_filters_and_hierarchy_are_offered(admin_client_, rows):
    html = admin_client_.get(reverse(CHANGELIST)).content.decode()
    for text in ("By outcome", "By model name", "By prompt version", "By created at"):
        assert text in html
    assert 'class="xfull"' in html or "date-hierarchy" in html or "toplinks" in html
    assert 'id="searchbar"' in html


def test_staff_only(client, rows):
    response = client.get(reverse(CHANGELIST))
    assert response.status_code == 302
    assert "/admin/login/" in response["Location"]


# ------------------------------------------------------------------ reports


def test_reports_link_to_their_log_rows_and_back(admin_client_, rows):
    user = get_user_model().objects.create_user("dana", password="pw-123456!")
    log = rows[0]
    report = FeedbackReport.objects.create(
        log=log,
        user=user,
        kind="match",
        point="Your Java experience fits.",
        profile_quote="Java (Intermediate, 3 years)",
        job_quote="Build secure Java APIs",
        reason=FeedbackReport.Reason.MISLEADING,
    )
    log_url = reverse("admin:explain_explanationlog_change", args=[log.pk])

    reports = admin_client_.get(reverse("admin:explain_feedbackreport_changelist"))
    assert reports.status_code == 200
    assert f'href="{log_url}"' in reports.content.decode()

    detail = admin_client_.get(reverse("admin:explain_feedbackreport_change", args=[report.pk]))
    assert detail.status_code == 200
    assert f'href="{log_url}"' in detail.content.decode()

    # The log list counts the reports and links to them; the log page lists them inline.
    listing = admin_client_.get(reverse(CHANGELIST)).content.decode()
    filtered = reverse("admin:explain_feedbackreport_changelist") + f"?log__id__exact={log.pk}"
    assert f'href="{filtered}"' in listing
    only = admin_client_.get(filtered)
    assert only.context["cl"].result_count == 1
    log_page = admin_client_.get(log_url).content.decode()
    assert "Your Java experience fits." in log_page
    assert "The quote does not support the point" in log_page


def test_reports_are_read_only(admin_client_, rows):
    assert admin_client_.get(reverse("admin:explain_feedbackreport_add")).status_code == 403


def test_reports_cannot_be_deleted(admin_client_, rows):
    """A report is evidence, like its log row: no delete page, no bulk delete action."""
    user = get_user_model().objects.create_user("dana", password="pw-123456!")
    report = FeedbackReport.objects.create(
        log=rows[0], user=user, kind="gap", point="p", job_quote="q", reason="not_in_job"
    )
    delete = reverse("admin:explain_feedbackreport_delete", args=[report.pk])
    assert admin_client_.get(delete).status_code == 403
    assert admin_client_.post(delete, {"post": "yes"}).status_code == 403
    listing = admin_client_.get(reverse("admin:explain_feedbackreport_changelist"))
    assert listing.status_code == 200
    assert "delete_selected" not in listing.content.decode()
    bulk = admin_client_.post(
        reverse("admin:explain_feedbackreport_changelist"),
        {"action": "delete_selected", "_selected_action": [report.pk], "post": "yes"},
    )
    assert bulk.status_code in (200, 302)
    assert FeedbackReport.objects.filter(pk=report.pk).exists()
