"""CSV export of log rows, streamed: one chunk of rows in memory at a time, however many.

The admin action and `manage.py explain_export` write the same columns through here.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from typing import Any

from django.db.models import QuerySet
from django.utils import timezone

from explain.models import ExplanationLog
from explain.reporting.selectors import export_rows


class _Line:
    """A file-like object whose write returns the text, so csv.writer yields lines."""

    def write(self, value: str) -> str:
        return value


def stream_csv(queryset: QuerySet[ExplanationLog], rows_per_chunk: int = 500) -> Iterator[str]:
    """The CSV text in pieces of about `rows_per_chunk` lines (few, large writes)."""
    writer: Any = csv.writer(_Line())
    batch: list[str] = []
    for row in export_rows(queryset):
        batch.append(writer.writerow(row))
        if len(batch) >= rows_per_chunk:
            yield "".join(batch)
            batch = []
    if batch:
        yield "".join(batch)


def csv_filename() -> str:
    return f"explanation-logs-{timezone.localtime():%Y%m%d-%H%M}.csv"
