"""Settings for `make abuse` only: the site's settings on a throw-away SQLite file, the
local-memory cache (one process: every limit is shared by the attack's threads) and the
fake model on loopback (tools/abuse/run.py sets the environment first). Production
never imports this module."""

import os
from pathlib import Path

from jobportal.settings import *  # noqa: F403

DEBUG = False
ALLOWED_HOSTS = ["testserver", "127.0.0.1"]
DATABASES = {
    "default": {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": os.environ["ABUSE_DATABASE"],
        # Parallel attacks write from many threads: wait for SQLite's one writer.
        "OPTIONS": {"timeout": 60},
    }
}
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
SILENCED_SYSTEM_CHECKS = ["django_ratelimit.E003", "django_ratelimit.W001"]
EXPLAIN_LOG_SPOOL_DIR = os.path.join(os.environ["ABUSE_WORKDIR"], "log-spool")
MEDIA_ROOT = Path(os.environ["ABUSE_WORKDIR"]) / "media"
# The attacks measure limits per user and address, not the owner's day.
EXPLAIN_DAILY_CALL_LIMIT = None
# Fast hashing: the attacks log in hundreds of times on a small machine.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
LOGGING = {"version": 1, "disable_existing_loggers": True, "root": {"level": "CRITICAL"}}
