"""The database or the cache down: a 503 with Retry-After instead of Django's bare 500.

PostgreSQL stopped, restarting or read-only, or Redis gone, is an outage, not a bug: the
API answers JSON its clients can read, pages answer the site's own "briefly unavailable"
page, both say when to try again, and the log says so at WARNING (no traceback, no
query text). A login while the database is read-only fails on the session's INSERT
(PostgreSQL says InternalError, "read-only transaction"): that is such a fault too.
The code's own faults (IntegrityError, ProgrammingError, DataError, NotSupportedError:
a query that could never work) stay 500s at ERROR.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable

from django.contrib.auth.models import AnonymousUser
from django.db import (
    DatabaseError,
    DataError,
    IntegrityError,
    InterfaceError,
    NotSupportedError,
    ProgrammingError,
)
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _

logger = logging.getLogger(__name__)

# About what a restarted PostgreSQL and the pool's bounded reconnect take.
DATABASE_RETRY_SECONDS = 5

# Errors of the code, not of the database: never disguised as an outage.
CODE_FAULTS: tuple[type[Exception], ...] = (
    IntegrityError,
    ProgrammingError,
    DataError,
    NotSupportedError,
)


def _cache_faults() -> tuple[type[BaseException], ...]:
    """What a cache client raises when its server is gone: the builtin connection and
    timeout errors, redis-py's, and django-redis's (each only if installed)."""
    found: list[type[BaseException]] = [ConnectionError, TimeoutError]
    for module, names in (
        ("redis.exceptions", ("ConnectionError", "TimeoutError")),
        ("django_redis.exceptions", ("ConnectionInterrupted",)),
    ):
        try:
            loaded = importlib.import_module(module)
        except ImportError:
            continue
        found.extend(getattr(loaded, name) for name in names if hasattr(loaded, name))
    return tuple(found)


CACHE_FAULTS = _cache_faults()


def is_outage(exception: BaseException) -> bool:
    """Whether the exception is the database or the cache failing, not our code."""
    if isinstance(exception, CODE_FAULTS):
        return False
    return isinstance(exception, (DatabaseError, InterfaceError, *CACHE_FAULTS))


def unavailable_response(request: HttpRequest) -> HttpResponse:
    """The 503: JSON for the API and JSON clients, the site's page for people."""
    response: HttpResponse
    sentence = _("This site is briefly unavailable. Please try again in a moment.")
    if "/api/" in request.path or "json" in request.headers.get("Accept", ""):
        response = JsonResponse(
            {
                "outcome": "temporarily_unavailable",
                "error": sentence,
                "retry_after": DATABASE_RETRY_SECONDS,
            },
            status=503,
        )
    else:
        response = HttpResponse(_unavailable_page(request), status=503)
    response["Retry-After"] = str(DATABASE_RETRY_SECONDS)
    response["Cache-Control"] = "no-store"
    return response


def _unavailable_page(request: HttpRequest) -> str:
    """The page, without asking the database anything: the header is drawn as for a
    visitor (who the user is lives in the database) and no messages are read (they may
    live in the session). One plain sentence if even that fails."""
    try:
        return render_to_string(
            "jobportal/unavailable.html",
            {"user": AnonymousUser(), "messages": (), "retry_after": DATABASE_RETRY_SECONDS},
            request=request,
        )
    except Exception as exc:  # the page must not fail the outage answer
        logger.warning("Unavailable page not drawn: %s", type(exc).__name__)
        return _("This site is briefly unavailable. Please try again in a moment.") + "\n"


class DatabaseUnavailableMiddleware:
    """Turn a view's database or cache fault into a 503 with Retry-After."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not is_outage(exception):
            return None
        logger.warning("Database unavailable: %s", type(exception).__name__)
        return unavailable_response(request)


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
    except Exception as exc:
        if is_outage(exc):
            return True
        raise
