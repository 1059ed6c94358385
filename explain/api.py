"""The JSON API (Django REST framework): the same explanation, the same rules."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from explain.display import explanation_payload
from explain.feedback import FeedbackRejected, feedback_create
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
        request=None,
        responses={
            200: ExplanationSerializer,
            404: ExplanationSerializer,
            422: ExplanationSerializer,
            429: ExplanationSerializer,
            502: ExplanationSerializer,
            503: ExplanationSerializer,
            504: ExplanationSerializer,
        },
        description=(
            "Every returned point quotes the profile and/or the job word for word; points "
            "that failed the checks are counted in `dropped`, never returned. A 429 carries "
            "a Retry-After header. Offsets are code points into the text sent to the model."
        ),
    )
    def post(self, request: Request, job_id: str) -> Response:
        explanation = explanation_create(
            user=request.user,
            job_id=job_id,
            rate_check=lambda: model_call_allowed(request._request),
        )
        data = ExplanationSerializer(explanation_payload(explanation)).data
        response = Response(data, status=explanation.status_code)
        if explanation.retry_after:
            response["Retry-After"] = str(explanation.retry_after)
        return response


class FeedbackAPI(APIView):
    """POST: report a shown point as looking wrong."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=FeedbackInputSerializer, responses={201: FeedbackOutputSerializer})
    def post(self, request: Request) -> Response:
        form = FeedbackInputSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        try:
            report = feedback_create(user=request.user, **form.validated_data)
        except FeedbackRejected:
            raise ValidationError({"detail": "That point cannot be reported any more."}) from None
        return Response({"id": report.pk, "saved": True}, status=status.HTTP_201_CREATED)
