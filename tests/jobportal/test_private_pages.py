"""Pages with personal data are never kept by a shared cache or the browser's disk."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_pages_for_a_signed_in_user_are_private_and_not_stored(logged_in, worked_job):
    for url in (reverse("profile-edit"), worked_job.get_absolute_url(), reverse("job-list")):
        directives = {d.strip() for d in logged_in.get(url)["Cache-Control"].split(",")}
        assert {"private", "no-store"} <= directives, url


def test_the_api_answer_is_private_too(logged_in, worked_job, use_model):
    from tests.conftest import WORKED_DRAFT

    use_model(WORKED_DRAFT)
    response = logged_in.post(reverse("explain:api-explain", args=[worked_job.pk]))
    directives = {d.strip() for d in response["Cache-Control"].split(",")}
    assert "no-store" in directives and "private" in directives


def test_an_anonymous_job_list_may_be_cached(client, worked_job):
    assert not client.get(reverse("job-list")).has_header("Cache-Control")


def test_the_adapter_hands_over_the_users_private_values(make_user: Any) -> None:
    from django.contrib.auth.models import AnonymousUser

    from jobportal.explain_source import PortalExplainSource

    user = make_user("dana", full_name="Dana Q. Private", email="d@example.org", phone="+44 1")
    user.first_name, user.last_name, user.email = "Dana", "Private", "account@example.org"
    values = PortalExplainSource().private_values(user)
    assert values == [
        "Dana Q. Private",
        "d@example.org",
        "+44 1",
        "Dana Private",
        "account@example.org",
    ]
    assert PortalExplainSource().private_values(AnonymousUser()) == []


def test_a_request_reads_the_profile_row_once(
    make_user: Any, django_assert_num_queries: Any
) -> None:
    """profile_and_private_values: what the two methods return, from one query."""
    from django.contrib.auth.models import AnonymousUser

    from explain.adapter import Field
    from jobportal.explain_source import PortalExplainSource

    source = PortalExplainSource()
    user = make_user("dana", skills="Go", full_name="Dana Q. Private", email="d@example.org")
    apart = (source.profile_fields(user), source.private_values(user))
    assert Field("skills", "Skills", "Go") in apart[0] and "Dana Q. Private" in apart[1]
    with django_assert_num_queries(1):
        assert source.profile_and_private_values(user) == apart
    assert source.profile_and_private_values(AnonymousUser()) == ([], [])
