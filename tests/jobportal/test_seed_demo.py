"""The demo data: the worked example exactly, and a command that can run twice."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from explain.core.texts import SourceText
from jobportal.explain_source import PortalExplainSource
from jobportal.models import CandidateProfile, Job

pytestmark = pytest.mark.django_db


def test_seed_demo_is_idempotent_and_varied(capsys):
    call_command("seed_demo")
    counts = (Job.objects.count(), get_user_model().objects.count())
    call_command("seed_demo")
    assert (Job.objects.count(), get_user_model().objects.count()) == counts
    assert Job.objects.filter(published=True).count() >= 12
    assert Job.objects.filter(published=False).exists()
    assert "demo / demo-pass-123" in capsys.readouterr().out


def test_demo_user_is_the_worked_example():
    call_command("seed_demo")
    user = get_user_model().objects.get(username="demo")
    source = PortalExplainSource()
    profile = SourceText.compose(source.profile_fields(user), max_chars=8000)
    assert profile.text == "Headline: Backend developer\nSkills: Java (Intermediate, 3 years)"
    job = Job.objects.get(title="Java Engineer")
    assert job.description == "Build secure Java APIs and deploy services on AWS."
    assert CandidateProfile.objects.get(user=user).email  # private values exist, unsent
    assert "@" not in profile.text


def test_seed_demo_tells_to_start_the_site_only_when_nothing_starts_it(capsys):
    call_command("seed_demo")
    alone = capsys.readouterr().out
    assert "Start the site with `python manage.py runserver`" in alone
    assert "Portal (http://127.0.0.1:8000/" in alone
    call_command("seed_demo", "--serving-at", "http://127.0.0.1:8001")
    served = capsys.readouterr().out
    assert "Start the site" not in served
    assert "The site starts at http://127.0.0.1:8001/" in served
    assert "Portal (http://127.0.0.1:8001/" in served and ":8000" not in served
