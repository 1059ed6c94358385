"""manage.py explain_replay_log: every spooled row written, and a failure while any is left."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import OperationalError

from explain.models import ExplanationLog
from explain.services import log_spool
from tests.explain.services.test_log_spool import log_table_down

pytestmark = pytest.mark.django_db


def test_the_command_replays_every_row_and_says_how_many(worked_user, capsys):
    for n in range(60):
        log_spool.spool({"outcome": "ok", "job_ref": str(n), "user_id": worked_user.pk})
    call_command("explain_replay_log")
    assert "Recovered 60 log row(s); 0 waiting." in capsys.readouterr().out
    assert ExplanationLog.objects.filter(recovered=True).count() == 60


def test_the_command_fails_while_the_database_refuses(worked_user):
    log_spool.spool({"outcome": "ok", "job_ref": "1", "user_id": worked_user.pk})
    with log_table_down(OperationalError), pytest.raises(CommandError, match="still waiting"):
        call_command("explain_replay_log")
    assert log_spool.waiting() == 1


def test_the_command_needs_a_spool(settings):
    settings.EXPLAIN_LOG_SPOOL_DIR = ""
    with pytest.raises(CommandError, match="EXPLAIN_LOG_SPOOL_DIR"):
        call_command("explain_replay_log")
