"""CSV export: the action's and the command's columns, and streaming in bounded memory."""

from __future__ import annotations

import csv
import io
import tracemalloc
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from explain.models import ExplanationLog
from explain.reporting.export import stream_csv
from explain.reporting.selectors import EXPORT_COLUMNS

pytestmark = pytest.mark.django_db


def rows_on(days_ago: int, count: int, **fields: object) -> None:
    ExplanationLog.objects.bulk_create(
        ExplanationLog(job_ref=str(i), outcome="ok", model_name="m", **fields)  # type: ignore[misc]
        for i in range(count)
    )
    when = timezone.localtime().replace(hour=12) - timedelta(days=days_ago)
    ExplanationLog.objects.filter(created_at__gt=when).update(created_at=when)


def test_the_command_writes_the_same_columns_for_the_days_asked(tmp_path):
    rows_on(3, 2)
    rows_on(1, 3, job_title='Data, "quoted" engineer')
    today = timezone.localdate()
    out = StringIO()
    call_command("explain_export", "--since", str(today - timedelta(days=1)), stdout=out)
    parsed = list(csv.reader(io.StringIO(out.getvalue())))
    assert parsed[0] == [name for name, _ in EXPORT_COLUMNS]
    assert len(parsed) == 1 + 3
    assert {row[parsed[0].index("job_title")] for row in parsed[1:]} == {'Data, "quoted" engineer'}
    path = tmp_path / "logs.csv"
    call_command("explain_export", "--until", str(today - timedelta(days=2)), "-o", str(path))
    assert len(path.read_text().splitlines()) == 1 + 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--since", "yesterday"], "is not a date"),
        (["--since", "2026-11-30", "--until", "2026-11-01"], "--until is before --since"),
    ],
)
def test_the_command_refuses_bad_dates(args, message):
    with pytest.raises(CommandError, match=message):
        call_command("explain_export", *args, stdout=StringIO())


def _peak_while_streaming() -> tuple[int, int]:
    """(peak traced bytes, bytes of CSV) for streaming every row and dropping each piece."""
    pieces = stream_csv(ExplanationLog.objects.all())
    tracemalloc.start()
    try:
        total = sum(len(piece) for piece in pieces)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak, total


def test_streaming_memory_does_not_grow_with_the_rows():
    title = "A title long enough to make every line count " * 2
    rows_on(0, 4_000, job_title=title)
    small_peak, small_total = _peak_while_streaming()
    rows_on(1, 28_000, job_title=title)
    large_peak, large_total = _peak_while_streaming()
    # Eight times the rows and the CSV; the memory held stays that of one chunk.
    assert large_total > 7.5 * small_total
    assert large_peak < 1.5 * small_peak, (small_peak, large_peak)
