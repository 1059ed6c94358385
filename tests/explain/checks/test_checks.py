"""explain.checks: importing the package registers every concern's checks."""

from __future__ import annotations

from django.core.checks import registry, run_checks

from tests.explain.checks.helpers import ids

CONCERNS = {
    "admin",
    "aliases",
    "cache",
    "concurrency",
    "demo",
    "limits",
    "page",
    "provider",
    "ratelimit",
    "sdk",
    "source",
    "templates",
    "urls",
}


def test_the_demo_host_passes_every_explain_check(settings):
    settings.DEBUG = True  # the demo's local cache is fine in DEBUG (the run's own setting)
    assert ids(run_checks()) == []


def test_every_concern_registers_its_checks():
    modules = {
        check.__module__.removeprefix("explain.checks.")
        for check in registry.registry.get_checks()
        if check.__module__.startswith("explain.checks.")
    }
    assert modules == CONCERNS
