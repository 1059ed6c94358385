"""The panel in a portal's own pages, in a real browser: a list page with a panel on
each card wires every one of them, and a portal whose login-required middleware answers
the panel's request with a redirect or its login page says the session ended, with a
link to log in again (not "Could not reach the site")."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template import engines
from django.urls import include, path
from playwright.sync_api import expect

from explain.llm.function_model import FunctionChatModel
from explain.web.api import ExplanationAPI
from jobportal.demo_data import DEMO_PASSWORD
from jobportal.models import Job
from tests.browser.helpers import log_in
from tests.conftest import WORKED_DRAFT

pytestmark = pytest.mark.browser

CARDS = (
    '{% load explain %}<!doctype html><html lang="en"><head><title>Jobs</title>'
    "{% explain_assets %}</head><body><main>"
    '{% for job in jobs %}<article class="card" data-job="{{ job.pk }}">'
    "<h2>{{ job.title }}</h2>{% explain_panel job.pk %}</article>{% endfor %}"
    "</main></body></html>"
)

# How the portal's login wall answers an anonymous request to the panel's API.
WALL = {"mode": "redirect"}


def cards(request: HttpRequest) -> HttpResponse:
    template = engines["django"].from_string(CARDS)
    jobs = Job.objects.order_by("pk")[:2]
    return HttpResponse(template.render({"jobs": jobs}, request))


_api = ExplanationAPI.as_view()


def walled_api(request: HttpRequest, job_id: str) -> HttpResponse:
    """The portal's login-required middleware, in front of explain's API."""
    if not request.user.is_authenticated:
        if WALL["mode"] == "redirect":
            return redirect_to_login(request.get_full_path())
        return render(request, "registration/login.html", {"form": None})
    return _api(request, job_id=job_id)


walled_api.csrf_exempt = True  # type: ignore[attr-defined]  # as the API view itself

urlpatterns = [
    path("cards/", cards),
    path("explain/api/jobs/<str:job_id>/explanation/", walled_api),
    path("", include("jobportal.urls")),
]


@pytest.fixture
def cards_page(new_page: Any, demo_data: None, settings: Any) -> Any:
    settings.ROOT_URLCONF = __name__
    settings.EXPLAIN_CHAT_MODEL = FunctionChatModel(lambda prompt: WORKED_DRAFT)
    page = new_page(width=1100, height=900)
    log_in(page, "demo", DEMO_PASSWORD, next_url="/cards/")
    page.goto("/cards/")
    return page


def test_every_panel_on_a_list_page_is_wired_with_its_own_ids(cards_page):
    page = cards_page
    panels = page.locator("section.explain-panel")
    expect(panels).to_have_count(2)
    ids = panels.evaluate_all("(all) => all.map((p) => p.id)")
    headings = panels.evaluate_all("(all) => all.map((p) => p.getAttribute('aria-labelledby'))")
    assert len(set(ids)) == 2 and len(set(headings)) == 2, (ids, headings)
    second = panels.nth(1)
    second.get_by_role("button", name="Why this job?").click()
    # The script answered in place (no navigation to the no-JavaScript page).
    expect(second.locator("[data-explain-result] .explain-result-body")).to_have_count(1)
    assert page.url.endswith("/cards/")
    expect(panels.nth(0).locator("[data-explain-result] .explain-result-body")).to_have_count(0)
    panels.nth(0).get_by_role("button", name="Why this job?").click()
    expect(panels.nth(0).locator("[data-explain-result] .explain-result-body")).to_have_count(1)
    assert page.url.endswith("/cards/")
    assert page.probe.page_errors == []


@pytest.mark.parametrize("mode", ["redirect", "page"])
def test_a_login_wall_after_logout_says_the_session_ended_with_a_login_link(cards_page, mode):
    page = cards_page
    WALL["mode"] = mode
    # The session ends (a logout in another tab, an expiry): its cookie is gone.
    page.context.clear_cookies(name="sessionid")
    panel = page.locator("section.explain-panel").first
    panel.get_by_role("button", name="Why this job?").click()
    error = panel.locator(".explain-error")
    expect(error).to_contain_text("Your session ended")
    expect(error).not_to_contain_text("Could not reach the site")
    link = error.get_by_role("link", name="Log in again")
    expect(link).to_have_attribute("href", re.compile(r"^http://[^/]+/login/\?next=%2Fcards%2F$"))
    assert page.url.endswith("/cards/")
