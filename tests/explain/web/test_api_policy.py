"""The API keeps its own policy on any host: session auth with CSRF, JSON, DRF's own
error handler, and a schema of its own endpoints only."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.authentication import BaseAuthentication
from rest_framework.response import Response

from explain.web import openapi
from tests.conftest import WORKED_DRAFT

pytestmark = pytest.mark.django_db


class BearerOnly(BaseAuthentication):
    """A JWT-style host authentication: a bearer header or nothing."""

    def authenticate(self, request: Any) -> None:
        return None

    def authenticate_header(self, request: Any) -> str:
        return "Bearer"


def host_exception_handler(exc: Exception, context: dict[str, Any]) -> Response:
    """A host handler that turns every error into one opaque shape."""
    return Response({"error": "Something went wrong"}, status=400)


JWT_ONLY_HOST = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["tests.explain.web.test_api_policy.BearerOnly"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAdminUser"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.BrowsableAPIRenderer"],
    "EXCEPTION_HANDLER": "tests.explain.web.test_api_policy.host_exception_handler",
    "DEFAULT_SCHEMA_CLASS": "rest_framework.schemas.openapi.AutoSchema",
}


@pytest.fixture
def jwt_host(settings: Any) -> None:
    settings.REST_FRAMEWORK = JWT_ONLY_HOST


def api_url(job: Any) -> str:
    return reverse("explain:api-explain", args=[job.pk])


def test_a_session_user_is_served_on_a_jwt_only_host(jwt_host, worked_user, worked_job, use_model):
    use_model(WORKED_DRAFT)
    client = Client(enforce_csrf_checks=True)
    client.force_login(worked_user)
    client.get(worked_job.get_absolute_url())
    response = client.post(api_url(worked_job), HTTP_X_CSRFTOKEN=client.cookies["csrftoken"].value)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response.json()["ok"] is True


def test_csrf_is_still_enforced_on_a_jwt_only_host(jwt_host, worked_user, worked_job, use_model):
    model = use_model(WORKED_DRAFT)
    client = Client(enforce_csrf_checks=True)
    client.force_login(worked_user)
    response = client.post(api_url(worked_job))
    assert response.status_code == 403
    assert "CSRF" in response.json()["detail"]
    assert model.prompts == []


def test_errors_keep_their_status_despite_the_hosts_exception_handler(jwt_host, worked_job):
    response = Client().post(api_url(worked_job))
    # The host's handler would have answered 400 {"error": ...}; the panel reads 403.
    assert response.status_code == 403
    assert "detail" in response.json()


def test_the_schema_documents_only_explains_endpoints_on_another_generators_host(jwt_host, client):
    response = client.get(reverse("explain:api-schema"), {"format": "json"})
    assert response.status_code == 200
    schema = json.loads(response.content)
    assert schema["info"]["title"] == openapi.TITLE
    assert sorted(schema["paths"]) == [
        "/explain/api/feedback/",
        "/explain/api/jobs/{job_id}/explanation/",
    ]


def test_without_drf_spectacular_the_schema_url_says_what_to_install(monkeypatch, client):
    monkeypatch.setattr(openapi, "spectacular_installed", lambda: False)
    response = client.get(reverse("explain:api-schema"))
    assert response.status_code == 501
    assert "pip install drf-spectacular" in response.json()["detail"]


def test_a_refused_stream_request_is_answered_in_json(worked_user, worked_job, use_model):
    model = use_model(WORKED_DRAFT)
    client = Client(enforce_csrf_checks=True)
    client.force_login(worked_user)
    response = client.post(api_url(worked_job) + "?stream=1", HTTP_ACCEPT="application/x-ndjson")
    assert response.status_code == 403
    assert response["Content-Type"] == "application/json"
    assert "CSRF" in response.json()["detail"]
    assert model.prompts == []


def test_the_hosts_own_schema_generators_skip_explains_views(jwt_host):
    from drf_spectacular.generators import SchemaGenerator as SpectacularGenerator
    from rest_framework.schemas.openapi import SchemaGenerator as DRFGenerator

    drf = DRFGenerator().get_schema(request=None, public=True) or {"paths": {}}
    spectacular = SpectacularGenerator().get_schema(request=None, public=True)
    for schema in (drf, spectacular):
        assert not [p for p in schema.get("paths", {}) if p.startswith("/explain/")]
