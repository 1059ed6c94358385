"""explain.adapter: the host contract is plain data and a protocol any class can meet."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from explain.adapter import ExplainSource, Field, JobUnavailable


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
