"""The host's API authentication: bearer tokens only (a signed member id, JWT-like), no
sessions. Small on purpose: it stands for djangorestframework-simplejwt and friends."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core import signing
from rest_framework.authentication import BaseAuthentication
from rest_framework.exceptions import AuthenticationFailed

SALT = "careers.api-token"


def token_for(member: Any) -> str:
    return signing.dumps({"member": member.pk}, salt=SALT)


class BearerTokenAuthentication(BaseAuthentication):
    def authenticate(self, request: Any) -> tuple[Any, str] | None:
        header = request.headers.get("authorization", "")
        if not header.startswith("Bearer "):
            return None
        try:
            claims = signing.loads(header.removeprefix("Bearer "), salt=SALT, max_age=3600)
            member = get_user_model().objects.get(pk=claims["member"], is_active=True)
        except (signing.BadSignature, KeyError, get_user_model().DoesNotExist):
            raise AuthenticationFailed("bad token") from None
        return member, "bearer"

    def authenticate_header(self, request: Any) -> str:
        return 'Bearer realm="careers"'
