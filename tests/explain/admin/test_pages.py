"""The admin view of explanation logs and user reports: read-only, filtered, summarised."""

from __future__ import annotations

import re
from datetime import timedelta
from html.parser import HTMLParser
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from explain.models import ExplanationDay, ExplanationLog, FeedbackReport, RollupState
from explain.outcomes import Outcome
from explain.reporting import rollup

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
    # Fresh answers: ok x3 and nothing verified; two lost a point. The cached one is not
    # counted again.
    assert "50%" in section and re.search(r">2</a> of <a [^>]*>4</a> fresh answers", section)
    assert "33%" in section and "900\u00a0ms / 30.0\u00a0s" in section
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
    assert summary.checked == 3
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


def test_list_filters_are_offered(admin_client_, rows):
    html = admin_client_.get(reverse(CHANGELIST)).content.decode()
    for text in ("By outcome", "By model", "By prompt version", "By created at"):
        assert text in html
    # No date hierarchy: its DISTINCT over every row's month costs more than the whole
    # page's budget at a million rows; the date filter and the chart's days replace it.
    assert "date-hierarchy" not in html
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


def test_reports_cannot_be_added_by_hand(admin_client_, rows):
    assert admin_client_.get(reverse("admin:explain_feedbackreport_add")).status_code == 403


# ------------------------------------------------------------------ finding rows

SUMMARY = "admin:explain_explanationlog_summary"


def test_search_by_job_title_username_and_email(admin_client_, rows):
    dana = get_user_model().objects.create_user(
        "dana", email="dana@example.org", password="pw-123456!"
    )
    make_log(0, job_ref="12", job_title="Senior Java Engineer", user=dana)
    make_log(0, job_ref="13", job_title="JavaScript Developer")
    url = reverse(CHANGELIST)
    assert admin_client_.get(url, {"q": "java"}).context["cl"].result_count == 2
    assert admin_client_.get(url, {"q": "senior"}).context["cl"].result_count == 1
    assert admin_client_.get(url, {"q": "dana"}).context["cl"].result_count == 1
    assert admin_client_.get(url, {"q": "dana@example.org"}).context["cl"].result_count == 1
    assert admin_client_.get(url, {"q": "13"}).context["cl"].result_count == 1


def test_rows_link_to_the_job_page_through_the_configured_url(admin_client_, settings):
    make_log(0, job_ref="12", job_title="Senior <Java> Engineer")
    html = admin_client_.get(reverse(CHANGELIST)).content.decode()
    assert f'<a href="{reverse("job-detail", args=[12])}" title="#12">' in html
    assert "Senior &lt;Java&gt; Engineer" in html  # escaped, never markup
    settings.EXPLAIN_JOB_URL_NAME = None
    html = admin_client_.get(reverse(CHANGELIST)).content.decode()
    assert reverse("job-detail", args=[12]) not in html
    assert "Senior &lt;Java&gt; Engineer" in html


# ------------------------------------------------------------------ summary page


def test_summary_page_compares_versions_and_totals_reasons(admin_client_, rows):
    make_log(
        0,
        outcome=Outcome.OK,
        dropped=2,
        drop_reasons={"job_quote_not_found": 2},
    )
    response = admin_client_.get(reverse(SUMMARY))
    assert response.status_code == 200
    html = response.content.decode()
    versions = {(v.model, v.version): v for v in response.context["versions"]}
    assert set(versions) == {
        ("gemini-2.5-flash", "2026-11-01"),
        ("fake-model", "2026-11-01"),
    }
    assert "Model and prompt version side by side" in html
    assert "<svg" in html and 'class="explain-chart-day"' in html
    reasons = response.context["drop_reasons"]
    assert [(r.code, r.count, r.share) for r in reasons] == [("job_quote_not_found", "2", "100%")]
    assert "job quote not found in the posting text sent" in html
    # A row from when code reworded model sentences still reads; rewording is no figure.
    assert "reword_reasons" not in response.context
    assert "point_judges" not in html and "Reworded" not in html


def test_old_rows_with_retired_reason_codes_still_show_them_in_words(admin_client_, rows):
    make_log(
        0, outcome=Outcome.OK, dropped=3, drop_reasons={"point_missing": 2, "point_has_link": 1}
    )
    html = admin_client_.get(reverse(SUMMARY)).content.decode()
    assert "<code>point_missing</code></th><td>the point was empty (a retired check)</td>" in html
    assert "<code>point_has_link</code>" in html
    collector = _Collector()
    collector.feed(html[html.index('id="content-main"') :])
    assert collector.styled == [] and collector.inline_scripts == 0


def test_summary_counts_fresh_answers_unless_cache_hits_are_asked_for(admin_client_, rows):
    fresh = admin_client_.get(reverse(SUMMARY))
    flash = {v.model: v for v in fresh.context["versions"]}["gemini-2.5-flash"]
    assert flash.answers == "3"  # ok x2 + nothing verified; the cached one is left out
    assert f'href="{reverse(SUMMARY)}?cached=1"' in fresh.content.decode()
    cached = admin_client_.get(reverse(SUMMARY), {"cached": "1"})
    flash = {v.model: v for v in cached.context["versions"]}["gemini-2.5-flash"]
    assert flash.answers == "4"
    assert cached.context["include_cached"] is True


def test_the_summary_follows_the_list_filters_and_each_day_opens_its_rows(admin_client_, rows):
    response = admin_client_.get(reverse(SUMMARY), {"model_name": "fake-model"})
    assert [v.model for v in response.context["versions"]] == ["fake-model"]
    chart = response.context["chart"]
    today = timezone.localdate()
    link = chart.bars[-1].href
    assert link.startswith(reverse(CHANGELIST) + "?")
    assert "model_name=fake-model" in link
    assert f"created_at__gte={today.isoformat()}+00%3A00%3A00" in link
    listing = admin_client_.get(link)
    assert listing.status_code == 200
    assert listing.context["cl"].result_count == 1


def test_bad_filters_on_the_summary_page_do_not_crash(admin_client_, rows):
    response = admin_client_.get(reverse(SUMMARY), {"nonsense__field": "1"})
    assert response.status_code == 302


# ------------------------------------------------------------------ export action


def test_export_action_streams_every_selected_row(admin_client_, rows):
    response = admin_client_.post(
        reverse(CHANGELIST) + "?outcome__exact=ok",
        # "Select all 3": the page's boxes are ticked and select_across is set.
        {
            "action": "export_csv",
            "select_across": "1",
            "index": "0",
            "_selected_action": [rows[0].pk],
        },
    )
    assert response.status_code == 200
    assert response.streaming
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    lines = b"".join(response.streaming_content).decode().splitlines()
    assert lines[0].startswith("id,created_at,user,job_ref,job_title,outcome")
    assert len(lines) == 1 + 3


# ------------------------------------------------------------------ triage


@pytest.fixture
def report(rows) -> FeedbackReport:
    return FeedbackReport.objects.create(
        log=rows[0],
        kind="match",
        point="Your Java experience fits.",
        profile_quote="Java (Intermediate, 3 years)",
        job_quote="Build secure Java APIs",
        reason=FeedbackReport.Reason.MISLEADING,
    )


def _triage(client: Any, report: FeedbackReport, **data: str) -> Any:
    url = reverse("admin:explain_feedbackreport_change", args=[report.pk])
    return client.post(url, {"status": "new", "reviewer_note": "", **data})


def test_a_reviewer_confirms_a_report_with_a_label_and_a_note(admin_client_, report):
    response = _triage(
        admin_client_,
        report,
        status="confirmed",
        reviewer_note="Quote is real, point overreaches.",
        expected="drop",
        expected_reason="job_quote_not_found",
    )
    assert response.status_code == 302
    report.refresh_from_db()
    assert report.status == "confirmed" and report.expected == "drop"
    assert report.expected_reason == "job_quote_not_found"
    assert report.reviewer_note == "Quote is real, point overreaches."
    assert report.reviewed_at is not None
    # What the user reported is evidence: the form does not change it.
    assert report.point == "Your Java experience fits." and report.reason == "misleading"


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"status": "confirmed"}, "expected"),
        ({"expected": "drop"}, "expected_reason"),
        ({"expected": "keep", "expected_reason": "duplicate"}, "expected_reason"),
        ({"expected": "drop", "expected_reason": "made_up"}, "expected_reason"),
    ],
)
def test_a_label_must_be_complete(admin_client_, report, data, field):
    response = _triage(admin_client_, report, **data)
    assert response.status_code == 200
    assert field in response.context["adminform"].form.errors
    report.refresh_from_db()
    assert report.status == "new" and report.expected == ""


def test_reports_filter_by_status_and_reason_and_cannot_be_deleted(admin_client_, report):
    url = reverse("admin:explain_feedbackreport_changelist")
    html = admin_client_.get(url).content.decode()
    assert "By status" in html and "By reason" in html
    assert admin_client_.get(url, {"status__exact": "new"}).context["cl"].result_count == 1
    assert admin_client_.get(url, {"status__exact": "dismissed"}).context["cl"].result_count == 0
    assert admin_client_.get(url, {"reason__exact": "misleading"}).context["cl"].result_count == 1
    assert "delete_selected" not in html
    delete = reverse("admin:explain_feedbackreport_delete", args=[report.pk])
    assert admin_client_.post(delete, {"post": "yes"}).status_code == 403
    admin_client_.post(
        url, {"action": "mark_dismissed", "_selected_action": [report.pk], "index": "0"}
    )
    report.refresh_from_db()
    assert report.status == "dismissed"


def test_needs_review_lists_reported_answers_newest_first(admin_client_, rows, report):
    later = make_log(0, outcome=Outcome.OK)
    FeedbackReport.objects.create(
        log=later, kind="gap", point="AWS is not shown.", job_quote="AWS", reason="other"
    )
    response = admin_client_.get(reverse("admin:explain_logneedingreview_changelist"))
    assert response.status_code == 200
    listed = list(response.context["cl"].result_list)
    assert [row.pk for row in listed] == [later.pk, report.log_id]
    assert [row.open_count for row in listed] == [1, 1]
    flagged = make_log(0, outcome=Outcome.OK, job_instructions=2)
    response = admin_client_.get(reverse("admin:explain_logneedingreview_changelist"))
    assert flagged.pk in [row.pk for row in response.context["cl"].result_list]


# ------------------------------------------------------------------ alert banner


def test_the_admin_index_shows_the_drop_rate_alert(admin_client_, settings):
    settings.EXPLAIN_ALERT_DROP_RATE = 0.5
    settings.EXPLAIN_ALERT_WINDOW = 10
    for dropped in [1] * 6 + [0] * 4:
        make_log(0, outcome=Outcome.OK, dropped=dropped)
    html = admin_client_.get(reverse("admin:index")).content.decode()
    assert "60% of the last 10 fresh answers lost a point" in html
    assert "above the alert threshold of 50%" in html
    settings.EXPLAIN_ALERT_DROP_RATE = 0.6
    html = admin_client_.get(reverse("admin:index")).content.decode()
    assert "explain-alert" not in html


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


def test_the_comparison_prices_versions_only_when_prices_are_set(admin_client_, rows, settings):
    html = admin_client_.get(reverse(SUMMARY)).content.decode()
    assert "Estimated cost" not in html
    settings.EXPLAIN_PRICES = {
        "gemini-2.5-flash": {"input": 100.0, "output": 400.0, "thinking": 400.0}
    }
    response = admin_client_.get(reverse(SUMMARY))
    costs = {v.model: v.cost for v in response.context["versions"]}
    # gemini-2.5-flash: 900 + 1000 + 700 prompt and 100 + 200 + 100 output tokens:
    # (2600 x 100 + 400 x 400) / 1,000,000 = 0.42.
    assert costs == {"gemini-2.5-flash": "0.4200", "fake-model": "no price"}
    assert "Estimated cost" in response.content.decode()


def test_a_log_row_gives_its_reasons_in_words_and_its_postings_flag(admin_client_, rows):
    row = make_log(
        drop_reasons={"quote_spans_fields": 1},
        job_instructions=2,
        dropped=1,
    )
    FeedbackReport.objects.create(
        log=row, kind="match", point="You know <b>Go</b>.", job_quote="Go", reason="other"
    )
    html = admin_client_.get(
        reverse("admin:explain_explanationlog_change", args=[row.pk])
    ).content.decode()
    assert "(quote_spans_fields): 1" in html and "a quote ran across two fields" in html
    flagged = reverse("admin:explain_explanationlog_addressed_to_ai")
    assert f'<a href="{flagged}">2 sentences addressed to an AI</a>' in html
    # The reports inline: every column headed, the point escaped, a link to its triage.
    report = row.reports.get()
    assert reverse("admin:explain_feedbackreport_change", args=[report.pk]) in html
    assert "You know &lt;b&gt;Go&lt;/b&gt;." in html
    assert '<th class="original"></th>' not in html
    queue = admin_client_.get(reverse("admin:explain_logneedingreview_changelist")).content
    assert "2 sentences addressed to an AI" in queue.decode()


# ------------------------------------------------------------------ the rollup is read only


WRITES = ("INSERT", "UPDATE", "DELETE")


def _writes(queries: CaptureQueriesContext) -> list[str]:
    return [
        q["sql"] for q in queries.captured_queries if q["sql"].lstrip().upper().startswith(WRITES)
    ]


@pytest.mark.parametrize("page", [CHANGELIST, "admin:explain_explanationlog_summary"])
def test_admin_pages_never_write_the_rollup_and_say_it_never_ran(admin_client_, rows, page):
    with CaptureQueriesContext(connection) as queries:
        html = admin_client_.get(reverse(page)).content.decode()
    assert _writes(queries) == []
    assert not ExplanationDay.objects.exists() and not RollupState.objects.exists()
    assert "The daily rollup has not run yet" in html


@pytest.mark.parametrize("page", [CHANGELIST, "admin:explain_explanationlog_summary"])
def test_admin_pages_say_how_far_behind_the_rollup_is(admin_client_, rows, page):
    rollup.roll_up(now=timezone.now() - timedelta(days=2))
    last = rollup.rolled_through()
    assert last is not None
    html = admin_client_.get(reverse(page)).content.decode()
    assert f"The daily rollup reaches {last:%Y-%m-%d}, 2 closed days behind" in html
    rollup.roll_up()
    html = admin_client_.get(reverse(page)).content.decode()
    assert "behind" not in html
    assert f"Closed days are added up through {rollup.rolled_through():%Y-%m-%d}" in html


def test_importing_the_admin_sets_nothing_on_the_site():
    """The banner comes from the app's admin/index.html, not from a site attribute set at
    import, so a host's own index_template or AdminSite stays its own."""
    from django.contrib import admin

    import explain.admin.pages  # noqa: F401 (imported for its registrations)

    assert admin.site.index_template is None


def test_page_views_are_counted_apart_from_requests(admin_client_, rows):
    before = admin_client_.get(reverse(CHANGELIST)).context["explain_summary"]
    make_log(0, outcome=Outcome.RECALLED, dropped=1)
    response = admin_client_.get(reverse(CHANGELIST))
    summary = response.context["explain_summary"]
    assert (summary.requests, summary.page_views) == (before.requests, 1)
    assert summary.checked == before.checked  # a page view is no answer, even with drops
    html = response.content.decode()
    assert re.search(r">1</a> page views showed a remembered answer again", html)
    # Where the eye lands: the list has more rows than the requests figure, and why.
    rows_in_list = response.context["cl"].result_count
    assert rows_in_list == summary.requests + 1
    assert f"The list below has {rows_in_list} rows: these requests and" in html


def test_report_reasons_show_in_words_with_the_code_beside_them(admin_client_, report):
    words = "The quote does not support the point (misleading)"
    listing = admin_client_.get(reverse("admin:explain_feedbackreport_changelist"))
    html = listing.content.decode()
    assert html.count(words) >= 2  # the column and the filter
    assert "I do have this (have_it)" in html  # every reason is offered in the filter
    detail = admin_client_.get(reverse("admin:explain_feedbackreport_change", args=[report.pk]))
    assert words in detail.content.decode()
    inline = admin_client_.get(reverse("admin:explain_explanationlog_change", args=[report.log_id]))
    assert words in inline.content.decode()
