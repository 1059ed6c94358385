"""Log rows for requests that cost no model call are bounded per user and minute.

A cached answer, a refusal (429, busy, limits), an unknown job id or a page view spends
nothing, so one client could ask for them as fast as it likes, and each wrote a log row
(about 170 rows a second from one client). Such a request writes its row only while its
user (or, signed out, the anonymous visitors together) has written fewer than
EXPLAIN_LOG_ROWS_PER_MINUTE rows of this kind this minute; past it the request is added
to one counter per day and outcome (UnloggedRequests), which the admin shows, so the
owner still sees how many there were.

A request that reached the model is never bounded: it writes its one row whatever
happens (explain.services.explanations._log, with the spool when the database is down).
The count lives in the site's shared cache; without it (Redis down) rows are written as
before, since losing the count must not lose rows.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from explain.conf import app_settings
from explain.controls.site import site_cache
from explain.models import UnloggedRequests

logger = logging.getLogger(__name__)

WINDOW_SECONDS = 60


def _who(user: Any) -> str:
    return f"u{user.pk}" if getattr(user, "is_authenticated", False) else "anonymous"


def row_allowed(user: Any, *, now: float | None = None) -> bool:
    """Whether this no-model request may write its own row (counting it if so)."""
    limit = app_settings.LOG_ROWS_PER_MINUTE
    if limit is None:
        return True
    minute = int((time.time() if now is None else now) // WINDOW_SECONDS)
    key = f"explain:rows:{_who(user)}:{minute}"
    try:
        cache = site_cache()
        if cache.add(key, 1, WINDOW_SECONDS * 2):
            return True
        count = cache.incr(key)
    except Exception as exc:  # no count: write the row, as without the bound
        logger.warning("Log row bound unavailable: %s", type(exc).__name__)
        return True
    return int(count) <= limit


def count_unlogged(outcome: str) -> None:
    """Add one request without a row to today's counter for its outcome."""
    day = timezone.localdate()
    try:
        with transaction.atomic():
            updated = UnloggedRequests.objects.filter(day=day, outcome=outcome).update(
                requests=F("requests") + 1
            )
            if not updated:
                row, created = UnloggedRequests.objects.get_or_create(
                    day=day, outcome=outcome, defaults={"requests": 1}
                )
                if not created:
                    UnloggedRequests.objects.filter(pk=row.pk).update(requests=F("requests") + 1)
    except Exception as exc:  # a count, not a billed call: never costs the answer
        logger.warning("Could not count a request without a log row: %s", type(exc).__name__)
