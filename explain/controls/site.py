"""The shared cache the controls keep their counts on, and the breaker's settings, as
this site configures them."""

from __future__ import annotations

from typing import Any

from django.core.cache import caches

from explain.conf import app_settings
from explain.controls.breaker import BreakerSettings


def site_cache() -> Any:
    """The shared cache the app keeps its explanations, breaker and budget on."""
    return caches[app_settings.CACHE_ALIAS]


def breaker_settings() -> BreakerSettings:
    return BreakerSettings(
        failures=app_settings.BREAKER_FAILURES,
        window_seconds=app_settings.BREAKER_WINDOW_SECONDS,
        cooldown_seconds=app_settings.BREAKER_COOLDOWN_SECONDS,
        # A probe is one model call: it reports within the timeout, or it was lost.
        probe_seconds=app_settings.TIMEOUT_SECONDS + 5,
        slow_seconds=app_settings.BREAKER_SLOW_SECONDS,
    )
