"""The admin settings are checked at start-up."""

from __future__ import annotations

import pytest
from django.test import override_settings

from explain.checks.admin import check_admin_settings


def ids(settings_obj) -> list[str]:
    return [problem.id for problem in check_admin_settings()]


def test_defaults_pass(settings):
    assert ids(settings) == []


@pytest.mark.parametrize("value", [1, 1.5, -0.1, "0.3", True])
def test_the_threshold_must_be_a_share(settings, value):
    settings.EXPLAIN_ALERT_DROP_RATE = value
    assert ids(settings) == ["explain.E040"]


@pytest.mark.parametrize("value", [0, 9, "200", None])
def test_the_window_must_hold_enough_answers(settings, value):
    settings.EXPLAIN_ALERT_WINDOW = value
    assert ids(settings) == ["explain.E041"]


def test_the_job_url_must_reverse_with_one_id(settings):
    settings.EXPLAIN_JOB_URL_NAME = "job-list"
    assert ids(settings) == ["explain.E042"]
    settings.EXPLAIN_JOB_URL_NAME = "job-detail"
    assert ids(settings) == []


APPS_BELOW_THE_ADMIN = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "explain",
]


def test_the_alert_warns_when_the_admin_index_would_miss_its_banner(settings):
    settings.EXPLAIN_ALERT_DROP_RATE = 0.3
    assert ids(settings) == []  # this host lists explain above the admin
    with override_settings(INSTALLED_APPS=APPS_BELOW_THE_ADMIN):
        assert ids(settings) == ["explain.W105"]
        settings.EXPLAIN_ALERT_DROP_RATE = None
        assert ids(settings) == []  # no alert, no banner to miss
    without_admin = [name for name in APPS_BELOW_THE_ADMIN if name != "django.contrib.admin"]
    settings.EXPLAIN_ALERT_DROP_RATE = 0.3
    with override_settings(INSTALLED_APPS=without_admin):
        assert ids(settings) == []
