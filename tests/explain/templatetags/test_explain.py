"""explain.templatetags.explain: the assets once per page, and a panel that fits the user."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.template import Context, Template
from django.test import RequestFactory


def render(source: str, user=None) -> str:
    request = RequestFactory().get("/jobs/1/")
    request.user = user or AnonymousUser()
    return Template("{% load explain %}" + source).render(Context({"request": request}))


def test_assets_are_printed_once_per_request():
    html = render("{% explain_assets %}{% explain_assets_if_missing %}")
    assert html.count("explain/explain.js") == 1
    assert "explain/explain.css" in html


@pytest.mark.django_db
def test_an_anonymous_visitor_gets_a_login_link(settings):
    html = render("{% explain_panel 1 %}")
    assert settings.LOGIN_URL in html or "login" in html.lower()


def test_optional_points_keeps_required_and_optional_apart():
    from explain.templatetags.explain import optional_points

    points = [{"term": "A"}, {"term": "B", "optional": True}, {"term": "C", "optional": False}]
    assert [p["term"] for p in optional_points(points, False)] == ["A", "C"]
    assert [p["term"] for p in optional_points(points, True)] == ["B"]
    html = Template(
        "{% load explain %}{% for p in points|optional_points:True %}{{ p.term }}{% endfor %}"
    ).render(Context({"points": points}))
    assert html == "B"
