"""The squashed migration builds the same models as the seventeen it replaces.

A new install runs one migration; an install part-way through the old ones finishes them.
Both must end at the same schema, and no model change may go without a migration.
"""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.recorder import MigrationRecorder

import explain

SQUASHED = ("explain", "0001_squashed_0017")
LAST_REPLACED = ("explain", "0017_page_optional_counts")
MIGRATIONS_DIR = Path(explain.__file__).parent / "migrations"


def _explain_models(loader: MigrationLoader, leaf: tuple[str, str]) -> dict[str, object]:
    state = loader.project_state(nodes=leaf, at_end=True)
    return {name: model for (app, name), model in state.models.items() if app == "explain"}


def test_the_squash_replaces_every_migration_up_to_0017_and_no_later_one() -> None:
    loader = MigrationLoader(None, replace_migrations=False)
    squashed = loader.disk_migrations[SQUASHED]
    on_disk = sorted(
        path.stem
        for path in MIGRATIONS_DIR.glob("0*.py")
        if path.stem != SQUASHED[1] and int(path.stem[:4]) <= 17
    )
    assert [name for _, name in squashed.replaces] == on_disk
    assert len(on_disk) == 17


def test_the_squash_and_the_old_chain_end_in_the_same_models() -> None:
    old_chain = _explain_models(MigrationLoader(None, replace_migrations=False), LAST_REPLACED)
    squashed = _explain_models(MigrationLoader(None, replace_migrations=True), SQUASHED)
    assert sorted(old_chain) == sorted(squashed)
    for name, model in old_chain.items():
        assert squashed[name] == model, name


def test_a_new_database_runs_the_squash_not_the_old_chain() -> None:
    loader = MigrationLoader(None)
    assert SQUASHED in loader.graph.nodes
    assert ("explain", "0001_initial") not in loader.graph.nodes


@pytest.mark.django_db
def test_a_database_part_way_through_the_old_chain_finishes_it() -> None:
    """An install that stopped at 0010 applies 0011-0017, not the squash over its tables."""
    recorder = MigrationRecorder(connection)
    later = [f"{int(n):04d}" for n in range(11, 18)]
    recorder.migration_qs.filter(app="explain").filter(name=SQUASHED[1]).delete()
    for prefix in later:
        recorder.migration_qs.filter(app="explain", name__startswith=prefix).delete()

    loader = MigrationLoader(connection)
    plan = [
        node
        for node in loader.graph.forwards_plan(LAST_REPLACED)
        if node[0] == "explain" and node not in loader.applied_migrations
    ]
    assert [name[:4] for _, name in plan] == later
    assert SQUASHED not in loader.graph.nodes


@pytest.mark.django_db
def test_no_model_change_lacks_a_migration() -> None:
    out = StringIO()
    call_command("makemigrations", "--check", "--dry-run", stdout=out, stderr=out)
    assert "No changes detected" in out.getvalue()
