"""The production setup: settings from the environment, check --deploy, static files,
gunicorn's configuration, the service check CI runs, and no database connection held
while the model answers.

Production settings are read at import, so each case runs Django in a subprocess with
the environment a production server would have.
"""

from __future__ import annotations

import json
import os
import runpy
import secrets
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.db import connection

from support import services

REPO = Path(__file__).resolve().parent.parent
PRODUCTION_ENV = {
    "DJANGO_DEBUG": "0",
    "SECRET_KEY": secrets.token_urlsafe(50),
    "ALLOWED_HOSTS": "jobs.example.com",
    # check --deploy and settings import connect to neither service.
    "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/test",
    "REDIS_URL": "redis://127.0.0.1:6379/15",
    # A deployed site needs a model (explain.E107); check --deploy never calls it.
    "GEMINI_API_KEY": "deploy-test-key-not-real",
}


def run_django(code_or_args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """manage.py (args) or `python -c` (a one-element ['-c', code]) with exactly `env`."""
    base = {
        key: value
        for key, value in os.environ.items()
        if key not in PRODUCTION_ENV
        and not key.startswith(("DJANGO_", "GEMINI_", "EXPLAIN_", "CACHE_", "STATIC_"))
    }
    base.update(env, DJANGO_SETTINGS_MODULE="jobportal.settings", PYTHONPATH=str(REPO))
    command = [sys.executable, *code_or_args]
    if code_or_args[0] != "-c":
        command = [sys.executable, "manage.py", *code_or_args]
    return subprocess.run(
        command, cwd=REPO, env=base, capture_output=True, text=True, timeout=120, check=False
    )


def production_settings(**overrides: str) -> dict[str, Any]:
    code = """
import json
import django
from django.conf import settings
django.setup()
print(json.dumps({
    "DEBUG": settings.DEBUG,
    "SECRET_KEY": settings.SECRET_KEY,
    "ALLOWED_HOSTS": settings.ALLOWED_HOSTS,
    "SESSION_COOKIE_SECURE": settings.SESSION_COOKIE_SECURE,
    "CSRF_COOKIE_SECURE": settings.CSRF_COOKIE_SECURE,
    "SECURE_SSL_REDIRECT": settings.SECURE_SSL_REDIRECT,
    "SECURE_HSTS_SECONDS": settings.SECURE_HSTS_SECONDS,
    "SILENCED": list(getattr(settings, "SILENCED_SYSTEM_CHECKS", [])),
    "CACHE": settings.CACHES["default"]["BACKEND"],
    "CACHE_LOCATION": settings.CACHES["default"].get("LOCATION"),
    "CACHE_OPTIONS": settings.CACHES["default"].get("OPTIONS", {}),
    "DB_ENGINE": settings.DATABASES["default"]["ENGINE"],
    "DB_NAME": settings.DATABASES["default"]["NAME"],
    "CONN_MAX_AGE": settings.DATABASES["default"]["CONN_MAX_AGE"],
    "POOL": settings.DATABASES["default"].get("OPTIONS", {}).get("pool"),
    "HEALTH_CHECKS": settings.DATABASES["default"]["CONN_HEALTH_CHECKS"],
    "DAILY_CALLS": settings.EXPLAIN_DAILY_CALL_LIMIT,
    "STATIC": settings.STORAGES["staticfiles"]["BACKEND"],
    "GEMINI": [settings.GEMINI_API_KEY, settings.GEMINI_MODEL, settings.GEMINI_BASE_URL],
}))
"""
    done = run_django(["-c", code], {**PRODUCTION_ENV, **overrides})
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def test_check_deploy_passes_at_warning_level_with_production_settings():
    done = run_django(["check", "--deploy", "--fail-level", "WARNING"], PRODUCTION_ENV)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout


def test_check_deploy_fails_without_a_model():
    env = {key: value for key, value in PRODUCTION_ENV.items() if key != "GEMINI_API_KEY"}
    done = run_django(["check", "--deploy"], env)
    assert done.returncode != 0
    assert "explain.E107" in done.stderr and "EXPLAIN_DEMO_MODE = True" in done.stderr
    plain = run_django(["check"], env)
    assert plain.returncode == 0, plain.stderr
    assert "explain.W106" in plain.stderr + plain.stdout


@pytest.mark.parametrize("missing", ["SECRET_KEY", "ALLOWED_HOSTS", "DATABASE_URL", "REDIS_URL"])
def test_production_refuses_to_start_without_a_required_variable(missing):
    env = {key: value for key, value in PRODUCTION_ENV.items() if key != missing}
    done = run_django(["check"], env)
    assert done.returncode != 0
    assert "ImproperlyConfigured" in done.stderr
    assert f"needs {missing} in the environment" in done.stderr


def test_an_empty_secret_key_counts_as_missing():
    done = run_django(["check"], {**PRODUCTION_ENV, "SECRET_KEY": "  "})
    assert done.returncode != 0
    assert "needs SECRET_KEY" in done.stderr


def test_a_short_or_demo_secret_key_fails_check_deploy():
    done = run_django(
        ["check", "--deploy", "--fail-level", "WARNING"], {**PRODUCTION_ENV, "SECRET_KEY": "short"}
    )
    assert done.returncode != 0
    assert "security.W009" in done.stdout + done.stderr


def test_production_settings_come_from_the_environment():
    values = production_settings(
        GEMINI_API_KEY="key-from-env", GEMINI_MODEL="gemini-x", GEMINI_BASE_URL="http://g"
    )
    assert values["DEBUG"] is False
    assert values["SECRET_KEY"] == PRODUCTION_ENV["SECRET_KEY"]
    assert values["ALLOWED_HOSTS"] == ["jobs.example.com"]
    assert values["SESSION_COOKIE_SECURE"] and values["CSRF_COOKIE_SECURE"]
    assert values["SECURE_SSL_REDIRECT"] is True
    assert values["SECURE_HSTS_SECONDS"] >= 31536000
    assert values["GEMINI"] == ["key-from-env", "gemini-x", "http://g"]
    # PostgreSQL through a pool per process (persistent connections are the pool's).
    assert values["DB_ENGINE"] == "django.db.backends.postgresql"
    assert values["DB_NAME"] == "test"
    assert values["CONN_MAX_AGE"] == 0
    assert values["POOL"]["max_size"] >= values["POOL"]["min_size"] >= 1
    # PostgreSQL down: a short wait per request, a bounded reconnect back-off, and each
    # connection checked as it is handed out (recovery within seconds of its return).
    assert values["POOL"]["timeout"] <= 1
    assert values["POOL"]["reconnect_timeout"] <= 10
    assert values["HEALTH_CHECKS"] is True  # Django then gives the pool its check
    # A daily site budget on by default: a crowd of new accounts cannot spend without end.
    assert values["DAILY_CALLS"] == 2000
    # Redis for the rate limit and the explanation cache; nothing silenced.
    assert values["CACHE"] == "django_redis.cache.RedisCache"
    assert values["CACHE_LOCATION"] == PRODUCTION_ENV["REDIS_URL"]
    # A frozen Redis costs a request half a second, not a worker thread for seconds.
    assert values["CACHE_OPTIONS"]["SOCKET_CONNECT_TIMEOUT"] == 0.5
    assert values["CACHE_OPTIONS"]["SOCKET_TIMEOUT"] == 0.5


def test_the_redis_timeouts_come_from_the_environment():
    values = production_settings(REDIS_CONNECT_TIMEOUT="0.25", REDIS_SOCKET_TIMEOUT="2")
    assert values["CACHE_OPTIONS"] == {"SOCKET_CONNECT_TIMEOUT": 0.25, "SOCKET_TIMEOUT": 2.0}
    assert values["SILENCED"] == []
    assert values["STATIC"] == "whitenoise.storage.CompressedManifestStaticFilesStorage"


def test_the_demo_alone_silences_the_shared_cache_check():
    demo = run_django(["-c", _PRINT_SILENCED], {})
    assert json.loads(demo.stdout) == ["django_ratelimit.E003", "django_ratelimit.W001"]
    with_redis = run_django(["-c", _PRINT_SILENCED], {"REDIS_URL": PRODUCTION_ENV["REDIS_URL"]})
    assert json.loads(with_redis.stdout) == []


_PRINT_SILENCED = """
import json
import django
from django.conf import settings
django.setup()
print(json.dumps(list(getattr(settings, "SILENCED_SYSTEM_CHECKS", []))))
"""


def test_collectstatic_and_whitenoise_serve_hashed_compressed_files(tmp_path):
    env = {**PRODUCTION_ENV, "STATIC_ROOT": str(tmp_path / "static")}
    collected = run_django(["collectstatic", "--noinput"], env)
    assert collected.returncode == 0, collected.stderr
    assert list((tmp_path / "static" / "explain").glob("explain.*.js.gz"))
    code = """
import json
import django
django.setup()
from django.templatetags.static import static
from django.test import Client
url = static("explain/explain.js")
response = Client().get(url, headers={"X-Forwarded-Proto": "https"})
print(json.dumps({"url": url, "status": response.status_code,
                  "cache": response.headers.get("Cache-Control", "")}))
"""
    served = run_django(["-c", code], env)
    assert served.returncode == 0, served.stderr
    result = json.loads(served.stdout)
    assert result["url"] != "/static/explain/explain.js"  # the content-hashed name
    assert result["status"] == 200
    assert "immutable" in result["cache"]


def test_gunicorn_runs_threaded_workers_with_room_for_the_model_timeout(monkeypatch):
    for name in ("GUNICORN_WORKER_CLASS", "WEB_CONCURRENCY", "GUNICORN_THREADS"):
        monkeypatch.delenv(name, raising=False)
    config = runpy.run_path(str(REPO / "jobportal" / "gunicorn.conf.py"))
    assert config["wsgi_app"] == "jobportal.wsgi:application"
    assert config["worker_class"] == "gthread"
    assert config["workers"] >= 1
    assert 1 < config["threads"] <= 100  # the SDK's HTTP pool holds 100 per process
    assert config["timeout"] > 30  # EXPLAIN_TIMEOUT_SECONDS
    assert config["graceful_timeout"] > 30


def test_gunicorn_settings_come_from_the_environment(monkeypatch):
    monkeypatch.setenv("WEB_CONCURRENCY", "3")
    monkeypatch.setenv("GUNICORN_THREADS", "40")
    monkeypatch.setenv("GUNICORN_BIND", "0.0.0.0:9000")
    config = runpy.run_path(str(REPO / "jobportal" / "gunicorn.conf.py"))
    assert (config["workers"], config["threads"], config["bind"]) == (3, 40, ["0.0.0.0:9000"])


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_the_service_check_names_each_unreachable_service():
    port = _closed_port()
    found = services.problems(
        f"postgres://postgres@127.0.0.1:{port}/test", f"redis://127.0.0.1:{port}/15"
    )
    assert len(found) == 2
    assert found[0].startswith(f"PostgreSQL at 127.0.0.1:{port}/test is unreachable")
    assert found[1].startswith(f"Redis at 127.0.0.1:{port}/15 is unreachable")


def test_the_service_check_refuses_urls_of_other_services():
    found = services.problems("sqlite:///db.sqlite3", "locmem://")
    assert [problem.split(" is ")[0] for problem in found] == ["DATABASE_URL", "REDIS_URL"]


# --- A slow model must not hold a database connection (pool sized far below threads) ----


@pytest.mark.django_db(transaction=True)
def test_no_database_connection_is_held_while_the_model_answers(
    worked_user, worked_job, use_model, monkeypatch
):
    """The connection is handed back before the model call. Django never really closes
    an in-memory SQLite database (the default test run), so the order of close and call
    is checked on every database, and the closed connection itself on a real server."""
    from explain.controls.ratelimit import RateDecision
    from explain.services.explanations import explanation_create
    from tests.conftest import WORKED_DRAFT

    events: list[str] = []
    held: list[bool] = []
    real_close = connection.close

    def close() -> None:
        events.append("close")
        real_close()

    def model(prompt: Any) -> str:
        events.append("model")
        held.append(connection.connection is not None)
        return json.dumps(WORKED_DRAFT)

    monkeypatch.setattr(connection, "close", close)
    use_model(model)
    result = explanation_create(
        user=worked_user, job_id=str(worked_job.pk), rate_check=lambda: RateDecision(True)
    )
    assert result.ok
    assert events == ["close", "model"]
    in_memory = connection.vendor == "sqlite" and connection.is_in_memory_db()
    assert held == [in_memory]
    assert result.log_id is not None  # the log row took a connection again


@pytest.mark.django_db
def test_inside_a_transaction_the_connection_is_kept(worked_user, worked_job, use_model):
    from explain.controls.ratelimit import RateDecision
    from explain.services.explanations import explanation_create
    from tests.conftest import WORKED_DRAFT

    held: list[bool] = []

    def model(prompt: Any) -> str:
        held.append(connection.connection is not None)
        return json.dumps(WORKED_DRAFT)

    use_model(model)
    result = explanation_create(
        user=worked_user, job_id=str(worked_job.pk), rate_check=lambda: RateDecision(True)
    )
    assert result.ok
    assert held == [True]
