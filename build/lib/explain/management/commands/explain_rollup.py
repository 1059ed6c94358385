"""`manage.py explain_rollup [--rebuild]`: add up the closed days of the explanation log.

The admin does this itself before it reads; run it from cron after midnight (or after a
deploy) so the first admin page of the day does not pay for it. --rebuild recomputes
every day: after old log rows were purged, or TIME_ZONE changed.
"""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from explain.reporting.rollup import roll_up, rolled_through


class Command(BaseCommand):
    help = "Add up every closed day of the explanation log for the admin's figures."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--rebuild", action="store_true", help="recompute every day")

    def handle(self, *args: Any, **options: Any) -> None:
        started = time.perf_counter()
        days = roll_up(rebuild=options["rebuild"])
        self.stdout.write(
            f"Added up {days} day(s) with rows in {time.perf_counter() - started:.1f} s; "
            f"the rollup reaches {rolled_through()}."
        )
