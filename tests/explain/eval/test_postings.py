"""The posting set: whole postings with labelled requirements, read by code and counted
against the labels (precision, recall, the optional flag, line coverage)."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from explain.eval import postings as ps

# A posting small enough to check by hand: two requirements (one marked optional by its
# own words), a "not needed" line and the company's own business.
SMALL: dict[str, Any] = {
    "id": "en-small",
    "lang": "en",
    "kind": "bullets",
    "fields": {
        "title": "Backend Developer",
        "company": "Spokes Ltd",
        "location": "Leeds",
        "description": "We sell cargo bikes to bakeries.",
        "requirements": ["- Python", "- Kafka is a plus", "- No Java needed"],
    },
    "items": [
        ["required", "Python", "Python"],
        ["optional", "Kafka is a plus", "Kafka"],
        ["not_needed", "No Java needed", "Java"],
        ["company", "We sell cargo bikes to bakeries", "cargo bikes"],
    ],
}


def small(**changes: Any) -> ps.Posting:
    return ps.posting_from_json({**SMALL, **changes})


def test_the_shipped_set_is_large_and_in_eight_languages() -> None:
    postings = ps.load_postings()
    assert len(postings) >= 40
    assert {p.lang for p in postings} == set(ps.LANGS)
    for lang in ("en", "de", "fr", "es"):
        assert sum(p.lang == lang for p in postings) >= 4
    assert {p.kind for p in postings} == set(ps.KINDS)
    for posting in postings:
        assert posting.requirements, posting.id
        assert any(not item.true for item in posting.items), posting.id
    labels = {item.label for p in postings for item in p.items}
    assert labels == set(ps.LABELS)


def test_every_quote_is_words_of_one_field_of_the_text_sent() -> None:
    for posting in ps.load_postings():
        source = posting.source
        for item in posting.items:
            assert any(
                item.quote in source.text[span.start : span.end] for span in source.fields
            ), (posting.id, item.quote)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"lang": "xx"}, "lang must be one of"),
        ({"kind": "poem"}, "kind must be one of"),
        ({"fields": {"salary": "40k"}}, "fields must be an object"),
        ({"items": [["required", "Rust", "Rust"]]}, "not in one field"),
        ({"items": [["required", "Python", "Go"]]}, "is not in its quote"),
        ({"items": [["wanted", "Python", "Python"]]}, "label must be one of"),
        ({"items": [["required", "Python"]]}, "must be \\[label, quote, term\\]"),
        ({"items": [["required", "Python", "Python"]] * 2}, "listed twice"),
        ({"items": [["company", "cargo bikes", "bikes"]]}, "no item is labelled"),
    ],
)
def test_a_bad_posting_is_named(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(ps.PostingSetError, match=f"posting en-small: .*{message}"):
        small(**changes)


def test_repeated_ids_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "set.json"
    path.write_text(json.dumps({"postings": [SMALL, SMALL]}), encoding="utf-8")
    with pytest.raises(ps.PostingSetError, match="listed twice: en-small"):
        ps.load_postings(path)


@pytest.mark.parametrize(
    ("text", "message"),
    [("{not json", "cannot read the posting set"), ('{"sets": []}', "needs a list of postings")],
)
def test_a_broken_set_file_is_a_clear_error(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "set.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ps.PostingSetError, match=message):
        ps.load_postings(path)


def test_the_two_answerers_send_every_candidate() -> None:
    posting = small()
    readings = [item.reading for item in ps.all_required(posting).requirements]
    assert readings == ["required"] * 4
    honest = [(i.job_quote, i.reading) for i in ps.honest(posting).requirements]
    assert honest == [
        ("Python", "required"),
        ("Kafka is a plus", "optional"),
        ("No Java needed", "not_needed"),
        ("We sell cargo bikes to bakeries", "about_company"),
    ]


def test_the_careless_answerer_only_turns_some_weakening_readings_into_required() -> None:
    postings = ps.load_postings()
    honest = [i.reading for p in postings for i in ps.honest(p).requirements]
    careless = [i.reading for p in postings for i in ps.careless(p).requirements]
    changed = [(h, c) for h, c in zip(honest, careless, strict=True) if h != c]
    assert all(c == "required" and h != "required" for h, c in changed)
    weakening = sum(h != "required" for h in honest)
    assert weakening / 5 < len(changed) < weakening / 2  # about one in three


def test_a_hand_checked_posting_read_from_the_honest_answer() -> None:
    scored = ps.score_posting(small(), ps.honest)
    assert [(c.term, r.optional) for c, r in scored.kept_true] == [
        ("Python", False),
        ("Kafka", True),
    ]
    assert scored.kept_false == [] and scored.lost == ()
    r = ps.row("x", [scored])
    assert (r.labelled, r.kept, r.kept_true, r.optional_right) == (2, 2, 2, 2)
    # Three lines; "No Java needed" holds no requirement and is listed as not read.
    assert (r.lines, r.lines_covered, r.lines_with_requirement) == (3, 2, 2)
    assert r.lines_with_requirement_covered == 2 and r.lines_other_covered == 0
    assert [line.text for line in scored.reading.not_read] == ["No Java needed"]
    assert (r.precision, r.recall, r.optional_accuracy) == (1.0, 1.0, 1.0)
    assert r.coverage == pytest.approx(2 / 3)


def test_code_alone_removes_a_negated_line_from_the_all_required_answer() -> None:
    scored = ps.score_posting(small(), ps.all_required)
    kept = {c.label for c, _ in scored.kept if c is not None}
    assert "not_needed" not in kept  # "No Java needed" said to be required: code removes it
    assert ("Kafka", True) in [(c.term, r.optional) for c, r in scored.kept_true]
    r = ps.row("x", [scored])
    assert r.kept == r.kept_true + len(scored.kept_false)
    assert r.precision == r.kept_true / r.kept


def test_a_requirement_code_removes_is_lost_with_its_reason() -> None:
    # Labelled required, but its only words are the location field: never a requirement.
    posting = small(items=[*SMALL["items"], ["required", "Leeds", "Leeds"]])
    scored = ps.score_posting(posting, ps.honest)
    assert [(c.quote, reason) for c, reason in scored.lost] == [
        ("Leeds", "job_quote_not_requirement")
    ]
    assert ps.row("x", [scored]).recall == pytest.approx(2 / 3)


def test_a_kept_requirement_finds_its_candidate_when_the_term_differs() -> None:
    posting = small(
        fields={**SMALL["fields"], "requirements": "Confident using Microsoft Excel"},
        items=[["required", "Confident using Microsoft Excel", "Excel"]],
    )
    scored = ps.score_posting(posting, ps.honest)
    assert [c.term for c, _ in scored.kept_true] == ["Excel"]
    assert scored.kept_false == []


def test_a_posting_without_a_requirements_field_has_no_lines() -> None:
    fields = {k: v for k, v in SMALL["fields"].items() if k != "requirements"}
    fields["description"] = "We sell cargo bikes to bakeries. You know Python well."
    posting = small(fields=fields, items=[["required", "You know Python well", "Python"]])
    r = ps.row("x", [ps.score_posting(posting, ps.honest)])
    assert (r.lines, r.coverage, r.requirement_line_coverage) == (0, None, None)
    assert r.recall == 1.0


def test_the_report_has_a_table_per_language_and_per_kind_for_each_answerer() -> None:
    postings = ps.load_postings()
    out = ps.lines(postings)
    assert out[0].startswith(f"Postings (posting_set.json): {len(postings)} postings, 8 languages")
    for name in ps.ANSWERERS:
        start = next(i for i, line in enumerate(out) if line.startswith(f"Answerer {name} ("))
        block = out[start + 1 :]
        assert block[0].startswith("language") and block[0].split()[-3:] == [
            "req",
            "lines",
            "other",
        ]
        rows = block[2 : 2 + len(ps.LANGS) + 1]
        assert [row.split()[0] for row in rows] == [*ps.LANGS, "TOTAL"]
        kinds = block[2 + len(ps.LANGS) + 2 :]
        assert kinds[0].startswith("kind")
        assert {row.split()[0] for row in kinds[2 : 2 + len(ps.KINDS)]} == set(ps.KINDS)
        for row in [*rows, *kinds[2 : 3 + len(ps.KINDS)]]:
            labels, kept, true = (int(x) for x in row.split()[2:5])
            assert true <= kept and true <= labels
    assert "distractor" in "\n".join(out)


def test_the_rows_add_up_to_the_total() -> None:
    scored = ps.score_all(ps.load_postings(), ps.all_required)
    total = ps.row("TOTAL", scored)
    for key in ("lang", "kind"):
        rows = ps.rows_by(scored, key)
        assert sum(r.postings for r in rows) == total.postings
        assert sum(r.kept_true for r in rows) == total.kept_true
        assert sum(r.lines_covered for r in rows) == total.lines_covered


def test_the_summary_holds_the_rows_of_the_tables() -> None:
    postings = [small(), small(id="de-small", lang="de", kind="prose")]
    scored = ps.score_answerers(postings)
    data = json.loads(json.dumps(ps.summary(postings, scored)))
    assert (data["postings"], data["languages"], data["labelled"]) == (2, ["de", "en"], 4)
    assert data["distractors"] == 4
    honest = data["answerers"]["honest"]
    assert set(data["answerers"]) == set(ps.ANSWERERS)
    assert set(honest["languages"]) == {"en", "de"} and set(honest["kinds"]) == {
        "bullets",
        "prose",
    }
    total = honest["total"]
    assert (total["labelled"], total["kept_true"], total["precision"]) == (4, 4, 1.0)
    assert total["coverage"] == round(4 / 6, 4)


def test_the_command_prints_the_posting_tables_and_reports_them(tmp_path: Path) -> None:
    out, report = StringIO(), tmp_path / "report.json"
    call_command("explain_eval", "--report", str(report), stdout=out)
    text = out.getvalue()
    assert "Postings (posting_set.json): " in text
    assert "Answerer all_required (" in text and "Answerer honest (" in text
    figures = json.loads(report.read_text(encoding="utf-8"))["postings"]
    assert figures["postings"] == len(ps.load_postings())
    assert set(figures["answerers"]["all_required"]["languages"]) == set(ps.LANGS)
