"""explain.services.log_spool: no log row lost while the database is down or read-only,
and a model call cut by a dying worker still leaves its row."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from django.db import InternalError, OperationalError, connection

from explain.controls.ratelimit import RateDecision
from explain.models import REQUIREMENT_COUNT_FIELDS, ExplanationLog
from explain.outcomes import Outcome
from explain.services import log_spool
from explain.services.explanations import explanation_create
from explain.services.streaming import StreamedPoint, explanation_stream
from tests.conftest import WORKED_DRAFT, WORKED_PROFILE

pytestmark = pytest.mark.django_db

LOG_TABLE = ExplanationLog._meta.db_table


def allowed() -> RateDecision:
    return RateDecision(allowed=True)


class LogTableDown:
    """A database that refuses writes to the log table (public execute_wrapper hook)."""

    def __init__(self, error: type[Exception]) -> None:
        self.error = error
        self.refused = 0

    def __call__(self, execute: Callable[..., Any], sql: str, *args: Any) -> Any:
        if sql.lstrip().upper().startswith("INSERT") and LOG_TABLE in sql:
            self.refused += 1
            raise self.error("cannot execute INSERT in a read-only transaction")
        return execute(sql, *args)


@contextmanager
def log_table_down(error: type[Exception]) -> Iterator[LogTableDown]:
    down = LogTableDown(error)
    with connection.execute_wrapper(down):
        yield down


def spooled_files() -> list[Path]:
    folder = log_spool.spool_dir()
    assert folder is not None
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


@pytest.mark.parametrize("error", [OperationalError, InternalError])
def test_no_row_is_lost_across_an_outage(use_model, make_user, worked_job, error, caplog):
    """Five users are answered while the log table refuses writes (down, or read-only);
    the first write after it returns brings every row back."""
    model = use_model(WORKED_DRAFT)
    users = [make_user(f"user{n}", **WORKED_PROFILE) for n in range(6)]
    caplog.set_level(logging.WARNING)
    with log_table_down(error) as down:
        answers = [
            explanation_create(user=user, job_id=str(worked_job.pk), rate_check=allowed)
            for user in users[:5]
        ]
    assert down.refused == 5
    assert [a.outcome for a in answers] == [Outcome.OK] * 5
    assert ExplanationLog.objects.count() == 0 and log_spool.waiting() == 5
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]

    explanation_create(user=users[5], job_id=str(worked_job.pk), rate_check=allowed)

    rows = ExplanationLog.objects.order_by("created_at", "id")
    assert rows.count() == 6 and log_spool.waiting() == 0
    assert sorted(r.user_id for r in rows) == sorted(u.pk for u in users)
    assert sum(r.recovered for r in rows) == 5
    assert len(model.prompts) == 6
    first = ExplanationLog.objects.get(user=users[0])
    assert first.outcome == Outcome.OK and first.kept_matches == 1
    assert first.created_at < ExplanationLog.objects.get(user=users[5]).created_at


def test_spooled_rows_hold_counts_never_texts(use_model, worked_user, worked_job):
    use_model(WORKED_DRAFT)
    with log_table_down(OperationalError):
        explanation_create(user=worked_user, job_id=str(worked_job.pk), rate_check=allowed)
    [spooled] = spooled_files()
    text = spooled.read_text()
    for private in (*WORKED_PROFILE.values(), "Build secure Java APIs"):
        assert private not in text
    assert json.loads(text)["outcome"] == "ok"


def test_a_model_call_leaves_its_mark_until_its_row_is_written(use_model, worked_user, worked_job):
    """While the stream is read, a dying worker would leave the in-flight row behind."""
    use_model(WORKED_DRAFT)
    stream = explanation_stream(user=worked_user, job_id=str(worked_job.pk), rate_check=allowed)
    items = iter(stream)
    assert isinstance(next(items), StreamedPoint)
    [mark] = spooled_files()
    assert mark.name.endswith(".inflight.json")
    assert json.loads(mark.read_text())["outcome"] == Outcome.INTERNAL_ERROR
    assert log_spool.replay() == 0  # its process still runs: not a lost call
    stream.close()
    assert spooled_files() == []
    assert list(ExplanationLog.objects.values_list("outcome", flat=True)) == [Outcome.OK]


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


class WorkerKilled(BaseException):
    """What a SIGKILL is to the request: nothing after it runs (no log row, no cleanup)."""


def test_a_call_cut_by_a_dead_worker_is_replayed_as_an_internal_error(
    use_model, worked_user, worked_job
):
    def killed(prompt: Any) -> str:
        raise WorkerKilled

    use_model(killed)
    with pytest.raises(WorkerKilled):
        explanation_create(user=worked_user, job_id=str(worked_job.pk), rate_check=allowed)
    [mark] = spooled_files()
    started, _pid, rest = mark.name.split("-", 2)
    mark.rename(mark.with_name(f"{started}-{_dead_pid()}-{rest}"))

    assert log_spool.replay() == 1
    row = ExplanationLog.objects.get()
    assert row.outcome == Outcome.INTERNAL_ERROR and row.recovered
    assert row.user_id == worked_user.pk and row.job_ref == str(worked_job.pk)
    assert row.profile_words_sent > 0


def test_a_full_spool_says_the_row_is_lost(settings, caplog):
    settings.EXPLAIN_LOG_SPOOL_MAX_ROWS = 1
    assert log_spool.spool({"outcome": "ok", "job_ref": "1"})
    caplog.set_level(logging.WARNING)
    assert not log_spool.spool({"outcome": "ok", "job_ref": "2"})
    assert "spool is full" in caplog.text
    assert log_spool.waiting() == 1


def test_without_a_spool_the_loss_is_an_error(settings, caplog):
    settings.EXPLAIN_LOG_SPOOL_DIR = None
    caplog.set_level(logging.WARNING)
    assert not log_spool.spool({"outcome": "ok"})
    assert [r.levelno for r in caplog.records] == [logging.ERROR]
    assert log_spool.replay() == 0 and log_spool.waiting() == 0


def test_replay_stops_at_an_outage_and_keeps_the_rest(worked_user):
    for n in range(3):
        log_spool.spool({"outcome": "ok", "job_ref": str(n), "user_id": worked_user.pk})
    calls: list[str] = []

    def flaky(data: dict[str, Any]) -> None:
        calls.append(data["job_ref"])
        if len(calls) == 2:
            raise OperationalError("server closed the connection unexpectedly")
        ExplanationLog.objects.create(**data)

    assert log_spool.replay(insert=flaky) == 1
    assert log_spool.waiting() == 2
    assert log_spool.replay() == 2 and log_spool.waiting() == 0
    assert sorted(ExplanationLog.objects.values_list("job_ref", flat=True)) == ["0", "1", "2"]


def test_a_deleted_user_still_leaves_the_row(make_user):
    gone = make_user("gone")
    log_spool.spool({"outcome": "ok", "job_ref": "7", "user_id": gone.pk + 1000})
    assert log_spool.replay() == 1
    assert ExplanationLog.objects.get().user_id is None


def test_an_unreadable_row_is_set_aside(settings):
    folder = Path(settings.EXPLAIN_LOG_SPOOL_DIR)
    folder.mkdir(parents=True)
    (folder / "1.0-x.row.json").write_text("{not json")
    assert log_spool.replay() == 0
    assert log_spool.waiting() == 0
    assert [p.name.endswith(".rejected") for p in folder.iterdir()] == [True]


def test_a_spooled_row_keeps_its_checklist_counts_and_an_older_one_reads_zero(
    use_model, worked_user, worked_job
):
    """The row's fields carry every checklist count; a row spooled before they existed
    still replays (each count 0)."""
    use_model(WORKED_DRAFT)
    with log_table_down(OperationalError):
        explanation_create(user=worked_user, job_id=str(worked_job.pk), rate_check=allowed)
    [spooled] = spooled_files()
    fields = json.loads(spooled.read_text())
    # The worked posting's two requirements: Java shown, AWS not found.
    assert {name: fields[name] for name in REQUIREMENT_COUNT_FIELDS} == {
        "requirements_total": 2,
        "requirements_optional": 0,
        "requirements_shown_optional": 0,
        "requirements_shown": 1,
        "requirements_not_found": 1,
        "requirements_not_yet": 0,
        "requirements_unchecked": 0,
    }
    spooled.write_text(json.dumps({**fields, "requirements_total": 6, "requirements_shown": 4}))
    log_spool.spool({"outcome": "ok", "job_ref": "older"})
    assert log_spool.replay() == 2
    counted = ExplanationLog.objects.get(job_ref=str(worked_job.pk))
    assert (counted.requirements_total, counted.requirements_shown) == (6, 4)
    older = ExplanationLog.objects.get(job_ref="older")
    assert [getattr(older, name) for name in REQUIREMENT_COUNT_FIELDS] == [0] * 7
