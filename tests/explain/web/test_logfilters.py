"""Deliberate 503/504 answers log at WARNING; real faults stay at ERROR."""

from __future__ import annotations

import logging


def test_a_real_fault_still_logs_at_error():
    """Only deliberate 503/504 answers are lowered; a 500 or a traceback stays ERROR."""
    from explain.web.logfilters import ExpectedOutageFilter

    def record(status: int, exc: bool = False) -> logging.LogRecord:
        made = logging.LogRecord("django.request", logging.ERROR, "", 0, "x", (), None)
        made.status_code = status
        if exc:
            made.exc_info = (RuntimeError, RuntimeError("x"), None)
        ExpectedOutageFilter().filter(made)
        return made

    assert record(503).levelno == logging.WARNING
    assert record(504).levelno == logging.WARNING
    assert record(500).levelno == logging.ERROR
    assert record(503, exc=True).levelno == logging.ERROR
