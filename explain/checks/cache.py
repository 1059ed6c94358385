"""Checks of the caches the rate limit and the explanation cache live in (E008, W004)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage, Error, Tags, Warning, register

from explain.conf import app_settings

# Caches that are per process, or not atomic: a rate limit on them is not one limit.
NOT_SHARED = frozenset(
    {
        "django.core.cache.backends.locmem.LocMemCache",
        "django.core.cache.backends.filebased.FileBasedCache",
        "django.core.cache.backends.db.DatabaseCache",
        "django.core.cache.backends.dummy.DummyCache",
    }
)
SHARED_CACHE_FIX = (
    'CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", '
    '"LOCATION": "redis://127.0.0.1:6379"}}'
)


@register(Tags.caches)
def check_shared_cache(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """The explanation cache and the rate limit need one cache shared by every process
    (explain.E008, explain.W004); the single-process DEBUG demo may use a local one."""
    problems: list[CheckMessage] = []
    uses = {
        "EXPLAIN_CACHE_ALIAS": app_settings.CACHE_ALIAS,
        "RATELIMIT_USE_CACHE": str(getattr(settings, "RATELIMIT_USE_CACHE", "default")),
    }
    caches: dict[str, dict[str, Any]] = settings.CACHES
    for name, alias in uses.items():
        if alias not in caches:
            problems.append(
                Error(
                    f"{name} names the cache {alias!r}, which is not in CACHES.",
                    hint=f'Add it to CACHES, or set {name} = "default".',
                    id="explain.E008",
                )
            )
        elif not settings.DEBUG and caches[alias].get("BACKEND") in NOT_SHARED:
            problems.append(
                Warning(
                    f"{name} uses the cache {alias!r} ({caches[alias]['BACKEND']}), "
                    "which is not shared by all processes: each process would keep its own "
                    "rate limit and its own explanation cache.",
                    hint=f"Use Redis (or Memcached) for it, e.g. {SHARED_CACHE_FIX}",
                    id="explain.W004",
                )
            )
    return problems
