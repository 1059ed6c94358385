"""A gap's "Add to my profile": the verified term, to the host's profile page, and back."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import WORKED_DRAFT

pytestmark = pytest.mark.django_db


def test_the_page_without_javascript_links_each_gap_to_the_profile(
    logged_in, worked_job, use_model
):
    use_model(WORKED_DRAFT)
    html = logged_in.post(
        reverse("explain:explain-job", args=[worked_job.pk]),
        {"next": worked_job.get_absolute_url()},
    ).content.decode()
    link = f'href="/profile/?add=AWS&amp;next=/jobs/{worked_job.pk}/"'
    assert link in html
    assert html.count("Add to my profile") == 1  # gaps only, never a match


def test_the_api_gives_the_script_the_verified_term(logged_in, worked_job, use_model):
    use_model(WORKED_DRAFT)
    data = logged_in.post(reverse("explain:api-explain", args=[worked_job.pk])).json()
    assert [gap["term"] for gap in data["gaps"]] == ["AWS"]


def test_without_a_profile_page_there_is_no_action(logged_in, worked_job, use_model, settings):
    settings.EXPLAIN_PROFILE_URL = None
    use_model(WORKED_DRAFT)
    html = logged_in.post(reverse("explain:explain-job", args=[worked_job.pk])).content.decode()
    assert "Add to my profile" not in html
