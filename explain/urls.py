"""The app's URLs; the host includes them under a prefix of its choice."""

from __future__ import annotations

from django.apps import apps
from django.urls import path

from explain import api, views

app_name = "explain"

urlpatterns = [
    path("jobs/<str:job_id>/", views.explain_job, name="explain-job"),
    path("report/", views.report_point, name="report-point"),
    path("api/jobs/<str:job_id>/explanation/", api.ExplanationAPI.as_view(), name="api-explain"),
    path("api/feedback/", api.FeedbackAPI.as_view(), name="api-feedback"),
]

# The OpenAPI schema, when the host installs drf-spectacular (the "openapi" extra).
if apps.is_installed("drf_spectacular"):
    from drf_spectacular.views import SpectacularAPIView

    urlpatterns.append(path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"))
