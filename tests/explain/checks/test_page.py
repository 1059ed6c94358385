"""The page checks (a typo in a panel setting, a CSP that blocks the panel) and the traps
around them: the panel given an object, a host's DRF throttles, an empty job."""

from __future__ import annotations

from typing import Any

import pytest
from csp.constants import NONCE
from django.core.cache import cache
from django.template import Context, Template
from django.test import RequestFactory
from django.urls import reverse
from rest_framework.throttling import BaseThrottle

from explain.adapter import Field
from explain.checks.page import check_csp, check_panel_settings
from explain.source import _load_source
from tests.conftest import WORKED_DRAFT, clear_cache

pytestmark = pytest.mark.django_db


def render(template: str, user: Any, **context: Any) -> str:
    request = RequestFactory().get("/jobs/1/")
    request.user = user
    for name, value in context.items():
        setattr(request, name, value)
    return Template("{% load explain %}" + template).render(Context({"request": request}))


def ids(messages: list[Any]) -> list[str]:
    return [m.id for m in messages]


def test_a_typo_in_show_panel_is_a_check_and_the_page_still_renders(settings, make_user):
    settings.EXPLAIN_SHOW_PANEL = "tests.explain.test_panel_hooks.candidats_only"
    assert ids(check_panel_settings()) == ["explain.E021"]
    assert "Until then the panel is hidden" in check_panel_settings()[0].hint
    assert render("{% explain_panel 1 %}", make_user("dana", skills="Java")).strip() == ""
    settings.EXPLAIN_SHOW_PANEL = 42
    assert ids(check_panel_settings()) == ["explain.E021"]
    settings.EXPLAIN_SHOW_PANEL = "tests.explain.test_panel_hooks.candidates_only"
    assert check_panel_settings() == []


def test_a_typo_in_profile_url_is_a_check_and_the_page_still_renders(settings, make_user):
    settings.EXPLAIN_PROFILE_URL = "profil-edit"
    assert ids(check_panel_settings()) == ["explain.E020"]
    page = render("{% explain_panel 1 %}", make_user("dana", skills="Java"))
    assert 'id="explain-panel"' in page and 'data-profile-url=""' in page
    settings.EXPLAIN_PROFILE_URL = "/profile/"
    assert check_panel_settings() == []


def test_the_panel_given_the_job_itself_uses_its_pk(logged_in, worked_job, worked_user):
    request = RequestFactory().get(f"/jobs/{worked_job.pk}/")
    request.user = worked_user
    page = Template("{% load explain %}{% explain_panel job %}").render(
        Context({"request": request, "job": worked_job})
    )
    assert reverse("explain:api-explain", args=[worked_job.pk]) in page
    assert str(worked_job) not in page


def test_the_panels_scripts_carry_the_requests_csp_nonce(make_user):
    user = make_user("dana", skills="Java")
    page = render("{% explain_panel 1 %}", user, csp_nonce="n0nce-abc")
    assert page.count('nonce="n0nce-abc"') == 3
    assert 'defer nonce="n0nce-abc"></script>' in page
    assert "nonce=" not in render("{% explain_panel 1 %}", user)


@pytest.mark.parametrize(
    ("directives", "expected"),
    [
        ({"script-src": ["'strict-dynamic'", "https:"]}, ["explain.E022"]),
        ({"default-src": ["'none'"]}, ["explain.E022", "explain.E023"]),
        ({"default-src": ["'self'"], "connect-src": ["https://api.example.com"]}, ["explain.E023"]),
        ({"script-src": ["'self'", NONCE, "'strict-dynamic'"]}, []),
        ({"script-src": [NONCE]}, []),
        ({"script-src": ["'self'", "'strict-dynamic'"]}, ["explain.E022"]),
        ({"default-src": ["'self'"]}, []),
        ({"img-src": ["'self'"]}, []),
    ],
)
def test_a_csp_that_blocks_the_panel_is_a_check(settings, directives, expected):
    settings.CONTENT_SECURITY_POLICY = {"DIRECTIVES": directives}
    assert ids(check_csp()) == expected


class _HostSpent(BaseThrottle):
    """A host's throttle whose allowance is spent for the day."""

    def allow_request(self, request: Any, view: Any) -> bool:
        return False

    def wait(self) -> float:
        return 86389.0


def test_the_hosts_default_throttle_does_not_refuse_the_panel(
    settings, logged_in, worked_job, use_model, monkeypatch
):
    from rest_framework.views import APIView

    use_model(WORKED_DRAFT)
    clear_cache(cache)
    # DRF reads DEFAULT_THROTTLE_CLASSES into APIView when it is imported: set it there,
    # as a host's settings would have.
    monkeypatch.setattr(APIView, "throttle_classes", [_HostSpent])
    url = reverse("explain:api-explain", args=[worked_job.pk])
    statuses = [logged_in.post(url).status_code for _ in range(2)]
    assert 429 not in statuses, statuses


class _EmptyJob:
    def profile_fields(self, user: Any) -> list[Field]:
        return [Field("skills", "Skills", "Python, Django")]

    def job_fields(self, job_id: str, user: Any) -> list[Field]:
        return [Field("title", "Title", "\u200b ")]


def test_an_empty_job_makes_no_model_call(settings, logged_in, use_model):
    model = use_model(WORKED_DRAFT)
    settings.EXPLAIN_SOURCE = f"{__name__}._EmptyJob"
    _load_source.cache_clear()
    try:
        response = logged_in.post(reverse("explain:api-explain", args=["7"]))
    finally:
        _load_source.cache_clear()
    assert model.prompts == []
    assert response.status_code < 500
    assert response.json()["outcome"] == "job_unavailable"
