"""The portal's own pages: job list, job detail, my profile."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from jobportal.forms import ProfileForm
from jobportal.models import CandidateProfile, Job


def job_list(request: HttpRequest) -> HttpResponse:
    query = request.GET.get("q", "").strip()[:100]
    jobs = Job.objects.filter(published=True)
    if query:
        jobs = jobs.filter(
            Q(title__icontains=query)
            | Q(company__icontains=query)
            | Q(location__icontains=query)
            | Q(description__icontains=query)
            | Q(requirements__icontains=query)
        )
    page = Paginator(jobs, 20).get_page(request.GET.get("page"))
    return render(request, "jobportal/job_list.html", {"page": page, "query": query})


def job_detail(request: HttpRequest, pk: int) -> HttpResponse:
    job = get_object_or_404(Job, pk=pk, published=True)
    return render(request, "jobportal/job_detail.html", {"job": job})


@login_required
def profile_edit(request: HttpRequest) -> HttpResponse:
    user: Any = request.user  # login_required: never anonymous here
    profile, _ = CandidateProfile.objects.get_or_create(user=user)
    form = ProfileForm(request.POST or None, request.FILES or None, instance=profile)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, "Your profile was saved.")
        return redirect("profile-edit")
    return render(
        request,
        "jobportal/profile_form.html",
        {"form": form, "matching_fields": ProfileForm.MATCHING_FIELDS},
    )
