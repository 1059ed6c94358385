"""A cache backend that fails like a Redis that went away, when told to.

Local memory underneath, so a test can let some steps through and then "stop Redis"
part-way (for example while the model is answering).
"""

from __future__ import annotations

from typing import Any

from django.core.cache.backends.locmem import LocMemCache


class CacheDown(ConnectionError):
    """What a client raises when the server is gone (django-redis raises its own)."""


class BrokenCache(LocMemCache):
    # Shared by every instance: Django makes one per thread and alias.
    down = False
    # Operations tried while down: each would wait a socket timeout on a frozen Redis.
    failed = 0

    def _check(self) -> None:
        if BrokenCache.down:
            BrokenCache.failed += 1
            raise CacheDown("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    def add(self, *args: Any, **kwargs: Any) -> Any:
        self._check()
        return super().add(*args, **kwargs)

    def get(self, *args: Any, **kwargs: Any) -> Any:
        self._check()
        return super().get(*args, **kwargs)

    def set(self, *args: Any, **kwargs: Any) -> Any:
        self._check()
        return super().set(*args, **kwargs)

    def incr(self, *args: Any, **kwargs: Any) -> Any:
        self._check()
        return super().incr(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> Any:
        self._check()
        return super().delete(*args, **kwargs)

    def get_many(self, *args: Any, **kwargs: Any) -> Any:
        self._check()
        return super().get_many(*args, **kwargs)

    def touch(self, *args: Any, **kwargs: Any) -> Any:
        self._check()
        return super().touch(*args, **kwargs)
