"""explain.controls.site: the shared cache and the breaker's settings, read at each call."""

from __future__ import annotations

from django.core.cache import caches

from explain.controls.site import breaker_settings, site_cache


def test_the_site_cache_is_the_configured_alias(settings):
    settings.CACHES = {
        **settings.CACHES,
        "other": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "o"},
    }
    settings.EXPLAIN_CACHE_ALIAS = "other"
    assert site_cache() is caches["other"]


def test_the_breaker_settings_follow_the_site_settings(settings):
    settings.EXPLAIN_BREAKER_FAILURES = 7
    settings.EXPLAIN_BREAKER_WINDOW_SECONDS = 42
    settings.EXPLAIN_BREAKER_COOLDOWN_SECONDS = 9
    settings.EXPLAIN_BREAKER_SLOW_SECONDS = None
    settings.EXPLAIN_TIMEOUT_SECONDS = 12
    made = breaker_settings()
    assert (made.failures, made.window_seconds, made.cooldown_seconds) == (7, 42.0, 9.0)
    assert made.slow_seconds is None
    assert made.probe_seconds == 17  # a probe is one model call: its timeout and a margin
