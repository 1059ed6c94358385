"""What leaves the server, and what is not sent twice: the real SDK against the fake.

The fake Gemini server records the request exactly as google-genai sent it, so these
tests check the bytes that would have gone to Google, not our own idea of them.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.core.cache import caches
from django.urls import reverse

from explain.models import ExplanationLog
from explain.outcomes import Outcome
from jobportal.models import Job
from support.fake_gemini import FakeGeminiServer
from tests.conftest import WORKED_DRAFT
from tests.fakes.fixtures import CANARY_KEY

pytestmark = pytest.mark.django_db

PROFILE_HEADING = "CANDIDATE PROFILE:\n"
JOB_HEADING = "\n\nJOB POSTING:\n"


def api_url(job: Any) -> str:
    return reverse("explain:api-explain", args=[job.pk])


def sent_texts(server: FakeGeminiServer) -> tuple[str, str]:
    """(profile text, job text) exactly as the last request carried them."""
    user = server.last.body["contents"][0]["parts"][0]["text"]
    assert user.startswith(PROFILE_HEADING)
    profile, job = user[len(PROFILE_HEADING) :].split(JOB_HEADING)
    return profile, job


def claim(point: str, profile_quote: str, job_quote: str, term: str) -> dict[str, str]:
    return {"point": point, "term": term, "profileQuote": profile_quote, "jobQuote": job_quote}


def outcomes() -> list[str]:
    return list(ExplanationLog.objects.order_by("id").values_list("outcome", flat=True))


# --- privacy ---------------------------------------------------------------------------

PRIVATE_VALUES = (
    "Dana Q. Private",  # full name
    "dana.private@example.org",  # e-mail
    "+44 20 7946 0000",  # phone
    "7946 0000",
    "987654",  # salary expectation
    "dana-private-cv",  # resume file name
    "resumes/",
)
TYPED_CONTACTS = (
    "dana.leak@example.com",
    "+49 30 1234 5678",
    "1234 5678",
    "https://dana.example/cv",
    "dana.example",
    "www.dana-builds.dev",
    "020 7946 0018",
)


@pytest.fixture
def private_profile(worked_user: Any) -> Any:
    profile = worked_user.candidate_profile
    profile.desired_role = "Staff engineer"
    profile.experience = (
        "Reach me at dana.leak@example.com or +49 30 1234 5678, see https://dana.example/cv "
        "for more. Built payment APIs in Kotlin."
    )
    profile.work_preferences = "Remote first; portfolio at www.dana-builds.dev, call 020 7946 0018"
    profile.resume.name = "resumes/dana-private-cv.pdf"
    profile.save()
    return profile


def test_only_matching_fields_leave_the_server_and_contacts_arrive_scrubbed(
    logged_in, private_profile, worked_job, use_gemini
):
    server = use_gemini()
    server.reply_with_draft(WORKED_DRAFT)
    assert logged_in.post(api_url(worked_job)).status_code == 200

    request = server.last
    sent = request.raw_body.decode("utf-8") + json.dumps(request.body, ensure_ascii=False)
    for private in PRIVATE_VALUES + TYPED_CONTACTS:
        assert private not in sent, f"{private!r} reached the provider"
    # The key rides in its header, never in what the model reads.
    assert CANARY_KEY not in sent

    profile, job = sent_texts(server)
    assert profile == (
        "Headline: Backend developer\n"
        "Desired role: Staff engineer\n"
        "Skills: Java (Intermediate, 3 years)\n"
        "Experience: Reach me at [removed] or [removed], see [removed] for more. "
        "Built payment APIs in Kotlin.\n"
        "Work preferences: Remote first; portfolio at [removed] call [removed]"
    )
    assert job == (
        "Job title: Java Engineer\nCompany: Northwind Systems\nLocation: Berlin\n"
        "Remote: Hybrid\nDescription: Build secure Java APIs and deploy services on AWS."
    )


def test_quotes_are_verified_against_the_scrubbed_text(
    logged_in, private_profile, worked_job, use_gemini
):
    server = use_gemini()
    server.reply_with_draft(
        {
            "matches": [
                claim(
                    "Payment APIs.",
                    "Built payment APIs in Kotlin",
                    "Build secure Java APIs",
                    "APIs",
                ),
                # The raw database value: true of the profile, but never sent, so unproven.
                claim("Contact.", "dana.leak@example.com", "Build secure Java APIs", "APIs"),
                claim(
                    "Portfolio.", "see https://dana.example/cv for more", "secure Java APIs", "APIs"
                ),
            ],
            "gaps": [
                claim("AWS is not shown in your profile.", "", "deploy services on AWS", "AWS")
            ],
        }
    )
    data = logged_in.post(api_url(worked_job)).json()
    assert data["outcome"] == "ok"
    assert [m["profile_quote"] for m in data["matches"]] == ["Built payment APIs in Kotlin"]
    assert data["dropped"] == 2
    assert data["drop_reasons"] == {"profile_quote_not_found": 2}
    # Offsets point into the scrubbed text that was sent, not the database field.
    profile, _job = sent_texts(server)
    span = data["matches"][0]["profile_span"]
    assert profile[span["start"] : span["end"]] == "Built payment APIs in Kotlin"
    assert private_profile.experience.find("Built payment") != span["field_start"]
    row = ExplanationLog.objects.get()
    assert (row.kept_matches, row.kept_gaps, row.dropped) == (1, 1, 2)


# The room is shared per field: the headline whole, skills and experience each cut at a
# word boundary, so no field is dropped whole.
CAPPED_PROFILE = (
    "Headline: Backend developer\n"
    "Skills: Java (Intermediate, 3 years), Kotlin,\n"
    "Experience: Built payment APIs for eight years at a"
)
CAPPED_JOB = (
    "Job title: Java Engineer\nCompany: Northwind Systems\nLocation: Berlin\n"
    "Remote: Hybrid\nDescription: Build secure Java APIs and"  # "deploy" would not fit
)


def test_each_text_is_capped_at_a_word_boundary_and_the_cut_text_is_verified(
    logged_in, worked_user, worked_job, use_gemini, settings
):
    settings.EXPLAIN_MAX_TEXT_CHARS = 128  # a naive cut would end in "ye" and "depl"
    profile = worked_user.candidate_profile
    profile.skills = "Java (Intermediate, 3 years), Kotlin, PostgreSQL"
    profile.experience = "Built payment APIs for eight years at a bank in Leeds"
    profile.save()
    server = use_gemini()
    server.reply_with_draft(
        {
            "matches": [
                claim(
                    "Payment APIs.",
                    "Built payment APIs for eight",
                    "Build secure Java APIs",
                    "APIs",
                ),
                # In the database, but past the cut: never sent, so never proven, and
                # dropped with its own reason, never "not in your profile".
                claim("A bank.", "eight years at a bank", "Build secure Java APIs", "APIs"),
            ],
            "gaps": [
                claim("AWS is not shown in your profile.", "", "deploy services on AWS", "AWS"),
                claim("Berlin is not shown in your profile.", "", "Berlin", "Berlin"),
            ],
        }
    )
    data = logged_in.post(api_url(worked_job)).json()

    sent_profile, sent_job = sent_texts(server)
    assert (sent_profile, sent_job) == (CAPPED_PROFILE, CAPPED_JOB)
    assert len(sent_profile) <= 128 and len(sent_job) <= 128
    assert data["outcome"] == "ok"
    assert [m["profile_quote"] for m in data["matches"]] == ["Built payment APIs for eight"]
    # "Berlin" is sent, but in the job's location: where the job is, not a requirement.
    assert data["gaps"] == []
    assert data["drop_reasons"] == {"quote_after_cut": 2, "job_quote_not_requirement": 1}
    assert data["cut_notices"] == [
        "Only the first 11 of 15 words of this posting were compared.",
        "Only the first 15 of 19 words of your profile were compared.",
    ]
    assert any("too long to compare" in line["text"] for line in data["drop_reason_lines"])
    row = ExplanationLog.objects.get()
    assert (row.job_words_sent, row.job_words_total) == (11, 15)
    assert (row.profile_words_sent, row.profile_words_total) == (15, 19)


# --- the explanation cache ---------------------------------------------------------------


def test_a_second_click_on_an_unchanged_pair_is_served_from_the_cache(
    logged_in, worked_job, use_gemini, settings
):
    # Two model calls per window: if cached answers counted against the limit, the
    # fresh call after them would be refused.
    settings.EXPLAIN_RATE = "2/30s"
    other_job = Job.objects.create(
        title="Platform Engineer", company="Contoso", description="Build secure Java APIs."
    )
    server = use_gemini()
    server.reply_with_draft(WORKED_DRAFT)

    first = logged_in.post(api_url(worked_job))
    assert first.status_code == 200 and first.json()["outcome"] == "ok"
    assert len(server.requests) == 1

    for _ in range(3):
        again = logged_in.post(api_url(worked_job))
        assert again.status_code == 200
        assert again.json()["outcome"] == "cached"
        assert again.json()["matches"] == first.json()["matches"]
        assert again.json()["gaps"] == first.json()["gaps"]
    assert len(server.requests) == 1, "a cached answer must not call the model"

    assert logged_in.post(api_url(other_job)).status_code == 200  # the 2nd call of 2
    assert len(server.requests) == 2
    refused = logged_in.post(reverse("explain:api-explain", args=[other_job.pk + 1000]))
    assert refused.status_code == 404  # not a model call: no allowance needed
    third = Job.objects.create(title="SRE", company="Fabrikam", description="Run Java APIs.")
    assert logged_in.post(api_url(third)).status_code == 429  # now the window is used up
    assert len(server.requests) == 2

    assert outcomes() == [
        Outcome.OK,
        Outcome.CACHED,
        Outcome.CACHED,
        Outcome.CACHED,
        Outcome.OK,
        Outcome.JOB_UNAVAILABLE,
        Outcome.RATE_LIMITED,
    ]
    cached = ExplanationLog.objects.filter(outcome=Outcome.CACHED).first()
    assert cached is not None
    assert (cached.kept_matches, cached.kept_gaps, cached.dropped) == (1, 1, 1)
    assert cached.model_name == "gemini-test-model"
    assert cached.total_tokens is None  # nothing was spent


def test_editing_the_profile_makes_the_next_click_call_the_model(
    logged_in, worked_user, worked_job, use_gemini, settings
):
    # The rate-limit window lives in the "default" cache (django-ratelimit's cache);
    # the explanation cache gets an alias of its own here, so clearing "default" opens
    # a new window for this user without forgetting any cached explanation. Whatever
    # happens after the edit is then down to the cache key alone.
    settings.CACHES = {
        **settings.CACHES,
        "explanations": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "explanations-under-test",
        },
    }
    settings.EXPLAIN_CACHE_ALIAS = "explanations"
    server = use_gemini()
    server.reply_with_draft(WORKED_DRAFT)

    assert logged_in.post(api_url(worked_job)).json()["outcome"] == "ok"
    assert logged_in.post(api_url(worked_job)).json()["outcome"] == "cached"
    assert len(server.requests) == 1

    profile = worked_user.candidate_profile
    original_headline = profile.headline
    profile.headline = "Backend developer, payments"
    profile.save()
    caches["default"].clear()  # a new rate-limit window; the explanations survive

    response = logged_in.post(api_url(worked_job))
    assert response.status_code == 200 and response.json()["outcome"] == "ok"
    assert len(server.requests) == 2
    assert "Headline: Backend developer, payments\n" in sent_texts(server)[0]

    # Back to the old text: the old explanation is still cached, and served.
    profile.headline = original_headline
    profile.save()
    assert logged_in.post(api_url(worked_job)).json()["outcome"] == "cached"
    assert len(server.requests) == 2
    assert outcomes() == [Outcome.OK, Outcome.CACHED, Outcome.OK, Outcome.CACHED]


def test_a_failed_call_is_not_cached(logged_in, worked_job, use_gemini):
    server = use_gemini()
    server.reply_with_error(503)
    assert logged_in.post(api_url(worked_job)).status_code == 502
    caches["default"].clear()  # a new rate-limit window (no explanation was cached)
    server.reply_with_draft(WORKED_DRAFT)
    assert logged_in.post(api_url(worked_job)).json()["outcome"] == "ok"
    assert len(server.requests) == 2
