"""Checks of what the templates need: the request in their context (E007), and a base
template with a `content` block for the no-JavaScript result page (E010)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage, Error, Tags, register
from django.template import Context, Template, TemplateDoesNotExist, TemplateSyntaxError
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
