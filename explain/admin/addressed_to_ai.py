"""The admin's view of postings that hold text addressed to an AI.

A list filter on the log ("Posting text addressed to an AI"), a small page that lists
those jobs, newest first, with a link to each job and to its log rows, and a page per
job with each flagged sentence and why (language, kind of row, how it was read). Counts
come from the log rows (sentences found when the posting was sent); no log stores text:
the sentences are read again from the posting itself, through the adapter. An admin with
`explain.add_flagmark` can mark a flag as wrong; that sentence of the (public) posting is
kept as a `FlagMark`, exported for the detector's corpus by `explain_eval --from-flag-marks`.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Max, QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext_lazy as _

from explain.adapter import JobUnavailable
from explain.conf import app_settings
from explain.core.rules.addressed_to_ai import findings
from explain.core.texts import job_text
from explain.models import ExplanationLog, FlagMark
from explain.source import get_source

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
    name = app_settings.JOB_URL_NAME
    if not name:
        return ""
    try:
        return reverse(name, args=[job_ref])
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
            "flags_url": reverse(
                "admin:explain_explanationlog_addressed_to_ai_job", args=[row["job_ref"]]
            ),
        }
        for row in rows
    ]


# How each finding was read, as the admin page names it.
HOW = {
    "pattern": _("as written"),
    "disguise": _("look-alike letters or digits read as letters"),
    "base64": _("decoded from base64"),
    "hidden": _("hidden tag characters"),
    "follows": _("follows a sentence addressed to a model"),
}


MARK_PERMISSION = "explain.add_flagmark"


def fingerprint(job_ref: str, sentence: str) -> str:
    """One mark per flagged sentence of a posting, however often it is marked."""
    return hashlib.sha256(f"{job_ref}\x00{sentence}".encode()).hexdigest()


def flagged_sentences(job_ref: str, user: Any) -> list[dict[str, Any]] | None:
    """Each sentence of the posting as it is sent now that is addressed to an AI, with
    its field, why, and an admin's mark if one said the flag is wrong; None when the
    posting cannot be read (gone or unpublished)."""
    try:
        fields = get_source().job_fields(job_ref, user)
    except (JobUnavailable, LookupError):
        return None
    source = job_text(fields, max_chars=app_settings.MAX_TEXT_CHARS)
    text = source.text
    labels = {f.key: f.label for f in fields}
    rows: list[dict[str, Any]] = []
    for finding in findings(text):
        where = source.locate(finding.start, finding.start)
        key = where[0] if where else ""
        sentence = text[finding.start : finding.end].strip()
        rows.append(
            {
                "field": labels.get(key, key),
                "sentence": sentence,
                "language": finding.language or "-",
                "kind": finding.kind,
                "how_code": finding.how,
                "how": HOW.get(finding.how, finding.how),
                "fingerprint": fingerprint(job_ref, sentence),
            }
        )
    marks = FlagMark.objects.filter(fingerprint__in=[row["fingerprint"] for row in rows])
    by_print = {mark.fingerprint: mark for mark in marks.select_related("marked_by")}
    for row in rows:
        row["mark"] = by_print.get(row["fingerprint"])
    return rows


def mark_flag_view(model_admin: Any, request: HttpRequest, job_ref: str) -> HttpResponse:
    """POST: mark one flagged sentence of this posting as not addressed to an AI.

    The sentence is taken from the posting as it is read now (the form names it by its
    fingerprint only), so nothing but the posting's own words can be stored.
    """
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    if not request.user.has_perm(MARK_PERMISSION):
        raise PermissionDenied
    page = reverse("admin:explain_explanationlog_addressed_to_ai_job", args=[job_ref])
    wanted = request.POST.get("fingerprint", "")
    row = next(
        (r for r in flagged_sentences(job_ref, request.user) or [] if r["fingerprint"] == wanted),
        None,
    )
    if row is None:
        messages.warning(request, _("That sentence is no longer flagged in this posting."))
        return HttpResponseRedirect(page)
    FlagMark.objects.get_or_create(
        fingerprint=row["fingerprint"],
        defaults={
            "job_ref": job_ref[:64],
            "sentence": row["sentence"],
            "language": row["language"][:16],
            "kind": row["kind"][:32],
            "how": row["how_code"][:32],
            "marked_by": request.user if request.user.is_authenticated else None,
        },
    )
    messages.success(
        request, _("Marked as not addressed to an AI; it will be offered to the evaluation set.")
    )
    return HttpResponseRedirect(page)


def addressed_job_view(model_admin: Any, request: HttpRequest, job_ref: str) -> HttpResponse:
    sentences = flagged_sentences(job_ref, request.user)
    context = {
        **model_admin.admin_site.each_context(request),
        "opts": model_admin.model._meta,
        "title": _("Sentences addressed to an AI in job %(job)s") % {"job": job_ref},
        "job_ref": job_ref,
        "job_url": _job_url(job_ref),
        "sentences": sentences,
        "can_mark": request.user.has_perm(MARK_PERMISSION),
        "mark_url": reverse("admin:explain_explanationlog_addressed_to_ai_mark", args=[job_ref]),
        "list_url": reverse("admin:explain_explanationlog_addressed_to_ai"),
    }
    return TemplateResponse(
        request, "admin/explain/explanationlog/addressed_to_ai_job.html", context
    )


def addressed_jobs_view(model_admin: Any, request: HttpRequest) -> HttpResponse:
    context = {
        **model_admin.admin_site.each_context(request),
        "opts": model_admin.model._meta,
        "title": _("Jobs whose postings hold text addressed to an AI"),
        "jobs": addressed_jobs(),
        "max_jobs": MAX_JOBS,
    }
    return TemplateResponse(request, "admin/explain/explanationlog/addressed_to_ai.html", context)
