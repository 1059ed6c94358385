"""The explanation pipeline through the page view and the API, with fake models."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from django.core.cache import cache
from django.urls import reverse

from explain.llm.local_matcher import MATCHER_MODEL_NAME
from explain.models import ExplanationLog
from explain.outcomes import Outcome
from tests.conftest import WORKED_DRAFT, clear_cache

pytestmark = pytest.mark.django_db

# The worked posting's requirements are Java and AWS. The model's profile quote for AWS
# is invented (the profile does not hold it): removed, and AWS is then not found.
INVENTED_AWS = {
    "point": "You have run AWS for years.",
    "term": "AWS",
    "profileQuote": "AWS (5 years)",
    "jobQuote": "deploy services on AWS",
}
WORKED_WITH_INVENTED = {"matches": [WORKED_DRAFT["matches"][0], INVENTED_AWS], "gaps": []}
# The posting's one requirement (Java) with an invented profile quote: removed, and the
# profile names Java, so code cannot call it "not found" either: nothing is kept.
NOTHING_VERIFIED = {
    "matches": [
        {"term": "Java", "profileQuote": "Java for ten years", "jobQuote": "Build secure Java APIs"}
    ],
    "gaps": [],
}


def page_url(job: Any) -> str:
    return reverse("explain:explain-job", args=[job.pk])


def api_url(job: Any) -> str:
    return reverse("explain:api-explain", args=[job.pk])


def test_worked_example_through_the_page(logged_in, worked_job, use_model):
    model = use_model(WORKED_WITH_INVENTED)
    response = logged_in.post(page_url(worked_job))
    assert response.status_code == 200
    body = response.content.decode()
    # Each quote, its term marked.
    assert '<mark class="explain-term">Java</mark> (Intermediate, 3 years)</q>' in body
    assert "Build secure Java APIs" in body
    assert "deploy services on AWS" in body
    assert "We removed 1 point the AI suggested: it did not pass our checks." in body
    assert "5 years" not in body
    assert "not found in your profile" in body
    # Exactly what the model saw, and nothing else: the posting's requirements, not the
    # posting again, and the profile.
    [prompt] = model.prompts
    assert prompt.user == (
        "JOB TITLE: Java Engineer\nREQUIREMENTS:\n"
        "1. Build secure [Java] APIs\n2. deploy services on [AWS]\n"
        "CANDIDATE PROFILE:\nHeadline: Backend developer\nSkills: Java (Intermediate, 3 years)"
    )
    row = ExplanationLog.objects.get()
    assert (row.outcome, row.kept_matches, row.kept_gaps, row.dropped) == ("ok", 1, 1, 1)
    assert row.drop_reasons == {"profile_quote_not_found": 1}
    assert row.model_name == "fake-model"


def test_worked_example_through_the_api(logged_in, worked_job, use_model):
    use_model(WORKED_WITH_INVENTED)
    data = logged_in.post(api_url(worked_job)).json()
    assert data["outcome"] == "ok"
    assert [m["profile_quote"] for m in data["matches"]] == ["Java (Intermediate, 3 years)"]
    assert [g["job_quote"] for g in data["gaps"]] == ["deploy services on AWS"]
    assert data["dropped"] == 1
    assert data["notice"] == "We removed 1 point the AI suggested: it did not pass our checks."
    span = data["matches"][0]["job_span"]
    assert span["field"] == "description"
    assert (
        worked_job.description[span["field_start"] : span["field_end"]] == "Build secure Java APIs"
    )


def test_a_quote_missing_a_word_is_dropped(logged_in, worked_job, use_model):
    draft = {
        "matches": [
            {
                "point": "Java.",
                "term": "Java",
                "profileQuote": "Java (3 years)",
                "jobQuote": "Build secure Java APIs",
            }
        ],
        "gaps": [
            {
                "point": "AWS",
                "term": "AWS",
                "profileQuote": "",
                "jobQuote": "deploy services on AWS",
            }
        ],
    }
    use_model(draft)
    data = logged_in.post(api_url(worked_job)).json()
    assert data["matches"] == []
    assert data["dropped"] == 1
    assert data["drop_reasons"] == {"profile_quote_not_found": 1}


def test_all_verified_notice(logged_in, worked_job, use_model):
    use_model({"matches": WORKED_DRAFT["matches"][:1], "gaps": WORKED_DRAFT["gaps"]})
    data = logged_in.post(api_url(worked_job)).json()
    assert data["notice"] == "Every point below quotes your profile or this job."


def test_plural_notice(logged_in, worked_job, use_model):
    bad = {"term": "Java", "profileQuote": "Java (9 years)", "jobQuote": "Build secure Java APIs"}
    use_model({"matches": [bad, INVENTED_AWS], "gaps": []})
    data = logged_in.post(api_url(worked_job)).json()
    assert data["notice"] == "We removed 2 points the AI suggested: they did not pass our checks."


def test_private_fields_never_reach_the_prompt(logged_in, worked_user, worked_job, use_model):
    profile = worked_user.candidate_profile
    profile.experience = (
        "Reach me at dana.leak@example.com or +49 30 1234 5678, see https://dana.example/cv"
    )
    profile.resume.name = "resumes/dana-private-cv.pdf"
    profile.save()
    model = use_model(WORKED_DRAFT)
    logged_in.post(api_url(worked_job))
    prompt = model.prompts[0]
    sent = prompt.system + prompt.user
    for private in (
        "Dana Q. Private",
        "dana.private@example.org",
        "+44 20 7946 0000",
        "987654",
        "dana-private-cv",
        "dana.leak@example.com",
        "1234 5678",
        "https://dana.example/cv",
    ):
        assert private not in sent
    assert "Experience: Reach me at [removed] or [removed], see [removed]" in sent


def test_provider_error_with_a_key_in_its_message_stays_hidden(
    logged_in, worked_job, use_model, caplog
):
    canary = "AIzaSy-CANARY-KEY-0123456789"

    def failing(prompt):
        raise RuntimeError(f"403 Forbidden: API key {canary} is not valid")

    use_model(failing)
    caplog.set_level(logging.DEBUG)
    response = logged_in.post(api_url(worked_job))
    assert response.status_code == 502
    assert canary not in response.content.decode()
    assert response.json()["error"].startswith("The explanation service is not responding")
    assert canary not in caplog.text
    assert all(canary not in str(r.__dict__) for r in caplog.records)
    page = logged_in.post(page_url(worked_job))
    assert canary not in page.content.decode()
    outcomes = list(ExplanationLog.objects.order_by("id").values_list("outcome", flat=True))
    assert outcomes == [Outcome.PROVIDER_ERROR, Outcome.RATE_LIMITED]


def test_nothing_verified_is_an_error_not_an_empty_list(logged_in, worked_job, use_model):
    use_model(NOTHING_VERIFIED)
    response = logged_in.post(api_url(worked_job))
    data = response.json()
    assert response.status_code == 502
    assert data["outcome"] == "nothing_verified"
    assert data["matches"] == [] and data["gaps"] == []
    assert "could not find an explanation" in data["error"]
    clear_cache(cache)  # a new window, so the page path makes its own call
    page = logged_in.post(page_url(worked_job))
    assert "could not find an explanation" in page.content.decode()
    assert "Where your profile meets this job" not in page.content.decode()
    rows = list(ExplanationLog.objects.order_by("id").values_list("outcome", "dropped"))
    assert rows == [("nothing_verified", 1), ("nothing_verified", 1)]


def test_no_key_the_site_works_and_the_panel_says_unavailable(logged_in, worked_job):
    page = logged_in.get(worked_job.get_absolute_url())
    assert page.status_code == 200
    assert "Explanations are not available on this site right now." in page.content.decode()
    assert "data-explain-button" not in page.content.decode()
    response = logged_in.post(api_url(worked_job))
    assert response.status_code == 503
    assert ExplanationLog.objects.get().outcome == Outcome.DISABLED
    assert logged_in.get(reverse("job-list")).status_code == 200


def test_second_request_within_the_window_is_429(logged_in, worked_job, use_model, make_user):
    from jobportal.models import Job

    other = Job.objects.create(title="Other", company="X", description="Build secure Java APIs.")
    model = use_model(WORKED_DRAFT)
    assert logged_in.post(api_url(worked_job)).status_code == 200
    response = logged_in.post(api_url(other))
    assert response.status_code == 429
    seconds = int(response["Retry-After"])
    assert 1 <= seconds <= 30
    assert response.json()["error"].endswith(
        f"Try again in {seconds} second{'s' if seconds != 1 else ''}."
    )
    page = logged_in.post(page_url(other))
    assert page.status_code == 429
    assert "Try again in" in page.content.decode()
    assert len(model.prompts) == 1
    # Another user has their own allowance.
    logged_in.force_login(make_user("sam", skills="Java (Intermediate, 3 years)"))
    assert logged_in.post(api_url(other)).status_code == 200


def test_cached_answer_costs_no_call_and_no_allowance(
    logged_in, worked_user, worked_job, use_model
):
    model = use_model(WORKED_DRAFT)
    assert logged_in.post(api_url(worked_job)).json()["outcome"] == "ok"
    again = logged_in.post(api_url(worked_job))
    assert again.status_code == 200 and again.json()["outcome"] == "cached"
    assert len(model.prompts) == 1
    profile = worked_user.candidate_profile
    profile.headline = "Backend developer, Java"
    profile.save()
    # Changed text: a new model call is needed, and the window is still used up.
    assert logged_in.post(api_url(worked_job)).status_code == 429


def test_anonymous_is_sent_to_log_in(client, worked_job, use_model):
    use_model(WORKED_DRAFT)
    response = client.post(page_url(worked_job))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    assert client.post(api_url(worked_job)).status_code in {401, 403}
    assert ExplanationLog.objects.count() == 0


def test_get_is_not_allowed(logged_in, worked_job, use_model):
    use_model(WORKED_DRAFT)
    assert logged_in.get(page_url(worked_job)).status_code == 405
    assert logged_in.get(api_url(worked_job)).status_code == 405


def test_no_profile_gets_a_clear_message_and_no_call(client, make_user, worked_job, use_model):
    model = use_model(WORKED_DRAFT)
    client.force_login(make_user("empty", headline="   "))
    response = client.post(api_url(worked_job))
    assert response.status_code == 422
    assert "Add your skills" in response.json()["error"]
    assert model.prompts == []
    assert ExplanationLog.objects.get().outcome == Outcome.NO_PROFILE


@pytest.mark.parametrize("job_id", ["999999", "abc", "-1"])
def test_missing_job_is_404(logged_in, use_model, job_id):
    use_model(WORKED_DRAFT)
    response = logged_in.post(reverse("explain:api-explain", args=[job_id]))
    assert response.status_code == 404
    assert ExplanationLog.objects.get().outcome == Outcome.JOB_UNAVAILABLE


def test_unpublished_job_is_404(logged_in, worked_job, use_model):
    model = use_model(WORKED_DRAFT)  # read ahead while it was still published
    worked_job.published = False
    worked_job.save()
    assert logged_in.post(api_url(worked_job)).status_code == 404
    assert model.prompts == []


@pytest.mark.parametrize(
    ("answer", "status", "outcome"),
    [
        (WORKED_DRAFT, 200, "ok"),
        ("not json at all", 502, "invalid_response"),
        # Not the viewer's schema (the posting was read ahead from the worked draft).
        (lambda prompt: '{"requirements": "nope"}', 502, "invalid_response"),
        (NOTHING_VERIFIED, 502, "nothing_verified"),
        # A posting with no requirement: a plain message, and no viewer's call.
        ({"matches": [], "gaps": []}, 200, "no_requirements"),
    ],
)
def test_every_request_writes_exactly_one_row(
    logged_in, worked_job, use_model, answer, status, outcome
):
    use_model(answer)
    response = logged_in.post(api_url(worked_job))
    assert response.status_code == status
    row = ExplanationLog.objects.get()
    assert row.outcome == outcome
    assert row.prompt_version
    assert row.user_id is not None
    assert row.job_ref == str(worked_job.pk)


def test_log_rows_survive_user_deletion_and_hold_no_text(
    logged_in, worked_user, worked_job, use_model
):
    use_model(WORKED_DRAFT)
    logged_in.post(api_url(worked_job))
    worked_user.delete()
    row = ExplanationLog.objects.get()
    assert row.user_id is None
    stored = " ".join(str(v) for v in ExplanationLog.objects.values().get().values())
    for text in ("Java (Intermediate", "Build secure", "AWS", "Backend developer"):
        assert text not in stored


def test_demo_mode_answers_from_recordings_and_says_so(logged_in, worked_job, settings):
    settings.EXPLAIN_DEMO_MODE = True
    page = logged_in.get(worked_job.get_absolute_url()).content.decode()
    assert "Demo mode:" in page
    data = logged_in.post(api_url(worked_job)).json()
    assert data["demo"] is True
    assert data["outcome"] == "ok"
    # The recorded posting's requirements, checked against this profile by the local
    # matcher (no model call): Java shown, AWS not found, nothing the checks removed.
    assert [m["profile_quote"] for m in data["matches"]] == ["Java (Intermediate, 3 years)"]
    assert [g["term"] for g in data["gaps"]] == ["AWS"]
    assert data["dropped"] == 0
    row = ExplanationLog.objects.get()
    assert (row.model_name, row.requirements_total) == (MATCHER_MODEL_NAME, 2)


def test_disguised_contact_details_are_scrubbed_before_sending(
    logged_in, worked_user, worked_job, use_model
):
    profile = worked_user.candidate_profile
    profile.experience = (
        "Write to ｊａｎｅ＠ｅｘａｍｐｌｅ．ｃｏｍ or jane\u200b@example.com, "
        "or visit NORTHWIND-JOBS.COM"
    )
    profile.save()
    model = use_model(WORKED_DRAFT)
    logged_in.post(api_url(worked_job))
    sent = model.prompts[0].user
    assert "Experience: Write to [removed] or [removed], or visit [removed]" in sent
    for leaked in ("ｊａｎｅ", "jane", "example", "NORTHWIND-JOBS"):
        assert leaked not in sent


def test_token_counts_of_an_unusable_answer_are_logged(logged_in, worked_job, use_model):
    from explain.llm.client import TokenUsage
    from explain.llm.errors import BlockedResponse

    def refused(prompt):
        raise BlockedResponse("answer blocked", usage=TokenUsage(10, 0, 3, 13))

    use_model(refused)
    assert logged_in.post(api_url(worked_job)).status_code == 502
    row = ExplanationLog.objects.get()
    assert (row.outcome, row.prompt_tokens, row.thoughts_tokens, row.total_tokens) == (
        "blocked",
        10,
        3,
        13,
    )


def test_the_window_reopens_after_retry_after(logged_in, worked_job, use_model, rate_clock):
    from jobportal.models import Job

    other = Job.objects.create(title="Other", company="X", description="Build secure Java APIs.")
    model = use_model(WORKED_DRAFT)
    assert logged_in.post(api_url(worked_job)).status_code == 200
    limited = logged_in.post(api_url(other))
    assert limited.status_code == 429
    rate_clock.advance(int(limited["Retry-After"]) - 1)
    assert logged_in.post(api_url(other)).status_code == 429
    rate_clock.advance(1)
    assert logged_in.post(api_url(other)).status_code == 200
    assert len(model.prompts) == 2
