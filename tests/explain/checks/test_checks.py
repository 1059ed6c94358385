"""explain.checks: importing the package registers every concern's checks."""

from __future__ import annotations

import re
from pathlib import Path

from django.core.checks import registry, run_checks

from tests.explain.checks.helpers import ids

CONCERNS = {
    "admin",
    "aliases",
    "cache",
    "demo",
    "limits",
    "migrations",
    "page",
    "provider",
    "proxies",
    "sdk",
    "source",
    "templates",
    "urls",
}


def test_the_demo_host_passes_every_explain_check(settings):
    settings.DEBUG = True  # the demo's local cache is fine in DEBUG (the run's own setting)
    settings.EXPLAIN_DEMO_MODE = True  # as `make run` sets it without a key
    assert ids(run_checks()) == []


def test_every_concern_registers_its_checks():
    modules = {
        check.__module__.removeprefix("explain.checks.")
        for check in registry.registry.get_checks()
        if check.__module__.startswith("explain.checks.")
    }
    assert modules == CONCERNS


CHECK_ID = re.compile(r'id="(explain\.[EW]\d{3})"')
CHECKS_DIR = Path(__file__).resolve().parents[3] / "explain" / "checks"
DOCS = Path(__file__).resolve().parents[3] / "docs" / "integrating.md"


def check_ids_by_module() -> dict[str, set[str]]:
    """Each explain check id, with the modules of explain/checks that emit it."""
    found: dict[str, set[str]] = {}
    for module in sorted(CHECKS_DIR.glob("*.py")):
        for check_id in CHECK_ID.findall(module.read_text(encoding="utf-8")):
            found.setdefault(check_id, set()).add(module.stem)
    return found


def test_each_check_id_belongs_to_one_concern():
    """An id names one problem: SILENCED_SYSTEM_CHECKS and the docs' table rely on it."""
    found = check_ids_by_module()
    assert len(found) > 30
    assert {i: m for i, m in found.items() if len(m) > 1} == {}


def test_the_integration_guide_lists_every_check_id():
    table = DOCS.read_text(encoding="utf-8").split("## The checks", 1)[1]
    rows = [line for line in table.splitlines() if line.startswith("| `explain.")]
    listed = set()
    for row in rows:
        cell = row.split("|")[1]
        listed |= {"explain." + short for short in re.findall(r"([EW]\d{3})", cell)}
    assert sorted(set(check_ids_by_module()) - listed) == []
