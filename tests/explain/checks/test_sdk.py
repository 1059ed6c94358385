"""The check that the installed google-genai builds this app's requests (explain.E025)."""

from __future__ import annotations

from types import ModuleType, SimpleNamespace

import pytest
from django.core.management import call_command
from django.core.management.base import SystemCheckError

from explain.checks import sdk


def test_the_installed_sdk_passes():
    assert sdk.sdk_problems() == []
    call_command("check")


def test_an_sdk_that_does_not_import_is_an_error_naming_the_cause_and_versions():
    def broken() -> ModuleType:
        raise TypeError("_TypedDictMeta.__new__() got an unexpected keyword argument 'extra_items'")

    (error,) = sdk.sdk_problems(broken)
    assert error.id == "explain.E025"
    assert "does not import: TypeError" in error.msg
    assert "extra_items" in error.msg
    assert "google-genai " in error.hint
    assert "typing-extensions " in error.hint
    assert "--no-deps" in error.hint


def test_an_sdk_older_than_the_config_names_each_missing_field():
    old = SimpleNamespace(
        GenerateContentConfig=SimpleNamespace(
            model_fields={"thinking_config": None, "response_schema": None}
        ),
        ThinkingConfig=SimpleNamespace(model_fields={"thinking_budget": None}),
    )
    (error,) = sdk.sdk_problems(lambda: old)  # type: ignore[arg-type, return-value]
    assert "GenerateContentConfig.automatic_continuation" in error.msg
    assert "ThinkingConfig.thinking_level" in error.msg
    assert "thinking_budget" not in error.msg


def test_manage_py_check_fails_on_it(monkeypatch):
    monkeypatch.setattr(sdk, "_import_types", lambda: SimpleNamespace())
    with pytest.raises(SystemCheckError, match=r"explain\.E025"):
        call_command("check")
