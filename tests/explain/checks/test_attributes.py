"""explain.E050 / E051: a BaseExplainSource's attribute names against the class they are
read from, where it is known at start-up."""

from __future__ import annotations

from typing import Any

from django.core.checks import run_checks

from explain.adapter import BaseExplainSource
from explain.checks.attributes import attribute_problems, check_adapter_attributes
from jobportal.models import CandidateProfile, Job
from tests.explain.checks.helpers import by_id, ids


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
