"""Coming back to a job: the last explanation for this job and profile, without a call."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from explain.models import ExplanationLog
from explain.outcomes import Outcome
from explain.services.explanations import explanation_recall
from explain.templatetags.explain import REFRESH_SESSION_KEY
from tests.conftest import WORKED_DRAFT

pytestmark = pytest.mark.django_db


def api_url(job: Any) -> str:
    return reverse("explain:api-explain", args=[job.pk])


def test_nothing_to_recall_is_nothing_shown_and_no_row(worked_user, worked_job, use_model):
    model = use_model(WORKED_DRAFT)
    assert explanation_recall(user=worked_user, job_id=str(worked_job.pk)) is None
    assert ExplanationLog.objects.count() == 0
    assert model.prompts == []


def test_the_last_explanation_is_recalled_without_a_call_or_allowance(
    logged_in, worked_user, worked_job, use_model
):
    # A second job, its posting read ahead with the first's (use_model reads every job):
    # asking about it needs the viewer's call only, the one the allowance counts.
    other = type(worked_job).objects.create(
        title="Other", company="X", description="Build secure Java APIs and deploy services on AWS."
    )
    model = use_model(WORKED_DRAFT)
    first = logged_in.post(api_url(worked_job)).json()
    recalled = explanation_recall(user=worked_user, job_id=str(worked_job.pk))
    assert recalled is not None
    assert (recalled.outcome, recalled.remembered) == (Outcome.CACHED, True)
    assert recalled.made_at is not None
    assert recalled.made_at.isoformat() == first["made_at"]
    assert len(model.prompts) == 1
    # One call allowed per window here: the window is used up, yet recalling worked, and
    # it did not touch the allowance (the API still refuses a new call, with 429).
    assert logged_in.post(api_url(other)).status_code == 429
    rows = list(ExplanationLog.objects.order_by("id").values_list("outcome", flat=True))
    # The page view is logged apart from asks: recalled, not cached.
    assert rows == [Outcome.OK, Outcome.RECALLED, Outcome.RATE_LIMITED]


def test_the_job_page_shows_it_at_once_and_says_when_it_was_made(logged_in, worked_job, use_model):
    model = use_model(WORKED_DRAFT)
    logged_in.post(api_url(worked_job))
    html = logged_in.get(worked_job.get_absolute_url()).content.decode()
    assert "From your last look at this job, less than a minute ago" in html
    assert "Your profile shows 1 of the 2 required ones." in html
    assert "Build secure Java APIs" in html
    assert 'id="explain-remembered" type="application/json"' in html
    assert "Kubernetes" not in html  # the hidden point stays hidden
    assert len(model.prompts) == 1
    assert ExplanationLog.objects.filter(outcome=Outcome.RECALLED).count() == 1
    assert not ExplanationLog.objects.filter(outcome=Outcome.CACHED).exists()


def test_a_changed_profile_is_not_answered_from_memory(
    logged_in, worked_user, worked_job, use_model
):
    use_model(WORKED_DRAFT)
    logged_in.post(api_url(worked_job))
    profile = worked_user.candidate_profile
    profile.skills += "\nKotlin"
    profile.save()
    html = logged_in.get(worked_job.get_absolute_url()).content.decode()
    assert "From your last look" not in html
    assert "explain-remembered" not in html
    assert explanation_recall(user=worked_user, job_id=str(worked_job.pk)) is None


def test_back_from_the_profile_the_panel_asks_again_instead(logged_in, worked_job, use_model):
    model = use_model(WORKED_DRAFT)
    logged_in.post(api_url(worked_job))
    session = logged_in.session
    session[REFRESH_SESSION_KEY] = True  # what saving the profile marks
    session.save()
    html = logged_in.get(worked_job.get_absolute_url() + "?explain=refresh").content.decode()
    assert 'data-auto-ask="1"' in html
    assert "explain-remembered" not in html
    assert len(model.prompts) == 1  # the page itself calls nothing; the script asks
    again = logged_in.get(worked_job.get_absolute_url() + "?explain=refresh").content.decode()
    assert 'data-auto-ask="1"' not in again  # the mark is used once


def test_a_shared_refresh_link_never_makes_the_page_ask(logged_in, worked_job, use_model):
    """Someone sends a link ending in ?explain=refresh: without the session's mark (set
    only by saving one's own profile) the panel shows what it would anyway, asks nothing."""
    model = use_model(WORKED_DRAFT)
    html = logged_in.get(worked_job.get_absolute_url() + "?explain=refresh").content.decode()
    assert 'data-auto-ask="1"' not in html
    assert model.prompts == []


def test_a_remembered_answer_is_verified_again_with_todays_rules(
    logged_in, worked_user, worked_job, use_model, settings
):
    use_model(WORKED_DRAFT)
    logged_in.post(api_url(worked_job))
    assert explanation_recall(user=worked_user, job_id=str(worked_job.pk)) is not None
    # Today's rules take quotes of at most two words: no quote of the remembered answer
    # passes them (nor any requirement's), so nothing is shown again.
    settings.EXPLAIN_MAX_QUOTE_WORDS = 2
    assert explanation_recall(user=worked_user, job_id=str(worked_job.pk)) is None
    settings.EXPLAIN_MAX_QUOTE_WORDS = 12  # and back: the same answer is shown again
    assert explanation_recall(user=worked_user, job_id=str(worked_job.pk)) is not None
