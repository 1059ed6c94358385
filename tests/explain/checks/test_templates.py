"""explain.checks.templates: the panel needs the request context processor (E007)."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from django.core.checks import run_checks

from tests.explain.checks.helpers import by_id, ids


def test_a_missing_request_context_processor_is_an_error(settings):
    templates = copy.deepcopy(settings.TEMPLATES)
    processors = templates[0]["OPTIONS"]["context_processors"]
    processors.remove("django.template.context_processors.request")
    settings.TEMPLATES = templates
    message = by_id(run_checks(), "explain.E007")
    assert '"django.template.context_processors.request"' in message.hint


def test_the_processor_in_any_django_engine_passes(settings):
    assert "explain.E007" not in ids(run_checks())


# ------------------------------------------------------------------ the base template (E010)


@pytest.fixture
def check_templates(settings):
    """Templates of these tests, found before the host's own."""
    templates = copy.deepcopy(settings.TEMPLATES)
    templates[0]["DIRS"] = [Path(__file__).resolve().parent / "templates", *templates[0]["DIRS"]]
    settings.TEMPLATES = templates


def test_a_base_template_without_a_content_block_is_an_error(settings, check_templates):
    settings.EXPLAIN_BASE_TEMPLATE = "checks/no_content.html"
    message = by_id(run_checks(), "explain.E010")
    assert "no content block" in message.msg
    assert "{% block content %}{% endblock %}" in message.hint


def test_a_missing_base_template_is_an_error(settings):
    settings.EXPLAIN_BASE_TEMPLATE = "nowhere/base.html"
    assert "TemplateDoesNotExist" in by_id(run_checks(), "explain.E010").msg


def test_a_content_block_inherited_from_a_parent_counts(settings, check_templates):
    settings.EXPLAIN_BASE_TEMPLATE = "checks/child_of_base.html"
    assert "explain.E010" not in ids(run_checks())


def test_the_demo_hosts_base_template_passes():
    assert "explain.E010" not in ids(run_checks())
