"""`manage.py explain_replay_log`: write the log rows the database could not take.

Each request's row waits in EXPLAIN_LOG_SPOOL_DIR while the database is down or
read-only; the next successful write replays some, and this command replays them all
(run it on each app server after an outage, or from cron). Exits 1 while rows remain.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from explain.services import log_spool


class Command(BaseCommand):
    help = "Write the explanation log rows waiting in EXPLAIN_LOG_SPOOL_DIR."

    def handle(self, *args: Any, **options: Any) -> None:
        if log_spool.spool_dir() is None:
            raise CommandError("EXPLAIN_LOG_SPOOL_DIR is not set: no spool to replay.")
        written = log_spool.replay()
        left = log_spool.waiting()
        self.stdout.write(f"Recovered {written} log row(s); {left} waiting.")
        if left:
            raise CommandError(f"{left} row(s) still waiting (the database refused them).")
