"""The checklist in the JSON answer: every requirement once, in the posting's order, in one
state, with quotes sliced from the texts, choices only for names, the posting's own count."""

from __future__ import annotations

import json

import pytest

from explain.outcomes import Outcome
from explain.services.streaming import StreamedItem
from explain.web.ndjson import ExplanationLines, requirements_line
from explain.web.payload import explanation_payload, pending_requirements
from explain.web.serializers import (
    ExplanationSerializer,
    RequirementSerializer,
    StreamRequirementsLineSerializer,
)
from tests.explain.checklists import POSTING_ITEMS, built

EVIDENCE = {1: "Python (5 years)", 6: "Go for 2 years"}


def _by_term(payload: dict) -> dict:
    return {r["term"]: r for r in payload["requirements"]}


def test_every_requirement_once_in_the_posting_order_each_in_one_state():
    payload = explanation_payload(built(EVIDENCE).explanation)
    got = [(r["id"], r["term"], r["state"]) for r in payload["requirements"]]
    assert got == [
        (1, "Python", "shown"),
        (2, "CIMA", "not_found"),
        (3, "Kubernetes", "not_yet"),
        (4, "leading a team", "not_found"),
        (5, "Terraform", "not_found"),
        (6, "Go", "shown"),
        (7, "English", "not_found"),
    ]
    assert [r["term"] for r in payload["requirements"]] == [t for _, t, _ in POSTING_ITEMS]


def test_a_shown_requirement_carries_both_quotes_and_its_sentence():
    python = _by_term(explanation_payload(built(EVIDENCE).explanation))["Python"]
    assert python["state_line"] == "“Python” is shown in your profile."
    assert python["state_label"] == "Shown in your profile"
    assert python["profile_quote"] == "Python (5 years)"
    assert python["job_quote"] == "Strong Python and SQL"
    assert python["job_span"]["field"] == "requirements"
    assert python["profile_span"]["field"] == "skills"
    assert python["add_choices"] == []  # already shown: nothing to add
    assert python["report"] == {"kind": "match", "index": 0}


def test_amounts_side_by_side_only_when_both_quotes_state_the_same_kind():
    items = _by_term(explanation_payload(built(EVIDENCE).explanation))
    assert items["Go"]["amounts"] == {
        "profile": "2 years",
        "job": "3+ years",
        "line": "Your profile: 2 years · This job: 3+ years",
    }
    assert items["Python"]["amounts"] is None  # the job's quote states none


def test_not_yet_shows_the_profiles_own_words_and_is_never_a_lack():
    kubernetes = _by_term(explanation_payload(built(EVIDENCE).explanation))["Kubernetes"]
    assert kubernetes["profile_said"] and "no Kubernetes yet" in kubernetes["profile_said"]
    assert kubernetes["state_line"] == f"Your profile says not yet: “{kubernetes['profile_said']}”"
    assert kubernetes["profile_quote"] == ""
    assert kubernetes["report"] == {"kind": "gap", "index": 1}
    for item in explanation_payload(built(EVIDENCE).explanation)["requirements"]:
        assert "lack" not in item["state_line"]


def test_add_choices_are_each_name_of_a_choice_and_never_a_soft_phrase():
    items = _by_term(explanation_payload(built(EVIDENCE).explanation))
    assert items["CIMA"]["add_choices"] == ["CIMA", "ACCA", "ACA"]
    assert items["CIMA"]["alternatives"] == ["ACCA", "ACA"]
    assert items["CIMA"]["alternatives_line"] == "Any one of: “CIMA”, “ACCA”, “ACA”"
    assert items["leading a team"]["add_choices"] == []
    assert items["English"]["add_choices"] == ["English"]


def test_optional_ones_are_marked_in_their_sentence():
    items = _by_term(explanation_payload(built(EVIDENCE).explanation))
    assert items["Terraform"]["optional"] is True
    assert items["Terraform"]["state_line"] == (
        "“Terraform” is optional in this job; it was not found in your profile."
    )
    assert items["Python"]["optional"] is False


def test_the_bottom_line_counts_the_postings_list_the_same_for_two_viewers():
    one = explanation_payload(built(EVIDENCE).explanation)["requirements_summary"]
    other = explanation_payload(
        built({2: "ACCA qualified"}, skills="Accountant, ACCA qualified, Excel").explanation
    )["requirements_summary"]
    assert one["listed_line"] == other["listed_line"]
    assert one["listed_line"] == "This job lists 7 requirements, 2 of them optional."
    assert (one["total"], one["required"], one["optional"]) == (7, 5, 2)
    assert one["counts"] == {"shown": 2, "not_found": 4, "not_yet": 1, "unchecked": 0}
    assert other["counts"]["shown"] == 1 and other["line"] != one["line"]
    assert one["line"] == (
        "This job lists 7 requirements, 2 of them optional. Your profile shows 2 of the 5 "
        "required ones. It shows none of the 2 optional ones."
    )


def test_the_summary_key_is_the_checklists_bottom_line():
    payload = explanation_payload(built(EVIDENCE).explanation)
    assert payload["summary"] == payload["requirements_summary"]["line"]


def test_a_profile_naming_it_without_a_passing_quote_is_unchecked_with_no_report():
    payload = explanation_payload(built({}, skills="Python, Go, Kubernetes").explanation)
    python = _by_term(payload)["Python"]
    assert python["state"] == "unchecked"
    assert python["state_line"] == "“Python” could not be checked against your profile."
    assert python["report"] is None and python["add_choices"] == []
    assert payload["requirements_summary"]["counts"]["unchecked"] == 3
    assert payload["requirements_summary"]["line"].endswith("3 could not be checked.")


def test_lines_no_requirement_covers_are_listed_as_not_read():
    items = POSTING_ITEMS[:3]
    payload = explanation_payload(built(EVIDENCE, items=items).explanation)
    assert [line["text"] for line in payload["not_read"]] == [
        "Experience leading a team",
        "Terraform is a plus",
        "3+ years of Go",
        "Fluent English",
    ]
    assert all(line["line"] == f"Not read: “{line['text']}”" for line in payload["not_read"])
    assert all(line["field"] == "requirements" for line in payload["not_read"])
    assert payload["requirements_summary"]["listed_line"] == "This job lists 3 requirements."


def test_the_matches_and_gaps_view_stays():
    payload = explanation_payload(built(EVIDENCE).explanation)
    assert [m["term"] for m in payload["matches"]] == ["Python", "Go"]
    assert len(payload["gaps"]) == 5


def test_an_answer_without_a_checklist_keeps_the_old_fields_and_an_empty_list():
    from dataclasses import replace

    explanation = replace(built(EVIDENCE).explanation, checklist=None)
    payload = explanation_payload(explanation)
    assert payload["requirements"] == [] and payload["not_read"] == []
    assert payload["requirements_summary"] is None
    assert payload["summary"].startswith("This job lists 7 requirements we could check")


def test_the_documented_serializer_renders_the_checklist_unchanged():
    payload = explanation_payload(built(EVIDENCE).explanation)
    assert list(payload) == list(ExplanationSerializer().fields)
    assert json.loads(json.dumps(ExplanationSerializer(payload).data)) == payload
    for item in payload["requirements"]:
        assert list(item) == list(RequirementSerializer().fields)
    b = built(EVIDENCE)
    first = requirements_line(b.explanation, b.reading.requirements)
    rendered = StreamRequirementsLineSerializer(first).data
    assert json.loads(json.dumps(rendered)) == first


def test_the_streams_first_line_lists_every_requirement_pending():
    b = built(EVIDENCE)
    line = requirements_line(b.explanation, b.reading.requirements)
    assert line["event"] == "requirements"
    assert [r["state"] for r in line["requirements"]] == ["pending"] * 7
    assert line["requirements"][0]["state_line"] == "“Python” is being checked…"
    assert line["listed_line"] == "This job lists 7 requirements, 2 of them optional."
    assert set(line) == set(StreamRequirementsLineSerializer().fields)
    assert line["requirements"] == pending_requirements(b.explanation, b.reading.requirements)


class _Stream:
    """The stream's surface ExplanationLines reads: the posting's requirements, its items
    and its explanation."""

    def __init__(self, items: list, explanation, *, pending: bool = True) -> None:
        self._items = items
        self.explanation = explanation
        self.pending = pending
        self.requirements = explanation.reading.requirements if explanation.reading else ()

    def __iter__(self):
        return iter(self._items)

    def close(self) -> None:
        pass


def test_the_stream_sends_the_list_then_each_state_then_the_result():
    b = built(EVIDENCE)
    unchecked = built({}, skills="Python, Go").checklist.items[0]
    items = [
        StreamedItem(b.checklist.items[5], "match", 0),
        StreamedItem(unchecked),
        b.explanation,
    ]
    lines = [json.loads(x) for x in ExplanationLines(_Stream(items, b.explanation))]
    events = [x["event"] for x in lines]
    assert events == ["requirements", "requirement", "point", "requirement", "result"]
    assert [r["state"] for r in lines[0]["requirements"]] == ["pending"] * 7
    assert (lines[1]["id"], lines[1]["state"]) == (6, "shown")
    assert lines[1]["report"] is None  # the result line says where reports go
    assert lines[2]["kind"] == "match" and lines[2]["term"] == "Go"  # the older view
    assert (lines[3]["id"], lines[3]["state"]) == (1, "unchecked")  # no point line
    assert lines[4]["requirements"][5]["report"] == {"kind": "match", "index": 1}


def test_an_error_decided_before_the_model_is_one_line():
    from dataclasses import replace

    b = built(EVIDENCE)
    # Rate limited before any model call: the posting was read, but the answer is one line.
    decided = replace(b.explanation, outcome=Outcome.RATE_LIMITED, checklist=None)
    stream = _Stream([decided], decided, pending=False)
    assert stream.requirements
    lines = [json.loads(x) for x in ExplanationLines(stream)]
    assert [x["event"] for x in lines] == ["result"]


def test_an_item_the_stream_does_not_know_is_a_fault_not_a_silent_line():
    b = built(EVIDENCE)
    lines = ExplanationLines(_Stream([object()], b.explanation))
    with pytest.raises(TypeError):
        list(lines)
