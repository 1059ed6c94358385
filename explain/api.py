"""The JSON API (Django REST framework): the same explanation, the same rules."""

from __future__ import annotations

from django.utils.decorators import method_decorator
from django.views.decorators.debug import sensitive_variables
from rest_framework import status
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from explain import openapi
from explain.display import explanation_payload
from explain.feedback import FeedbackRejected, feedback_create
from explain.outcomes import http_status
from explain.ratelimit import model_call_allowed
from explain.serializers import FeedbackInputSerializer
from explain.service import explanation_create


class ExplanationAPI(APIView):
    """POST: explain why this job was suggested to the logged-in user."""

    permission_classes = [IsAuthenticated]

    @openapi.explanation_schema()
    @method_decorator(sensitive_variables("explanation", "data"))
    def post(self, request: Request, job_id: str) -> Response:
        explanation = explanation_create(
            user=request.user,
            job_id=job_id,
            rate_check=lambda: model_call_allowed(request._request),
        )
        # explanation_payload is already the plain data ExplanationSerializer declares
        # (same keys, same order, same types); the serializer documents it in the OpenAPI
        # schema (explain/openapi.py), and running it on every answer would cost more than the view.
        data = explanation_payload(explanation)
        response = Response(data, status=http_status(explanation.outcome))
        if explanation.retry_after:
            response["Retry-After"] = str(explanation.retry_after)
        return response


class FeedbackAPI(APIView):
    """POST: report a shown point as looking wrong."""

    permission_classes = [IsAuthenticated]

    @openapi.feedback_schema()
    def post(self, request: Request) -> Response:
        form = FeedbackInputSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        try:
            report = feedback_create(user=request.user, **form.validated_data)
        except FeedbackRejected:
            raise ValidationError({"detail": "That point cannot be reported any more."}) from None
        return Response({"id": report.pk, "saved": True}, status=status.HTTP_201_CREATED)
