"""The alias table's check: a skipped row is a warning naming its line, never an error."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from explain.checks.aliases import check_aliases
from explain.core.rules import equivalence


@pytest.fixture
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    path = tmp_path / "aliases.tsv"
    monkeypatch.setattr(equivalence, "ALIAS_FILE", path)
    equivalence.reload()
    yield path
    monkeypatch.undo()
    equivalence.reload()


def test_the_shipped_table_has_no_problem_and_300_skills() -> None:
    equivalence.reload()
    assert check_aliases() == []
    assert len(equivalence.load_aliases().rows) >= 300


def test_a_bad_row_is_a_warning_with_its_line(table: Path) -> None:
    table.write_text("Widget\tGadget\nGadget\tGizmo\nSwift\tswift\n", encoding="utf-8")
    messages = check_aliases()
    assert [m.id for m in messages] == ["explain.W030"] * 3
    assert ":2:" in messages[0].msg and "Gadget" in messages[0].msg
    assert ":3:" in messages[1].msg and "everyday" in messages[1].msg
    assert ":3:" in messages[2].msg and "two different names" in messages[2].msg
    assert all(not m.is_serious() for m in messages)


def test_many_problems_are_summed_up(table: Path) -> None:
    table.write_text("".join(f"same{i}\tsame{i}\n" for i in range(50)), encoding="utf-8")
    messages = check_aliases()
    assert len(messages) == 21
    assert "30 more" in messages[-1].msg
