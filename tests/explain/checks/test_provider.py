"""Start-up checks for the provider settings: each problem said once, with its fix."""

from __future__ import annotations

from datetime import date

import pytest

from explain.checks.provider import provider_problems
from tests.fakes.fixtures import CANARY_KEY

DAY_BEFORE = date(2026, 11, 30)
RETIREMENT_DAY = date(2026, 12, 1)


def ids(today: date = RETIREMENT_DAY) -> list[str]:
    return [p.id or "" for p in provider_problems(today=lambda: today)]


def test_the_defaults_are_clean():
    assert ids() == []


def test_a_retired_model_warns_from_its_date_with_the_replacement(settings):
    settings.GEMINI_MODEL = "gemini-2.5-flash"
    (problem,) = provider_problems(today=lambda: RETIREMENT_DAY)
    assert problem.id == "explain.W101"
    assert "was retired on 2026-12-01" in problem.msg
    assert "gemini-3.5-flash-lite" in (problem.hint or "")
    (before,) = provider_problems(today=lambda: DAY_BEFORE)
    assert "retires on 2026-12-01" in before.msg


def test_an_unknown_model_warns_that_the_newest_rules_apply(settings):
    settings.GEMINI_MODEL = "gemini-flash-latest"
    (problem,) = provider_problems(today=lambda: RETIREMENT_DAY)
    assert problem.id == "explain.W102"
    assert "Gemini 3.x Flash-Lite" in problem.msg


@pytest.mark.parametrize("name", ["gemini 3.5", "models/gemini-3.5", "gémini", CANARY_KEY, 42])
def test_a_model_name_that_is_not_one_is_an_error_that_does_not_echo_it(settings, name):
    settings.GEMINI_MODEL = name
    (problem,) = provider_problems(today=lambda: RETIREMENT_DAY)
    assert problem.id == "explain.E101"
    assert str(name) not in problem.msg + (problem.hint or "")


@pytest.mark.parametrize(
    ("model", "thinking", "bad"),
    [
        ("gemini-3.5-flash-lite", "low", False),
        ("gemini-3.5-flash-lite", "ULTRA", True),
        ("gemini-3.5-flash-lite", 512, True),
        ("gemini-3-pro", "MINIMAL", True),
        ("gemini-2.5-flash", 24576, False),
        ("gemini-2.5-flash", 24577, True),
        ("gemini-2.5-flash-lite", 100, True),
        ("gemini-2.5-pro", 0, True),
    ],
)
def test_explain_thinking_out_of_range_is_an_error(settings, model, thinking, bad):
    settings.GEMINI_MODEL = model
    settings.EXPLAIN_THINKING = thinking
    assert ("explain.E102" in ids()) is bad


@pytest.mark.parametrize(
    ("limit", "expected"),
    [
        (None, []),
        (100, []),
        (0, ["explain.W103"]),
        (-1, ["explain.E103"]),
        ("10", ["explain.E103"]),
    ],
)
def test_the_daily_limit(settings, limit, expected):
    settings.EXPLAIN_DAILY_CALL_LIMIT = limit
    assert ids() == expected


@pytest.mark.parametrize("name", ["EXPLAIN_USER_DAILY_CALLS", "EXPLAIN_NEW_USER_DAILY_CALLS"])
@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (None, []),
        (0, []),
        (20, []),
        (-1, ["explain.E106"]),
        ("10", ["explain.E106"]),
        (2.5, ["explain.E106"]),
        (True, ["explain.E106"]),
    ],
)
def test_the_account_allowances(settings, name, value, expected):
    setattr(settings, name, value)
    assert ids() == expected


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("EXPLAIN_BREAKER_FAILURES", -1),
        ("EXPLAIN_BREAKER_FAILURES", 2.5),
        ("EXPLAIN_BREAKER_WINDOW_SECONDS", 0),
        ("EXPLAIN_BREAKER_COOLDOWN_SECONDS", "15"),
        ("EXPLAIN_BREAKER_SLOW_SECONDS", -1),
        ("EXPLAIN_BREAKER_SLOW_SECONDS", "10"),
    ],
)
def test_breaker_settings_out_of_range(settings, name, value):
    setattr(settings, name, value)
    assert ids() == ["explain.E104"]


def test_no_slow_call_bound_is_allowed(settings):
    settings.EXPLAIN_BREAKER_SLOW_SECONDS = None
    assert "explain.E104" not in ids()


def test_prices_missing_the_model_in_use_warn(settings):
    settings.EXPLAIN_PRICES = {
        "gemini-2.5-flash-lite": {"input": 0.1, "output": 0.4, "thinking": 0.4}
    }
    assert ids() == ["explain.W104"]
    settings.EXPLAIN_PRICES["gemini-3.5-flash-lite"] = {
        "input": 0.1,
        "output": 0.4,
        "thinking": 0.4,
    }
    assert ids() == []


@pytest.mark.parametrize(
    "prices",
    [
        ["gemini-3.5-flash-lite"],
        {"gemini-3.5-flash-lite": 0.1},
        {"gemini-3.5-flash-lite": {"input": 0.1, "output": 0.4}},
        {"gemini-3.5-flash-lite": {"input": -1, "output": 0.4, "thinking": 0.4}},
    ],
)
def test_a_broken_price_table_is_an_error(settings, prices):
    settings.EXPLAIN_PRICES = prices
    assert ids() == ["explain.E105"]


def check_output(*args: str) -> tuple[bool, str]:
    """(passed, what was said) of `manage.py check` with these arguments."""
    from io import StringIO

    from django.core.management import call_command
    from django.core.management.base import SystemCheckError

    out, err = StringIO(), StringIO()
    try:
        call_command("check", *args, stdout=out, stderr=err)
    except SystemCheckError as failed:
        return False, str(failed)
    return True, out.getvalue() + err.getvalue()


def test_no_key_and_no_demo_mode_warns_and_fails_check_deploy(settings):
    settings.DEBUG = True  # the local cache is fine here: only the model is missing
    passed, said = check_output()
    assert passed and "explain.W106" in said and "explain.E107" not in said
    assert "EXPLAIN_DEMO_MODE = True" in said
    passed, said = check_output("--deploy")
    assert not passed and "explain.E107" in said
    assert "Set GEMINI_API_KEY" in said


def test_demo_mode_without_a_key_says_nothing_about_a_missing_model(settings):
    settings.DEBUG = True
    settings.GEMINI_API_KEY = ""
    settings.EXPLAIN_CHAT_MODEL = None
    settings.EXPLAIN_DEMO_MODE = True
    passed, said = check_output()
    assert passed and "explain.W106" not in said, said
    settings.EXPLAIN_DEMO_MODE = False
    passed, said = check_output()
    assert passed and "explain.W106" in said


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("GEMINI_API_KEY", "a-key"),
        ("EXPLAIN_DEMO_MODE", True),
        ("EXPLAIN_CHAT_MODEL", "tests.fakes.fixtures.CANARY_KEY"),
    ],
)
def test_any_model_configured_passes(settings, name, value):
    settings.DEBUG = True
    setattr(settings, name, value)
    _, said = check_output("--deploy")
    assert "explain.W106" not in said and "explain.E107" not in said, said


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (None, []),
        (0, []),
        (200, []),
        (-1, ["explain.E108"]),
        ("200", ["explain.E108"]),
        (2.5, ["explain.E108"]),
        (True, ["explain.E108"]),
    ],
)
def test_the_address_allowance(settings, value, expected):
    settings.EXPLAIN_ADDRESS_DAILY_CALLS = value
    assert ids() == expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (None, []),
        ("REMOTE_ADDR", []),
        ("HTTP_X_FORWARDED_FOR", []),
        ("HTTP_X_REAL_IP", []),
        ("X-Forwarded-For", ["explain.E109"]),  # the header's name, not its META key
        ("http_x_forwarded_for", ["explain.E109"]),
        ("", ["explain.E109"]),
        (["HTTP_X_FORWARDED_FOR"], ["explain.E109"]),
    ],
)
def test_the_client_address_header(settings, value, expected):
    settings.EXPLAIN_CLIENT_ADDRESS_HEADER = value
    assert ids() == expected


def test_the_header_check_never_echoes_the_value(settings):
    settings.EXPLAIN_CLIENT_ADDRESS_HEADER = CANARY_KEY
    (problem,) = provider_problems(today=lambda: RETIREMENT_DAY)
    assert CANARY_KEY not in problem.msg and CANARY_KEY not in (problem.hint or "")
