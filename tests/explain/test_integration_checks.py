"""Each integration trap ends in a system check message whose hint shows the fix line."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from django.core.checks import run_checks
from django.test import override_settings
from django.urls import clear_url_caches, path

from explain.adapter import Field
from explain.checks import adapter_problems


def ids(messages: list[Any]) -> list[str]:
    return sorted(m.id for m in messages if m.id.startswith("explain."))


def by_id(messages: list[Any], wanted: str) -> Any:
    [message] = [m for m in messages if m.id == wanted]
    return message


def test_the_demo_host_passes_every_explain_check(settings):
    settings.DEBUG = True  # the demo's local cache is fine in DEBUG (the run's own setting)
    assert ids(run_checks()) == []


# ------------------------------------------------------------------ URL include

urlpatterns = [path("elsewhere/", lambda request: None)]


def test_a_missing_url_include_is_an_error_with_the_include_line():
    clear_url_caches()
    try:
        with override_settings(ROOT_URLCONF="tests.explain.test_integration_checks"):
            message = by_id(run_checks(), "explain.E006")
    finally:
        clear_url_caches()
    assert 'path("explain/", include("explain.urls"))' in message.hint


# ------------------------------------------------------------------ request context processor


def test_a_missing_request_context_processor_is_an_error(settings):
    templates = copy.deepcopy(settings.TEMPLATES)
    processors = templates[0]["OPTIONS"]["context_processors"]
    processors.remove("django.template.context_processors.request")
    settings.TEMPLATES = templates
    message = by_id(run_checks(), "explain.E007")
    assert '"django.template.context_processors.request"' in message.hint


# ------------------------------------------------------------------ caches


LOCAL = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
REDIS = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": "redis://127.0.0.1:6379",
    }
}


def test_a_local_cache_in_production_is_named_with_the_fix(settings):
    settings.DEBUG = False
    settings.CACHES = LOCAL
    messages = [m for m in run_checks() if m.id == "explain.W004"]
    assert sorted(m.msg.split()[0] for m in messages) == [
        "EXPLAIN_CACHE_ALIAS",
        "RATELIMIT_USE_CACHE",
    ]
    assert "RedisCache" in messages[0].hint


def test_a_local_cache_is_fine_for_the_debug_demo(settings):
    settings.DEBUG = True
    settings.CACHES = LOCAL
    assert "explain.W004" not in ids(run_checks())


def test_a_shared_cache_in_production_passes(settings):
    settings.DEBUG = False
    settings.CACHES = REDIS
    assert "explain.W004" not in ids(run_checks())


def test_an_unknown_cache_alias_is_an_error(settings):
    settings.EXPLAIN_CACHE_ALIAS = "explanations"
    message = by_id(run_checks(), "explain.E008")
    assert "EXPLAIN_CACHE_ALIAS" in message.msg


# ------------------------------------------------------------------ django-ratelimit


def test_a_switched_off_rate_limit_is_a_warning(settings):
    settings.RATELIMIT_ENABLE = False
    assert "RATELIMIT_ENABLE" in by_id(run_checks(), "explain.W005").hint


def test_a_missing_django_ratelimit_is_an_error(monkeypatch):
    import sys

    for name in [n for n in sys.modules if n.startswith("django_ratelimit")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "django_ratelimit", None)  # import fails
    assert "pip install django-ratelimit" in by_id(run_checks(), "explain.E009").hint


# ------------------------------------------------------------------ the adapter contract


class GoodSource:
    def profile_fields(self, user: Any) -> list[Field]:
        return []

    def job_fields(self, job_id: str, user: Any) -> list[Field]:
        return []


class ForgotTheUser(GoodSource):
    def job_fields(self, job_id: str) -> list[Field]:  # type: ignore[override]
        return []


class SwappedArguments(GoodSource):
    def job_fields(self, user: Any, job_id: str) -> list[Field]:  # type: ignore[override]
        return []


class OldMethodNames:
    def profile_text(self, user: Any) -> str:
        return ""

    def job_text(self, job_id: str) -> str:
        return ""


class TakesExtras(GoodSource):
    def job_fields(self, job_id: str, user: Any, *, lang: str = "en") -> list[Field]:  # type: ignore[override]
        return []


def test_a_matching_adapter_passes():
    assert adapter_problems(GoodSource) == []
    assert adapter_problems(TakesExtras) == []


def test_a_method_missing_an_argument_is_an_error_showing_the_signature():
    [message] = adapter_problems(ForgotTheUser)
    assert message.id == "explain.E003"
    assert "def job_fields(self, job_id: str, user) -> list[Field]:" in message.hint


def test_swapped_arguments_are_a_warning():
    [message] = adapter_problems(SwappedArguments)
    assert message.id == "explain.W003"
    assert "(self, user, job_id)" in message.msg


def test_methods_of_another_contract_are_errors_for_each_missing_method():
    messages = adapter_problems(OldMethodNames)
    assert [m.id for m in messages] == ["explain.E003", "explain.E003"]
    assert "def profile_fields(self, user) -> list[Field]:" in messages[0].hint


@pytest.mark.parametrize("path_", ["tests.explain.test_integration_checks.ForgotTheUser"])
def test_run_checks_reports_the_adapter(settings, path_):
    settings.EXPLAIN_SOURCE = path_
    assert "explain.E003" in ids(run_checks())
