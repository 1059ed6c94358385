"""Every recording shipped for the demo answers its demo user and job through the real
adapter, so `make run` without a key shows an answer on every job for both users."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from explain.controls.ratelimit import RateDecision
from explain.outcomes import SUCCESS
from explain.services.explanations import explanation_create
from jobportal.demo_data import DEMO_JOBS, DEMO_USERS
from jobportal.models import Job


@pytest.mark.django_db
def test_every_demo_user_gets_a_recorded_answer_on_every_demo_job(settings):
    settings.EXPLAIN_DEMO_MODE = True
    call_command("seed_demo", stdout=StringIO())
    outcomes = {}
    for demo_user in DEMO_USERS:
        user = get_user_model().objects.get(username=demo_user.username)
        for demo_job in DEMO_JOBS:
            if not demo_job.published:
                continue
            job = Job.objects.get(title=demo_job.title)
            result = explanation_create(
                user=user, job_id=str(job.pk), rate_check=lambda: RateDecision(True)
            )
            outcomes[(demo_user.username, demo_job.title)] = result.outcome
    assert len(outcomes) == len(DEMO_USERS) * sum(job.published for job in DEMO_JOBS)
    assert {key: outcome for key, outcome in outcomes.items() if outcome not in SUCCESS} == {}
