"""Admins review what the explainer did: logs, versions compared, reasons, user reports.

Only ModelAdmins and their views live here: selectors.py counts, admin_figures.py
formats, admin_charts.py draws, export.py writes CSV. Logs and reports are evidence:
nobody adds, edits or deletes them (a reviewer only triages a report).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta
from functools import cached_property, wraps
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.options import IncorrectLookupParameters
from django.contrib.admin.views.main import ChangeList
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import Count, Q, QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, StreamingHttpResponse
from django.template.response import TemplateResponse
from django.urls import NoReverseMatch, path, reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from explain.admin.addressed_to_ai import (
    AddressedToAIFilter,
    addressed_job_view,
    addressed_jobs_view,
    mark_flag_view,
)
from explain.admin.charts import daily_chart
from explain.admin.figures import (
    checklist_counts,
    ms,
    reason_rows,
    reason_wording,
    reasons_in_words,
    summary_cards,
    version_rows,
)
from explain.admin.filters import (
    CountedAsFilter,
    RemovalReasonFilter,
    RemovedPointFilter,
    StepFilter,
)
from explain.conf import app_settings
from explain.core.verify import DropReason
from explain.models import (
    REQUIREMENT_STATE_FIELDS,
    ExplanationLog,
    FeedbackReport,
    FlagMark,
    LogNeedingReview,
)
from explain.reporting import rollup, selectors
from explain.reporting.costs import cost_lines, daily_costs
from explain.reporting.export import csv_filename, stream_csv
from explain.reporting.selectors import Cells

# The "include cache hits" toggle: read by these views, never passed to the ChangeList.
CACHED_PARAM = "cached"


def _take_cached_toggle(request: HttpRequest) -> bool:
    """Remove the toggle from the query (the ChangeList rejects unknown ones); its value."""
    if CACHED_PARAM not in request.GET:
        return False
    query = request.GET.copy()
    value = query.pop(CACHED_PARAM)[-1]
    request.GET = query  # type: ignore[assignment]
    return value == "1"


def _count_reports(rows: Any) -> None:
    """Report counts for the rows on this page only: one small query, not a join over
    every row the filters select (the summary aggregates those)."""
    rows = list(rows)
    counts = dict(
        FeedbackReport.objects.filter(log__in=rows)
        .order_by()
        .values_list("log_id")
        .annotate(n=Count("id"))
    )
    for row in rows:
        row.report_count = counts.get(row.pk, 0)


class EvidenceAdmin(admin.ModelAdmin):
    """Logs and reports are evidence: nobody adds or deletes them by hand."""

    class Media:
        # Every page of these models: the lists' column widths, the quiet text.
        css = {"all": ("explain/admin.css",)}

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class RolledValuesFilter(admin.AllValuesFieldListFilter):
    """A field's values read from the daily rollup and today's rows, not a DISTINCT over
    every log row."""

    def __init__(self, field: Any, request: HttpRequest, *args: Any, **kwargs: Any) -> None:
        super().__init__(field, request, *args, **kwargs)
        self.lookup_choices = rollup.field_values(  # type: ignore[assignment]
            self.field_path, _rolled_through(request)
        )


class KnownCountPaginator(Paginator):
    """A paginator told the row count (added up from the rollup) instead of counting."""

    def __init__(self, *args: Any, known_count: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.known_count = known_count

    @cached_property
    def count(self) -> int:
        return self.known_count


def _rolled_through(request: HttpRequest) -> date | None:
    """How far the rollup reaches, read once per request: the admin never writes it
    (`manage.py explain_rollup` does, on the schedule in docs/admin.md)."""
    if not hasattr(request, "explain_rolled_through"):
        request.explain_rolled_through = rollup.rolled_through()  # type: ignore[attr-defined]
    return request.explain_rolled_through  # type: ignore[attr-defined]


def _rolled_cells(request: HttpRequest) -> Cells | None:
    """The selection's figures from the rollup, or None when it cannot answer the filter
    (a search, another field, part of a day)."""
    scope = rollup.scope_from({key: request.GET[key] for key in request.GET})
    if scope is None:
        return None
    return rollup.scope_cells(scope, _rolled_through(request))


def report_reason_in_words(obj: FeedbackReport) -> str:
    """A report's reason as a reviewer reads it: the user's words, the stored code beside
    them (what the filter, the export and the evaluation set use), as drop reasons are."""
    return f"{obj.get_reason_display()} ({obj.reason})"


class ReportReasonFilter(admin.SimpleListFilter):
    """The reason filter in words with the code beside each, like the list's column."""

    title = _("reason")
    parameter_name = "reason__exact"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [(value, f"{label} ({value})") for value, label in FeedbackReport.Reason.choices]

    def queryset(
        self, request: HttpRequest, queryset: QuerySet[FeedbackReport]
    ) -> QuerySet[FeedbackReport]:
        value = self.value()
        return queryset.filter(reason=value) if value else queryset


class FeedbackReportInline(admin.TabularInline):
    """The reports on a log, read-only, each linked to its triage page."""

    model = FeedbackReport
    template = "admin/explain/reports_inline.html"
    extra = 0
    can_delete = False
    fields = (
        "created_at",
        "status",
        "reason_shown",
        "times_reported",
        "kind",
        "point",
        "job_quote",
    )
    readonly_fields = fields

    @admin.display(description=_("reason"))
    def reason_shown(self, obj: FeedbackReport) -> str:
        """The reason in words, its code beside it."""
        return report_reason_in_words(obj)

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(ExplanationLog)
class ExplanationLogAdmin(EvidenceAdmin):
    list_display: tuple[str, ...] = (
        "when",
        "user",
        "job",
        "outcome",
        "kept",
        "checklist",
        "dropped",
        "version",
        "latency",
        "tokens",
        "report_link",
    )
    list_display_links = ("when",)
    list_filter = (
        "outcome",
        StepFilter,
        CountedAsFilter,
        RemovedPointFilter,
        RemovalReasonFilter,
        AddressedToAIFilter,
        ("model_name", RolledValuesFilter),
        ("prompt_version", RolledValuesFilter),
        "created_at",
    )
    # The list's count comes from the figures when the rollup answers the filter; the
    # count of all rows again (Django's "N total") would cost a scan of the table.
    show_full_result_count = False
    search_fields = ("job_title", "=job_ref")  # and the user's login fields, below

    def get_search_fields(self, request: HttpRequest) -> tuple[str, ...]:
        """The user's login and e-mail fields as the host's user model names them (an
        e-mail-login model has no username)."""
        user_model = get_user_model()
        names = {f.name for f in user_model._meta.get_fields()}
        wanted = (user_model.USERNAME_FIELD, user_model.get_email_field_name())
        user_fields = [f"user__{name}" for name in dict.fromkeys(wanted) if name in names]
        return ("job_title", *user_fields, "=job_ref")

    search_help_text = _("Find requests by job title, job id, username or e-mail address.")
    list_select_related = ("user",)
    inlines = (FeedbackReportInline,)
    actions: tuple[str, ...] = ("export_csv",)
    readonly_fields = ("job", "removed_because", "posting_flags")
    fieldsets = (
        (None, {"fields": ("created_at", "user", "job", "outcome")}),
        (
            _("Checklist"),
            {
                "fields": (
                    ("requirements_total", "requirements_optional"),
                    *REQUIREMENT_STATE_FIELDS,
                )
            },
        ),
        (
            _("Verification"),
            {
                "fields": (
                    "kept_matches",
                    "kept_gaps",
                    "dropped",
                    "unchecked",
                    "removed_because",
                    "posting_flags",
                )
            },
        ),
        (
            _("Texts sent"),
            {
                "fields": (
                    ("profile_words_sent", "profile_words_total"),
                    ("job_words_sent", "job_words_total"),
                    ("profile_hidden", "job_hidden"),
                )
            },
        ),
        (
            _("Model"),
            {
                "fields": (
                    "model_name",
                    "prompt_version",
                    "latency_ms",
                    "prompt_tokens",
                    "output_tokens",
                    "thoughts_tokens",
                    "total_tokens",
                )
            },
        ),
    )

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.display(description=_("job"), ordering="job_title")
    def job(self, obj: ExplanationLog) -> str:
        title = obj.job_title or f"#{obj.job_ref}"
        name = app_settings.JOB_URL_NAME
        if not name:
            return title
        try:
            url = reverse(name, args=[obj.job_ref])
        except NoReverseMatch:
            return title
        return format_html('<a href="{}" title="{}">{}</a>', url, f"#{obj.job_ref}", title)

    @admin.display(description=_("why points were removed"))
    def removed_because(self, obj: ExplanationLog) -> str:
        return _lines(reasons_in_words(obj.drop_reasons or {}))

    @admin.display(description=_("posting"), ordering="job_instructions")
    def posting_flags(self, obj: ExplanationLog) -> str:
        """The posting's sentences addressed to an AI, counted (no text is stored), linked
        to the page of such postings."""
        if not obj.job_instructions:
            return "–"
        words = ngettext(
            "%(count)d sentence addressed to an AI",
            "%(count)d sentences addressed to an AI",
            obj.job_instructions,
        ) % {"count": obj.job_instructions}
        url = reverse("admin:explain_explanationlog_addressed_to_ai")
        return format_html('<a href="{}">{}</a>', url, words)

    @admin.display(description=_("when"), ordering="created_at")
    def when(self, obj: ExplanationLog) -> str:
        moment = timezone.localtime(obj.created_at)
        return format_html("{}<br>{}", f"{moment:%Y-%m-%d}", f"{moment:%H:%M}")

    @admin.display(description=_("model · prompt"), ordering="model_name")
    def version(self, obj: ExplanationLog) -> str:
        return format_html(
            '{}<br><span class="explain-quiet">{}</span>',
            obj.model_name or "—",
            obj.prompt_version or "—",
        )

    @admin.display(description=_("latency"), ordering="latency_ms")
    def latency(self, obj: ExplanationLog) -> str:
        return ms(obj.latency_ms)

    @admin.display(description=_("tokens"), ordering="total_tokens")
    def tokens(self, obj: ExplanationLog) -> str:
        return "–" if obj.total_tokens is None else f"{obj.total_tokens:,}"

    @admin.display(description=_("kept points"))
    def kept(self, obj: ExplanationLog) -> str:
        matches = ngettext("%(count)d match", "%(count)d matches", obj.kept_matches) % {
            "count": obj.kept_matches
        }
        gaps = ngettext("%(count)d gap", "%(count)d gaps", obj.kept_gaps) % {"count": obj.kept_gaps}
        return format_html("{}<br>{}", matches, gaps)

    @admin.display(description=_("checklist"), ordering="requirements_total")
    def checklist(self, obj: ExplanationLog) -> str:
        """The requirements of the posting and the state each ended in, as counts."""
        return checklist_counts(obj)

    @admin.display(description=_("reports"))
    def report_link(self, obj: ExplanationLog) -> str:
        count = getattr(obj, "report_count", 0)
        if not count:
            return "–"
        url = reverse("admin:explain_feedbackreport_changelist") + f"?log__id__exact={obj.pk}"
        return format_html('<a href="{}">{}</a>', url, count)

    @admin.action(description=_("Export the selected rows as CSV"), permissions=["view"])
    def export_csv(self, request: HttpRequest, queryset: QuerySet[ExplanationLog]) -> Any:
        # "Select all N" hands over the filtered queryset itself, never a list of ids.
        response = StreamingHttpResponse(
            stream_csv(queryset.order_by()), content_type="text/csv; charset=utf-8"
        )
        response["Content-Disposition"] = f'attachment; filename="{csv_filename()}"'
        return response

    def _viewing(self, view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        """A page of this log for staff with its view permission only (403 otherwise):
        being staff must not show anyone the figures or who asked about which job."""

        @wraps(view)
        def guarded(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if not self.has_view_permission(request):
                raise PermissionDenied
            return view(request, *args, **kwargs)

        return self.admin_site.admin_view(guarded)

    def get_urls(self) -> list[Any]:
        view = self._viewing(self.summary_view)
        addressed = self._viewing(lambda r: addressed_jobs_view(self, r))
        one_job = self._viewing(lambda r, job_ref: addressed_job_view(self, r, job_ref))
        mark = self._viewing(lambda r, job_ref: mark_flag_view(self, r, job_ref))
        return [
            path("summary/", view, name="explain_explanationlog_summary"),
            path("addressed-to-ai/", addressed, name="explain_explanationlog_addressed_to_ai"),
            path(
                "addressed-to-ai/<str:job_ref>/",
                one_job,
                name="explain_explanationlog_addressed_to_ai_job",
            ),
            path(
                "addressed-to-ai/<str:job_ref>/mark/",
                mark,
                name="explain_explanationlog_addressed_to_ai_mark",
            ),
            *super().get_urls(),
        ]

    def get_paginator(
        self, request: HttpRequest, queryset: Any, per_page: int, *args: Any, **kwargs: Any
    ) -> Paginator:
        known = getattr(request, "explain_known_count", None)
        if known is None:
            return super().get_paginator(request, queryset, per_page, *args, **kwargs)
        return KnownCountPaginator(queryset, per_page, *args, known_count=known, **kwargs)

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        include_cached = _take_cached_toggle(request)
        cells = _rolled_cells(request)
        if cells is not None:
            request.explain_known_count = sum(c.requests for c in cells.cells)  # type: ignore[attr-defined]
        response = super().changelist_view(request, extra_context)
        context = getattr(response, "context_data", None)
        if context and "cl" in context:
            # The rows the filters, the date drill-down and the search select: all pages.
            cl = context["cl"]
            _count_reports(cl.result_list)
            if cells is None:
                cells = selectors.log_cells(cl.queryset)
            summary = selectors.summary_from(cells, include_cached=include_cached)
            context["explain_summary"] = summary
            context["explain_cards"] = summary_cards(
                summary, include_cached=include_cached, link=self._list_link(cl)
            )
            context["explain_costs"] = cost_lines(
                daily_costs(
                    selectors.usage_from(cells),
                    app_settings.PRICES,
                )
            )
            context["explain_summary_url"] = self._summary_url(cl, include_cached)
            context["explain_include_cached"] = include_cached
            context["explain_rollup"] = rollup.status(_rolled_through(request))
            context["explain_unlogged"] = selectors.unlogged_by_day()
            context["explain_unlogged_limit"] = app_settings.LOG_ROWS_PER_MINUTE
            context["explain_toggle_url"] = cl.get_query_string(
                {CACHED_PARAM: None if include_cached else "1"}
            )
        return response

    @staticmethod
    def _list_link(cl: ChangeList) -> Callable[[dict[str, str]], str]:
        """The change list with these filters added to the page's own: the rows behind
        one figure (the cache toggle is the summary's, never the list's)."""
        changelist = reverse("admin:explain_explanationlog_changelist")

        def link(params: dict[str, str]) -> str:
            return changelist + cl.get_query_string(dict(params), remove=["p", CACHED_PARAM])

        return link

    def _summary_url(self, cl: ChangeList, include_cached: bool) -> str:
        query = cl.get_query_string({CACHED_PARAM: "1" if include_cached else None})
        return reverse("admin:explain_explanationlog_summary") + query

    def summary_view(self, request: HttpRequest) -> HttpResponse:
        """Versions compared, the chart and the reasons, for the change list's selection."""
        include_cached = _take_cached_toggle(request)
        cells = _rolled_cells(request)
        if cells is not None:
            request.explain_known_count = sum(c.requests for c in cells.cells)  # type: ignore[attr-defined]
        try:
            cl = self.get_changelist_instance(request)
        except IncorrectLookupParameters:
            return HttpResponseRedirect(reverse("admin:explain_explanationlog_summary") + "?e=1")
        changelist = reverse("admin:explain_explanationlog_changelist")

        def day_link(day: date) -> str:
            return changelist + cl.get_query_string(
                {
                    "created_at__gte": str(rollup.day_start(day)),
                    "created_at__lt": str(rollup.day_start(day + timedelta(days=1))),
                },
                remove=["created_at__year", "created_at__month", "created_at__day", "p"],
            )

        if cells is None:
            cells = selectors.log_cells(cl.get_queryset(request))
        prices = app_settings.PRICES
        daily = selectors.daily_from(cells, include_cached=include_cached)
        drops = selectors.reasons_from(cells, include_cached=include_cached)
        summary_url = reverse("admin:explain_explanationlog_summary")
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": _("Explanation summary"),
            "cl": cl,
            "include_cached": include_cached,
            "toggle_url": summary_url
            + cl.get_query_string({CACHED_PARAM: None if include_cached else "1"}),
            "list_url": changelist + cl.get_query_string(),
            "versions": version_rows(
                selectors.comparison_from(cells, include_cached=include_cached),
                prices,
                self._list_link(cl),
                include_cached=include_cached,
            ),
            "priced": bool(prices),
            "chart": daily_chart(daily.days, daily.series, day_link),
            "drop_reasons": reason_rows(
                drops,
                selectors.answers_by_reason(cl.queryset, include_cached=include_cached),
                self._list_link(cl),
                include_cached=include_cached,
            ),
            "chart_days": selectors.CHART_DAYS,
            "explain_rollup": rollup.status(_rolled_through(request)),
            "rolling_days": selectors.ROLLING_DAYS,
        }
        return TemplateResponse(request, "admin/explain/explanationlog/summary_page.html", context)


def _lines(lines: list[str]) -> str:
    """Lines of text for a read-only field, each escaped; a dash for none."""
    if not lines:
        return "–"
    return format_html_join("", '<span class="explain-line">{}</span>', ((line,) for line in lines))


def _drop_reason_choices() -> list[tuple[str, str]]:
    """Each verifier reason in words, its code beside it (the code is what is stored and
    exported); a callable, so the words follow the reviewer's language per request."""
    return [("", "—")] + [
        (r.value, f"{reason_wording(r.value) or r.value} ({r.value})") for r in DropReason
    ]


class TriageForm(forms.ModelForm):
    """A reviewer's decision: status, note, and the label the evaluation set keeps."""

    expected_reason = forms.ChoiceField(
        label=_("Drop reason"),
        required=False,
        choices=_drop_reason_choices,
        help_text=_("For a drop: the check the verifier should have failed it on."),
    )

    class Meta:
        model = FeedbackReport
        fields = ("status", "reviewer_note", "expected", "expected_reason")

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        expected, reason = data.get("expected"), data.get("expected_reason")
        if expected == FeedbackReport.Expected.DROP and not reason:
            self.add_error("expected_reason", _("A drop needs the reason it should fail on."))
        if expected != FeedbackReport.Expected.DROP and reason:
            self.add_error("expected_reason", _("Only a drop has a reason."))
        if data.get("status") == FeedbackReport.Status.CONFIRMED and not expected:
            self.add_error("expected", _("Label a confirmed report: keep or drop."))
        return data


@admin.register(FeedbackReport)
class FeedbackReportAdmin(EvidenceAdmin):
    form = TriageForm
    list_display = (
        "created_at",
        "status",
        "reason_shown",
        "times_reported",
        "kind",
        "point",
        "log_link",
        "user",
    )
    list_filter = ("status", ReportReasonFilter, "kind", "expected", "created_at")
    search_fields = ("point", "job_quote", "profile_quote", "note", "reviewer_note")
    list_select_related = ("log", "user")
    date_hierarchy = "created_at"
    actions = ("mark_dismissed", "mark_new")
    readonly_fields = (
        "created_at",
        "user",
        "log_link",
        "reason_shown",
        "note",
        "times_reported",
        "kind",
        "point",
        "profile_quote",
        "job_quote",
        "reviewed_at",
    )
    fieldsets = (
        (
            None,
            {
                "fields": (
                    "created_at",
                    "user",
                    "log_link",
                    "reason_shown",
                    "note",
                    "times_reported",
                    "kind",
                    "point",
                    "profile_quote",
                    "job_quote",
                )
            },
        ),
        (
            _("Triage"),
            {
                "fields": ("status", "reviewer_note", "expected", "expected_reason", "reviewed_at"),
                "description": _(
                    "Confirmed reports become labelled cases for the evaluation set "
                    "(manage.py explain_eval --from-feedback), with your label."
                ),
            },
        ),
    )

    def save_model(
        self, request: HttpRequest, obj: FeedbackReport, form: Any, change: bool
    ) -> None:
        if form.changed_data:
            obj.reviewed_at = timezone.now()
        super().save_model(request, obj, form, change)

    def _set_status(
        self, request: HttpRequest, queryset: QuerySet[FeedbackReport], status: str
    ) -> None:
        count = queryset.update(status=status, reviewed_at=timezone.now())
        self.message_user(
            request,
            ngettext("%(count)d report updated.", "%(count)d reports updated.", count)
            % {"count": count},
            messages.SUCCESS,
        )

    @admin.action(description=_("Dismiss the selected reports"))
    def mark_dismissed(self, request: HttpRequest, queryset: QuerySet[FeedbackReport]) -> None:
        self._set_status(request, queryset, FeedbackReport.Status.DISMISSED)

    @admin.action(description=_("Put the selected reports back to new"))
    def mark_new(self, request: HttpRequest, queryset: QuerySet[FeedbackReport]) -> None:
        self._set_status(request, queryset, FeedbackReport.Status.NEW)

    @admin.display(description=_("reason"), ordering="reason")
    def reason_shown(self, obj: FeedbackReport) -> str:
        """The reason in words, its code beside it."""
        return report_reason_in_words(obj)

    @admin.display(description=_("explanation log"), ordering="log")
    def log_link(self, obj: FeedbackReport) -> str:
        """The answer reported: its job, linked, and when, on two short lines."""
        log = obj.log
        url = reverse("admin:explain_explanationlog_change", args=[obj.log_id])
        moment = timezone.localtime(log.created_at)
        return format_html(
            '{}<br><span class="explain-quiet">{}</span>',
            format_html('<a href="{}">{}</a>', url, log.job_title or f"#{log.job_ref}"),
            f"{moment:%Y-%m-%d %H:%M}",
        )


@admin.register(LogNeedingReview)
class LogNeedingReviewAdmin(ExplanationLogAdmin):
    """Answers users reported (and flagged postings), newest first: a reviewer's queue."""

    list_display: tuple[str, ...] = (
        "when",
        "user",
        "job",
        "outcome",
        "kept",
        "dropped",
        "version",
        "posting_flags",
        "open_reports",
        "report_link",
    )
    actions: tuple[str, ...] = ()

    def get_urls(self) -> list[Any]:
        return super(ExplanationLogAdmin, self).get_urls()

    def get_queryset(self, request: HttpRequest) -> QuerySet[ExplanationLog]:
        rows = selectors.needing_review(super().get_queryset(request))
        return rows.annotate(
            report_count=Count("reports"),
            open_count=Count("reports", filter=Q(reports__status=FeedbackReport.Status.NEW)),
        )

    @admin.display(description=_("new reports"), ordering="open_count")
    def open_reports(self, obj: ExplanationLog) -> int:
        return int(getattr(obj, "open_count", 0))

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        return super(ExplanationLogAdmin, self).changelist_view(request, extra_context)


@admin.register(FlagMark)
class FlagMarkAdmin(admin.ModelAdmin):
    """Flags marked wrong on the addressed-to-AI pages: read, or deleted to undo a mark.
    Marks are made on those pages only, from the posting's own sentences."""

    list_display = ("created_at", "job_ref", "language", "kind", "how", "marked_by", "sentence")
    list_filter = ("language", "kind")
    search_fields = ("=job_ref",)
    readonly_fields = ("created_at", "job_ref", "sentence", "language", "kind", "how", "marked_by")
    exclude = ("fingerprint",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
