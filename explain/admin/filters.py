"""The log list's filters behind the summary's figures: which rows a figure counts,
whether an answer lost a point, and for which reason. Each card links to the list
with these set, so a figure and its list hold the same rows."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from explain.admin.reasons import admin_reason_text
from explain.core.verify import DropReason
from explain.models import ExplanationLog
from explain.reporting.selectors import counted_as, step_q

COUNTED_AS = "counted_as"
REMOVED = "removed"
REMOVAL_REASON = "removal_reason"
STEP = "step"


class StepFilter(admin.SimpleListFilter):
    """Posting readings (one model call per posting text) or the viewers' requests:
    counted together in the figures (model calls, tokens, cost), looked at apart here."""

    title = _("step")
    parameter_name = STEP

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, Any]]:
        return [("posting", _("posting reading")), ("viewer", _("viewer"))]

    def queryset(
        self, request: HttpRequest, queryset: QuerySet[ExplanationLog]
    ) -> QuerySet[ExplanationLog]:
        rows = step_q(self.value() or "")
        return queryset if rows is None else queryset.filter(rows)


class CountedAsFilter(admin.SimpleListFilter):
    """The rows one figure of the summary counts (requests, answers, model calls, …)."""

    title = _("counted as")
    parameter_name = COUNTED_AS

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, Any]]:
        return [
            ("asks", _("requests (not page views)")),
            ("answers", _("fresh answers")),
            ("answers_with_cache", _("answers, fresh or cached")),
            ("model_calls", _("model calls")),
            ("errors", _("failed or timed-out model calls")),
            ("rate_limited", _("rate limited")),
            ("page_views", _("page views that showed a remembered answer")),
        ]

    def queryset(
        self, request: HttpRequest, queryset: QuerySet[ExplanationLog]
    ) -> QuerySet[ExplanationLog]:
        return counted_as(queryset, self.value() or "")


class RemovedPointFilter(admin.SimpleListFilter):
    """Answers that lost at least one point to the checks, or none."""

    title = _("has a removed point")
    parameter_name = REMOVED

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, Any]]:
        return [("yes", _("yes")), ("no", _("no"))]

    def queryset(
        self, request: HttpRequest, queryset: QuerySet[ExplanationLog]
    ) -> QuerySet[ExplanationLog]:
        if self.value() == "yes":
            return queryset.filter(dropped__gt=0)
        if self.value() == "no":
            return queryset.filter(dropped=0)
        return queryset


class RemovalReasonFilter(admin.SimpleListFilter):
    """Answers that lost a point for this reason (in an admin's words, code beside)."""

    title = _("removal reason")
    parameter_name = REMOVAL_REASON

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, Any]]:
        return [(r.value, f"{admin_reason_text(r.value)} ({r.value})") for r in DropReason]

    def queryset(
        self, request: HttpRequest, queryset: QuerySet[ExplanationLog]
    ) -> QuerySet[ExplanationLog]:
        value = self.value()
        if not value:
            return queryset
        return queryset.filter(dropped__gt=0, drop_reasons__has_key=value)
