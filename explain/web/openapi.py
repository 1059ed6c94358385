"""OpenAPI for the app's own API, when drf-spectacular is installed (it is optional).

The schema view documents only explain's endpoints, under whatever prefix the host
included them at, with drf-spectacular's inspector set on our views for that purpose
alone: a host whose DEFAULT_SCHEMA_CLASS is another generator's still gets a schema,
never a 500, and the host's own schema generator skips our views (schema = None). Without
drf-spectacular the decorators change nothing and the schema URL answers 501 with a
sentence saying what to install (docs/integrating.md, OpenAPI).
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from functools import cache
from typing import Any, TypeVar

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import URLPattern, include, path, reverse
from rest_framework.views import APIView

from explain.web.serializers import (
    ExplanationSerializer,
    FeedbackInputSerializer,
    FeedbackOutputSerializer,
    StreamPointLineSerializer,
    StreamRequirementLineSerializer,
    StreamRequirementsLineSerializer,
    StreamResultLineSerializer,
)

MethodT = TypeVar("MethodT", bound=Callable[..., Any])

NOT_INSTALLED = (
    "This API's OpenAPI schema needs drf-spectacular: pip install drf-spectacular "
    "(adding it to INSTALLED_APPS is not needed)."
)
TITLE = "Why this job? API"

STREAM_DESCRIPTION = (
    "With `?stream=1` the answer is NDJSON (`application/x-ndjson`), one JSON object per "
    'line, sent as the model writes: first `{"event": "requirements", "requirements": '
    '[...], "listed_line": ...}` with every requirement of the posting, in its order, in '
    'state `pending`; then `{"event": "requirement", ...}` (the keys of one item of '
    "`requirements`) as each one's state is checked, in any order, matched by `id`. "
    'A line `{"event": "point", ...}` (the keys of one item of the deprecated `matches` or '
    "`gaps`, `kind` saying which) may come for each kept point. Always one last line "
    '`{"event": "result", ...}` holds exactly the JSON answer described here. The status '
    "is 200 while an answer is coming; the result line's `outcome` is the final word: when "
    "it is not a success, lines already sent are not an answer (the provider failed "
    "part-way). Outcomes known before any model call (cached, rate limited, no "
    "profile...) keep their status."
)


def spectacular_installed() -> bool:
    return importlib.util.find_spec("drf_spectacular") is not None


def _own_inspector(method: Callable[..., Any]) -> None:
    """Build on drf-spectacular's inspector, not on the host's DEFAULT_SCHEMA_CLASS of the
    moment (extend_schema reads an explicit `schema` attribute first)."""
    from drf_spectacular.openapi import AutoSchema

    method.schema = AutoSchema  # type: ignore[attr-defined]


def explanation_schema(method: MethodT) -> MethodT:
    """Documents POST /api/jobs/<job_id>/explanation/ (unchanged without drf-spectacular)."""
    if not spectacular_installed():
        return method
    from drf_spectacular.types import OpenApiTypes
    from drf_spectacular.utils import (
        OpenApiParameter,
        OpenApiResponse,
        PolymorphicProxySerializer,
        extend_schema,
    )

    _own_inspector(method)
    return extend_schema(
        operation_id="explain_job",
        summary="Explain why this job fits the logged-in user's profile",
        tags=["explanations"],
        request=None,
        parameters=[
            OpenApiParameter(
                "job_id",
                OpenApiTypes.STR,
                OpenApiParameter.PATH,
                description="The job to explain; it must be published.",
            ),
            OpenApiParameter(
                "stream",
                OpenApiTypes.INT,
                OpenApiParameter.QUERY,
                required=False,
                enum=[1],
                description="1: stream the answer as NDJSON, each point once verified.",
            ),
            OpenApiParameter(
                "Retry-After",
                OpenApiTypes.INT,
                OpenApiParameter.HEADER,
                response=[429],
                description="Seconds until this user may ask for a new explanation.",
            ),
        ],
        responses={
            (200, "application/json"): OpenApiResponse(
                ExplanationSerializer, "Verified points (fresh or cached)."
            ),
            (200, "application/x-ndjson"): OpenApiResponse(
                PolymorphicProxySerializer(
                    component_name="ExplanationStreamLine",
                    serializers={
                        "requirements": StreamRequirementsLineSerializer,
                        "requirement": StreamRequirementLineSerializer,
                        "point": StreamPointLineSerializer,
                        "result": StreamResultLineSerializer,
                    },
                    resource_type_field_name="event",
                ),
                "With ?stream=1: one line per verified point, then the result line.",
            ),
            404: OpenApiResponse(ExplanationSerializer, "The job is missing or unpublished."),
            422: OpenApiResponse(ExplanationSerializer, "The user's profile is empty."),
            429: OpenApiResponse(ExplanationSerializer, "Rate limited; see Retry-After."),
            502: OpenApiResponse(
                ExplanationSerializer,
                "The provider failed, its answer was unreadable, or nothing was verified.",
            ),
            503: OpenApiResponse(ExplanationSerializer, "Explanations are switched off."),
            504: OpenApiResponse(ExplanationSerializer, "The model did not answer in time."),
        },
        description=(
            "Uses the session's user and their own profile only (session authentication, "
            "CSRF token in X-CSRFToken). Every returned point quotes the profile and/or the "
            "job word for word; points that failed the checks are counted in `dropped` and "
            "`drop_reasons`, never returned. A 429 carries a Retry-After header. Offsets "
            "are code points: `start`/`end` into the text sent to the model, "
            "`field_start`/`field_end` into the named field's value.\n\n" + STREAM_DESCRIPTION
        ),
    )(method)


def feedback_schema(method: MethodT) -> MethodT:
    """Documents POST /api/feedback/ (unchanged without drf-spectacular)."""
    if not spectacular_installed():
        return method
    from drf_spectacular.utils import OpenApiResponse, extend_schema

    _own_inspector(method)
    return extend_schema(
        operation_id="report_point",
        summary='Report a shown point as "this looks wrong"',
        tags=["explanations"],
        request=FeedbackInputSerializer,
        responses={
            201: FeedbackOutputSerializer,
            200: OpenApiResponse(
                FeedbackOutputSerializer,
                "This user already reported this point (saved is false); nothing changed.",
            ),
            400: OpenApiResponse(
                description="Not a point this user was shown (or an unknown reason)."
            ),
        },
        description=(
            "Stores the point and quotes exactly as the server showed them under `log_id`, "
            "for admins to review. Only the user who asked may report, once per point. "
            "`note` (up to 300 characters) is kept with the reason `other` only."
        ),
    )(method)


def schema_view(request: HttpRequest) -> HttpResponse:
    """GET: the OpenAPI document of explain's API alone (501 without drf-spectacular)."""
    if not spectacular_installed():
        return JsonResponse({"detail": NOT_INSTALLED}, status=501)
    response: HttpResponse = _spectacular_view()(request)
    return response


@cache
def _spectacular_view() -> Callable[..., HttpResponse]:
    from drf_spectacular.views import SpectacularAPIView
    from rest_framework.authentication import SessionAuthentication
    from rest_framework.permissions import AllowAny
    from rest_framework.views import exception_handler

    class ExplainSchemaView(SpectacularAPIView):
        authentication_classes = [SessionAuthentication]
        permission_classes = [AllowAny]
        custom_settings = {
            "TITLE": TITLE,
            "DESCRIPTION": "Explanations whose every claim quotes the exact words it rests on.",
            "VERSION": "1.0.0",
        }

        def get_exception_handler(self) -> Any:
            return exception_handler

        def get(self, request: Any, *args: Any, **kwargs: Any) -> Any:
            # Our two API views, at the prefix the host mounted the app under.
            mounted = reverse("explain:api-feedback")
            prefix = mounted.removesuffix("api/feedback/").lstrip("/")
            self.patterns = [path(prefix, include((_documented_patterns(), "explain")))]
            return super().get(request, *args, **kwargs)

    return ExplainSchemaView.as_view()


def _documented_patterns() -> list[URLPattern]:
    """Our two API routes, served by subclasses that carry drf-spectacular's inspector.

    The views themselves have `schema = None`, so a host's own generator skips them; only
    here, for our own schema, do they get one, whatever the host's DEFAULT_SCHEMA_CLASS.
    """
    from drf_spectacular.openapi import AutoSchema

    from explain import urls

    documented = []
    for pattern in urls.urlpatterns:
        if pattern.name not in ("api-explain", "api-feedback"):
            continue
        view_class: type[APIView] = pattern.callback.cls  # type: ignore[attr-defined]
        inspected: type[APIView] = type(
            view_class.__name__, (view_class,), {"schema": AutoSchema()}
        )
        documented.append(path(str(pattern.pattern), inspected.as_view(), name=pattern.name))
    return documented
