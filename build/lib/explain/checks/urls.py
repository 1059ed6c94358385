"""Check that the host includes the app's URLs under the 'explain' namespace (E006), and
that LOGIN_URL, where the panel sends a visitor to log in, leads somewhere (W006)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage, Error, Tags, Warning, register
from django.shortcuts import resolve_url
from django.urls import NoReverseMatch, Resolver404, resolve, reverse


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


@register(Tags.urls)
def check_login_url(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """The panel's "Log in" link goes to LOGIN_URL (explain.W006)."""
    try:
        target = str(resolve_url(settings.LOGIN_URL))
        if "://" in target or not target.startswith("/"):
            return []  # another site (single sign-on), or not a path this site can test
        resolve(target.split("?", 1)[0])
    except (NoReverseMatch, Resolver404):
        target = str(settings.LOGIN_URL)
        return [
            Warning(
                f"LOGIN_URL leads to {target}, which no URL of this site answers: the "
                'panel\'s "Log in" link would be a 404.',
                hint='Set LOGIN_URL to your login page, e.g. LOGIN_URL = "login" (a URL name).',
                id="explain.W006",
            )
        ]
    return []
