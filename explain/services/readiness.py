"""Whether explain's tables are migrated, asked before a model call: without them the
request's log row would be lost, so the request answers 503 instead and the log names
the command (explain.checks.migrations says the same at `check --database`)."""

from __future__ import annotations

import logging

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.migrations.executor import MigrationExecutor

logger = logging.getLogger(__name__)

FIX = "python manage.py migrate explain"


def unapplied(alias: str = DEFAULT_DB_ALIAS) -> list[str]:
    """explain's migrations not yet applied to this database, by name, in order."""
    executor = MigrationExecutor(connections[alias])
    targets = [node for node in executor.loader.graph.leaf_nodes() if node[0] == "explain"]
    return [
        migration.name
        for migration, backwards in executor.migration_plan(targets)
        if migration.app_label == "explain" and not backwards
    ]


def applied_elsewhere(alias: str = DEFAULT_DB_ALIAS) -> bool:
    """Whether any other app's migration is applied here (the database is not fresh)."""
    applied = MigrationExecutor(connections[alias]).loader.applied_migrations or {}
    return any(app != "explain" for app, _name in applied)


def unapplied_text(names: list[str]) -> str:
    return (
        f"explain's migrations are not applied ({len(names)} waiting, from {names[0]}): "
        "without its tables no explanation can be logged, so every request answers 503"
    )


_ready: set[str] = set()


def ready_to_log(alias: str = DEFAULT_DB_ALIAS) -> bool:
    """Whether explain's tables are migrated here; remembered per process once they are.
    Not ready: one ERROR line for the site's admin naming the command. A database that
    cannot be read now counts as ready (its outage is decided where it strikes)."""
    if alias in _ready:
        return True
    try:
        names = unapplied(alias)
    except Exception:
        return True
    if names:
        logger.error("%s. Fix: run %s", unapplied_text(names), FIX)
        return False
    _ready.add(alias)
    return True


def forget_readiness() -> None:
    """For tests: read the migrations again on the next request."""
    _ready.clear()
