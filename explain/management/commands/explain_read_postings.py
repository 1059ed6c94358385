"""`manage.py explain_read_postings [--again] [JOB_ID ...]`: read postings' requirements now.

Every posting the adapter lists (its `job_ids()`: the published ones), or the ids given,
read once per posting text and stored (explain.services.postings), so a viewer never
waits for it. A posting already read for its current text is skipped; --again reads it
anew. Run after a deploy that changes the posting prompt, or from cron; the task
explain.tasks.read_postings does the same through Django's tasks framework.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from explain.adapter import job_ids_of
from explain.services.postings import Status, posting_requirements
from explain.source import get_source


class Command(BaseCommand):
    help = "Read the requirements of every published posting (or of the ids given) and store them."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("job_ids", nargs="*", help="only these postings")
        parser.add_argument("--again", action="store_true", help="read even if stored")

    def handle(self, *args: Any, **options: Any) -> None:
        ids = options["job_ids"]
        if not ids:
            try:
                ids = job_ids_of(get_source())
            except NotImplementedError as exc:
                raise CommandError(str(exc)) from None
        counts: dict[str, int] = {}
        for job_id in ids:
            result = posting_requirements(str(job_id), again=options["again"])
            key = "read" if result.fresh else str(result.status)
            counts[key] = counts.get(key, 0) + 1
            if result.status is Status.FAILED:
                self.stderr.write(f"Posting {job_id}: not read ({result.outcome}).")
        summary = ", ".join(f"{name}: {count}" for name, count in sorted(counts.items()))
        self.stdout.write(f"{len(ids)} posting(s). {summary or 'nothing to read'}.")
        if counts.get(str(Status.FAILED)):
            raise CommandError(
                f"{counts[str(Status.FAILED)]} posting(s) could not be read; run again."
            )
