"""A logging filter for django.request: an outage we answered on purpose is a WARNING.

Django logs every 5xx response at ERROR. A 503 or 504 is this app refusing on purpose
(provider down or slow, cache down, busy, database down, turned off), each already
logged by the part that decided it; paging someone at ERROR for each one buries the
real faults (500s, and anything with a traceback), which stay at ERROR.
"""

from __future__ import annotations

import logging

EXPECTED_STATUSES = frozenset({503, 504})


class ExpectedOutageFilter(logging.Filter):
    """Lower django.request's 503/504 records (without a traceback) to WARNING."""

    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        if status in EXPECTED_STATUSES and record.levelno > logging.WARNING and not record.exc_info:
            record.levelno = logging.WARNING
            record.levelname = logging.getLevelName(logging.WARNING)
        return True
