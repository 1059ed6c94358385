"""explain.templatetags.explain: the assets once per page, and a panel that fits the user."""

from __future__ import annotations

import pytest
from csp.constants import NONCE, SELF, STRICT_DYNAMIC
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


NONCE_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [NONCE, STRICT_DYNAMIC],
        "style-src": [SELF, NONCE],
        "connect-src": [SELF],
    }
}


@pytest.mark.django_db
def test_the_page_under_django_csp_nonces_carries_the_headers_nonce(
    settings, logged_in, worked_job
):
    """The real CSPMiddleware: its nonce is lazy (falsy until read), and a tag that tested
    it for truth left the scripts without it, so 'strict-dynamic' blocked them."""
    import re

    settings.CONTENT_SECURITY_POLICY = NONCE_POLICY
    response = logged_in.get(f"/jobs/{worked_job.pk}/")
    header = response.headers["Content-Security-Policy"]
    nonce = re.findall(r"script-src 'nonce-([^']+)' 'strict-dynamic'", header)[0]
    page = response.content.decode()
    scripts = re.findall(r"<script [^>]*>", page)
    assert scripts and all(f'nonce="{nonce}"' in tag for tag in scripts), scripts
    assert f'href="/static/explain/explain.css" nonce="{nonce}"' in page


def test_no_csp_middleware_means_no_nonce_attribute():
    from explain.templatetags.explain import request_nonce

    request = RequestFactory().get("/")
    assert request_nonce(request) == "" and request_nonce(None) == ""
    assert "nonce=" not in render("{% explain_assets %}")


def _page(source: str, settings, user, **variables) -> str:
    request = RequestFactory().get("/jobs/1/")
    request.user = user
    return Template("{% load explain %}" + source).render(
        Context({"request": request, **variables})
    )


@pytest.mark.django_db
@pytest.mark.parametrize("debug", [False, True])
def test_an_empty_job_variable_renders_no_panel_and_names_the_variable(
    settings, worked_user, worked_job, caplog, debug
):
    """{% explain_panel job.pk %} copied onto a page whose variable is `vacancy`: the page
    renders for job seekers (no NoReverseMatch), and the log names what to write."""
    settings.DEBUG = debug
    html = _page("{% explain_panel job.pk %}", settings, worked_user, vacancy=worked_job)
    assert 'id="explain-panel"' not in html
    [record] = [r for r in caplog.records if r.name == "explain.templatetags.explain"]
    assert record.levelname == "WARNING"
    message = record.getMessage()
    assert "job.pk is empty on this page" in message
    assert "Fix: write {% explain_panel vacancy.pk %}" in message
    assert ("explain_panel vacancy.pk" in html) is debug  # a visible hint in DEBUG only


@pytest.mark.django_db
def test_a_job_id_the_urls_cannot_take_renders_no_panel(settings, worked_user, caplog):
    html = _page("{% explain_panel ref %}", settings, worked_user, ref="a/b")
    assert 'id="explain-panel"' not in html
    assert "not a job id the panel's URLs take" in caplog.text


@pytest.mark.django_db
def test_the_panel_still_renders_for_a_job_and_its_id(settings, worked_user, worked_job):
    for source in ("{% explain_panel vacancy %}", "{% explain_panel vacancy.pk %}"):
        html = _page(source, settings, worked_user, vacancy=worked_job)
        assert f"/api/jobs/{worked_job.pk}/explanation/" in html


def test_the_tag_takes_exactly_one_argument():
    from django.template import TemplateSyntaxError

    with pytest.raises(TemplateSyntaxError, match=r"explain_panel job\.pk"):
        Template("{% load explain %}{% explain_panel %}")
