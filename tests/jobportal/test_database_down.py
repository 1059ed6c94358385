"""PostgreSQL down or read-only, Redis gone: a 503 with Retry-After (JSON on the API, the
site's own page on pages), logged at WARNING, never Django's bare 500 page."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from django.db import (
    DatabaseError,
    DataError,
    IntegrityError,
    InterfaceError,
    InternalError,
    OperationalError,
    ProgrammingError,
    connection,
)
from django.urls import reverse

from explain.web import api
from jobportal import views
from jobportal.middleware import DATABASE_RETRY_SECONDS
from tests.fakes.broken_cache import CacheDown

pytestmark = pytest.mark.django_db


def _down(*args: Any, **kwargs: Any) -> Any:
    raise OperationalError("connection to server at 127.0.0.1 failed: Connection refused")


def test_a_page_answers_the_sites_503_page_with_retry_after(client, monkeypatch, caplog):
    monkeypatch.setattr(views, "render", _down)
    caplog.set_level(logging.WARNING)
    response = client.get(reverse("job-list"))
    assert response.status_code == 503
    assert response["Retry-After"] == str(DATABASE_RETRY_SECONDS)
    assert response["Content-Type"].startswith("text/html")
    page = response.content.decode()
    assert "briefly unavailable" in page
    assert 'class="site-header"' in page and f'href="{reverse("job-list")}"' in page
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


WRITES = ("INSERT", "UPDATE", "DELETE")


class ReadOnly:
    """A database that reads but refuses every write, as PostgreSQL in recovery or with
    default_transaction_read_only does (it says InternalError; a lost one, OperationalError)."""

    def __init__(self, error: type[Exception]) -> None:
        self.error = error
        self.refused: list[str] = []

    def __call__(self, execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        if sql.lstrip().upper().startswith(WRITES):
            self.refused.append(sql.split()[0])
            raise self.error("cannot execute INSERT in a read-only transaction")
        return execute(sql, params, many, context)


@pytest.mark.parametrize("error", [OperationalError, InternalError, DatabaseError])
@pytest.mark.parametrize("path", ["/login/", "/admin/login/"])
def test_a_login_while_the_database_is_read_only_is_the_sites_503(
    client, make_user, caplog, error, path
):
    user = make_user("dana")
    user.is_staff = True
    user.save()
    client.raise_request_exception = False
    read_only = ReadOnly(error)
    caplog.set_level(logging.WARNING)
    with connection.execute_wrapper(read_only):
        response = client.post(path, {"username": "dana", "password": "pw-123456!"})
    assert read_only.refused  # the login did try to write
    assert response.status_code == 503
    assert response["Retry-After"] == str(DATABASE_RETRY_SECONDS)
    page = response.content.decode()
    assert "briefly unavailable" in page and "Server Error" not in page
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.mark.parametrize("fault", [CacheDown, ConnectionError, TimeoutError])
def test_a_cache_that_is_gone_is_a_503_not_a_500(client, monkeypatch, fault):
    def gone(*args: Any, **kwargs: Any) -> Any:
        raise fault("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(views, "render", gone)
    client.raise_request_exception = False
    response = client.get(reverse("job-list"))
    assert response.status_code == 503
    assert response["Retry-After"] == str(DATABASE_RETRY_SECONDS)


@pytest.mark.parametrize("bug", [IntegrityError, ProgrammingError, DataError])
def test_the_codes_own_query_faults_stay_500s(client, monkeypatch, bug):
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise bug("a query that could never work")

    monkeypatch.setattr(views, "render", broken)
    client.raise_request_exception = False
    assert client.get(reverse("job-list")).status_code == 500


def test_handler500_answers_an_outage_that_escaped_the_views_with_the_503(rf):
    request = rf.get("/jobs/")
    try:
        raise InternalError("cannot execute UPDATE in a read-only transaction")
    except InternalError:
        response = views.server_error(request)
    assert response.status_code == 503
    assert response["Retry-After"] == str(DATABASE_RETRY_SECONDS)
    try:
        raise ValueError("a bug")
    except ValueError:
        assert views.server_error(request).status_code == 500
