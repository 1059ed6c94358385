"""The portal's own pages: job list, job detail, my profile, sign-up."""

from __future__ import annotations

import logging
import sys
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import UserCreationForm
from django.core.paginator import Paginator
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.templatetags.static import static
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views import defaults
from django.views.decorators.http import require_POST

from explain.services.explanations import profile_text_for
from explain.services.history import asked_jobs
from explain.templatetags.explain import ask_again_on_return
from jobportal import cv, demo_data
from jobportal.forms import JobFilterForm, ProfileForm, with_added_skill
from jobportal.middleware import is_outage, unavailable_response
from jobportal.models import CandidateProfile, Job

logger = logging.getLogger(__name__)


def job_list(request: HttpRequest) -> HttpResponse:
    filters = JobFilterForm(request.GET or None)
    query = remote = location = ""
    if filters.is_valid():
        query = filters.cleaned_data["q"]
        remote = filters.cleaned_data["remote"]
        location = filters.cleaned_data["location"]
    jobs = Job.objects.filter(published=True)
    if query:
        jobs = jobs.filter(
            Q(title__icontains=query)
            | Q(company__icontains=query)
            | Q(location__icontains=query)
            | Q(description__icontains=query)
            | Q(requirements__icontains=query)
        )
    if remote:
        jobs = jobs.filter(remote=remote)
    if location:
        jobs = jobs.filter(location__icontains=location)
    page = Paginator(jobs, 20).get_page(request.GET.get("page"))
    # What this user was already shown for the jobs on this page, from the log: no
    # model call from the list.
    asked = {
        entry.job_id: entry
        for entry in asked_jobs(request.user, job_ids=[str(job.pk) for job in page])
    }
    for job in page:
        job.asked = asked.get(str(job.pk))  # type: ignore[attr-defined]
    kept = {k: v for k, v in (("q", query), ("remote", remote), ("location", location)) if v}
    return render(
        request,
        "jobportal/job_list.html",
        {
            "page": page,
            "query": query,
            "filters": filters,
            "filtered": bool(kept),
            "page_query": urlencode(kept),
        },
    )


def demo_notice(request: HttpRequest) -> dict[str, Any] | None:
    """In demo mode, what to tell a user whose profile has no recorded answers.

    Recorded answers exist only for the seeded profiles: a nearest recording would be
    another person's answer, so any other profile is answered by the word matcher. A
    seeded user who edited their profile may reset it; any other user is told which
    logins have recorded answers (the panel says the rest). None when nothing needs saying.
    """
    if not getattr(settings, "EXPLAIN_DEMO_MODE", False) or not request.user.is_authenticated:
        return None
    seeded = demo_data.demo_user(request.user.get_username())
    if seeded is not None:
        profile = CandidateProfile.objects.filter(user_id=request.user.pk).first()
        values = {name: str(getattr(profile, name, "") or "") for name in demo_data.MATCHING_FIELDS}
        if demo_data.matches_seed(seeded, values):
            return None
    return {
        "seeded": seeded is not None,
        "logins": [demo.username for demo in demo_data.DEMO_USERS],
    }


@login_required
def jobs_asked(request: HttpRequest) -> HttpResponse:
    """ "Jobs I asked about": newest first, with the date and the counts shown then.
    A job no longer published is listed by its title, without a link."""
    entries = asked_jobs(request.user)
    published = {
        str(pk)
        for pk in Job.objects.filter(
            published=True, pk__in=[int(e.job_id) for e in entries if e.job_id.isdigit()]
        ).values_list("pk", flat=True)
    }
    return render(
        request,
        "jobportal/jobs_asked.html",
        {"entries": [(entry, entry.job_id in published) for entry in entries]},
    )


def job_detail(request: HttpRequest, pk: int) -> HttpResponse:
    job = get_object_or_404(Job, pk=pk, published=True)
    return render(
        request, "jobportal/job_detail.html", {"job": job, "demo_notice": demo_notice(request)}
    )


@login_required
@require_POST
def demo_reset(request: HttpRequest) -> HttpResponse:
    """Put a seeded user's matching fields back as seeded, so demo answers exist again.
    Only in demo mode and only for the seeded logins; private fields are left alone."""
    user: Any = request.user  # login_required: never anonymous here
    seeded = demo_data.demo_user(user.get_username())
    if not getattr(settings, "EXPLAIN_DEMO_MODE", False) or seeded is None:
        messages.error(request, _("Only the seeded demo profiles can be reset."))
        return redirect("profile-edit")
    CandidateProfile.objects.update_or_create(user=user, defaults=demo_data.seeded_values(seeded))
    messages.success(request, _("Your demo profile is back as seeded; demo answers work again."))
    back = _safe_next(request, request.POST.get("next", ""))
    return redirect(back or "profile-edit")


def _safe_next(request: HttpRequest, target: str) -> str:
    """The page to return to after saving, if it is one of ours; else ""."""
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return ""


@login_required
def profile_edit(request: HttpRequest) -> HttpResponse:
    """Edit the profile; from a gap's "Add to my profile", with the term already added.

    Nothing is saved until the user presses Save. Then they go back to the job they came
    from, and its panel asks again (a new model call only because the text changed).
    """
    user: Any = request.user  # login_required: never anonymous here
    profile, _created = CandidateProfile.objects.get_or_create(user=user)
    back = _safe_next(request, request.POST.get("next") or request.GET.get("next", ""))
    added = request.GET.get("add", "").strip()[:100] if request.method == "GET" else ""
    initial = {}
    if added:
        initial["skills"] = with_added_skill(profile.skills, added)
    form = ProfileForm(
        request.POST or None, request.FILES or None, instance=profile, initial=initial
    )
    if added:
        form.fields["skills"].widget.attrs["autofocus"] = True
    before = {name: getattr(profile, name) for name in ProfileForm.Meta.fields}
    old_resume = str(profile.resume.name or "")
    if request.method == "POST" and form.is_valid():
        if not form.changed_fields(before):
            # Nothing to store: the remembered explanations stay valid.
            messages.info(request, _("Nothing changed, so nothing was saved."))
            return redirect(back or "profile-edit")
        form.save()
        if old_resume and old_resume != profile.resume.name:
            # A new upload (or "clear") replaces the old file: one CV per person.
            profile.resume.storage.delete(old_resume)
        if back:
            messages.success(request, _("Your profile was saved. The explanation was asked again."))
            ask_again_on_return(request)
            separator = "&" if "?" in back else "?"
            return redirect(f"{back}{separator}explain=refresh")
        messages.success(request, _("Your profile was saved."))
        return redirect("profile-edit")
    return render(
        request,
        "jobportal/profile_form.html",
        {
            "form": form,
            "matching_fields": ProfileForm.MATCHING_FIELDS,
            "preview": profile_text_for(user),
            "added": added,
            "back": back,
            "demo_notice": demo_notice(request),
        },
    )


@login_required
@require_POST
def profile_from_cv(request: HttpRequest) -> HttpResponse:
    """ "Fill from my CV": the saved CV's text as proposed field values, in the profile
    form, unsaved. Nothing is stored or sent until the user edits and saves."""
    user: Any = request.user  # login_required: never anonymous here
    profile, _created = CandidateProfile.objects.get_or_create(user=user)
    wait = cv.import_wait(request)
    if wait:
        messages.error(
            request,
            _(
                "You asked to fill your profile from your CV several times in a short while. "
                "Please wait a few minutes and try again; your profile is unchanged."
            ),
        )
        response = _profile_page(request, user, ProfileForm(instance=profile), status=429)
        response["Retry-After"] = str(wait)
        return response
    if not profile.resume:
        messages.error(request, _("Upload your CV (PDF or DOCX) and save first."))
        return redirect("profile-edit")
    try:
        with profile.resume.open("rb") as file:
            text = cv.read_text(file)
    except cv.CVTooLarge:
        messages.error(
            request,
            _(
                "Your CV is too large to read here. Upload a shorter PDF or DOCX "
                "(at most 2 MB, a few pages of text)."
            ),
        )
        return redirect("profile-edit")
    except (cv.CVError, OSError):
        messages.error(request, _("Your CV could not be read. Upload a PDF or DOCX file."))
        return redirect("profile-edit")
    proposed = cv.propose(
        text, full_name=profile.full_name, private_values=(profile.email, profile.phone)
    )
    initial = {name: value for name, value in proposed.items() if value}
    if not initial:
        messages.info(request, _("We found nothing in your CV to propose."))
        return redirect("profile-edit")
    form = ProfileForm(instance=profile, initial=initial)
    return _profile_page(request, user, form, from_cv=sorted(initial))


def _profile_page(
    request: HttpRequest,
    user: Any,
    form: ProfileForm,
    *,
    from_cv: list[str] | None = None,
    status: int = 200,
) -> HttpResponse:
    """The profile form as "Fill from my CV" answers it (proposals or a refusal)."""
    return render(
        request,
        "jobportal/profile_form.html",
        {
            "form": form,
            "matching_fields": ProfileForm.MATCHING_FIELDS,
            "preview": profile_text_for(user),
            "added": "",
            "back": "",
            "from_cv": from_cv or [],
            "demo_notice": demo_notice(request),
        },
        status=status,
    )


def signup(request: HttpRequest) -> HttpResponse:
    """Create an account, log in, and go straight to the profile."""
    if request.user.is_authenticated:
        return redirect("profile-edit")
    form: UserCreationForm[Any] = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(
            request, _("Welcome! Add your skills so explanations have something to compare.")
        )
        return redirect("profile-edit")
    return render(request, "registration/signup.html", {"form": form})


def favicon(request: HttpRequest) -> HttpResponse:
    """Browsers that ask for /favicon.ico get the SVG icon (resolved per request, so a
    hashed static name from collectstatic is honoured)."""
    return redirect(static("jobportal/favicon.svg"), permanent=True)


def server_error(request: HttpRequest) -> HttpResponse:
    """handler500: a fault the views' middleware never saw (a session the database
    could not save after the view, another middleware's query) is still an outage when
    the database or the cache failed: the same 503 as DatabaseUnavailableMiddleware's.
    Anything else is Django's own 500 page."""
    exception = sys.exc_info()[1]
    if exception is not None and is_outage(exception):
        logger.warning("Database unavailable: %s", type(exception).__name__)
        return unavailable_response(request)
    return defaults.server_error(request)
