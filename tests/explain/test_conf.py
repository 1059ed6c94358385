"""Settings: a Django setting wins, then (for Gemini) the environment, then the default."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings as django_settings

from explain.conf import DEFAULTS, ENV_FALLBACK, setting


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
