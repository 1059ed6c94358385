"""{% explain_panel job_id %}: the "Why this job?" panel a host drops into its job page."""

from __future__ import annotations

from typing import Any

from django import template
from django.conf import settings
from django.shortcuts import resolve_url

from explain.conf import setting
from explain.llm.registry import get_chat_model, is_demo_model
from explain.models import FeedbackReport
from explain.service import profile_ready

register = template.Library()


@register.inclusion_tag("explain/panel.html", takes_context=True)
def explain_panel(context: dict[str, Any], job_id: Any) -> dict[str, Any]:
    request = context["request"]
    user = request.user
    model = get_chat_model()
    has_profile = False
    if user.is_authenticated:
        has_profile = profile_ready(user)
    return {
        "request": request,
        "job_id": str(job_id),
        "user_is_authenticated": user.is_authenticated,
        "has_profile": has_profile,
        "available": model is not None,
        "demo": model is not None and is_demo_model(model),
        "feedback_reasons": FeedbackReport.Reason.choices,
        "csrf_token": context.get("csrf_token"),
        "login_url": resolve_url(settings.LOGIN_URL),
        "profile_url": resolve_url(setting("EXPLAIN_PROFILE_URL"))
        if setting("EXPLAIN_PROFILE_URL")
        else "",
    }
