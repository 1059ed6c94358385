"""`explain_check --page` on the integrator's template mistakes: a panel given a variable
the page does not have, and a page without {% load explain %}; each says what to write."""

from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.http import HttpRequest, HttpResponse
from django.template import RequestContext, Template
from django.urls import include, path

from jobportal.models import Job

pytestmark = pytest.mark.django_db

POSTING = (
    "{% load explain %}<html><head>{% explain_assets %}</head><body>"
    '<article data-explain-posting><h1 data-explain-field="title">{{ vacancy.title }}</h1>'
    "</article>{% explain_panel job.pk %}</body></html>"
)


def _page(source: str) -> Any:
    def view(request: HttpRequest, pk: int) -> HttpResponse:
        vacancy = Job.objects.get(pk=pk)  # the page's variable is not `job`
        return HttpResponse(Template(source).render(RequestContext(request, {"vacancy": vacancy})))

    return view


def _unloaded(request: HttpRequest, pk: int) -> HttpResponse:
    return HttpResponse(
        Template("<p>{% explain_panel vacancy.pk %}</p>").render(RequestContext(request, {}))
    )


urlpatterns = [
    path("vacancy/<int:pk>/", _page(POSTING), name="vacancy"),
    path("unloaded/<int:pk>/", _unloaded),
    path("login/", _page("<html></html>"), name="login"),
    path("explain/", include("explain.urls")),
]


@pytest.fixture
def probe(settings: Any, worked_user: Any, worked_job: Job) -> Any:
    settings.ROOT_URLCONF = __name__
    settings.DEBUG = True
    settings.EXPLAIN_DEMO_MODE = True
    settings.EXPLAIN_JOB_URL_NAME = "vacancy"
    settings.EXPLAIN_PROFILE_URL = None

    def run(page: str) -> tuple[bool, str]:
        out = StringIO()
        try:
            call_command(
                "explain_check",
                "--page",
                page.format(pk=worked_job.pk),
                "--user",
                "dana",
                stdout=out,
            )
        except CommandError:
            return False, out.getvalue()
        return True, out.getvalue()

    return run


def test_an_empty_panel_variable_names_it_and_what_to_write(probe):
    passed, out = probe("/vacancy/{pk}/")
    assert not passed
    [line] = [x for x in out.splitlines() if x.startswith("FAIL page:")]
    assert "{% explain_panel job.pk %}: job.pk is empty on this page" in line
    assert "Fix: write {% explain_panel vacancy.pk %}" in line
    assert "NoReverseMatch" not in out


def test_a_missing_load_names_the_fix(probe):
    passed, out = probe("/unloaded/{pk}/")
    assert not passed
    [line] = [x for x in out.splitlines() if x.startswith("FAIL page:")]
    assert "'explain_panel'" in line and "Fix: put {% load explain %}" in line
