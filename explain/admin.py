"""Admins review what the explainer did: read-only logs and the users' reports."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from explain.models import ExplanationLog, FeedbackReport


class ReadOnlyAdmin(admin.ModelAdmin):
    """Logs are evidence: nobody adds or edits them by hand."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(ExplanationLog)
class ExplanationLogAdmin(ReadOnlyAdmin):
    list_display = (
        "created_at",
        "user",
        "job_ref",
        "outcome",
        "kept_matches",
        "kept_gaps",
        "dropped",
        "unchecked",
        "model_name",
        "prompt_version",
        "latency_ms",
        "total_tokens",
    )
    list_filter = ("outcome", "model_name", "prompt_version", "created_at")
    date_hierarchy = "created_at"
    search_fields = ("job_ref",)
    list_select_related = ("user",)


@admin.register(FeedbackReport)
class FeedbackReportAdmin(ReadOnlyAdmin):
    list_display = ("created_at", "reason", "kind", "point", "log", "user")
    list_filter = ("reason", "kind", "created_at")
    search_fields = ("point", "job_quote", "profile_quote")
    list_select_related = ("log", "user")
