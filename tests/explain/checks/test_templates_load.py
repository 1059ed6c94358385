"""explain.E052: a host template using the panel's tags without {% load explain %}."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from explain.checks.templates import check_templates_load_explain
from tests.explain.checks.helpers import by_id


def _templates_in(settings: Any, directory: Path) -> None:
    templates = copy.deepcopy(settings.TEMPLATES)
    templates[0]["DIRS"] = [str(directory)]
    settings.TEMPLATES = templates


def test_a_template_using_the_panel_without_the_load_is_an_error(settings, tmp_path):
    (tmp_path / "jobs").mkdir()
    page = tmp_path / "jobs" / "detail.html"
    page.write_text('{% extends "base.html" %}\n{% block content %}\n{% explain_panel job.pk %}')
    _templates_in(settings, tmp_path)
    message = by_id(check_templates_load_explain(), "explain.E052")
    assert str(page) in message.msg and "line 3" in message.msg
    assert "{% load explain %}" in message.hint


def test_a_template_that_loads_the_tags_passes(settings, tmp_path):
    (tmp_path / "a.html").write_text("{% load i18n explain %}{% explain_assets %}")
    (tmp_path / "b.html").write_text("{% load static %}<p>explain_panel is named here</p>")
    _templates_in(settings, tmp_path)
    assert check_templates_load_explain() == []


def test_the_load_after_the_tag_does_not_count(settings, tmp_path):
    (tmp_path / "late.html").write_text("{% explain_panel job %}\n{% load explain %}")
    _templates_in(settings, tmp_path)
    by_id(check_templates_load_explain(), "explain.E052")


def test_the_demo_hosts_templates_pass():
    assert check_templates_load_explain() == []
