"""Checks that the rate limit can run and is on (E009, W005)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage, Error, Warning, register


@register()
def check_ratelimit(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """The rate limit uses django-ratelimit's functions: it must be importable and on
    (explain.E009, explain.W005). Listing it in INSTALLED_APPS is not needed."""
    try:
        import django_ratelimit.core  # noqa: F401
    except ImportError:
        return [
            Error(
                "django-ratelimit is not installed; explain counts AI requests with it.",
                hint="pip install django-ratelimit (adding it to INSTALLED_APPS is optional).",
                id="explain.E009",
            )
        ]
    if not getattr(settings, "RATELIMIT_ENABLE", True):
        return [
            Warning(
                "RATELIMIT_ENABLE is False: every user may ask for AI explanations without limit.",
                hint="Remove RATELIMIT_ENABLE = False from your settings (or set it to True).",
                id="explain.W005",
            )
        ]
    return []
