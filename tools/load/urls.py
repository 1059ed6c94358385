"""The portal's URLs plus two yardsticks that exist only under `make load`.

- sleep/: does nothing but sleep 2 s; the same burst against it is the ceiling (what
  the server model allows for 2-s requests, with no app work at all).
- bare/: an authenticated JSON POST through the same stack as the explanation API
  (session, CSRF, DRF, IsAuthenticated) that does nothing; the yardstick for the app's
  own server time per explanation.
"""

from __future__ import annotations

import time

from django.http import HttpRequest, JsonResponse
from django.urls import path
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from jobportal.urls import urlpatterns as portal_urlpatterns

SLEEP_SECONDS = 2.0


def sleep_view(request: HttpRequest) -> JsonResponse:
    time.sleep(SLEEP_SECONDS)
    return JsonResponse({"slept": SLEEP_SECONDS})


class BareAPI(APIView):
    permission_classes = [IsAuthenticated]
    schema = None  # a yardstick, not part of the documented API

    def post(self, request: Request) -> Response:
        return Response({"user": request.user.pk})


urlpatterns = [
    path("load/sleep/", sleep_view),
    path("load/bare/", BareAPI.as_view()),
    *portal_urlpatterns,
]
