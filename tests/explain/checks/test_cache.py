"""explain.checks.cache: the rate limit and the explanations need one shared cache."""

from __future__ import annotations

from django.core.checks import run_checks

from tests.explain.checks.helpers import by_id, ids

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


def test_an_unknown_ratelimit_cache_is_an_error_too(settings):
    settings.RATELIMIT_USE_CACHE = "limits"
    assert "RATELIMIT_USE_CACHE" in by_id(run_checks(), "explain.E008").msg
