"""The app's URLs; the host includes them under a prefix of its choice."""

from __future__ import annotations

from django.urls import path

from explain.web import api, openapi, views

app_name = "explain"

urlpatterns = [
    path("jobs/<str:job_id>/", views.explain_job, name="explain-job"),
    path("report/", views.report_point, name="report-point"),
    path("api/jobs/<str:job_id>/explanation/", api.ExplanationAPI.as_view(), name="api-explain"),
    path("api/feedback/", api.FeedbackAPI.as_view(), name="api-feedback"),
    path("api/schema/", openapi.schema_view, name="api-schema"),
]
