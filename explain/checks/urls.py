"""Check that the host includes the app's URLs under the 'explain' namespace (E006)."""

from __future__ import annotations

from typing import Any

from django.core.checks import CheckMessage, Error, Tags, register
from django.urls import NoReverseMatch, reverse


@register(Tags.urls)
def check_urls_included(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """The panel links to the app's URLs by the 'explain' namespace (explain.E006)."""
    try:
        reverse("explain:api-explain", args=["1"])
    except NoReverseMatch:
        return [
            Error(
                "The explain URLs are not included under the 'explain' namespace: every job "
                "page with the panel would fail with \"'explain' is not a registered "
                'namespace".',
                hint='Add to your ROOT_URLCONF: path("explain/", include("explain.urls")),',
                id="explain.E006",
            )
        ]
    return []
