"""explain.adapter: the host contract is plain data and a protocol any class can meet."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from explain.adapter import BaseExplainSource, ExplainSource, Field, JobUnavailable


class Portal:
    def profile_fields(self, user: Any) -> list[Field]:
        return [Field("skills", "Skills", "Java")]

    def job_fields(self, job_id: str, user: Any) -> list[Field]:
        if job_id != "1":
            raise JobUnavailable(job_id)
        return [Field("title", "Job title", "Java Engineer")]


def test_a_field_is_frozen_labelled_data():
    field = Field("skills", "Skills", "Java (3 years)")
    assert (field.key, field.label, field.value) == ("skills", "Skills", "Java (3 years)")
    with pytest.raises(dataclasses.FrozenInstanceError):
        field.value = "Kubernetes"  # type: ignore[misc]


def test_any_class_with_the_two_methods_is_a_source():
    source: ExplainSource = Portal()
    assert source.profile_fields(None)[0].key == "skills"
    assert source.job_fields("1", None)[0].value == "Java Engineer"
    with pytest.raises(JobUnavailable):
        source.job_fields("2", None)


def test_private_values_are_optional_for_an_adapter() -> None:
    from explain.adapter import private_values_of

    class Old:
        def profile_fields(self, user: object) -> list[object]:
            return []

    class New(Old):
        def private_values(self, user: object) -> list[str]:
            return ["Dana", "", "+44 20 7946 0000"]

    assert private_values_of(Old(), None) == []
    assert private_values_of(New(), None) == ["Dana", "+44 20 7946 0000"]


# --------------------------------------------------------------- BaseExplainSource


@dataclasses.dataclass
class Posting:
    title: str
    description: str
    salary: int | None = None


class BoardSource(BaseExplainSource):
    profile_attributes = {"skills": "Skills", "summary": "Summary"}
    job_attributes = {"title": "Job title", "description": "Description", "salary": "Pay"}
    postings = {"1": Posting("Java Engineer", " Build APIs. ")}

    def get_job(self, job_id: str, user: Any) -> Posting | None:
        return self.postings.get(job_id)


@dataclasses.dataclass
class Member:
    skills: str = "Java"
    summary: str = "   "


def test_the_base_source_reads_the_named_attributes_in_order_and_skips_empty_ones():
    source: ExplainSource = BoardSource()
    assert source.profile_fields(Member()) == [Field("skills", "Skills", "Java")]
    assert source.job_fields("1", Member()) == [
        Field("title", "Job title", "Java Engineer"),
        Field("description", "Description", "Build APIs."),
    ]
    with pytest.raises(JobUnavailable):
        source.job_fields("2", Member())


def test_the_base_source_has_no_profile_for_none_and_needs_get_job():
    class NoProfile(BoardSource):
        def get_profile(self, user: Any) -> None:
            return None

    assert NoProfile().profile_fields(Member()) == []
    with pytest.raises(NotImplementedError, match="get_job"):
        BaseExplainSource().job_fields("1", Member())
    assert BaseExplainSource().profile_fields(Member()) == []  # nothing named, nothing sent


def test_profile_and_private_values_are_one_optional_call() -> None:
    """An adapter may read both in one call; one without it is asked the two methods."""
    from explain.adapter import profile_of

    class Old(Portal):
        def private_values(self, user: object) -> list[str]:
            return ["Dana"]

    class New(Old):
        def profile_and_private_values(self, user: object) -> tuple[list[Field], list[str]]:
            return [Field("skills", "Skills", "Go")], ["Dana", "", "+44 20 7946 0000"]

    assert profile_of(Portal(), None) == ([Field("skills", "Skills", "Java")], [])
    assert profile_of(Old(), None) == ([Field("skills", "Skills", "Java")], ["Dana"])
    assert profile_of(New(), None) == (
        [Field("skills", "Skills", "Go")],
        ["Dana", "+44 20 7946 0000"],
    )
