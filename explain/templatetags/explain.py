"""{% explain_panel job_id %}: the "Why this job?" panel a host drops into its job page."""

from __future__ import annotations

from typing import Any

from django import template
from django.conf import settings
from django.shortcuts import resolve_url

from explain.conf import profile_url
from explain.display import explanation_payload
from explain.llm.registry import get_chat_model, is_demo_model
from explain.models import NOTE_MAX_LENGTH, FeedbackReport
from explain.service import explanation_recall, profile_ready

register = template.Library()

# The query parameter a host adds when the user comes back from editing their profile
# for this job: the panel asks again at once (a new call only if the texts changed).
REFRESH_PARAMETER = "explain"
REFRESH_VALUE = "refresh"


@register.inclusion_tag("explain/panel.html", takes_context=True)
def explain_panel(context: dict[str, Any], job_id: Any) -> dict[str, Any]:
    request = context["request"]
    user = request.user
    model = get_chat_model()
    has_profile = False
    if user.is_authenticated:
        has_profile = profile_ready(user)
    refresh = request.GET.get(REFRESH_PARAMETER) == REFRESH_VALUE
    remembered = None
    if model is not None and has_profile and not refresh:
        # The user's last explanation of this job for this very profile, if the cache
        # holds it: shown at once, verified again, with no call and no allowance.
        recalled = explanation_recall(user=user, job_id=str(job_id))
        remembered = explanation_payload(recalled) if recalled is not None else None
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
        "profile_url": profile_url(),
        "back_url": request.path,
        "explanation": remembered,
        "auto_ask": refresh and model is not None and has_profile,
        "in_panel": True,
        "note_max_length": NOTE_MAX_LENGTH,
    }
