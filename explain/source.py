"""The host's adapter (EXPLAIN_SOURCE), built once per dotted path."""

from __future__ import annotations

from functools import cache

from django.utils.module_loading import import_string

from explain.adapter import ExplainSource
from explain.conf import app_settings


@cache
def _load_source(path: str) -> ExplainSource:
    return import_string(path)()


def get_source() -> ExplainSource:
    """The host's adapter named in EXPLAIN_SOURCE, built once per dotted path."""
    path = app_settings.SOURCE
    if not path:
        raise LookupError("EXPLAIN_SOURCE is not set")
    return _load_source(path)
