"""Saving what the page showed changes nothing, and demo mode never leaves a seeded user
stuck: white space alone keeps the recorded answers, an edit is answered by the word
matcher, told plainly and can be reset."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse

from explain.controls.ratelimit import RateDecision
from explain.outcomes import SUCCESS, Outcome
from explain.services.explanations import explanation_create
from jobportal.demo_data import DEMO_JOBS
from jobportal.form_text import normalize_form_text
from jobportal.models import CandidateProfile, Job

pytestmark = pytest.mark.django_db


def test_normalize_form_text_line_endings_trailing_spaces_and_nfc():
    assert normalize_form_text("Python  \r\nSQL\t\rGo \n") == "Python\nSQL\nGo"
    # "é" typed as e + combining acute becomes the one composed letter.
    assert normalize_form_text("Caf\u0065\u0301") == "Caf\u00e9"
    assert normalize_form_text("a  b") == "a  b"  # inner spacing is the user's own


def _post_profile(client, profile: CandidateProfile, **changes: str):
    data = {
        name: getattr(profile, name) or ""
        for name in (
            "headline",
            "desired_role",
            "skills",
            "experience",
            "work_preferences",
            "full_name",
            "email",
            "phone",
        )
    }
    # As a browser sends a textarea: CRLF line breaks.
    data = {name: value.replace("\n", "\r\n") for name, value in data.items()}
    data["salary_expectation"] = str(profile.salary_expectation or "")
    data.update(changes)
    return client.post(reverse("profile-edit"), data)


@pytest.fixture
def seeded(settings):
    settings.EXPLAIN_DEMO_MODE = True
    call_command("seed_demo", stdout=StringIO())
    return Job.objects.get(title=DEMO_JOBS[0].title)


def _login(client, username: str):
    user = get_user_model().objects.get(username=username)
    client.force_login(user)
    return user


def _outcome(user, job: Job) -> Outcome:
    result = explanation_create(
        user=user, job_id=str(job.pk), rate_check=lambda: RateDecision(True)
    )
    return result.outcome


def test_a_no_op_save_with_crlf_changes_nothing(client, seeded):
    user = _login(client, "sam")
    profile = CandidateProfile.objects.get(user=user)
    assert "\n" in profile.experience
    stamp = profile.updated_at
    response = _post_profile(client, profile)
    assert response.status_code == 302
    profile.refresh_from_db()
    assert profile.updated_at == stamp
    assert "\r" not in profile.experience
    assert _outcome(user, seeded) in SUCCESS


def test_a_real_edit_is_stored_normalised(client, seeded):
    user = _login(client, "sam")
    profile = CandidateProfile.objects.get(user=user)
    _post_profile(client, profile, skills="Python  \r\nKotlin \r\n")
    profile.refresh_from_db()
    assert profile.skills == "Python\nKotlin"


def test_seeded_profile_changed_only_in_white_space_keeps_demo_answers(client, seeded):
    user = _login(client, "sam")
    profile = CandidateProfile.objects.get(user=user)
    CandidateProfile.objects.filter(pk=profile.pk).update(
        experience=profile.experience.replace("\n", "\r\n  ").replace(". ", ".   ") + "  \r\n"
    )
    assert _outcome(user, seeded) in SUCCESS
    body = client.get(seeded.get_absolute_url()).content.decode()
    assert "Reset my demo profile" not in body
    assert 'class="demo-notice"' not in body


def test_edited_demo_profile_is_told_and_can_be_reset(client, seeded):
    user = _login(client, "demo")
    profile = CandidateProfile.objects.get(user=user)
    seeded_skills = profile.skills
    _post_profile(client, profile, skills=seeded_skills + "\nAWS")
    edited = explanation_create(
        user=user, job_id=str(seeded.pk), rate_check=lambda: RateDecision(True)
    )
    assert edited.outcome in SUCCESS and edited.model == "local-matcher-demo"
    body = client.get(seeded.get_absolute_url()).content.decode()
    assert 'class="demo-notice"' in body
    assert "recorded for the seeded profiles" in body
    assert "simple word matcher on this server" in body
    assert "Reset my demo profile" in body
    assert 'name="csrfmiddlewaretoken"' in body

    back = seeded.get_absolute_url()
    response = client.post(reverse("demo-reset"), {"next": back})
    assert response.status_code == 302 and response["Location"] == back
    profile.refresh_from_db()
    assert profile.skills == seeded_skills
    assert _outcome(user, seeded) in SUCCESS
    assert 'class="demo-notice"' not in client.get(back).content.decode()


def test_reset_is_post_only_and_needs_csrf(seeded):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    strict.force_login(get_user_model().objects.get(username="demo"))
    assert strict.get(reverse("demo-reset")).status_code == 405
    assert strict.post(reverse("demo-reset")).status_code == 403


def test_reset_refuses_users_who_were_not_seeded(client, seeded):
    user = get_user_model().objects.create_user("newcomer", password="x-pass-12345")
    CandidateProfile.objects.create(user=user, skills="Cooking")
    client.force_login(user)
    body = client.get(seeded.get_absolute_url()).content.decode()
    assert "recorded for the seeded profiles" in body and "Reset my demo profile" not in body
    # Not "log in as one of them to see answers": this profile is answered too.
    assert "simple word matcher on this server" in body and "Log in as one of them" not in body
    client.post(reverse("demo-reset"))
    assert CandidateProfile.objects.get(user=user).skills == "Cooking"


def test_no_demo_notice_outside_demo_mode(client, seeded, settings):
    settings.EXPLAIN_DEMO_MODE = False
    user = _login(client, "demo")
    CandidateProfile.objects.filter(user=user).update(skills="Other")
    assert 'class="demo-notice"' not in client.get(seeded.get_absolute_url()).content.decode()
    client.post(reverse("demo-reset"))
    assert CandidateProfile.objects.get(user=user).skills == "Other"


def test_recorded_answers_use_no_allowance(seeded):
    user = get_user_model().objects.get(username="sam")
    asked = []

    def refuse() -> RateDecision:
        asked.append(1)
        return RateDecision(False, retry_after=60)

    result = explanation_create(user=user, job_id=str(seeded.pk), rate_check=refuse)
    assert result.outcome in SUCCESS
    assert asked == []
