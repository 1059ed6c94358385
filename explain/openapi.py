"""The API's OpenAPI description, used only when the optional drf-spectacular is installed.

`pip install django-explain[openapi]` brings it in; without it the API works the same and
these decorators leave the views untouched.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from explain.serializers import (
    ExplanationSerializer,
    FeedbackInputSerializer,
    FeedbackOutputSerializer,
)

F = TypeVar("F", bound=Callable[..., Any])

try:
    from drf_spectacular.types import OpenApiTypes
    from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
except ImportError:  # the "openapi" extra is not installed
    HAVE_SPECTACULAR = False
else:
    HAVE_SPECTACULAR = True


def _unchanged(view: F) -> F:
    return view


def explanation_schema() -> Callable[[F], F]:
    """How the explanation endpoint appears in the OpenAPI schema."""
    if not HAVE_SPECTACULAR:
        return _unchanged
    return extend_schema(  # type: ignore[no-any-return]
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
                "Retry-After",
                OpenApiTypes.INT,
                OpenApiParameter.HEADER,
                response=[429],
                description="Seconds until this user may ask for a new explanation.",
            ),
        ],
        responses={
            200: OpenApiResponse(ExplanationSerializer, "Verified points (fresh or cached)."),
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
            "`field_start`/`field_end` into the named field's value."
        ),
    )


def feedback_schema() -> Callable[[F], F]:
    """How the "this looks wrong" endpoint appears in the OpenAPI schema."""
    if not HAVE_SPECTACULAR:
        return _unchanged
    return extend_schema(  # type: ignore[no-any-return]
        operation_id="report_point",
        summary='Report a shown point as "this looks wrong"',
        tags=["explanations"],
        request=FeedbackInputSerializer,
        responses={
            201: FeedbackOutputSerializer,
            400: OpenApiResponse(
                description="Not a point this user was shown (or an unknown reason)."
            ),
        },
        description=(
            "Stores the point and quotes exactly as the server showed them under `log_id`, "
            "for admins to review. Only the user who asked may report."
        ),
    )
