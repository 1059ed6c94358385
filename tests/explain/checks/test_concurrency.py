"""The check of EXPLAIN_MAX_CONCURRENT_CALLS (explain.E024)."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.core.management.base import SystemCheckError


@pytest.mark.parametrize("value", [0, -3, "20", 2.5, True])
def test_the_check_refuses_a_cap_that_is_not_a_positive_integer(settings, value):
    settings.EXPLAIN_MAX_CONCURRENT_CALLS = value
    with pytest.raises(SystemCheckError, match="EXPLAIN_MAX_CONCURRENT_CALLS"):
        call_command("check")


def test_the_check_accepts_none_and_the_default(settings):
    settings.EXPLAIN_MAX_CONCURRENT_CALLS = None
    call_command("check")
    del settings.EXPLAIN_MAX_CONCURRENT_CALLS
    call_command("check")
