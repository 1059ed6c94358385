"""The portal's own pages: job list, job detail, my profile, sign-up."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

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

from explain.service import profile_text_for
from explain.templatetags.explain import ask_again_on_return
from jobportal.forms import JobFilterForm, ProfileForm, with_added_skill
from jobportal.models import CandidateProfile, Job


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


def job_detail(request: HttpRequest, pk: int) -> HttpResponse:
    job = get_object_or_404(Job, pk=pk, published=True)
    return render(request, "jobportal/job_detail.html", {"job": job})


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
    profile, _ = CandidateProfile.objects.get_or_create(user=user)
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
    if request.method == "POST" and form.is_valid():
        form.save()
        if back:
            messages.success(request, "Your profile was saved. The explanation was asked again.")
            ask_again_on_return(request)
            separator = "&" if "?" in back else "?"
            return redirect(f"{back}{separator}explain=refresh")
        messages.success(request, "Your profile was saved.")
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
        },
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
            request, "Welcome! Add your skills so explanations have something to compare."
        )
        return redirect("profile-edit")
    return render(request, "registration/signup.html", {"form": form})


def favicon(request: HttpRequest) -> HttpResponse:
    """Browsers that ask for /favicon.ico get the SVG icon (resolved per request, so a
    hashed static name from collectstatic is honoured)."""
    return redirect(static("jobportal/favicon.svg"), permanent=True)
