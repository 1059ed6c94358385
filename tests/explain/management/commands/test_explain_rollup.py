"""`manage.py explain_rollup`: adds up closed days once, and rebuilds on demand."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from explain.models import ExplanationDay, ExplanationLog
from tests.explain.reporting.test_selectors import make_log, noon_clock  # noqa: F401 (fixture)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("noon_clock")]


def test_the_command_adds_up_and_rebuilds():
    make_log(2)
    make_log(1)
    out = StringIO()
    call_command("explain_rollup", stdout=out)
    assert "Added up 2 day(s)" in out.getvalue()
    call_command("explain_rollup", stdout=out)
    assert "Added up 0 day(s)" in out.getvalue()
    ExplanationLog.objects.all().delete()
    call_command("explain_rollup", "--rebuild", stdout=out)
    assert not ExplanationDay.objects.exists()
