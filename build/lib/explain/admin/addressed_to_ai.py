"""The admin's view of postings that hold text addressed to an AI (issue 12).

A list filter on the log ("Posting text addressed to an AI"), and one small page that
lists those jobs, newest first, with a link to each job and to its log rows. Counts come
from the log rows (sentences found when the posting was sent); no text is stored.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import Count, Max, QuerySet
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext_lazy as _

from explain.conf import setting
from explain.models import ExplanationLog

MAX_JOBS = 200


class AddressedToAIFilter(admin.SimpleListFilter):
    """Rows whose posting held sentences addressed to an AI ("note to the model", ...)."""

    title = _("posting text addressed to an AI")
    parameter_name = "addressed_to_ai"
    # The default filter list plus a link to the page of those postings.
    template = "admin/explain/addressed_filter.html"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, Any]]:
        return [("yes", _("Yes")), ("no", _("No"))]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        if self.value() == "yes":
            return queryset.filter(job_instructions__gt=0)
        if self.value() == "no":
            return queryset.filter(job_instructions=0)
        return queryset


def _job_url(job_ref: str) -> str:
    name = setting("EXPLAIN_JOB_URL_NAME")
    if not name:
        return ""
    try:
        return reverse(str(name), args=[job_ref])
    except NoReverseMatch:
        return ""


def addressed_jobs() -> list[dict[str, Any]]:
    """Jobs whose posting held text addressed to an AI, newest sighting first."""
    rows = (
        ExplanationLog.objects.filter(job_instructions__gt=0)
        .values("job_ref")
        .annotate(
            sentences=Max("job_instructions"),
            requests=Count("id"),
            last_seen=Max("created_at"),
            title=Max("job_title"),
        )
        .order_by("-last_seen")[:MAX_JOBS]
    )
    changelist = reverse("admin:explain_explanationlog_changelist")
    return [
        {
            **row,
            "job_url": _job_url(row["job_ref"]),
            "log_url": f"{changelist}?addressed_to_ai=yes&q={row['job_ref']}",
        }
        for row in rows
    ]


def addressed_jobs_view(model_admin: Any, request: HttpRequest) -> HttpResponse:
    context = {
        **model_admin.admin_site.each_context(request),
        "opts": model_admin.model._meta,
        "title": _("Jobs whose postings hold text addressed to an AI"),
        "jobs": addressed_jobs(),
        "max_jobs": MAX_JOBS,
    }
    return TemplateResponse(request, "admin/explain/explanationlog/addressed_to_ai.html", context)
