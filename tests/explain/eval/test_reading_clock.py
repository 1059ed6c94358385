"""The reading sets score the same whatever the year: the reader's one use of the clock
(a span of years that ended PAST_YEARS years ago or more is the past) must not decide a
row, or explain_eval's figures drift with the calendar. Each set is scored now and ten
years on, and a row whose verdict turns is named.

time-machine is not installed, so the clock is moved here, in the test only, by giving
explain.core.rules.reading a `date` whose today is ten years later; a sentence of this
test's own, near the boundary, shows the move reaches the reader.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from explain.core.rules import reading
from explain.eval import reading_corpus as rc

SETS = sorted(Path(rc.__file__).parent.glob("reading_*.tsv"))
AHEAD = 10
# A line can turn with the calendar by right: "valid until 2028" is expired ten years on,
# and a span that ended two years ago becomes the past. Such lines must stay rare, or a
# set's figures would drift by the year: at most one in a hundred may turn.
SHARE = 0.01


class _Later(date):
    """A date whose today is AHEAD years from the real one (only its year is read)."""

    @classmethod
    def today(cls) -> _Later:
        real = date.today()
        return cls(real.year + AHEAD, real.month, min(real.day, 28))


def _verdicts(items: list[rc.CorpusCase]) -> list[tuple[str, str, bool]]:
    return [
        (j.verdict.outcome, str(j.verdict.reason), bool(j.verdict.optional))
        for j in rc.judge_corpus(items)
    ]


def _near_the_boundary() -> rc.CorpusCase:
    """A welder's line whose span of years ended two years ago: not yet the past, and the
    past once the clock is ten years on."""
    end = date.today().year - 2
    text = f"Pipe welding (TIG), {end - 3}-{end}, shipyard in Cardiff"
    return rc.corpus_case(1, ["en", "past", "P", "keep", "Pipe welding", text])


def test_the_set_files_are_all_read() -> None:
    assert {rc.CORPUS_PATH, rc.HOLDOUT_PATH, rc.FRESH3_PATH} <= set(SETS)
    assert len(SETS) >= 7


@pytest.mark.parametrize("path", SETS, ids=lambda p: p.stem)
def test_every_row_reads_the_same_ten_years_later(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    items = [_near_the_boundary(), *rc.load_corpus(path)]
    now = _verdicts(items)
    monkeypatch.setattr(reading, "date", _Later)
    later = _verdicts(items)
    # The moved clock reaches the reader: the boundary line turns past.
    assert now[0] != later[0], "the clock did not move for the reader"
    changed = [
        f"{item.case.id} {item.case.note!r}: {a} -> {b}"
        for item, a, b in zip(items[1:], now[1:], later[1:], strict=True)
        if a != b
    ]
    assert len(changed) <= SHARE * len(items), f"{path.name}: turn with the year: {changed}"
