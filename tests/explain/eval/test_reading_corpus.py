"""The reading corpus: its lines become labelled cases, its scorer counts what a reader
must: good claims kept, misleading ones dropped or shown as optional."""

from __future__ import annotations

from pathlib import Path

import pytest

from explain.eval import reading_corpus as rc


def test_both_sets_load_in_eight_languages_with_both_kinds_of_claim() -> None:
    corpus = rc.load_corpus()
    assert {item.lang for item in corpus} == set(rc.LANGS)
    for lang in rc.LANGS:
        mine = [item for item in corpus if item.lang == lang]
        assert sum(item.good for item in mine) >= 25
        assert sum(not item.good for item in mine) >= 25
    assert {item.lang for item in rc.load_corpus(rc.HOLDOUT_PATH)} == set(rc.LANGS)


@pytest.mark.parametrize(
    "fields",
    [
        ["en", "absent", "P", "keep", "Helm"],
        ["xx", "absent", "P", "keep", "Helm", "Helm: none"],
        ["en", "absent", "Q", "keep", "Helm", "Helm: none"],
        ["en", "absent", "P", "maybe", "Helm", "Helm: none"],
    ],
)
def test_a_bad_line_is_named(fields: list[str]) -> None:
    with pytest.raises(ValueError, match="line 7"):
        rc.corpus_case(7, fields)


def test_each_side_builds_the_claim_it_names() -> None:
    match = rc.corpus_case(1, ["en", "absent", "P", "drop:quote_negated", "Helm", "Helm: none"])
    assert match.case.kind == "match" and match.case.claim.profile_quote == "Helm: none"
    gap = rc.corpus_case(2, ["en", "gap_negated", "N", "keep", "Helm", "no Helm yet"])
    assert gap.case.kind == "gap" and "no Helm yet" in gap.case.profile
    opt = rc.corpus_case(3, ["en", "optional", "J", "opt", "Kafka", "Kafka: a plus"])
    assert opt.optional and not opt.good and opt.case.optional is True


def test_handled_means_dropped_or_shown_optional(tmp_path: Path) -> None:
    path = tmp_path / "set.tsv"
    path.write_text(
        "en\toptional\tJ\topt\tKafka\tKafka: nice to have\n"
        "en\tstates\tP\tkeep\tKafka\tKafka consumers in prod\n"
        "en\tabsent\tP\tdrop:quote_negated\tKafka\tKafka: none\n",
        encoding="utf-8",
    )
    judged = rc.judge_corpus(rc.load_corpus(path))
    assert [j.handled if not j.item.good else j.good_kept for j in judged] == [True] * 3
    (row,) = rc.rows_by(judged, "lang")
    assert (row.good, row.good_kept, row.misleading, row.handled) == (1, 1, 2, 2)
    assert row.keep_precision == 1.0 and row.keep_recall == 1.0
    lines = rc.lines(judged, name="set.tsv")
    assert lines[0] == "Reading (set.tsv): 3 claims, 1 languages"
    assert not [line for line in lines if "miss:" in line]


def test_the_reader_keeps_its_measured_level_on_the_corpus() -> None:
    """The figures in docs/verifier.md: a change that loses them fails here."""
    judged = rc.judge_corpus(rc.load_corpus())
    total = rc.rows_by([*judged], "lang")
    good = sum(row.good for row in total)
    kept = sum(row.good_kept for row in total)
    misleading = sum(row.misleading for row in total)
    handled = sum(row.handled for row in total)
    assert kept / good >= 0.97
    assert handled / misleading >= 0.97
