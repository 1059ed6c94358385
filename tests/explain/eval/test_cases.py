"""explain.eval.cases: the case file is checked on load, and the shipped one loads."""

from __future__ import annotations

import json

import pytest

from explain.eval.cases import FORMAT, CaseFileError, dump_case_file, load_cases, parse_cases

CASE = {
    "id": "java",
    "category": "exact_match",
    "profile_ref": "profile:dev",
    "job": "Build secure Java APIs.",
    "kind": "match",
    "claim": {"point": "Java fits.", "profileQuote": "Java", "jobQuote": "Java APIs"},
    "expected": "keep",
}


def case_file(*cases: dict, **extra: object) -> dict:
    return {
        "format": FORMAT,
        "texts": {"profile:dev": "Skills: Java"},
        "categories": {"exact_match": "grounded matches"},
        "cases": list(cases),
        **extra,
    }


def test_a_case_reads_its_texts_by_reference_or_inline():
    [case] = parse_cases(case_file(CASE)).cases
    assert (case.profile, case.job) == ("Skills: Java", "Build secure Java APIs.")
    assert case.claim.profile_quote == "Java" and case.expected == "keep"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"expected": "drop"}, 'a "drop" needs a "reason"'),
        ({"expected": "keep", "reason": "duplicate"}, 'a "keep" has no "reason"'),
        ({"category": "elsewhere"}, "is not listed in categories"),
        ({"kind": "maybe"}, "kind"),
    ],
)
def test_a_wrong_case_names_itself_and_the_rule(change, message):
    with pytest.raises(CaseFileError, match=message) as raised:
        parse_cases(case_file({**CASE, **change}))
    assert "(java)" in str(raised.value)


def test_duplicate_ids_and_a_wrong_format_are_refused():
    with pytest.raises(CaseFileError, match="duplicate id"):
        parse_cases(case_file(CASE, CASE))
    with pytest.raises(CaseFileError, match="not a case file"):
        parse_cases({"format": "something else"})


def test_the_shipped_set_loads_and_a_written_file_reads_back():
    shipped = load_cases()
    assert shipped.labelled and len({c.id for c in shipped.cases}) == len(shipped.cases)
    text = dump_case_file(cases=[CASE], about="a", categories={"exact_match": "x"})
    data = json.loads(text)
    data["texts"] = {"profile:dev": "Skills: Java"}
    assert parse_cases(data).cases[0].id == "java"


def test_a_keep_pins_what_the_page_shows_and_nothing_else_does():
    kept = {**CASE, "sentence": "s", "optional": True, "job_amount": "5 years"}
    [case] = parse_cases(case_file(kept)).cases
    assert (case.sentence, case.optional, case.job_amount, case.profile_amount) == (
        "s",
        True,
        "5 years",
        None,
    )
    assert case.claim.term == ""  # a claim that still carries a point is read without it
    with pytest.raises(CaseFileError, match='only a "keep" gives'):
        parse_cases(case_file({**kept, "expected": "drop", "reason": "duplicate"}))
    with pytest.raises(CaseFileError, match='"optional" must be true or false'):
        parse_cases(case_file({**CASE, "optional": "yes"}))
    with pytest.raises(CaseFileError, match='"reword" is gone'):
        parse_cases(case_file({**CASE, "expected": "reword"}))
