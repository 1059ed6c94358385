"""The admin's page of posting readings: each posting's requirement list, read-only.

When it was read, with which prompt and model, how many requirements (optional apart),
the lines of the requirements field no requirement covers, the viewers' requests about
the posting with the state each requirement ended in (counted from the log rows of its
job), and an action to read the selected postings again (explain.services.postings).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from explain.admin.figures import states_in_words
from explain.admin.filters import STEP
from explain.models import PostingReading
from explain.reporting.selectors import JobChecklists, checklists_by_job
from explain.services.postings import Status, posting_requirements


@admin.register(PostingReading)
class PostingReadingAdmin(admin.ModelAdmin):
    list_display = (
        "job_title",
        "job_ref",
        "read_at",
        "prompt_version",
        "model_name",
        "requirement_count",
        "optional_count",
        "not_read_count",
        "checklists",
    )
    list_filter = ("prompt_version", "model_name")
    search_fields = ("job_ref", "job_title")
    date_hierarchy = "read_at"
    actions = ["read_again"]
    change_form_template = "admin/explain/postingreading/change_form.html"

    class Media:
        css = {"all": ("explain/admin.css",)}

    fields = (
        "job_title",
        "job_ref",
        "read_at",
        "prompt_version",
        "model_name",
        "text_hash",
        "requirement_list",
        "lines_total",
        "not_read_list",
        "removed",
        "removed_reasons",
        "unchecked",
        "checklists",
    )
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def get_urls(self) -> list[Any]:
        view = self.admin_site.admin_view(require_POST(self.read_again_view))
        return [
            path("<int:pk>/read-again/", view, name="explain_postingreading_read_again"),
            *super().get_urls(),
        ]

    def change_view(
        self,
        request: HttpRequest,
        object_id: str,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        """The reading's page, with "Read this posting again" for those who may."""
        extra = dict(extra_context or {})
        if self.has_read_again_permission(request) and str(object_id).isdigit():
            extra["explain_read_again_url"] = reverse(
                "admin:explain_postingreading_read_again", args=[int(object_id)]
            )
        return super().change_view(request, object_id, form_url, extra)

    def read_again_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        """One posting read again from its page (a POST); back to its newest reading,
        which is another row when the posting's text has changed since."""
        if not self.has_read_again_permission(request):
            raise PermissionDenied
        reading = get_object_or_404(PostingReading, pk=pk)
        self.read_again(request, PostingReading.objects.filter(pk=pk))
        newest = PostingReading.objects.filter(job_ref=reading.job_ref).first()
        target = newest.pk if newest is not None else reading.pk
        return HttpResponseRedirect(reverse("admin:explain_postingreading_change", args=[target]))

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        """The page's postings' requests counted in one grouped query, not one per row."""
        response = super().changelist_view(request, extra_context)
        context = getattr(response, "context_data", None)
        if context and "cl" in context:
            rows = list(context["cl"].result_list)
            found = checklists_by_job(row.job_ref for row in rows)
            for row in rows:
                row.explain_checklists = found.get(row.job_ref, JobChecklists())
        return response

    @admin.display(description=_("viewers' checklists"))
    def checklists(self, obj: PostingReading) -> str:
        """The viewers' requests about this job (every text of it) and, over its fresh
        answers, how many requirements ended in each state; linked to those log rows."""
        counted = getattr(obj, "explain_checklists", None)
        if counted is None:  # the detail page: this posting alone
            counted = checklists_by_job([obj.job_ref]).get(obj.job_ref, JobChecklists())
        requests = ngettext("%(count)d request", "%(count)d requests", counted.requests) % {
            "count": counted.requests
        }
        url = (
            reverse("admin:explain_explanationlog_changelist")
            + "?"
            + urlencode({"job_ref": obj.job_ref, STEP: "viewer"})
        )
        if not counted.answers:
            return format_html('<a href="{}">{}</a>', url, requests)
        answers = ngettext("%(count)d fresh answer", "%(count)d fresh answers", counted.answers) % {
            "count": counted.answers
        }
        return format_html(
            '<a href="{}">{}</a>, {}<br>{}',
            url,
            requests,
            answers,
            states_in_words(counted.states),
        )

    @admin.display(description=_("requirements"))
    def requirement_list(self, obj: PostingReading) -> str:
        """Each requirement: its term, its quote, optional and alternatives (escaped). An
        entry damaged by hand is shown as far as it reads (the page offers "read again")."""
        rows = [
            (
                item.get("term", ""),
                item.get("jobQuote", ""),
                _("optional") if item.get("optional") else _("required"),
                ", ".join(map(str, _stored_list(item.get("alternatives")))) or "—",
            )
            for item in _stored_list(obj.requirements)
            if isinstance(item, dict)
        ]
        if not rows:
            return "—"
        return format_html(
            "<ol>{}</ol>",
            format_html_join("", "<li><strong>{}</strong>: “{}” ({}; {})</li>", rows),
        )

    @admin.display(description=_("lines not read"))
    def not_read_list(self, obj: PostingReading) -> str:
        lines = [
            (line.get("text", ""),)
            for line in _stored_list(obj.lines_not_read)
            if isinstance(line, dict)
        ]
        if not lines:
            return "—"
        return format_html("<ul>{}</ul>", format_html_join("", "<li>{}</li>", lines))

    def has_read_again_permission(self, request: HttpRequest) -> bool:
        """A reading costs a model call: only for those who may change readings (the
        page itself stays read-only for everyone)."""
        return bool(request.user.has_perm("explain.change_postingreading"))

    @admin.action(description=_("Read the selected postings again"), permissions=["read_again"])
    def read_again(self, request: HttpRequest, queryset: QuerySet[PostingReading]) -> None:
        jobs = list(dict.fromkeys(queryset.values_list("job_ref", flat=True)))
        failed = [
            job for job in jobs if posting_requirements(job, again=True).status is not Status.READY
        ]
        done = len(jobs) - len(failed)
        self.message_user(
            request,
            ngettext("%(count)d posting read again.", "%(count)d postings read again.", done)
            % {"count": done},
            messages.SUCCESS,
        )
        if failed:
            self.message_user(
                request,
                _("Not read (try again later): %(jobs)s") % {"jobs": ", ".join(failed)},
                messages.WARNING,
            )


def _stored_list(value: object) -> list[object]:
    return value if isinstance(value, list) else []
