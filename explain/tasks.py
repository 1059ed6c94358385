"""Background tasks: a posting's requirements read ahead of time, so no viewer waits.

Through Django's tasks framework: `django.tasks` on Django 6.x, the `django-tasks`
backport on 5.2 (the same API). The backend is the site's TASKS setting: the immediate
backend runs a task at enqueue (the default here); a database backend
(`django_tasks_db.DatabaseBackend`, worker `manage.py db_worker`) or RQ
(`django_tasks_rq`) runs it on a worker in production (docs/requirements.md).

A host tells this app that a posting was saved with `posting_changed(job_id)`, from its
own signal handler or save(): the app never imports the host's models.
"""

from __future__ import annotations

import logging
from enum import StrEnum

from django.db import transaction

try:  # Django 6.x
    from django.tasks import TaskResultStatus, task
except ImportError:  # Django 5.2: the backport
    from django_tasks import TaskResultStatus, task  # type: ignore[no-redef,assignment]

from explain.adapter import job_ids_of
from explain.services.postings import Status, needs_reading, posting_requirements
from explain.source import get_source

logger = logging.getLogger(__name__)


@task()
def read_posting(job_id: str, again: bool = False) -> str:
    """Read one posting's requirements (stored once per text); its status."""
    return str(posting_requirements(str(job_id), again=again).status)


@task()
def read_postings(again: bool = False) -> dict[str, int]:
    """Read every posting the adapter lists (published ones); counts per status."""
    counts: dict[str, int] = {}
    for job_id in job_ids_of(get_source()):
        result = posting_requirements(job_id, again=again)
        key = "read" if result.fresh else str(result.status)
        counts[key] = counts.get(key, 0) + 1
    return counts


class Prepared(StrEnum):
    """What saving a posting led to."""

    ENQUEUED = "enqueued"  # its reading is enqueued (or, on the immediate backend, done)
    NOT_NEEDED = "not_needed"  # read for this text already, unpublished, demo or no model
    FAILED = "failed"  # not read now: a viewer's request reads it later


def prepare_posting(job_id: str) -> Prepared:
    """Enqueue the reading of one posting when its current text has none; never raises.

    On the immediate backend the reading runs here, inside the host's save request, so
    every failure is caught and logged (the reading's own log row counts a failed model
    call); nothing half-stored is left, and the next viewer's request reads it.
    """
    try:
        if not needs_reading(job_id):
            return Prepared.NOT_NEEDED
        result = read_posting.enqueue(job_id)
    except Exception as exc:
        logger.error(
            "Posting %s: its reading could not be enqueued (%s); a viewer's request reads it.",
            job_id,
            type(exc).__name__,
        )
        return Prepared.FAILED
    # A worker backend answers READY (to run later); the immediate one has run it.
    failed = result.status == TaskResultStatus.FAILED or (
        result.status == TaskResultStatus.SUCCESSFUL and result.return_value == Status.FAILED
    )
    if failed:
        logger.warning("Posting %s: reading it ahead failed; a viewer's request reads it.", job_id)
        return Prepared.FAILED
    return Prepared.ENQUEUED


def posting_changed(job_id: str | int) -> None:
    """For the host: a posting was saved (created, edited, published). Never raises.

    Once the host's transaction commits (so a worker reads the saved text, and a rolled
    back save enqueues nothing), the posting's reading is enqueued if its text has none
    yet. A save that left the text alone, an unpublished posting, demo mode and a site
    with no model set up enqueue nothing.
    """
    job = str(job_id)
    try:
        transaction.on_commit(lambda: prepare_posting(job))
    except Exception as exc:  # a broken transaction of the host's: its save fails, not us
        logger.error("Posting %s: reading ahead not scheduled (%s).", job, type(exc).__name__)
