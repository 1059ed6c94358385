"""The database down: a short 503 with Retry-After instead of Django's bare 500 page.

PostgreSQL stopped or restarting is an outage, not a bug: the API answers JSON its
clients can read, pages answer one plain sentence, both say when to try again, and the
log says so at WARNING (no traceback, no query text).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.cache import patch_cache_control

logger = logging.getLogger(__name__)

# About what a restarted PostgreSQL and the pool's bounded reconnect take.
DATABASE_RETRY_SECONDS = 5


class DatabaseUnavailableMiddleware:
    """Turn a view's OperationalError / InterfaceError into a 503 with Retry-After."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, OperationalError | InterfaceError):
            return None
        logger.warning("Database unavailable: %s", type(exception).__name__)
        response: HttpResponse
        if "/api/" in request.path or "json" in request.headers.get("Accept", ""):
            response = JsonResponse(
                {
                    "outcome": "temporarily_unavailable",
                    "error": "This site is briefly unavailable. Please try again in a moment.",
                    "retry_after": DATABASE_RETRY_SECONDS,
                },
                status=503,
            )
        else:
            response = HttpResponse(
                "This site is briefly unavailable. Please try again in a moment.\n",
                status=503,
                content_type="text/plain; charset=utf-8",
            )
        response["Retry-After"] = str(DATABASE_RETRY_SECONDS)
        response["Cache-Control"] = "no-store"
        return response


class PrivatePagesMiddleware:
    """Every answer to a signed-in user may hold their profile or explanations: no
    shared cache (a proxy, a CDN) and no browser disk may keep it. Responses that say
    otherwise themselves are left alone."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        # The header first: the database-down 503 has one, and asking who the user is
        # would load the session again from the database that is down (`make chaos`
        # measured that second failure as a 500 after another pool timeout).
        if not response.has_header("Cache-Control") and _maybe_signed_in(request):
            patch_cache_control(response, private=True, no_store=True)
        return response


def _maybe_signed_in(request: HttpRequest) -> bool:
    """Whether the answer may be for a signed-in user; unknowable (database down): yes."""
    try:
        return bool(getattr(getattr(request, "user", None), "is_authenticated", False))
    except (OperationalError, InterfaceError):
        return True
