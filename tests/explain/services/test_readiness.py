"""explain.services.readiness: with explain's migrations unapplied, a request answers 503
before any model call (its row would have no table) and the log names the command."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest
from django.db import connection
from django.db.migrations.recorder import MigrationRecorder
from django.urls import reverse

from explain.services import readiness
from tests.conftest import WORKED_DRAFT


@pytest.fixture
def unmigrated(db: None) -> Iterator[None]:
    recorder = MigrationRecorder(connection)
    last = sorted(name for app, name in recorder.applied_migrations() if app == "explain")[-1]
    recorder.record_unapplied("explain", last)
    readiness.forget_readiness()
    yield
    readiness.forget_readiness()


def test_an_unmigrated_site_answers_503_without_a_model_call_and_says_migrate(
    unmigrated, logged_in, worked_job, use_model, caplog
):
    model = use_model(WORKED_DRAFT)
    caplog.set_level(logging.ERROR)
    response = logged_in.post(reverse("explain:api-explain", args=[worked_job.pk]))
    assert response.status_code == 503
    assert model.prompts == []
    [line] = [r for r in caplog.records if r.name == "explain.services.readiness"]
    assert line.levelname == "ERROR"
    assert "Fix: run python manage.py migrate explain" in line.getMessage()


def test_a_migrated_site_is_remembered_as_ready_and_read_once(db: None):
    """Once ready, a process does not read the migrations again on each request."""
    readiness.forget_readiness()
    assert readiness.ready_to_log()
    recorder = MigrationRecorder(connection)
    last = sorted(name for app, name in recorder.applied_migrations() if app == "explain")[-1]
    recorder.record_unapplied("explain", last)
    assert readiness.ready_to_log()
    readiness.forget_readiness()
    assert not readiness.ready_to_log()
    readiness.forget_readiness()
