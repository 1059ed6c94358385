"""The job list and "Jobs I asked about" show the counts a person was already shown,
from the log, never by asking the model."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from explain import wording
from explain.models import ExplanationLog
from explain.outcomes import Outcome
from explain.services.history import asked_jobs
from jobportal.models import Job

pytestmark = pytest.mark.django_db


@pytest.fixture
def ana(client):
    user = get_user_model().objects.create_user("ana", password="x-pass-12345")
    client.force_login(user)
    return user


def _log(
    user, job: Job, outcome: str, matches: int, gaps: int, optional: tuple[int, int] = (0, 0)
) -> ExplanationLog:
    return ExplanationLog.objects.create(
        user=user,
        job_ref=str(job.pk),
        job_title=job.title,
        outcome=outcome,
        kept_matches=matches,
        kept_gaps=gaps,
        kept_optional_matches=optional[0],
        kept_optional_gaps=optional[1],
    )


def test_the_newest_answer_per_job_only_successes_only_mine(ana):
    java = Job.objects.create(title="Java Engineer", company="N", description="Java.")
    nurse = Job.objects.create(title="Nurse", company="M", description="Care.")
    other = get_user_model().objects.create_user("bo", password="x-pass-12345")
    _log(ana, java, Outcome.OK, 1, 1)
    _log(ana, java, Outcome.CACHED, 2, 3)
    _log(ana, nurse, Outcome.RATE_LIMITED, 0, 0)
    _log(other, nurse, Outcome.OK, 4, 0)
    entries = asked_jobs(ana)
    assert [(e.job_id, e.matches, e.gaps) for e in entries] == [(str(java.pk), 2, 3)]
    assert asked_jobs(ana, job_ids=[str(nurse.pk)]) == []


def test_the_job_list_shows_the_counts_without_a_model_call(client, ana, settings):
    def no_model(prompt):
        raise AssertionError("the list must not ask the model")

    settings.EXPLAIN_CHAT_MODEL = no_model
    java = Job.objects.create(title="Java Engineer", company="N", description="Java.")
    Job.objects.create(title="Nurse", company="M", description="Care.")
    _log(ana, java, Outcome.OK, 2, 1, optional=(1, 0))
    body = client.get(reverse("job-list")).content.decode()
    assert body.count('class="asked-counts"') == 1
    assert (
        "This job lists 3 requirements we could check. "
        "Your profile shows 2 of them: 1 required and 1 optional."
    ) in body


def test_the_remembered_counts_say_required_and_optional_apart(ana):
    java = Job.objects.create(title="Java Engineer", company="N", description="Java.")
    _log(ana, java, Outcome.OK, 3, 2, optional=(1, 1))
    (entry,) = asked_jobs(ana)
    assert (entry.optional_matches, entry.optional_gaps) == (1, 1)
    # The same words the panel wrote for that answer: 1 required and 1 optional gap.
    assert entry.summary == wording.summary_line(3, 1, 1, optional_matches=1)
    assert entry.summary == (
        "This job lists 5 requirements we could check. "
        "Your profile shows 3 of them: 2 required and 1 optional."
    )


def test_jobs_i_asked_about_lists_them_with_dates(client, ana):
    java = Job.objects.create(title="Java Engineer", company="N", description="Java.")
    gone = Job.objects.create(title="Old draft", company="N", description="x.")
    _log(ana, java, Outcome.OK, 1, 0)
    _log(ana, gone, Outcome.OK, 0, 2)
    Job.objects.filter(pk=gone.pk).update(published=False)
    body = client.get(reverse("jobs-asked")).content.decode()
    assert f'href="{java.get_absolute_url()}"' in body
    assert "Old draft" in body and f'href="{gone.get_absolute_url()}"' not in body
    assert "no longer published" in body
    assert "When you asked on" in body
    assert body.index("Old draft") < body.index("Java Engineer")  # newest first


def test_jobs_i_asked_about_needs_a_login(client):
    response = client.get(reverse("jobs-asked"))
    assert response.status_code == 302 and "/login/" in response["Location"]


def test_an_anonymous_list_has_no_counts(client):
    Job.objects.create(title="Java Engineer", company="N", description="Java.")
    assert 'class="asked-counts"' not in client.get(reverse("job-list")).content.decode()
