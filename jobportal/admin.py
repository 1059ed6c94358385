from __future__ import annotations

from django.contrib import admin

from jobportal.models import CandidateProfile, Job


@admin.register(Job)
class JobAdmin(admin.ModelAdmin):
    list_display = ("title", "company", "location", "remote", "published", "created_at")
    list_filter = ("published", "remote")
    search_fields = ("title", "company", "description")


@admin.register(CandidateProfile)
class CandidateProfileAdmin(admin.ModelAdmin):
    list_display = ("user", "headline", "desired_role", "updated_at")
    search_fields = ("user__username", "headline")
