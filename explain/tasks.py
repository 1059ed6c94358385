"""Background tasks: a posting's requirements read ahead of time, so no viewer waits.

Through Django's tasks framework: `django.tasks` on Django 6.x, the `django-tasks`
backport on 5.2 (the same API). The backend is the site's TASKS setting: the immediate
backend runs a task at enqueue (the default here); a database backend
(`django_tasks_db.DatabaseBackend`, worker `manage.py db_worker`) or RQ
(`django_tasks_rq`) runs it on a worker in production (docs/requirements.md).
"""

from __future__ import annotations

try:  # Django 6.x
    from django.tasks import task
except ImportError:  # Django 5.2: the backport
    from django_tasks import task  # type: ignore[no-redef]

from explain.adapter import job_ids_of
from explain.services.postings import posting_requirements
from explain.source import get_source


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
