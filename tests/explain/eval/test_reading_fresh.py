"""The reading sets written apart from the reader (two held out, two for development)
keep the spread they were written with: a
figure measured on it means something only while every language, every kind and both
sides of the keep/drop line are there in numbers. Only its shape is tested here, never
the reader's score on it, so no test can pull the reader towards these lines."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from explain.core.schema import PROFILE_READINGS, ModelReading
from explain.eval import reading_corpus as rc

# Every kind the loader's docstring names: the model's readings plus code's own three.
KINDS = {*PROFILE_READINGS, *ModelReading, "pseudo", "everyday", "gap_negated"}


HELD_OUT = [
    rc.FRESH_PATH,
    rc.FRESH2_PATH,
    rc.FRESH3_PATH,
    rc.FRESH4_PATH,
    rc.FRESH5_PATH,
    rc.FRESH6_PATH,
    rc.FRESH7_PATH,
]
APART = [
    *HELD_OUT,
    rc.DEV2_PATH,
    rc.DEV3_PATH,
    rc.DEV4_PATH,
    rc.DEV5A_PATH,
    rc.DEV5B_PATH,
    rc.DEV6A_PATH,
    rc.DEV6B_PATH,
]


@pytest.mark.parametrize("path", APART, ids=lambda path: path.stem)
def test_each_set_parses_and_says_how_it_was_written(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    header = " ".join(line for line in text.splitlines() if line.startswith("#"))
    assert "without seeing the reader" in header
    assert path not in HELD_OUT or "measured once" in header
    items = rc.load_corpus(path)
    assert len(items) >= 250
    assert len({item.case.note for item in items}) == len(items)  # no line written twice


@pytest.mark.parametrize("path", APART, ids=lambda path: path.stem)
def test_each_set_covers_every_language_and_kind(path: Path) -> None:
    items = rc.load_corpus(path)
    per_lang = Counter(item.lang for item in items)
    assert set(per_lang) == set(rc.LANGS)
    assert all(per_lang[lang] >= 20 for lang in rc.LANGS if lang != "en")
    assert {item.kind for item in items} == KINDS
    for lang in rc.LANGS:
        mine = [item for item in items if item.lang == lang]
        assert sum(item.good for item in mine) >= 8  # hard good lines in every language
        assert sum(not item.good for item in mine) >= 12


@pytest.mark.parametrize("path", HELD_OUT, ids=lambda path: path.stem)
def test_each_held_out_set_is_about_three_fifths_misleading(path: Path) -> None:
    items = rc.load_corpus(path)
    misleading = sum(not item.good for item in items) / len(items)
    assert 0.55 <= misleading <= 0.65
    # Good lines that look negative: the pseudo kind, and gaps the profile really denies.
    assert sum(item.good for item in items if item.kind == "pseudo") >= 24
    assert sum(item.good for item in items if item.kind == "gap_negated") >= 8
    assert sum(item.good for item in items if item.kind == "everyday") >= 8
