"""`manage.py explain_export --since 2026-11-01 --until 2026-11-30 > logs.csv`.

The same columns as the admin's "Export as CSV" action, streamed a chunk at a time, so a
million rows never sit in memory. Dates are whole days in the site's time zone, both
included; either may be left out.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from explain.reporting.export import stream_csv
from explain.reporting.selectors import logs_between


def _day(value: str) -> date:
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise CommandError(f"{value!r} is not a date like 2026-11-30") from None


class Command(BaseCommand):
    help = "Write explanation log rows as CSV (the admin export's columns) to stdout or a file."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--since", metavar="YYYY-MM-DD", help="first day (included)")
        parser.add_argument("--until", metavar="YYYY-MM-DD", help="last day (included)")
        parser.add_argument("--output", "-o", metavar="PATH", help="write here, not to stdout")

    def handle(self, *args: Any, **options: Any) -> None:
        since = _day(options["since"]) if options["since"] else None
        until = _day(options["until"]) if options["until"] else None
        if since and until and until < since:
            raise CommandError("--until is before --since")
        rows = logs_between(since, until)
        if options["output"]:
            with open(options["output"], "w", encoding="utf-8", newline="") as out:
                for piece in stream_csv(rows):
                    out.write(piece)
            return
        for piece in stream_csv(rows):
            self.stdout.write(piece, ending="")
