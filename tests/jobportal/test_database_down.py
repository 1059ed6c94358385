"""PostgreSQL down: a short 503 with Retry-After (JSON on the API, plain on pages),
logged at WARNING, never Django's bare 500 page."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from django.db import InterfaceError, OperationalError
from django.urls import reverse

from explain.web import api
from jobportal import views
from jobportal.middleware import DATABASE_RETRY_SECONDS

pytestmark = pytest.mark.django_db


def _down(*args: Any, **kwargs: Any) -> Any:
    raise OperationalError("connection to server at 127.0.0.1 failed: Connection refused")


def test_a_page_answers_a_plain_503_with_retry_after(client, monkeypatch, caplog):
    monkeypatch.setattr(views, "render", _down)
    caplog.set_level(logging.WARNING)
    response = client.get(reverse("job-list"))
    assert response.status_code == 503
    assert response["Retry-After"] == str(DATABASE_RETRY_SECONDS)
    assert response["Content-Type"].startswith("text/plain")
    assert "briefly unavailable" in response.content.decode()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.mark.parametrize("error", [OperationalError, InterfaceError])
def test_the_api_answers_json_503(logged_in, worked_job, monkeypatch, error):
    def down(*args: Any, **kwargs: Any) -> Any:
        raise error("connection already closed")

    monkeypatch.setattr(api, "explanation_create", down)
    response = logged_in.post(reverse("explain:api-explain", args=[worked_job.pk]))
    assert response.status_code == 503
    assert response.json()["outcome"] == "temporarily_unavailable"
    assert response["Retry-After"] == str(DATABASE_RETRY_SECONDS)


def test_other_faults_are_not_disguised(client, monkeypatch):
    def bug(*args: Any, **kwargs: Any) -> Any:
        raise ValueError("a bug")

    monkeypatch.setattr(views, "render", bug)
    client.raise_request_exception = False
    assert client.get(reverse("job-list")).status_code == 500


def test_the_service_turns_a_database_outage_into_a_503_not_a_500(
    logged_in, worked_job, use_model, monkeypatch, caplog
):
    """The adapter's query fails: temporarily_unavailable with Retry-After, WARNING only."""
    from explain.services import explanations as service
    from tests.conftest import WORKED_DRAFT

    model = use_model(WORKED_DRAFT)
    monkeypatch.setattr(service, "get_source", _down)
    caplog.set_level(logging.WARNING)
    response = logged_in.post(reverse("explain:api-explain", args=[worked_job.pk]))
    assert response.status_code == 503
    assert response.json()["outcome"] == "temporarily_unavailable"
    assert response["Retry-After"] == str(service.DATABASE_RETRY_SECONDS)
    assert model.prompts == []
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def test_a_session_the_database_cannot_load_is_a_503_not_a_500(logged_in, worked_job, monkeypatch):
    """Found by `make chaos`: the private-pages header asked for the user a second time."""
    from django.contrib import auth

    calls = []

    def down(request: Any) -> Any:
        calls.append(request)
        raise OperationalError("couldn't get a connection after 3.00 sec")

    monkeypatch.setattr(auth, "get_user", down)
    response = logged_in.post(reverse("explain:api-explain", args=[worked_job.pk]))
    assert response.status_code == 503
    assert response.json()["outcome"] == "temporarily_unavailable"
    assert len(calls) == 1  # one wait for the database, not two


def test_an_answer_for_a_user_who_cannot_be_loaded_is_kept_private(rf):
    from django.http import HttpResponse
    from django.utils.functional import SimpleLazyObject

    from jobportal.middleware import PrivatePagesMiddleware

    request = rf.get("/jobs/")
    request.user = SimpleLazyObject(_down)
    response = PrivatePagesMiddleware(lambda request: HttpResponse("ok"))(request)
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"] and "private" in response["Cache-Control"]
