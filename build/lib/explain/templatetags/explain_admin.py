"""Template tags for the admin pages: the drop-rate alert on the index."""

from __future__ import annotations

from django import template

from explain.reporting.alerts import DropAlert, drop_rate_alert

register = template.Library()


@register.simple_tag
def explain_drop_alert() -> DropAlert | None:
    """The alert when the newest window of fresh answers passes the threshold."""
    return drop_rate_alert()
