"""System checks for the admin's settings: the alert threshold, where the alert shows,
and the job-page link.

explain.E040 (the drop-rate threshold), E041 (the alert window), E042 (the job URL name),
W105 (the banner cannot reach the admin index).
"""

from __future__ import annotations

from typing import Any

from django.apps import apps
from django.core.checks import CheckMessage, Error, Warning, register
from django.urls import NoReverseMatch, reverse

from explain.conf import setting


@register()
def check_admin_settings(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    problems: list[CheckMessage] = []
    rate = setting("EXPLAIN_ALERT_DROP_RATE")
    if rate is not None and (
        isinstance(rate, bool) or not isinstance(rate, int | float) or not 0 <= rate < 1
    ):
        problems.append(
            Error(
                "EXPLAIN_ALERT_DROP_RATE must be a share from 0 to below 1, or None.",
                hint=f"Got {rate!r}; 0.3 warns when more than 30% of answers lose a point.",
                id="explain.E040",
            )
        )
    if rate is not None and not banner_reaches_the_admin_index():
        problems.append(
            Warning(
                "The drop-rate alert is on, but the admin index will not show its banner: "
                "'explain' comes after 'django.contrib.admin' in INSTALLED_APPS.",
                hint="List 'explain' above 'django.contrib.admin': the app's "
                "admin/index.html then adds the banner to the admin's own index page.",
                id="explain.W105",
            )
        )
    window = setting("EXPLAIN_ALERT_WINDOW")
    if isinstance(window, bool) or not isinstance(window, int) or window < 10:
        problems.append(
            Error(
                "EXPLAIN_ALERT_WINDOW must be an integer of at least 10.",
                hint=f"Got {window!r}; a handful of answers swings between 0% and 100%.",
                id="explain.E041",
            )
        )
    name = setting("EXPLAIN_JOB_URL_NAME")
    if name:
        try:
            reverse(str(name), args=["1"])
        except NoReverseMatch:
            problems.append(
                Error(
                    f"EXPLAIN_JOB_URL_NAME {name!r} does not reverse with one job id.",
                    hint="Name a URL pattern that takes the job id, e.g. 'job-detail'.",
                    id="explain.E042",
                )
            )
    return problems


def banner_reaches_the_admin_index() -> bool:
    """Whether explain's admin/index.html is found before the admin's own: templates are
    looked up app by app in INSTALLED_APPS order (a project template comes first still,
    and reaches ours when it extends admin/index.html)."""
    names = [config.name for config in apps.get_app_configs()]
    if "django.contrib.admin" not in names:
        return True  # no admin, no index page to miss
    return names.index("explain") < names.index("django.contrib.admin")
