"""Settings for the portal, read from the environment in this one place.

With nothing set it is the newcomer's demo: DEBUG on, SQLite, the local-memory cache.
Production sets DJANGO_DEBUG=0, SECRET_KEY, ALLOWED_HOSTS, DATABASE_URL and REDIS_URL (all
required then, with no fallback); docs/production.md has the rest.
"""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
import django
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def _env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def _env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = _env_bool("DJANGO_DEBUG", True)

# Production (DJANGO_DEBUG=0) has no fallbacks for what must differ per site or be shared
# by every app server: a missing one stops the start with this message, instead of a
# guessable key, a per-server SQLite file or a per-process rate limit.
PRODUCTION_REQUIRED = ("SECRET_KEY", "ALLOWED_HOSTS", "DATABASE_URL", "REDIS_URL")
if not DEBUG:
    _missing = [name for name in PRODUCTION_REQUIRED if not os.environ.get(name, "").strip()]
    if _missing:
        raise ImproperlyConfigured(
            f"DJANGO_DEBUG=0 (production) needs {', '.join(_missing)} in the environment; "
            "see docs/production.md."
        )

SECRET_KEY = os.environ.get("SECRET_KEY") or "django-insecure-demo-only-key-set-SECRET_KEY"
ALLOWED_HOSTS = _env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
CSRF_TRUSTED_ORIGINS = _env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "explain",  # above the admin: its index shows the drop-rate banner
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "csp",
    "django_ratelimit",
    "jobportal",
]
# Django's tasks framework (explain.tasks reads postings ahead of time): built in from
# Django 6.0, the django-tasks backport before it.
if django.VERSION < (6, 0):
    INSTALLED_APPS.append("django_tasks")
_TASKS_MODULE = "django.tasks" if django.VERSION >= (6, 0) else "django_tasks"
# The immediate backend runs a task when it is enqueued; production may name a database
# or RQ backend here (docs/requirements.md).
TASKS = {"default": {"BACKEND": f"{_TASKS_MODULE}.backends.immediate.ImmediateBackend"}}
# A published job saved with a new text has its requirements read then (jobportal/signals.py,
# explain.tasks.posting_changed), not when its first viewer asks.
READ_POSTINGS_AHEAD = True

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The page in the reader's language: the language cookie set by the switcher
    # (django.views.i18n.set_language), else the browser's Accept-Language.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Pages for a signed-in user hold personal data: Cache-Control: private, no-store.
    "jobportal.middleware.PrivatePagesMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last, so it sees the view's exception first: the database down is a 503, not a 500.
    "jobportal.middleware.DatabaseUnavailableMiddleware",
]

ROOT_URLCONF = "jobportal.urls"
WSGI_APPLICATION = "jobportal.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}", conn_max_age=60, conn_health_checks=True
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # One psycopg pool per worker process, shared by its threads (gunicorn gthread), so
    # PostgreSQL sees at most DB_POOL_MAX_SIZE connections per process whatever the
    # thread count. The explain service hands its connection back while it waits for
    # the model, so a pool far smaller than the thread count is enough (docs/production.md).
    DATABASES["default"]["CONN_MAX_AGE"] = 0  # the pool keeps the connections
    # With PostgreSQL down a request waits at most DB_POOL_TIMEOUT for a connection, then
    # a 503. The pool cannot tell "down" from "busy", so this wait is what an outage costs
    # each request; a healthy pool hands a connection out in well under a millisecond,
    # since requests hold one only around their queries. The pool's reconnect attempts
    # give up after DB_POOL_RECONNECT_TIMEOUT and start afresh, so its back-off never
    # grows past that: measured, the default 300
    # let a 70-s outage keep the site failing up to 49 s after PostgreSQL was back; 5 s
    # brought recovery to 0.4 s. CONN_HEALTH_CHECKS (above) makes Django give the pool
    # its check: a connection PostgreSQL dropped in a restart is replaced, not handed out.
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": int(os.environ.get("DB_POOL_MIN_SIZE", "2")),
        "max_size": int(os.environ.get("DB_POOL_MAX_SIZE", "10")),
        "timeout": float(os.environ.get("DB_POOL_TIMEOUT", "1")),
        "reconnect_timeout": float(os.environ.get("DB_POOL_RECONNECT_TIMEOUT", "5")),
        "max_idle": float(os.environ.get("DB_POOL_MAX_IDLE", "60")),
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    # Shared by every worker process and app server, with atomic increments: what the
    # rate limit needs; the explanation cache lives here too. Short socket timeouts: a
    # stuck Redis (frozen, or a network that drops packets) fails a request in half a
    # second instead of holding a worker thread; a Redis on the same network answers in
    # well under a millisecond. The explain service stops at its first failed cache step.
    CACHES = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", "jobportal"),
            "OPTIONS": {
                "SOCKET_CONNECT_TIMEOUT": float(os.environ.get("REDIS_CONNECT_TIMEOUT", "0.5")),
                "SOCKET_TIMEOUT": float(os.environ.get("REDIS_SOCKET_TIMEOUT", "0.5")),
            },
        }
    }
else:
    # The single-process demo and the default test run (DEBUG only: production requires
    # REDIS_URL above). django-ratelimit rightly warns that this cache is not shared by
    # processes; silenced here and nowhere else.
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    SILENCED_SYSTEM_CHECKS = ["django_ratelimit.E003", "django_ratelimit.W001"]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
# Failed logins per client address and per username tried (a success is never
# counted: a shared demo login stays open), and new accounts per address
# (jobportal/throttle.py); past them the site's 429 page with Retry-After.
LOGIN_RATE_PER_IP = os.environ.get("LOGIN_RATE_PER_IP", "30/10m")
LOGIN_RATE_PER_USERNAME = os.environ.get("LOGIN_RATE_PER_USERNAME", "10/10m")
SIGNUP_RATE_PER_IP = os.environ.get("SIGNUP_RATE_PER_IP", "5/h")
# "Fill from my CV" per account (jobportal/cv.py); past it, 429 with Retry-After.
CV_IMPORT_RATE_PER_USER = os.environ.get("CV_IMPORT_RATE_PER_USER", "6/10m")
LOGIN_REDIRECT_URL = "job-list"
LOGOUT_REDIRECT_URL = "job-list"

LANGUAGE_CODE = "en"
# The languages offered by the switcher; each needs jobportal/locale/<code> and
# explain/locale/<code> (docs/page.md, "Languages").
LANGUAGES = [("en", "English"), ("de", "Deutsch"), ("fr", "Français"), ("es", "Español")]
# The host's catalogue, also for the root templates/ (makemessages: docs/page.md).
LOCALE_PATHS = [BASE_DIR / "jobportal" / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# collectstatic writes here and whitenoise serves from here, on every app server.
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles")
MEDIA_URL = "media/"
MEDIA_ROOT = BASE_DIR / "media"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# Security: safe by default outside the demo.
SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False  # the panel's script reads the token from the form instead
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
if not DEBUG:
    SECURE_SSL_REDIRECT = _env_bool("SECURE_SSL_REDIRECT", True)
    # TLS ends at the load balancer, which must set (and overwrite) X-Forwarded-Proto;
    # app servers must be reachable only through it (docs/production.md).
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    # The preload directive only allows a submission to the browsers' list; set 0 to
    # leave it out (check --deploy then warns, security.W021).
    SECURE_HSTS_PRELOAD = _env_bool("SECURE_HSTS_PRELOAD", True)

# No inline script anywhere: the panel's behaviour lives in a static file.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "frame-ancestors": [NONE],
        "form-action": [SELF],
    }
}

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Why this job? API",
    "DESCRIPTION": "Explanations whose every claim quotes the exact words it rests on.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
}

# --- Gemini, from the environment only. Without a key the site runs without explanations.
GEMINI_API_KEY = os.environ.get("GEMINI_API_KEY", "")
GEMINI_MODEL = os.environ.get("GEMINI_MODEL", "gemini-3.5-flash-lite")
GEMINI_BASE_URL = os.environ.get("GEMINI_BASE_URL", "")

# --- The explain app. Every EXPLAIN_* setting has a default in explain/conf.py.
EXPLAIN_SOURCE = "jobportal.explain_source.PortalExplainSource"
EXPLAIN_BASE_TEMPLATE = "base.html"
EXPLAIN_PROFILE_URL = "profile-edit"
EXPLAIN_JOB_URL_NAME = "job-detail"
EXPLAIN_DEMO_MODE = _env_bool("EXPLAIN_DEMO_MODE", False)
# Production spends at most this many model calls a day, site-wide (0 or unset in the
# demo: no cap); the owner raises it on purpose, not by a crowd of new accounts.
EXPLAIN_DAILY_CALL_LIMIT = (
    int(os.environ.get("EXPLAIN_DAILY_CALL_LIMIT", "0" if DEBUG else "2000")) or None
)
# Model calls per account per day, and for accounts under a day old: one account, or a
# crowd of new ones, cannot spend the day above (explain/controls/allowance.py).
EXPLAIN_USER_DAILY_CALLS = int(os.environ.get("EXPLAIN_USER_DAILY_CALLS", "100"))
EXPLAIN_NEW_USER_DAILY_CALLS = int(os.environ.get("EXPLAIN_NEW_USER_DAILY_CALLS", "20"))
# Model calls per client address per day, whatever the accounts (0: no cap). Behind the
# load balancer the address is read from the header it sets, e.g.
# EXPLAIN_CLIENT_ADDRESS_HEADER=HTTP_X_FORWARDED_FOR, only on requests from one of
# EXPLAIN_TRUSTED_PROXIES (comma-separated addresses or networks); else REMOTE_ADDR.
EXPLAIN_ADDRESS_DAILY_CALLS = int(os.environ.get("EXPLAIN_ADDRESS_DAILY_CALLS", "200")) or None
EXPLAIN_CLIENT_ADDRESS_HEADER = os.environ.get("EXPLAIN_CLIENT_ADDRESS_HEADER") or None
EXPLAIN_TRUSTED_PROXIES = [
    entry.strip()
    for entry in os.environ.get("EXPLAIN_TRUSTED_PROXIES", "").split(",")
    if entry.strip()
]
# Any django-ratelimit "ip" key reads the same client address as the address allowance
# and the login and sign-up limits (jobportal/throttle.py calls it directly).
RATELIMIT_IP_META_KEY = "explain.controls.addresses.request_address"
# Log rows the database could not take wait here (per server) until it is back.
EXPLAIN_LOG_SPOOL_DIR = os.environ.get("EXPLAIN_LOG_SPOOL_DIR") or str(
    BASE_DIR / "var" / "log-spool"
)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    # A 503/504 with Retry-After is an outage answered on purpose: WARNING, not ERROR.
    "filters": {"expected_outage": {"()": "explain.web.logfilters.ExpectedOutageFilter"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {
        "django.request": {"filters": ["expected_outage"]},
        # runserver's "Watching for file changes": Django's own console handler says it
        # already (in DEBUG); the root handler would say it a second time.
        "django.utils.autoreload": {"level": "WARNING"},
        # The SDK and its HTTP library log request details; keep them quiet.
        "google_genai": {"level": "WARNING"},
        "httpx2": {"level": "WARNING"},
        "httpcore2": {"level": "WARNING"},
    },
}
