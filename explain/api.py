"""The JSON API (Django REST framework): the same explanation, the same rules."""

from __future__ import annotations

from django.utils.decorators import method_decorator
from django.views.decorators.debug import sensitive_variables
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from explain.display import explanation_payload
from explain.feedback import FeedbackRejected, feedback_create
from explain.outcomes import http_status
from explain.ratelimit import model_call_allowed
from explain.serializers import (
    ExplanationSerializer,
    FeedbackInputSerializer,
    FeedbackOutputSerializer,
)
from explain.service import explanation_create


class ExplanationAPI(APIView):
    """POST: explain why this job was suggested to the logged-in user."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
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
    @method_decorator(sensitive_variables("explanation", "data"))
    def post(self, request: Request, job_id: str) -> Response:
        explanation = explanation_create(
            user=request.user,
            job_id=job_id,
            rate_check=lambda: model_call_allowed(request._request),
        )
        # explanation_payload is already the plain data ExplanationSerializer declares
        # (same keys, same order, same types); the serializer documents it in the OpenAPI
        # schema above, and running it on every answer would cost more than the view.
        data = explanation_payload(explanation)
        response = Response(data, status=http_status(explanation.outcome))
        if explanation.retry_after:
            response["Retry-After"] = str(explanation.retry_after)
        return response


class FeedbackAPI(APIView):
    """POST: report a shown point as looking wrong."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
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
    def post(self, request: Request) -> Response:
        form = FeedbackInputSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        try:
            report = feedback_create(user=request.user, **form.validated_data)
        except FeedbackRejected:
            raise ValidationError({"detail": "That point cannot be reported any more."}) from None
        return Response({"id": report.pk, "saved": True}, status=status.HTTP_201_CREATED)
