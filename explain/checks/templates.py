"""Checks of what the templates need: the request in their context (E007), a base
template with a `content` block for the no-JavaScript result page (E010), and
{% load explain %} in each host template using the tags (E052)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from django.apps import apps
from django.conf import settings
from django.core.checks import CheckMessage, Error, Tags, register
from django.template import (
    Context,
    Template,
    TemplateDoesNotExist,
    TemplateSyntaxError,
    engines,
)
from django.template.backends.django import DjangoTemplates
from django.template.base import FilterExpression
from django.template.loader import get_template
from django.template.loader_tags import BlockNode, ExtendsNode

from explain.conf import app_settings

REQUEST_PROCESSOR = "django.template.context_processors.request"


@register(Tags.templates)
def check_request_context_processor(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """{% explain_panel %} reads the request from the template context (explain.E007)."""
    engines: list[dict[str, Any]] = settings.TEMPLATES
    django_engines = [
        engine
        for engine in engines
        if engine.get("BACKEND") == "django.template.backends.django.DjangoTemplates"
    ]
    if any(
        REQUEST_PROCESSOR in engine.get("OPTIONS", {}).get("context_processors", [])
        for engine in django_engines
    ):
        return []
    return [
        Error(
            "The request context processor is not enabled, so {% explain_panel %} cannot "
            "see who is logged in.",
            hint=f'Add "{REQUEST_PROCESSOR}" to TEMPLATES[0]["OPTIONS"]["context_processors"].',
            id="explain.E007",
        )
    ]


def _django_template(name: str) -> Template:
    """The Django-language template behind a name (another engine's has no blocks)."""
    inner = getattr(get_template(name), "template", None)
    if not isinstance(inner, Template):
        raise TemplateDoesNotExist(name)
    return inner


def _block_names(template: Template, depth: int = 0) -> set[str]:
    """The blocks a template defines, its parents' included (as far as names are static)."""
    names = {
        node.name
        for node in template.nodelist.get_nodes_by_type(BlockNode)
        if isinstance(node, BlockNode)
    }
    for node in template.nodelist.get_nodes_by_type(ExtendsNode):
        if not isinstance(node, ExtendsNode) or depth >= 10:
            continue
        expression = node.parent_name
        parent = expression.resolve(Context()) if isinstance(expression, FilterExpression) else None
        if isinstance(parent, str):
            names |= _block_names(_django_template(parent), depth + 1)
    return names


@register(Tags.templates)
def check_base_template(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """The result page extends EXPLAIN_BASE_TEMPLATE and fills its `content` block; a
    missing block would show an empty page (explain.E010)."""
    name = app_settings.BASE_TEMPLATE
    fix = (
        "Set EXPLAIN_BASE_TEMPLATE to your site's base template, and give it "
        "{% block content %}{% endblock %} where a page's main content goes."
    )
    try:
        blocks = _block_names(_django_template(name))
    except (TemplateDoesNotExist, TemplateSyntaxError, AttributeError) as exc:
        return [
            Error(
                f"EXPLAIN_BASE_TEMPLATE {name!r} cannot be loaded ({type(exc).__name__}).",
                hint=fix,
                id="explain.E010",
            )
        ]
    if "content" not in blocks:
        return [
            Error(
                f"EXPLAIN_BASE_TEMPLATE {name!r} has no content block, so the result page "
                "without JavaScript would show nothing.",
                hint=fix,
                id="explain.E010",
            )
        ]
    return []


USES_A_TAG = re.compile(r"\{%-?\s*(explain_panel|explain_assets)\b")
LOADS_EXPLAIN = re.compile(r"\{%-?\s*load\s[^%]*\bexplain\b")
SCANNED_SUFFIXES = (".html", ".htm", ".txt", ".django", ".dtl")
MAX_SCANNED_FILES = 5000


def _host_template_dirs() -> list[Path]:
    """The directories the Django template engines search, explain's own left out."""
    dirs: list[Path] = []
    own = Path(apps.get_app_config("explain").path) / "templates"
    for engine in engines.all():
        if not isinstance(engine, DjangoTemplates):
            continue
        dirs.extend(Path(d) for d in engine.engine.dirs)
        if engine.engine.app_dirs:  # the portal's own apps; installed packages are not its
            dirs.extend(
                Path(c.path) / "templates"
                for c in apps.get_app_configs()
                if not {"site-packages", "dist-packages"} & set(Path(c.path).parts)
            )
    return [d for d in dict.fromkeys(dirs) if d.is_dir() and d.resolve() != own.resolve()]


@register(Tags.templates)
def check_templates_load_explain(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """A template using {% explain_panel %} or {% explain_assets %} without
    {% load explain %} fails with a bare TemplateSyntaxError on its page (explain.E052)."""
    messages: list[CheckMessage] = []
    scanned = 0
    for directory in _host_template_dirs():
        for path in sorted(directory.rglob("*")):
            if scanned >= MAX_SCANNED_FILES:
                return messages
            if path.suffix.lower() not in SCANNED_SUFFIXES or not path.is_file():
                continue
            scanned += 1
            try:
                text = path.read_text(encoding="utf-8", errors="replace")
            except OSError:
                continue
            used = USES_A_TAG.search(text)
            if used is None or LOADS_EXPLAIN.search(text[: used.start()]):
                continue
            line = text.count("\n", 0, used.start()) + 1
            messages.append(
                Error(
                    f"{path} uses {{% {used.group(1)} %}} on line {line} without "
                    "{% load explain %} before it: the page fails with TemplateSyntaxError.",
                    hint="Put {% load explain %} at the top of that template (after its "
                    "{% extends %}, if any: each template loads its tags for itself).",
                    obj=str(path),
                    id="explain.E052",
                )
            )
    return messages
