"""explain.W052: explain's migrations not applied, said by `check --database` and
`migrate`, and a failure of explain_check, each naming the command."""

from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.db.migrations.recorder import MigrationRecorder

from explain.checks.migrations import check_migrations_applied
from explain.services.readiness import unapplied
from tests.explain.checks.helpers import by_id


@pytest.fixture
def unmigrated() -> str:
    """The database as if explain's last migration had not been applied (rolled back)."""
    recorder = MigrationRecorder(connection)
    names = sorted(name for app, name in recorder.applied_migrations() if app == "explain")
    last = names[-1]
    recorder.record_unapplied("explain", last)
    return last


def test_a_migrated_database_passes():
    assert unapplied() == []
    assert check_migrations_applied(databases=["default"]) == []


def test_unapplied_migrations_are_named_with_the_command(unmigrated):
    assert unapplied() == [unmigrated]
    message = by_id(check_migrations_applied(databases=["default"]), "explain.W052")
    assert "explain's migrations are not applied (1 waiting" in message.msg
    assert message.hint == "Run: python manage.py migrate explain"


def test_check_database_shows_it(unmigrated):
    out = StringIO()
    call_command("check", "--database", "default", stdout=out, stderr=out)
    assert "explain.W052" in out.getvalue()


def test_without_databases_the_check_reads_nothing():
    """`check` without --database and runserver run no database check (Django's rule)."""
    assert check_migrations_applied(databases=None) == []


def test_explain_check_fails_on_it(unmigrated, settings: Any, monkeypatch):
    settings.DEBUG = True
    settings.EXPLAIN_DEMO_MODE = True
    # The site's database is a file (the open test connection is left as it is).
    monkeypatch.setitem(connection.settings_dict, "NAME", "site.sqlite3")
    out = StringIO()
    with pytest.raises(CommandError):
        call_command("explain_check", stdout=out)
    assert "FAIL database: explain's migrations are not applied" in out.getvalue()
    assert "Fix: run python manage.py migrate explain" in out.getvalue()


def test_an_in_memory_database_is_only_a_warning(unmigrated, settings: Any, monkeypatch):
    """Each process starts with an empty in-memory database: the doctor cannot see the
    site's, so it says what it saw without failing (the wheel's minimal host runs so)."""
    settings.DEBUG = True
    settings.EXPLAIN_DEMO_MODE = True
    # The site's database named as SQLite's in-memory one (the suite also runs on
    # PostgreSQL; the open test connection is left as it is).
    monkeypatch.setitem(connection.settings_dict, "NAME", ":memory:")
    out = StringIO()
    call_command("explain_check", stdout=out)
    assert "WARN database: explain's migrations are not applied" in out.getvalue()


def test_a_fresh_database_is_left_to_migrate(unmigrated):
    """No migration of any app applied: migrate is about to create it all, so the check
    says nothing (a newcomer's first `make run` reads no warning it is fixing)."""
    recorder = MigrationRecorder(connection)
    for app, name in list(recorder.applied_migrations()):
        recorder.record_unapplied(app, name)
    assert check_migrations_applied(databases=["default"]) == []
