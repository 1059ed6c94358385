"""The checklist core by hand-checked cases: states, counts, readings, ids and bounds."""

from __future__ import annotations

from explain.adapter import Field
from explain.core.checklist import (
    MAX_EVIDENCE,
    ChecklistBuilder,
    Evidence,
    State,
    ViewerAnswer,
    build_checklist,
)
from explain.core.posting import PostingAnswer, PostingItem, PostingReading, read_posting
from explain.core.texts import SourceText, job_text, profile_text
from explain.core.verify import Checker

JOB = job_text(
    [
        Field("title", "Job title", "Backend Engineer"),
        Field(
            "requirements",
            "Requirements",
            "Strong Python skills\nExperience with Kubernetes\nNice to have: Terraform",
        ),
    ],
    max_chars=5000,
)


def _reading() -> PostingReading:
    answer = PostingAnswer(
        requirements=[
            PostingItem(job_quote="Strong Python skills", term="Python", reading="required"),
            PostingItem(
                job_quote="Experience with Kubernetes", term="Kubernetes", reading="required"
            ),
            PostingItem(job_quote="Nice to have: Terraform", term="Terraform", reading="optional"),
        ]
    )
    reading = read_posting(answer, JOB)
    assert [r.term for r in reading.requirements] == ["Python", "Kubernetes", "Terraform"]
    return reading


def _profile(skills: str) -> SourceText:
    return profile_text([Field("skills", "Skills", skills)], max_chars=5000)


def _checklist(skills: str, *evidence: Evidence):
    profile = _profile(skills)
    checker = Checker(profile.text, JOB.text, profile_fields=profile.spans, job_fields=JOB.spans)
    return build_checklist(_reading(), ViewerAnswer(requirements=list(evidence)), checker)


def _ev(number: int, quote: str = "", reading: str = "states") -> Evidence:
    return Evidence.model_validate(
        {"id": number, "profileQuote": quote, "profileReading": reading if quote else ""}
    )


def test_a_quote_that_passes_shows_the_requirement_and_the_rest_are_not_found() -> None:
    checklist = _checklist("Python, Django", _ev(1, "Python"))
    assert [item.state for item in checklist.items] == [
        State.SHOWN,
        State.NOT_FOUND,
        State.NOT_FOUND,
    ]
    assert [item.number for item in checklist.items] == [1, 2, 3]
    assert checklist.items[0].point is not None
    assert checklist.items[0].point.profile_quote == "Python"
    assert checklist.counts == {"shown": 1, "not_found": 2, "not_yet": 0, "unchecked": 0}


def test_the_counts_come_from_the_posting_not_the_viewer() -> None:
    checklist = _checklist("Python, Django")
    assert (checklist.total, checklist.required, checklist.optional) == (3, 2, 1)
    assert checklist.count(State.NOT_FOUND, optional=True) == 1
    assert checklist.count(State.NOT_FOUND, optional=False) == 1
    assert checklist.count(State.UNCHECKED) == 1  # Python: named, but no evidence given


def test_an_invented_quote_is_removed_and_the_named_requirement_is_unchecked() -> None:
    checklist = _checklist("Python, Django", _ev(1, "Python (10 years)"))
    assert checklist.items[0].state is State.UNCHECKED
    assert checklist.verification.drop_reasons == {"profile_quote_not_found": 1}
    assert checklist.verification.dropped == 1


def test_a_profile_that_says_not_yet_keeps_its_own_words() -> None:
    checklist = _checklist("Python; no Kubernetes yet", _ev(1, "Python"))
    item = checklist.items[1]
    assert item.state is State.NOT_YET
    assert item.point is not None and "Kubernetes" in item.point.profile_said


def test_the_models_weaker_reading_wins() -> None:
    checklist = _checklist("Python, Django", _ev(1, "Python", reading="wished"))
    assert checklist.items[0].state is not State.SHOWN
    assert checklist.verification.dropped == 1


def test_unknown_ids_and_repeats_are_counted_never_read() -> None:
    checklist = _checklist("Python, Django", _ev(9, "Python"), _ev(1, "Python"), _ev(1, "Django"))
    assert checklist.items[0].state is State.SHOWN
    assert checklist.items[0].point is not None
    assert checklist.items[0].point.profile_quote == "Python"
    assert checklist.verification.unchecked == 2


def test_ids_as_the_model_writes_them() -> None:
    assert Evidence.model_validate({"id": "R2"}).id == 2
    assert Evidence.model_validate({"id": True}).id == 0
    assert Evidence.model_validate({"id": None, "profileQuote": None}).profile_quote == ""


def test_the_builder_takes_evidence_one_item_at_a_time() -> None:
    profile = _profile("Python, Django")
    builder = ChecklistBuilder(_reading(), Checker(profile.text, JOB.text))
    item = builder.add(_ev(1, "Python"))
    assert item is not None and item.state is State.SHOWN
    assert builder.decided == frozenset({1})
    assert builder.add(_ev(1, "Python")) is None
    assert len(builder.finish().items) == 3


def test_evidence_past_the_bound_is_never_read() -> None:
    profile = _profile("Python, Django")
    builder = ChecklistBuilder(_reading(), Checker(profile.text, JOB.text))
    for _ in range(MAX_EVIDENCE):
        builder.add(_ev(99))
    assert builder.add(_ev(1, "Python")) is None
    assert builder.finish().items[0].state is not State.SHOWN
