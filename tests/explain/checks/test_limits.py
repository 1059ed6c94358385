"""explain.checks.limits: every bound is an integer above its floor, the timeout in range."""

from __future__ import annotations

import pytest
from django.core.checks import run_checks

from explain.checks.limits import FLOORS
from explain.conf import verify_limits
from tests.explain.checks.helpers import by_id, ids


@pytest.mark.parametrize(("name", "low"), FLOORS)
def test_a_bound_below_its_floor_is_an_error_naming_it(settings, name, low):
    setattr(settings, name, low - 1)
    message = by_id(run_checks(), "explain.E004")
    assert message.msg == f"{name} must be an integer of at least {low}."


@pytest.mark.parametrize(("name", "low"), FLOORS)
def test_a_bound_at_its_floor_passes(settings, name, low):
    setattr(settings, name, low)
    assert "explain.E004" not in ids(run_checks())


@pytest.mark.parametrize("value", ["8000", 8000.0, None])
def test_a_text_cap_that_is_not_an_integer_is_an_error(settings, value):
    settings.EXPLAIN_MAX_TEXT_CHARS = value
    assert "Got" in by_id(run_checks(), "explain.E004").hint


def test_no_output_bound_leaves_it_to_the_model_family(settings):
    settings.EXPLAIN_MAX_OUTPUT_TOKENS = None
    assert "explain.E004" not in ids(run_checks())


@pytest.mark.parametrize("timeout", [0, -1, 120.5, "30", None])
def test_a_timeout_outside_zero_to_120_seconds_is_an_error(settings, timeout):
    settings.EXPLAIN_TIMEOUT_SECONDS = timeout
    assert "30 is the default" in by_id(run_checks(), "explain.E005").hint


@pytest.mark.parametrize("timeout", [0.5, 30, 120])
def test_a_timeout_in_range_passes(settings, timeout):
    settings.EXPLAIN_TIMEOUT_SECONDS = timeout
    assert "explain.E005" not in ids(run_checks())


@pytest.mark.parametrize("stale", ["300", -1, None])
def test_the_retired_point_bound_is_read_by_nothing(settings, stale):
    """EXPLAIN_MAX_POINT_CHARS is retired: a host that still sets it gets no error."""
    settings.EXPLAIN_MAX_POINT_CHARS = stale
    assert "explain.E004" not in ids(run_checks())
    assert "EXPLAIN_MAX_POINT_CHARS" not in {name for name, _ in FLOORS}
    assert not hasattr(verify_limits(), "max_point_chars")
