"""The check that the installed google-genai can build the requests this app sends.

explain.E025: `google.genai.types` does not import, or lacks a field the request config
sets. Both happen when pip was kept from resolving (--no-deps, a host's constraints): a
google-genai older than the declared floor, or one beside a typing_extensions too old for
it (google-genai 1.67 then fails on every page with "unexpected keyword argument
'extra_items'"), while `pip check` is clean. Without this check the first sign is a page.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from importlib import metadata
from types import ModuleType
from typing import Any

from django.core.checks import CheckMessage, Error, register

# The config types and the fields of them that explain.llm.gemini sets.
NEEDED_FIELDS = {
    "GenerateContentConfig": ("thinking_config", "automatic_continuation", "response_schema"),
    "ThinkingConfig": ("thinking_level", "thinking_budget"),
}
# The packages whose versions the hint names: the SDK and what breaks it when too old.
REPORTED = ("google-genai", "typing-extensions", "pydantic", "httpx", "httpx2")


def _import_types() -> ModuleType:
    return importlib.import_module("google.genai.types")


def sdk_problems(import_types: Callable[[], ModuleType] | None = None) -> list[CheckMessage]:
    """explain.E025 if the SDK's types do not import or lack a needed field."""
    try:
        types = (import_types or _import_types)()
    except Exception as exc:  # any failure to import is the finding itself
        return [_error(f"google.genai.types does not import: {type(exc).__name__}: {exc}")]
    missing = [
        f"{name}.{field}"
        for name, fields in NEEDED_FIELDS.items()
        for field in fields
        if field not in getattr(getattr(types, name, None), "model_fields", {})
    ]
    if missing:
        return [_error(f"google.genai.types lacks {', '.join(missing)}")]
    return []


def _error(problem: str) -> Error:
    return Error(
        f"The installed google-genai cannot build this app's requests ({problem}).",
        hint=(
            f"Installed: {_versions()}. Let pip resolve django-explain's ranges "
            "(no --no-deps; no constraint holding google-genai below its floor, or "
            "typing_extensions/pydantic below what that google-genai needs), then rerun "
            "`manage.py check`."
        ),
        id="explain.E025",
    )


def _versions() -> str:
    found = []
    for name in REPORTED:
        try:
            found.append(f"{name} {metadata.version(name)}")
        except metadata.PackageNotFoundError:
            continue
    return ", ".join(found)


@register()
def check_sdk(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    return sdk_problems()
