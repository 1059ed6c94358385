"""explain_export: with no rows the CSV is its header; nothing is written for a bad date."""

from __future__ import annotations

import csv
import io

import pytest
from django.core.management import CommandError, call_command

from explain.reporting.selectors import EXPORT_COLUMNS


@pytest.mark.django_db
def test_no_rows_is_the_header_alone():
    out = io.StringIO()
    call_command("explain_export", stdout=out)
    assert list(csv.reader(io.StringIO(out.getvalue()))) == [[name for name, _ in EXPORT_COLUMNS]]


@pytest.mark.django_db
def test_a_bad_date_writes_no_file(tmp_path):
    path = tmp_path / "logs.csv"
    with pytest.raises(CommandError):
        call_command("explain_export", "--since", "2026-13-01", "-o", str(path))
    assert not path.exists()
