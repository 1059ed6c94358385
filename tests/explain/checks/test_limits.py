"""explain.checks.limits: the bounds, the rate limit, the calls in flight, the log rows."""

from __future__ import annotations

import sys

import pytest
from django.core.checks import run_checks
from django.core.management import call_command
from django.core.management.base import SystemCheckError

from explain.checks.limits import FLOORS, check_log_rows_per_minute
from explain.services.limits import verify_limits
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


def test_the_rate_limit_on_passes():
    assert not {"explain.E009", "explain.W005"} & set(ids(run_checks()))


def test_a_switched_off_rate_limit_is_a_warning(settings):
    settings.RATELIMIT_ENABLE = False
    assert "RATELIMIT_ENABLE" in by_id(run_checks(), "explain.W005").hint


def test_a_missing_django_ratelimit_is_an_error(monkeypatch):
    for name in [n for n in sys.modules if n.startswith("django_ratelimit")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "django_ratelimit", None)  # import fails
    assert "pip install django-ratelimit" in by_id(run_checks(), "explain.E009").hint


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


# EXPLAIN_ACCOUNT_SLOTS (explain.E026, W027): one account's share of the site's slots.


def slot_ids() -> list[str]:
    from explain.checks.limits import check_concurrency

    return [message.id or "" for message in check_concurrency()]


@pytest.mark.parametrize("value", [0, -1, "2", 1.5, True])
def test_an_account_share_that_is_not_a_positive_integer_is_an_error(settings, value):
    settings.EXPLAIN_ACCOUNT_SLOTS = value
    assert slot_ids() == ["explain.E026"]


@pytest.mark.parametrize(("own", "site"), [(20, 20), (30, 20), (None, 20)])
def test_a_share_that_lets_one_account_hold_every_slot_warns(settings, own, site):
    settings.EXPLAIN_ACCOUNT_SLOTS = own
    settings.EXPLAIN_MAX_CONCURRENT_CALLS = site
    assert slot_ids() == ["explain.W027"]


def test_the_default_share_and_no_site_cap_are_fine(settings):
    del settings.EXPLAIN_ACCOUNT_SLOTS
    assert slot_ids() == []
    settings.EXPLAIN_MAX_CONCURRENT_CALLS = None
    settings.EXPLAIN_ACCOUNT_SLOTS = None
    assert slot_ids() == []


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (None, []),
        (1, []),
        (30, []),
        (0, ["explain.E111"]),
        (-5, ["explain.E111"]),
        ("30", ["explain.E111"]),
        (True, ["explain.E111"]),
        (2.5, ["explain.E111"]),
    ],
)
def test_log_rows_per_minute(settings, value, expected):
    settings.EXPLAIN_LOG_ROWS_PER_MINUTE = value
    assert [problem.id for problem in check_log_rows_per_minute()] == expected
