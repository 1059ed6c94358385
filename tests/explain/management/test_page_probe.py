"""explain.management.page_probe (`explain_check --page`): each way a job page can lose the
panel's highlighting, script or API is a failure that says the fix."""

from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
from csp.constants import NONCE, SELF, STRICT_DYNAMIC
from django.contrib.auth.decorators import login_required
from django.core.management import call_command
from django.core.management.base import CommandError
from django.http import HttpRequest, HttpResponse
from django.template import RequestContext, Template
from django.urls import include, path

from explain.adapter import Field
from explain.management.page_probe import (
    connect_problem,
    parse_csp,
    read_page,
    script_problem,
    source_allows,
)
from jobportal.explain_source import PortalExplainSource
from jobportal.models import Job

pytestmark = pytest.mark.django_db

POSTING = (
    "{% load explain %}<html><head>{% explain_assets %}</head><body>"
    '<article data-explain-posting><h1 data-explain-field="{{ title_key }}">{{ job.title }}</h1>'
    '<p data-explain-field="company">{{ job.company }}</p>'
    '<p data-explain-field="location">{{ job.location }}</p>'
    '<p data-explain-field="remote">{{ job.get_remote_display }}</p>'
    '<div data-explain-field="description">{{ job.description }}</div></article>'
    "{% explain_panel panel_job %}</body></html>"
)


def _page(source: str, **extra: Any) -> Any:
    def view(request: HttpRequest, pk: int) -> HttpResponse:
        job = Job.objects.get(pk=pk)
        context = {"job": job, "panel_job": job, "title_key": "title", **extra}
        if "panel_job" in extra:
            context["panel_job"] = Job.objects.exclude(pk=pk).first()
        return HttpResponse(Template(source).render(RequestContext(request, context)))

    return view


HAND_COPIED_ASSETS = POSTING.replace(
    "{% explain_assets %}", '<script src="/static/explain/explain.js" defer></script>'
)
urlpatterns = [
    path("posting/<int:pk>/", _page(POSTING), name="posting"),
    path("by-label/<int:pk>/", _page(POSTING, title_key="Job title")),
    path("no-panel/<int:pk>/", _page("<html><body><h1>{{ job.title }}</h1></body></html>")),
    path("unmarked/<int:pk>/", _page(POSTING.replace(" data-explain-posting", ""))),
    path("other-job/<int:pk>/", _page(POSTING, panel_job="other"), name="other-job"),
    path("hand-copied/<int:pk>/", _page(HAND_COPIED_ASSETS)),
    path("members/<int:pk>/", login_required(_page(POSTING))),
    path("login/", _page("<html></html>"), name="login"),  # LOGIN_URL, for the panel's link
    path("explain/", include("explain.urls")),
]


@pytest.fixture
def probe(settings: Any, worked_user: Any, worked_job: Job) -> Any:
    """`explain_check --page` against this module's pages, as the worked user."""
    settings.ROOT_URLCONF = __name__
    settings.DEBUG = True  # the local cache is fine here
    settings.EXPLAIN_DEMO_MODE = True
    settings.EXPLAIN_JOB_URL_NAME = "posting"  # the demo's names are not in this URLconf
    settings.EXPLAIN_PROFILE_URL = None

    def run(page: str, *, user: str | None = "dana") -> tuple[bool, list[str]]:
        out = StringIO()
        args = ["--page", page.format(pk=worked_job.pk), *(["--user", user] if user else [])]
        try:
            call_command("explain_check", *args, stdout=out)
        except CommandError:
            passed = False
        else:
            passed = True
        failed = [line for line in out.getvalue().splitlines() if line.startswith("FAIL")]
        assert passed or failed, out.getvalue()
        # Only the page's own lines fail here (and the CSP checks, which read the same
        # policy from the settings): the rest of the site is configured.
        assert all(" page: " in line or "explain.E02" in line for line in failed), failed
        return passed, [line for line in out.getvalue().splitlines() if " page: " in line]

    return run


def test_a_page_that_carries_every_key_passes(probe):
    passed, lines = probe("/posting/{pk}/")
    assert passed, lines
    assert lines[0].startswith("OK   page: /posting/") and "the panel for job" in lines[0]


def test_a_full_url_is_fetched_as_its_host(probe):
    passed, lines = probe("https://jobs.example.com/posting/{pk}/?ref=mail")
    assert passed, lines
    assert lines[0].startswith("OK   page: /posting/") and "?ref=mail" in lines[0]


def test_a_field_marked_with_its_label_is_named_with_the_fix(probe):
    passed, lines = probe("/by-label/{pk}/")
    assert not passed
    [line] = lines
    assert line.startswith("FAIL page: job_fields returns keys the page does not carry: title")
    assert 'data-explain-field="title"' in line and "not its label" in line


class _WithBenefits(PortalExplainSource):
    def job_fields(self, job_id: str, user: Any) -> list[Field]:
        return [*super().job_fields(job_id, user), Field("benefits", "Benefits", "Gym")]


def test_an_adapter_key_the_template_forgot_fails(probe, settings):
    settings.EXPLAIN_SOURCE = f"{__name__}._WithBenefits"
    passed, lines = probe("/posting/{pk}/")
    assert not passed
    assert any("does not carry: benefits;" in line for line in lines), lines


def test_a_page_without_the_panel_fails(probe):
    passed, lines = probe("/no-panel/{pk}/")
    assert not passed
    assert "has no panel" in lines[0] and "{% explain_panel job.pk %}" in lines[0]


def test_a_posting_without_its_marker_fails(probe):
    passed, lines = probe("/unmarked/{pk}/")
    assert not passed
    assert any("no element carries data-explain-posting" in line for line in lines), lines


def test_the_panel_given_another_job_fails(probe, settings):
    Job.objects.create(title="Other", company="X", location="Y", description="Z")
    settings.EXPLAIN_JOB_URL_NAME = "posting"
    worked = Job.objects.get(title="Java Engineer")
    assert probe(str(worked.pk))[0]
    settings.EXPLAIN_JOB_URL_NAME = None
    passed, lines = probe(str(worked.pk))
    assert not passed and "EXPLAIN_JOB_URL_NAME is not set" in lines[0]
    settings.EXPLAIN_JOB_URL_NAME = "other-job"
    passed, lines = probe(str(worked.pk))
    assert not passed
    assert any(f"not '{worked.pk}'" in line and "explain_panel job.pk" in line for line in lines)


def test_a_login_redirect_asks_for_a_user(probe):
    passed, lines = probe("/members/{pk}/", user=None)
    assert not passed
    assert "answered HTTP 302" in lines[0] and "give --user" in lines[0]
    assert probe("/members/{pk}/")[0]


def test_strict_dynamic_without_a_nonce_blocks_the_script(probe, settings):
    settings.CONTENT_SECURITY_POLICY = {"DIRECTIVES": {"script-src": [SELF, STRICT_DYNAMIC]}}
    passed, lines = probe("/posting/{pk}/")
    assert not passed
    assert any("'strict-dynamic'" in line and "add csp.constants.NONCE" in line for line in lines)


def test_a_nonce_policy_passes_through_the_real_middleware(probe, settings):
    settings.CONTENT_SECURITY_POLICY = {
        "DIRECTIVES": {"default-src": [SELF], "script-src": [NONCE, STRICT_DYNAMIC]}
    }
    passed, lines = probe("/posting/{pk}/")
    assert passed, lines


def test_hand_copied_tags_without_the_nonce_are_named(probe, settings):
    settings.CONTENT_SECURITY_POLICY = {"DIRECTIVES": {"script-src": [NONCE, STRICT_DYNAMIC]}}
    passed, lines = probe("/hand-copied/{pk}/")
    assert not passed
    assert any("carry no nonce" in line and "request.csp_nonce" in line for line in lines)


def test_a_connect_src_that_blocks_the_api_fails_and_report_only_warns(probe, settings):
    blocking = {"DIRECTIVES": {"default-src": [SELF], "connect-src": ["https://api.example.com"]}}
    settings.CONTENT_SECURITY_POLICY = blocking
    passed, lines = probe("/posting/{pk}/")
    assert not passed
    assert any(
        line.startswith("FAIL") and "connect-src" in line and "add 'self'" in line for line in lines
    )
    settings.CONTENT_SECURITY_POLICY = None
    settings.CONTENT_SECURITY_POLICY_REPORT_ONLY = blocking  # explain.E023 still fails
    _, lines = probe("/posting/{pk}/")
    assert not any(line.startswith("FAIL") for line in lines), lines
    assert any(line.startswith("WARN") and "report-only" in line for line in lines), lines


def test_a_script_src_without_self_names_the_script():
    csp = parse_csp("default-src 'self'; script-src https://cdn.example.com")
    tag = {"src": "/static/explain/explain.js"}
    problem = script_problem(csp, [tag], "https://jobs.example.com")
    assert "does not allow the panel's script /static/explain/explain.js" in problem
    assert "add 'self'" in problem
    cdn = {"src": "https://cdn.example.com/static/explain/explain.js"}
    assert script_problem(csp, [cdn], "https://jobs.example.com") == ""


@pytest.mark.parametrize(
    ("sources", "url", "allowed"),
    [
        (["'self'"], "https://jobs.example.com/explain/api/", True),
        (["'self'"], "https://other.example.com/explain/api/", False),
        (["https:"], "https://other.example.com/x", True),
        (["*.example.com"], "https://api.example.com/x", True),
        (["https://jobs.example.com/explain/"], "https://jobs.example.com/explain/api/", True),
        (["https://jobs.example.com/static/"], "https://jobs.example.com/explain/api/", False),
        (["'none'"], "https://jobs.example.com/x", False),
    ],
)
def test_source_lists_match_as_browsers_do(sources, url, allowed):
    assert source_allows(sources, url, "https://jobs.example.com") is allowed


def test_connect_src_falls_back_to_default_src():
    base = "https://jobs.example.com"
    assert connect_problem(parse_csp("default-src 'none'"), "/explain/api/jobs/1/", base)
    assert connect_problem(parse_csp("default-src 'none'; connect-src 'self'"), "/x", base) == ""
    assert connect_problem(parse_csp("img-src 'self'"), "/x", base) == ""


def test_the_reader_finds_keys_inside_the_posting_only():
    reading = read_page(
        '<div data-explain-field="outside"></div><article data-explain-posting>'
        '<p><img src="x"><span data-explain-field="title">T</span></p>'
        '<br/><div data-explain-field="body">B</div></article>'
        '<div data-explain-field="after"></div>'
    )
    assert reading.posting is True
    assert reading.field_keys == {"title", "body"}
    assert reading.keys_outside_posting == {"outside", "after"}
