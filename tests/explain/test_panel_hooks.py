"""The panel's host hooks: who sees it (EXPLAIN_SHOW_PANEL), where its assets go
({% explain_assets %}), and a broken adapter that must not take the job page down."""

from __future__ import annotations

from typing import Any

import pytest
from django.template import Context, Template
from django.test import RequestFactory

from explain.adapter import Field

pytestmark = pytest.mark.django_db


def candidates_only(request: Any) -> bool:
    return not request.user.username.startswith("employer")


PRIVATE = "Dana's private CV text"


class ProfileFails:
    def profile_fields(self, user: Any) -> list[Field]:
        raise RuntimeError(PRIVATE)

    def job_fields(self, job_id: str, user: Any) -> list[Field]:
        return []


def render(template: str, user: Any) -> str:
    request = RequestFactory().get("/jobs/1/")
    request.user = user
    return Template("{% load explain %}" + template).render(Context({"request": request}))


@pytest.mark.parametrize(
    "rule", ["tests.explain.test_panel_hooks.candidates_only", candidates_only]
)
def test_show_panel_decides_who_sees_it(settings, make_user, rule):
    settings.EXPLAIN_SHOW_PANEL = rule
    candidate = make_user("dana", skills="Java")
    employer = make_user("employer-ed", skills="")
    assert 'id="explain-panel"' in render("{% explain_panel 1 %}", candidate)
    assert render("{% explain_panel 1 %}", employer).strip() == ""


def test_the_link_to_the_panel_shows_only_where_the_panel_does(settings, make_user):
    settings.EXPLAIN_SHOW_PANEL = candidates_only
    candidate = make_user("dana", skills="Java")
    employer = make_user("employer-ed", skills="")
    link = render("{% explain_jump_link %}", candidate)
    assert 'href="#explain-panel"' in link and "Why this job?" in link
    assert render("{% explain_jump_link %}", employer).strip() == ""


def test_everyone_logged_in_sees_it_by_default(make_user):
    assert 'id="explain-panel"' in render("{% explain_panel 1 %}", make_user("employer-ed"))


def test_assets_in_the_head_are_not_printed_again_by_the_panel(make_user):
    user = make_user("dana", skills="Java")
    with_head = render("{% explain_assets %}<body>{% explain_panel 1 %}", user)
    assert with_head.count("explain/explain.css") == 1
    assert with_head.count("explain/explain.js") == 1
    assert with_head.index("explain.js") < with_head.index("<body>")
    alone = render("{% explain_panel 1 %}", user)
    assert alone.count("explain/explain.css") == 1 and alone.count("explain/explain.js") == 1


def test_a_failing_adapter_leaves_the_job_page_standing(settings, make_user, caplog):
    settings.EXPLAIN_SOURCE = "tests.explain.test_panel_hooks.ProfileFails"
    html = render("{% explain_panel 1 %}", make_user("dana", skills="Java"))
    assert "explain-error-internal_error" in html
    assert PRIVATE not in caplog.text
    assert "in profile_fields" in caplog.text


def test_the_no_javascript_report_works_on_a_host_without_messages(settings, client, make_user):
    settings.MIDDLEWARE = [
        m
        for m in settings.MIDDLEWARE
        if m != "django.contrib.messages.middleware.MessageMiddleware"
    ]
    client.force_login(make_user("dana", skills="Java"))
    response = client.post("/explain/report/", {"log_id": "x", "next": "/jobs/1/"})
    assert response.status_code == 303
    assert response["Location"] == "/jobs/1/"
