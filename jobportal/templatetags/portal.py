"""Template filters for the portal's own pages."""

from __future__ import annotations

from django import template
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from explain.display_cleaning import shown_text
from jobportal.models import Job

register = template.Library()


@register.filter
def shown(value: str) -> str:
    """Posting text without bidi controls, tag characters or hidden text (comments,
    hidden elements), as the explain app sends it: nothing reorders or hides words, and
    quoted words' offsets match the page."""
    return shown_text(str(value))


@register.filter
def salary_range(job: Job) -> str:
    """ "EUR 62,000–78,000 a year", grouped the way the active language writes numbers."""
    low, high = job.salary_min, job.salary_max
    if low is None and high is None:
        return ""

    def amount(value: int | None) -> str:
        return "?" if value is None else number_format(value, force_grouping=True)

    if low is not None and high is not None and low == high:
        return _("%(currency)s %(amount)s a year") % {
            "currency": job.salary_currency,
            "amount": amount(low),
        }
    return _("%(currency)s %(low)s–%(high)s a year") % {
        "currency": job.salary_currency,
        "low": amount(low),
        "high": amount(high),
    }
