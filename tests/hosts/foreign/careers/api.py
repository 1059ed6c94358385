"""The host's own API, on its own DRF defaults: bearer tokens, and one error envelope."""

from __future__ import annotations

from typing import Any

from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tests.hosts.foreign.careers.models import Posting


def envelope_exception_handler(exc: Exception, context: dict[str, Any]) -> Response:
    """Every error in one shape with status 400: what a host's custom handler may do."""
    return Response({"ok": False, "error": "Something went wrong"}, status=400)


class PostingList(APIView):
    def get(self, request: Request) -> Response:
        return Response([{"id": p.pk, "title": p.title} for p in Posting.objects.all()])
