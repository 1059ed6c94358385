"""explain.web.openapi: the schema documents the app's own endpoints, or says what to install."""

from __future__ import annotations

import pytest

from explain.web import openapi


@pytest.mark.django_db
def test_the_schema_lists_only_explains_endpoints(client):
    response = client.get("/explain/api/schema/?format=json")
    assert response.status_code == 200
    paths = set(response.json()["paths"])
    assert paths == {"/explain/api/jobs/{job_id}/explanation/", "/explain/api/feedback/"}


def test_without_drf_spectacular_the_decorators_change_nothing(monkeypatch):
    monkeypatch.setattr(openapi, "spectacular_installed", lambda: False)

    def post() -> None:
        return None

    assert openapi.explanation_schema(post) is post
    assert openapi.feedback_schema(post) is post
