"""explain.checks.templates: the panel needs the request context processor (E007)."""

from __future__ import annotations

import copy

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
