"""explain.checks.urls: the app's URLs must be included under their namespace (E006)."""

from __future__ import annotations

from django.core.checks import run_checks
from django.test import override_settings
from django.urls import clear_url_caches, path

from tests.explain.checks.helpers import by_id, ids

urlpatterns = [path("elsewhere/", lambda request: None)]


def test_a_missing_url_include_is_an_error_with_the_include_line():
    clear_url_caches()
    try:
        with override_settings(ROOT_URLCONF="tests.explain.checks.test_urls"):
            message = by_id(run_checks(), "explain.E006")
    finally:
        clear_url_caches()
    assert 'path("explain/", include("explain.urls"))' in message.hint


def test_the_include_passes():
    assert "explain.E006" not in ids(run_checks())


# ------------------------------------------------------------------ LOGIN_URL (W006)


def test_a_login_url_no_page_answers_is_a_warning(settings):
    settings.LOGIN_URL = "/accounts/login/"  # Django's default, which this site lacks
    message = by_id(run_checks(), "explain.W006")
    assert "/accounts/login/" in message.msg
    assert 'LOGIN_URL = "login"' in message.hint


def test_a_login_url_name_or_another_site_passes(settings):
    assert "explain.W006" not in ids(run_checks())  # the demo's "login" URL name
    settings.LOGIN_URL = "https://sso.example.org/login"
    assert "explain.W006" not in ids(run_checks())
