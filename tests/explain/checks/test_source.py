"""explain.checks.source: EXPLAIN_SOURCE names an adapter that keeps the contract, and
its attribute lists name real attributes."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.checks import run_checks

from explain.adapter import BaseExplainSource, Field
from explain.checks.source import adapter_problems, attribute_problems, check_adapter_attributes
from jobportal.models import CandidateProfile, Job
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


class TypoInTheProfile(BaseExplainSource):
    profile_attributes = {"headline": "Headline", "skils": "Skills"}
    job_attributes = {"title": "Job title"}
    profile_model = CandidateProfile
    job_model = Job

    def get_profile(self, user: Any) -> Any:
        return getattr(user, "candidate_profile", None)

    def get_job(self, job_id: str, user: Any) -> Any:
        return Job.objects.filter(pk=job_id).first()


class TypoInTheJob(TypoInTheProfile):
    profile_attributes = {"headline": "Headline"}
    job_attributes = {"title": "Job title", "descripton": "Description"}


class ReadsTheUser(BaseExplainSource):
    """get_profile is not overridden: the attributes are read from the user."""

    profile_attributes = {"skills": "Skills", "experience": "Experience"}

    def get_job(self, job_id: str, user: Any) -> Any:
        return None


class Correct(TypoInTheProfile):
    profile_attributes = {"headline": "Headline", "skills": "Skills"}


class UnknownClasses(BaseExplainSource):
    """get_profile overridden, no profile_model: nothing is known, nothing is said."""

    profile_attributes = {"anything": "Anything"}

    def get_profile(self, user: Any) -> Any:
        return user


def _check(settings: Any, adapter: type) -> list[Any]:
    settings.EXPLAIN_SOURCE = f"{__name__}.{adapter.__name__}"
    return check_adapter_attributes()


def test_a_typo_in_profile_attributes_is_an_error_naming_it_and_the_close_match(settings):
    message = by_id(_check(settings, TypoInTheProfile), "explain.E050")
    assert "'skils'" in message.msg and "CandidateProfile" in message.msg
    assert "did you mean 'skills'" in message.msg
    assert "profile_attributes" in message.hint


def test_a_typo_in_job_attributes_is_an_error_naming_it(settings):
    message = by_id(_check(settings, TypoInTheJob), "explain.E050")
    assert "'descripton'" in message.msg and "'description'" in message.msg


def test_attributes_read_from_the_user_that_the_user_model_lacks_is_the_wrong_object(settings):
    message = by_id(_check(settings, ReadsTheUser), "explain.E051")
    assert "skills, experience" in message.msg and "has none of them" in message.msg
    assert "get_profile" in message.hint


def test_correct_names_and_unknown_classes_pass(settings):
    assert _check(settings, Correct) == []
    assert _check(settings, UnknownClasses) == []


def test_the_check_is_registered(settings):
    settings.EXPLAIN_SOURCE = f"{__name__}.TypoInTheProfile"
    assert "explain.E050" in ids(run_checks())


def test_an_object_and_its_instance_attributes_are_read():
    class Record:
        def __init__(self) -> None:
            self.skills = "Java"

    assert attribute_problems(Record(), ["skills"], setting_name="profile_attributes") == []
    [problem] = attribute_problems(Record(), ["skill"], setting_name="profile_attributes")
    assert "did you mean 'skills'" in problem.text and not problem.wrong_object
