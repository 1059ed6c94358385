"""explain.checks.source: the adapter is named, importable and keeps the contract."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.checks import run_checks

from explain.adapter import Field
from explain.checks.source import adapter_problems
from tests.explain.checks.helpers import by_id, ids


def test_an_unset_source_is_an_error_with_an_example(settings):
    settings.EXPLAIN_SOURCE = None
    assert "explain_source" in by_id(run_checks(), "explain.E001").hint


def test_a_source_that_cannot_be_imported_is_an_error(settings):
    settings.EXPLAIN_SOURCE = "myportal.nowhere.Source"
    message = by_id(run_checks(), "explain.E002")
    assert "'myportal.nowhere.Source'" in message.msg
    assert "explain.E003" not in ids(run_checks())


class GoodSource:
    def profile_fields(self, user: Any) -> list[Field]:
        return []

    def job_fields(self, job_id: str, user: Any) -> list[Field]:
        return []


class ForgotTheUser(GoodSource):
    def job_fields(self, job_id: str) -> list[Field]:  # type: ignore[override]
        return []


class SwappedArguments(GoodSource):
    def job_fields(self, user: Any, job_id: str) -> list[Field]:  # type: ignore[override]
        return []


class OldMethodNames:
    def profile_text(self, user: Any) -> str:
        return ""

    def job_text(self, job_id: str) -> str:
        return ""


class TakesExtras(GoodSource):
    def job_fields(self, job_id: str, user: Any, *, lang: str = "en") -> list[Field]:  # type: ignore[override]
        return []


def test_a_matching_adapter_passes():
    assert adapter_problems(GoodSource) == []
    assert adapter_problems(TakesExtras) == []


def test_a_method_missing_an_argument_is_an_error_showing_the_signature():
    [message] = adapter_problems(ForgotTheUser)
    assert message.id == "explain.E003"
    assert "def job_fields(self, job_id: str, user) -> list[Field]:" in message.hint


def test_swapped_arguments_are_a_warning():
    [message] = adapter_problems(SwappedArguments)
    assert message.id == "explain.W003"
    assert "(self, user, job_id)" in message.msg


def test_methods_of_another_contract_are_errors_for_each_missing_method():
    messages = adapter_problems(OldMethodNames)
    assert [m.id for m in messages] == ["explain.E003", "explain.E003"]
    assert "def profile_fields(self, user) -> list[Field]:" in messages[0].hint


@pytest.mark.parametrize("path_", ["tests.explain.checks.test_source.ForgotTheUser"])
def test_run_checks_reports_the_adapter(settings, path_):
    settings.EXPLAIN_SOURCE = path_
    assert "explain.E003" in ids(run_checks())
