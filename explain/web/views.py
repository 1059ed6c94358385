"""The page views: thin. Parse the request, call the service, render."""

from __future__ import annotations

from django.contrib import messages as flash
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.debug import sensitive_variables
from django.views.decorators.http import require_POST

from explain.conf import app_settings, profile_url
from explain.controls.addresses import request_network
from explain.controls.ratelimit import model_call_allowed
from explain.models import NOTE_MAX_LENGTH, FeedbackReport
from explain.outcomes import http_status
from explain.services.explanations import explanation_create
from explain.services.feedback import FeedbackRejected, feedback_create
from explain.web.payload import explanation_payload
from explain.web.segments import job_segments


@sensitive_variables("explanation", "context")
@login_required
@require_POST
def explain_job(request: HttpRequest, job_id: str) -> HttpResponse:
    """The no-JavaScript path: the panel's form posts here and gets the same result."""
    # Read the form first: a body over DATA_UPLOAD_MAX_MEMORY_SIZE is refused (400) here,
    # before any model call or log row.
    back_url = _safe_next(request)
    explanation = explanation_create(
        user=request.user,
        job_id=job_id,
        rate_check=lambda: model_call_allowed(request),
        address=request_network(request),
    )
    context = {
        "base_template": app_settings.BASE_TEMPLATE,
        "explanation": explanation_payload(explanation),
        "job_segments": job_segments(explanation),
        "job_title": explanation.job_title,
        "back_url": back_url,
        "profile_url": profile_url(),
        "feedback_reasons": FeedbackReport.Reason.choices,
        "note_max_length": NOTE_MAX_LENGTH,
    }
    response = render(
        request, "explain/explanation_page.html", context, status=http_status(explanation.outcome)
    )
    if explanation.retry_after:
        response["Retry-After"] = str(explanation.retry_after)
    return response


@login_required
@require_POST
def report_point(request: HttpRequest) -> HttpResponse:
    """The no-JavaScript "this looks wrong" form."""
    try:
        created = feedback_create(
            user=request.user,
            log_id=int(request.POST.get("log_id", "")),
            kind=request.POST.get("kind", ""),
            index=int(request.POST.get("index", "")),
            reason=request.POST.get("reason", ""),
            note=request.POST.get("note", "")[: NOTE_MAX_LENGTH * 4],
        )[1]
    except (ValueError, FeedbackRejected):
        flash.error(
            request,
            _("That report could not be saved. Please ask again and retry."),
            fail_silently=True,  # a host without django.contrib.messages still works
        )
        return HttpResponseRedirect(_safe_next(request), status=303)
    if created:
        flash.success(
            request, _("Thank you. Your report was saved for review."), fail_silently=True
        )
    else:
        flash.info(request, _("You already reported this point. Thank you."), fail_silently=True)
    return HttpResponseRedirect(_safe_next(request), status=303)


def _safe_next(request: HttpRequest) -> str:
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return "/"
