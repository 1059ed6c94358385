"""A host URLconf that forgot include('explain.urls'), for explain_check's URL check."""

from __future__ import annotations

from django.urls import URLPattern

urlpatterns: list[URLPattern] = []
