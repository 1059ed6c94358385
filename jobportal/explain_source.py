"""The one place that knows both the portal and the explain app.

It hands over only the matching fields of a profile (never name, contact details,
salary or files), the private values to scrub from them, and a job posting as the job
page shows it. Each is one query for those columns only; a request reads the profile's
matching and private columns in one (profile_and_private_values).
"""

from __future__ import annotations

from typing import Any

from django.utils import translation

from explain.adapter import Field, JobUnavailable
from jobportal.form_text import normalize_form_text
from jobportal.models import CandidateProfile, Job

# The job fields in the order the page shows them; the job page marks each value with
# data-explain-field="<key>" so the panel can highlight quoted words in place.
JOB_FIELDS = ("title", "company", "location", "remote", "description", "requirements")
JOB_LABELS = ("Job title", "Company", "Location", "Remote", "Description", "Requirements")

# The profile's matching fields, in the order they are sent.
PROFILE_FIELDS = ("headline", "desired_role", "skills", "experience", "work_preferences")
PROFILE_LABELS = ("Headline", "Desired role", "Skills", "Experience", "Work preferences")

# The private columns whose values are scrubbed from the free text (never sent).
PRIVATE_FIELDS = ("full_name", "email", "phone")

# What get_remote_display() shows for each stored value (an unknown value shows as is).
_REMOTE_LABELS = dict(Job.Remote.choices)


def _job_fields(values: tuple[Any, ...]) -> list[Field]:
    """Fields from the JOB_FIELDS values, with "remote" as the page shows it in English:
    what is sent (and cached, and verified) never depends on the reader's language."""
    shown = dict(zip(JOB_FIELDS, values, strict=True))
    with translation.override(None):
        shown["remote"] = str(_REMOTE_LABELS.get(shown["remote"], shown["remote"]))
    return [
        Field(key, label, shown[key]) for key, label in zip(JOB_FIELDS, JOB_LABELS, strict=True)
    ]


def _profile_row(user: Any, columns: tuple[str, ...]) -> tuple[Any, ...] | None:
    """These columns of the user's profile (one-to-one: no ordering needed)."""
    if user.pk is None:
        return None
    return CandidateProfile.objects.filter(user_id=user.pk).values_list(*columns).first()


def _matching_fields(row: tuple[Any, ...] | None) -> list[Field]:
    """The PROFILE_FIELDS values as Fields, in the form's one form of text even when
    stored before forms normalised it, so the cache key and the demo answer do not hang
    on CRLF or trailing spaces."""
    if row is None:
        return []
    return [
        Field(key, label, normalize_form_text(value))
        for key, label, value in zip(PROFILE_FIELDS, PROFILE_LABELS, row, strict=True)
    ]


def _private(user: Any, row: tuple[Any, ...] | None) -> list[str]:
    """The PRIVATE_FIELDS values and the account's name and e-mail."""
    if user.pk is None:
        return []
    account = [user.get_full_name(), user.email]
    return [str(value) for value in [*(row or ()), *account] if value]


def _job_row(job_id: int) -> tuple[Any, ...] | None:
    """The shown columns of a job, only while it is published."""
    return Job.objects.filter(pk=job_id, published=True).values_list(*JOB_FIELDS).first()


def job_field_values(job: Job) -> list[Field]:
    return _job_fields(tuple(getattr(job, key) for key in JOB_FIELDS))


class PortalExplainSource:
    """The portal's adapter, named in settings.EXPLAIN_SOURCE."""

    def profile_fields(self, user: Any) -> list[Field]:
        return _matching_fields(_profile_row(user, PROFILE_FIELDS))

    def private_values(self, user: Any) -> list[str]:
        """The user's own name, e-mail and phone (the profile's private columns) and the
        account's name and e-mail: removed wherever a pasted CV repeats them."""
        return _private(user, _profile_row(user, PRIVATE_FIELDS))

    def profile_and_private_values(self, user: Any) -> tuple[list[Field], list[str]]:
        """Both of the above from one read of the profile's row (what a request sends)."""
        row = _profile_row(user, PROFILE_FIELDS + PRIVATE_FIELDS)
        if row is None:
            return [], _private(user, None)
        cut = len(PROFILE_FIELDS)
        return _matching_fields(row[:cut]), _private(user, row[cut:])

    def job_ids(self) -> list[str]:
        """The published postings, to read their requirements ahead of time."""
        return [
            str(pk)
            for pk in Job.objects.filter(published=True).order_by("pk").values_list("pk", flat=True)
        ]

    def job_fields(self, job_id: str, user: Any) -> list[Field]:
        # ASCII digits only: str.isdigit() also accepts "²" (int() fails) and "١" (job 1).
        if not (str(job_id).isascii() and str(job_id).isdigit()):
            raise JobUnavailable(job_id)
        row = _job_row(int(job_id))
        if row is None:
            raise JobUnavailable(job_id)
        return _job_fields(row)
