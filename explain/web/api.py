"""The JSON API (Django REST framework): the same explanation, the same rules."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http.response import HttpResponseBase
from django.utils.decorators import method_decorator
from django.utils.translation import gettext as _
from django.views.decorators.debug import sensitive_variables
from rest_framework import status
from rest_framework.authentication import SessionAuthentication
from rest_framework.exceptions import ValidationError
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import IsAuthenticated
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView, exception_handler

from explain.controls.addresses import request_network
from explain.controls.ratelimit import model_call_allowed
from explain.outcomes import http_status
from explain.services.explanations import explanation_create
from explain.services.feedback import FeedbackRejected, feedback_create
from explain.services.streaming import explanation_stream
from explain.web.bounded_json import BoundedJSONParser
from explain.web.ndjson import NDJSONRenderer, ndjson_response
from explain.web.openapi import explanation_schema, feedback_schema
from explain.web.payload import explanation_payload
from explain.web.serializers import FeedbackInputSerializer


class ExplainAPIView(APIView):
    """The app's own API policy, whatever the host's REST_FRAMEWORK defaults say.

    The panel is a page script on the host's own site: session authentication with CSRF
    is what it has, on a JWT-only host too. JSON only, and DRF's own exception handler,
    so a host's custom handler cannot reshape the errors the panel reads.
    """

    authentication_classes = [SessionAuthentication]
    permission_classes = [IsAuthenticated]
    # The app counts model calls itself (EXPLAIN_RATE); a host's DEFAULT_THROTTLE_CLASSES
    # would refuse the panel with a wait the panel would blame on its own limit.
    throttle_classes: list[Any] = []
    renderer_classes = [JSONRenderer]
    # Bodies are small flat objects: too large or too deep is a 400, never a 500.
    # Form bodies as DRF reads them by default (the CSRF check reads request.POST).
    parser_classes = [BoundedJSONParser, FormParser, MultiPartParser]
    # Left out of every schema generator the host runs over its URLs (DRF's, or
    # drf-spectacular's for its own API), so none of them can trip on these views;
    # explain's own schema view documents them (explain/web/openapi.py).
    schema = None

    def get_exception_handler(self) -> Callable[[Exception, dict[str, Any]], Response | None]:
        return exception_handler

    def handle_exception(self, exc: Exception) -> Response:
        """Refusals (login, CSRF, bad input) are JSON, even to a client that asked for a
        stream: they are not an answer, and the panel reads them by status."""
        response = super().handle_exception(exc)
        self.request.accepted_renderer = JSONRenderer()
        self.request.accepted_media_type = JSONRenderer.media_type
        return response


class ExplanationAPI(ExplainAPIView):
    """POST: explain why this job was suggested to the logged-in user."""

    # JSON, or the same answer as NDJSON lines (?stream=1, or Accept: application/x-ndjson).
    renderer_classes = [JSONRenderer, NDJSONRenderer]

    @explanation_schema
    @method_decorator(sensitive_variables("explanation", "data"))
    def post(self, request: Request, job_id: str) -> HttpResponseBase:
        if request.query_params.get("stream") == "1":
            return ndjson_response(
                explanation_stream(
                    user=request.user,
                    job_id=job_id,
                    rate_check=lambda: model_call_allowed(request._request),
                    address=request_network(request._request),
                )
            )
        explanation = explanation_create(
            user=request.user,
            job_id=job_id,
            rate_check=lambda: model_call_allowed(request._request),
            address=request_network(request._request),
        )
        # explanation_payload is already the plain data ExplanationSerializer declares
        # (same keys, same order, same types); the serializer documents it in the OpenAPI
        # schema above, and running it on every answer would cost more than the view.
        data = explanation_payload(explanation)
        response = Response(data, status=http_status(explanation.outcome))
        if explanation.retry_after:
            response["Retry-After"] = str(explanation.retry_after)
        return response


class FeedbackAPI(ExplainAPIView):
    """POST: report a shown point as looking wrong."""

    @feedback_schema
    def post(self, request: Request) -> Response:
        form = FeedbackInputSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        try:
            report, counted = feedback_create(user=request.user, **form.validated_data)
        except FeedbackRejected:
            gone = _("That point cannot be reported any more.")
            raise ValidationError({"detail": gone}) from None
        return Response(
            {"id": report.pk, "saved": counted},
            status=status.HTTP_201_CREATED if counted else status.HTTP_200_OK,
        )
