"""The one place that knows both the portal and the explain app.

It hands over only the matching fields of a profile (never name, contact details,
salary or files) and a job posting as the job page shows it.
"""

from __future__ import annotations

from typing import Any

from explain.source import Field, JobUnavailable
from jobportal.models import CandidateProfile, Job

# The job fields in the order the page shows them; the job page marks each value with
# data-explain-field="<key>" so the panel can highlight quoted words in place.
JOB_FIELDS = ("title", "company", "location", "remote", "description", "requirements")


def job_field_values(job: Job) -> list[Field]:
    return [
        Field("title", "Job title", job.title),
        Field("company", "Company", job.company),
        Field("location", "Location", job.location),
        Field("remote", "Remote", job.get_remote_display()),
        Field("description", "Description", job.description),
        Field("requirements", "Requirements", job.requirements),
    ]


class PortalExplainSource:
    """The portal's adapter, named in settings.EXPLAIN_SOURCE."""

    def profile_fields(self, user: Any) -> list[Field]:
        profile = CandidateProfile.objects.filter(user=user).first()
        if profile is None:
            return []
        return [
            Field("headline", "Headline", profile.headline),
            Field("desired_role", "Desired role", profile.desired_role),
            Field("skills", "Skills", profile.skills),
            Field("experience", "Experience", profile.experience),
            Field("work_preferences", "Work preferences", profile.work_preferences),
        ]

    def job_fields(self, job_id: str, user: Any) -> list[Field]:
        # ASCII digits only: str.isdigit() also accepts "²" (int() fails) and "١" (job 1).
        if not (str(job_id).isascii() and str(job_id).isdigit()):
            raise JobUnavailable(job_id)
        job = Job.objects.filter(pk=int(job_id), published=True).first()
        if job is None:
            raise JobUnavailable(job_id)
        return job_field_values(job)
