"""Settings: a Django setting wins, then (for Gemini) the environment, then the default."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings as django_settings

from explain.conf import DEFAULTS, ENV_FALLBACK, AppSettings, app_settings, setting


@pytest.fixture
def unset(settings: Any) -> Any:
    """Remove the Gemini settings the demo host defines, as on a host that never set them."""
    for name in ENV_FALLBACK:
        if hasattr(django_settings, name):
            delattr(settings, name)
    return settings


@pytest.mark.parametrize("name", sorted(ENV_FALLBACK))
def test_the_environment_is_read_when_the_host_does_not_set_it(unset, monkeypatch, name):
    monkeypatch.setenv(name, "  from-the-environment ")
    assert setting(name) == "from-the-environment"


@pytest.mark.parametrize("name", sorted(ENV_FALLBACK))
def test_a_django_setting_wins_over_the_environment(unset, monkeypatch, name):
    monkeypatch.setenv(name, "from-the-environment")
    setattr(unset, name, "from-settings")
    assert setting(name) == "from-settings"


def test_an_explicitly_empty_key_in_settings_switches_gemini_off(unset, monkeypatch):
    monkeypatch.setenv("GEMINI_API_KEY", "from-the-environment")
    unset.GEMINI_API_KEY = ""
    assert setting("GEMINI_API_KEY") == ""


def test_neither_set_gives_the_default(unset, monkeypatch):
    for name in ENV_FALLBACK:
        monkeypatch.delenv(name, raising=False)
    assert {name: setting(name) for name in ENV_FALLBACK} == {
        name: DEFAULTS[name] for name in ENV_FALLBACK
    }


def test_other_settings_never_come_from_the_environment(monkeypatch, settings):
    del settings.EXPLAIN_RATE
    monkeypatch.setenv("EXPLAIN_RATE", "1000/s")
    assert setting("EXPLAIN_RATE") == DEFAULTS["EXPLAIN_RATE"]


def test_typed_settings_are_read_at_each_use(settings):
    settings.EXPLAIN_MAX_POINTS = 3
    assert app_settings.MAX_POINTS == 3
    settings.EXPLAIN_MAX_POINTS = "7"
    assert app_settings.MAX_POINTS == 7


def test_typed_settings_give_the_declared_type(settings):
    settings.EXPLAIN_TIMEOUT_SECONDS = 12
    settings.EXPLAIN_BREAKER_SLOW_SECONDS = None
    settings.EXPLAIN_DAILY_CALL_LIMIT = 0
    settings.EXPLAIN_LOG_SPOOL_DIR = ""
    settings.EXPLAIN_JOB_URL_NAME = None
    assert isinstance(app_settings.TIMEOUT_SECONDS, float)
    assert app_settings.BREAKER_SLOW_SECONDS is None
    assert app_settings.DAILY_CALL_LIMIT == 0  # 0 is a cap (no calls), not "no cap"
    assert app_settings.LOG_SPOOL_DIR is None
    assert app_settings.JOB_URL_NAME is None


def test_every_default_has_a_typed_property():
    """No setting is left to be read by name and cast at its call site."""
    properties = {name for name, value in vars(AppSettings).items() if isinstance(value, property)}
    assert {name.removeprefix("EXPLAIN_") for name in DEFAULTS} == properties


@pytest.mark.parametrize("name", sorted(ENV_FALLBACK))
def test_the_typed_gemini_settings_keep_the_environment_fallback(unset, monkeypatch, name):
    monkeypatch.setenv(name, " from-the-environment ")
    assert getattr(app_settings, name) == "from-the-environment"
