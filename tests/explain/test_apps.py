"""explain.apps: the app config, and its checks registered when Django starts."""

from __future__ import annotations

from django.apps import apps
from django.core.checks import registry


def test_the_app_is_configured_and_registers_its_checks():
    config = apps.get_app_config("explain")
    assert config.default_auto_field == "django.db.models.BigAutoField"
    modules = {check.__module__ for check in registry.registry.get_checks()}
    assert "explain.checks.source" in modules
