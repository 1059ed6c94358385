"""Check that templates get the request, which {% explain_panel %} reads (E007)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage, Error, Tags, register

REQUEST_PROCESSOR = "django.template.context_processors.request"


@register(Tags.templates)
def check_request_context_processor(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """{% explain_panel %} reads the request from the template context (explain.E007)."""
    engines: list[dict[str, Any]] = settings.TEMPLATES
    django_engines = [
        engine
        for engine in engines
        if engine.get("BACKEND") == "django.template.backends.django.DjangoTemplates"
    ]
    if any(
        REQUEST_PROCESSOR in engine.get("OPTIONS", {}).get("context_processors", [])
        for engine in django_engines
    ):
        return []
    return [
        Error(
            "The request context processor is not enabled, so {% explain_panel %} cannot "
            "see who is logged in.",
            hint=f'Add "{REQUEST_PROCESSOR}" to TEMPLATES[0]["OPTIONS"]["context_processors"].',
            id="explain.E007",
        )
    ]
