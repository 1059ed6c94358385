"""The viewer's step: the posting's own requirements, read once, each accounted for.

A request uses the posting's stored reading (or reads it now, once, for every viewer),
asks the model per requirement for the profile's words, and checks them into the
checklist. These tests hold the flow (one reading per posting, one state per
requirement) through explain.services.explanations, with fake models (tests/conftest.py FakeModel).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.urls import reverse

from explain import wording
from explain.controls.ratelimit import RateDecision
from explain.controls.site import site_cache
from explain.core.checklist import State
from explain.core.posting_prompt import POSTING_INSTRUCTION, POSTING_PROMPT_VERSION
from explain.core.viewer_prompt import VIEWER_INSTRUCTION, VIEWER_PROMPT_VERSION
from explain.llm.client import ChatPrompt
from explain.llm.errors import ProviderError, ProviderTimeout
from explain.models import ExplanationLog, PostingReading
from explain.outcomes import Outcome, default_retry_after
from explain.services import explanations as service
from explain.services import postings
from jobportal.models import Job
from tests.conftest import WORKED_DRAFT, WORKED_JOB_DESCRIPTION

pytestmark = pytest.mark.django_db


def explain(user: Any, job: Any) -> service.Explanation:
    return service.explanation_create(
        user=user, job_id=str(job.pk), rate_check=lambda: RateDecision(True)
    )


def systems(model: Any) -> list[str]:
    """Which call each prompt was: the posting's reading or the viewer's step."""
    names = {POSTING_INSTRUCTION: "posting", VIEWER_INSTRUCTION: "viewer"}
    return [names.get(p.system, "other") for p in model.prompts]


def rows() -> list[tuple[str, str, int | None]]:
    """(prompt version, outcome, user id) of every log row, in order."""
    return list(
        ExplanationLog.objects.order_by("id").values_list("prompt_version", "outcome", "user_id")
    )


@pytest.fixture
def cloud_user(make_user: Any) -> Any:
    """A second viewer whose profile shows AWS, not Java."""
    return make_user("bo", headline="Cloud engineer", skills="AWS (4 years), Linux")


# --------------------------------------------------------------------------- (1) one list


def test_two_viewers_get_the_same_list_and_the_same_counts(
    worked_user, cloud_user, worked_job, use_model
):
    use_model(
        {
            "matches": [
                WORKED_DRAFT["matches"][0],
                {
                    "term": "AWS",
                    "profileQuote": "AWS (4 years)",
                    "jobQuote": "deploy services on AWS",
                },
            ],
            "gaps": [],
        }
    )
    dana = explain(worked_user, worked_job)
    bo = explain(cloud_user, worked_job)
    assert (dana.outcome, bo.outcome) == (Outcome.OK, Outcome.OK)
    assert dana.checklist is not None and bo.checklist is not None
    listed = [(i.number, i.requirement) for i in dana.checklist.items]
    assert listed == [(i.number, i.requirement) for i in bo.checklist.items]
    assert [r.term for _n, r in listed] == ["Java", "AWS"]
    assert (dana.checklist.total, dana.checklist.optional) == (2, 0)
    assert (bo.checklist.total, bo.checklist.optional) == (2, 0)
    # The profiles differ, so the states do: the list and its counts do not.
    assert [i.state for i in dana.checklist.items] == [State.SHOWN, State.NOT_FOUND]
    assert [i.state for i in bo.checklist.items] == [State.NOT_FOUND, State.SHOWN]


# --------------------------------------------------------------------------- (2) read once


def test_a_posting_not_read_yet_is_read_once_inside_the_first_request(
    worked_user, cloud_user, use_model
):
    model = use_model(WORKED_DRAFT)
    job = Job.objects.create(title="Java Engineer", company="N", description=WORKED_JOB_DESCRIPTION)
    first = explain(worked_user, job)
    assert first.outcome == Outcome.OK
    assert systems(model) == ["posting", "viewer"]
    assert rows() == [
        (POSTING_PROMPT_VERSION, Outcome.OK, None),  # the posting's row: no user
        (VIEWER_PROMPT_VERSION, Outcome.OK, worked_user.pk),
    ]
    assert PostingReading.objects.get().job_ref == str(job.pk)
    second = explain(cloud_user, job)
    assert second.outcome in (Outcome.OK, Outcome.NOTHING_VERIFIED)
    assert systems(model) == ["posting", "viewer", "viewer"]
    assert ExplanationLog.objects.count() == 3
    assert PostingReading.objects.count() == 1


# --------------------------------------------------------------------------- (3) the lease


def test_a_posting_being_read_elsewhere_is_posting_being_read_with_no_call(
    logged_in, worked_user, worked_job, use_model
):
    model = use_model(WORKED_DRAFT)
    PostingReading.objects.all().delete()  # not read yet, and another request reads it now
    job, _title = postings.posting_text(str(worked_job.pk))
    key = postings.lease_key(postings.text_hash(job), model.model_name)
    assert site_cache().add(key, 1, timeout=60)
    result = explain(worked_user, worked_job)
    assert result.outcome == Outcome.POSTING_BEING_READ
    assert result.retry_after == default_retry_after(Outcome.POSTING_BEING_READ) == 3
    assert model.prompts == []
    response = logged_in.post(reverse("explain:api-explain", args=[worked_job.pk]))
    assert response.status_code == 503
    assert response["Retry-After"] == "3"
    assert response.json()["outcome"] == Outcome.POSTING_BEING_READ
    assert model.prompts == []
    assert [r[1] for r in rows()] == [Outcome.POSTING_BEING_READ] * 2
    # The reading done and its lease freed, the next request is answered.
    site_cache().delete(key)
    assert explain(worked_user, worked_job).outcome == Outcome.OK
    assert systems(model) == ["posting", "viewer"]


def test_with_the_circuit_open_a_posting_not_read_yet_is_not_tried(worked_user, use_model):
    """The provider failing just now: no reading waits its timeout; a stored one still serves."""
    model = use_model(WORKED_DRAFT)
    job = Job.objects.create(title="Java Engineer", company="N", description=WORKED_JOB_DESCRIPTION)
    assert service.site_breaker().trip(retry_after=20)
    result = explain(worked_user, job)
    assert result.outcome == Outcome.CIRCUIT_OPEN and 1 <= result.retry_after <= 20
    assert model.prompts == [] and not PostingReading.objects.filter(job_ref=str(job.pk))


# --------------------------------------------------------------------------- (4) a failed reading


@pytest.mark.parametrize(
    ("error", "outcome"),
    [
        (ProviderError("http 500", unanswered=True, outage=True), Outcome.PROVIDER_ERROR),
        (ProviderTimeout("no answer", outage=True), Outcome.TIMEOUT),
    ],
    ids=["provider-error", "timeout"],
)
def test_a_failed_reading_is_the_viewers_outcome_stores_nothing_and_is_tried_again(
    worked_user, cloud_user, worked_job, use_model, error, outcome
):
    failing = {"on": True}

    def answer(prompt: ChatPrompt) -> str:
        if failing["on"] and prompt.system == POSTING_INSTRUCTION:
            raise error
        return json.dumps(WORKED_DRAFT)

    model = use_model(answer)
    PostingReading.objects.all().delete()  # read inside the request, which fails
    result = explain(worked_user, worked_job)
    assert result.outcome == outcome
    assert result.checklist is None
    assert systems(model) == ["posting"]  # no viewer's call after it
    assert PostingReading.objects.count() == 0
    assert rows() == [
        (POSTING_PROMPT_VERSION, outcome, None),
        (VIEWER_PROMPT_VERSION, outcome, worked_user.pk),
    ]
    assert not site_cache().get(
        postings.lease_key(postings.text_hash(result.job), model.model_name)
    )
    failing["on"] = False
    again = explain(cloud_user, worked_job)
    assert again.outcome in (Outcome.OK, Outcome.NOTHING_VERIFIED)
    assert systems(model) == ["posting", "posting", "viewer"]
    assert PostingReading.objects.count() == 1


# --------------------------------------------------------------------------- (5) an edited posting


def test_a_posting_edited_since_its_reading_is_read_again(worked_user, worked_job, use_model):
    model = use_model(WORKED_DRAFT)
    assert explain(worked_user, worked_job).outcome == Outcome.OK
    assert systems(model) == ["viewer"]  # read ahead
    worked_job.description += " Hybrid in Berlin."
    worked_job.save()
    edited = explain(worked_user, worked_job)
    assert edited.outcome == Outcome.OK
    assert systems(model) == ["viewer", "posting", "viewer"]
    assert edited.job is not None
    digest = postings.text_hash(edited.job)
    assert PostingReading.objects.filter(text_hash=digest).count() == 1
    assert PostingReading.objects.count() == 2  # the old text's reading is another row


# --------------------------------------------------------------------------- (6) no requirement


def test_a_reading_that_keeps_nothing_is_no_requirements_with_no_viewer_call(
    logged_in, worked_user, worked_job, use_model
):
    # The posting's call names only the job's location: not a requirement, removed.
    model = use_model(
        {"matches": [], "gaps": [{"term": "Berlin", "profileQuote": "", "jobQuote": "Berlin"}]}
    )
    assert PostingReading.objects.get().requirement_count == 0
    result = explain(worked_user, worked_job)
    assert result.outcome == Outcome.NO_REQUIREMENTS
    response = logged_in.post(reverse("explain:api-explain", args=[worked_job.pk]))
    assert response.status_code == 200
    data = response.json()
    assert data["outcome"] == Outcome.NO_REQUIREMENTS
    assert data["error"] == wording.error_message(Outcome.NO_REQUIREMENTS)
    assert data["matches"] == [] and data["gaps"] == []
    assert model.prompts == []


# --------------------------------------------------------------------------- (7) left out, unknown


def test_requirements_left_out_are_still_listed_and_unknown_or_repeated_ids_are_not_read(
    worked_user, worked_job, use_model
):
    java = "Java (Intermediate, 3 years)"
    answer = {
        "requirements": [
            {"id": 1, "profileQuote": java, "profileReading": "states"},
            {"id": 1, "profileQuote": "Backend developer", "profileReading": "states"},
            {"id": 7, "profileQuote": java, "profileReading": "states"},
            {"id": "R99", "profileQuote": java, "profileReading": "states"},
        ]
    }  # id 2 (AWS) is left out
    use_model(lambda prompt: json.dumps(answer))
    result = explain(worked_user, worked_job)
    assert result.outcome == Outcome.OK and result.checklist is not None
    items = result.checklist.items
    assert [(i.number, i.requirement.term, i.state) for i in items] == [
        (1, "Java", State.SHOWN),
        (2, "AWS", State.NOT_FOUND),
    ]
    assert items[0].point is not None and items[0].point.profile_quote == java
    # The repeat and the two unknown ids: never read, counted as unchecked evidence.
    assert result.checklist.verification.unchecked == 3
    assert result.checklist.verification.dropped == 0
    row = ExplanationLog.objects.get()
    assert (row.unchecked, row.dropped, row.requirements_unchecked) == (3, 0, 0)


# --------------------------------------------------------------------------- (8) the row's counts

STATES_JOB = {
    "title": "Platform Engineer",
    "company": "Contoso",
    "description": "Build secure Java APIs.",
    "requirements": "- AWS\n- Terraform is a plus\n- Kubernetes in production",
}
STATES_DRAFT = {
    "matches": [WORKED_DRAFT["matches"][0]],
    "gaps": [
        {"term": term, "profileQuote": "", "jobQuote": quote}
        for term, quote in (
            ("AWS", "AWS"),
            ("Terraform", "Terraform is a plus"),
            ("Kubernetes", "Kubernetes in production"),
        )
    ],
}


def test_the_log_rows_requirement_counts_are_the_checklists(make_user, use_model):
    job = Job.objects.create(**STATES_JOB)
    use_model(STATES_DRAFT)
    user = make_user(
        "kim",
        headline="Backend developer",
        skills="Java (Intermediate, 3 years), Terraform",
        experience="No Kubernetes yet.",
    )
    result = explain(user, job)
    assert result.outcome == Outcome.OK and result.checklist is not None
    checklist = result.checklist
    # Every state once, and one optional requirement: each count below can be wrong.
    assert [i.state for i in checklist.items] == [
        State.SHOWN,
        State.NOT_FOUND,
        State.UNCHECKED,
        State.NOT_YET,
    ]
    row = ExplanationLog.objects.get(pk=result.log_id)
    assert row.prompt_version == VIEWER_PROMPT_VERSION
    assert (
        (row.requirements_total, row.requirements_optional)
        == (
            checklist.total,
            checklist.optional,
        )
        == (4, 1)
    )
    assert {state: getattr(row, f"requirements_{state.value}") for state in State} == {
        state: checklist.count(state) for state in State
    }
    assert checklist.counts == {"shown": 1, "not_found": 1, "not_yet": 1, "unchecked": 1}
