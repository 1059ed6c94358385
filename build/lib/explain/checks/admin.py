"""System checks for the admin's settings: the alert threshold and the job-page link."""

from __future__ import annotations

from typing import Any

from django.core.checks import CheckMessage, Error, register
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
                id="explain.E101",
            )
        )
    window = setting("EXPLAIN_ALERT_WINDOW")
    if isinstance(window, bool) or not isinstance(window, int) or window < 10:
        problems.append(
            Error(
                "EXPLAIN_ALERT_WINDOW must be an integer of at least 10.",
                hint=f"Got {window!r}; a handful of answers swings between 0% and 100%.",
                id="explain.E102",
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
                    id="explain.E103",
                )
            )
    return problems
