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

from explain.core.viewer_prompt import VIEWER_PROMPT_VERSION
from explain.models import ExplanationLog, PostingReading
from explain.outcomes import Outcome
from jobportal.models import Job
from support.fake_gemini import FakeGeminiServer
from tests.conftest import WORKED_DRAFT, WORKED_JOB_DESCRIPTION, clear_cache
from tests.fakes.fixtures import CANARY_KEY

pytestmark = pytest.mark.django_db

# The viewer's call: the title, the posting's requirements, then the profile. The
# posting's own call (once per posting text): the posting, nothing else.
VIEWER_HEADING = "JOB TITLE: "
PROFILE_HEADING = "\nCANDIDATE PROFILE:\n"
POSTING_HEADING = "JOB POSTING:\n"


def api_url(job: Any) -> str:
    return reverse("explain:api-explain", args=[job.pk])


def user_texts(server: FakeGeminiServer, heading: str) -> list[str]:
    """The user message of every request that starts with this heading, in order."""
    texts = [r.body["contents"][0]["parts"][0]["text"] for r in server.requests]
    return [text for text in texts if text.startswith(heading)]


def sent_profile(server: FakeGeminiServer) -> str:
    """The profile text exactly as the last viewer's call carried it."""
    _listed, profile = user_texts(server, VIEWER_HEADING)[-1].split(PROFILE_HEADING)
    return profile


def sent_texts(server: FakeGeminiServer) -> tuple[str, str]:
    """(profile text, job text) exactly as the last viewer's call and the last posting
    call carried them."""
    return sent_profile(server), user_texts(server, POSTING_HEADING)[-1][len(POSTING_HEADING) :]


def read_in_the_request() -> None:
    """Forget the readings stored ahead, so the request reads its posting through the
    fake provider: the posting's call is one more request whose bytes are checked."""
    PostingReading.objects.all().delete()


def viewer_row() -> ExplanationLog:
    return ExplanationLog.objects.get(prompt_version=VIEWER_PROMPT_VERSION)


def claim(point: str, profile_quote: str, job_quote: str, term: str) -> dict[str, str]:
    return {"point": point, "term": term, "profileQuote": profile_quote, "jobQuote": job_quote}


def outcomes() -> list[str]:
    """The viewers' rows (a posting read inside a request writes a row of its own)."""
    viewers = ExplanationLog.objects.filter(prompt_version=VIEWER_PROMPT_VERSION)
    return list(viewers.order_by("id").values_list("outcome", flat=True))


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
    read_in_the_request()
    assert logged_in.post(api_url(worked_job)).status_code == 200

    assert len(server.requests) == 2  # the posting's reading, then the viewer's call
    for request in server.requests:
        sent = request.raw_body.decode("utf-8") + json.dumps(request.body, ensure_ascii=False)
        for private in PRIVATE_VALUES + TYPED_CONTACTS:
            assert private not in sent, f"{private!r} reached the provider"
        # The key rides in its header, never in what the model reads.
        assert CANARY_KEY not in sent
    # The profile goes to the viewer's call only, the posting to its own call only.
    [posting] = user_texts(server, POSTING_HEADING)
    assert "Backend developer" not in posting and "Kotlin" not in posting
    [viewer] = user_texts(server, VIEWER_HEADING)
    assert viewer.startswith(
        "JOB TITLE: Java Engineer\nREQUIREMENTS:\n"
        "1. Build secure [Java] APIs\n2. deploy services on [AWS]\nCANDIDATE PROFILE:\n"
    )

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
                claim("Contact.", "dana.leak@example.com", "deploy services on AWS", "AWS"),
            ],
            "gaps": [],
        }
    )
    read_in_the_request()  # the posting's requirements are this draft's: APIs, AWS
    data = logged_in.post(api_url(worked_job)).json()
    assert data["outcome"] == "ok"
    assert [m["profile_quote"] for m in data["matches"]] == ["Built payment APIs in Kotlin"]
    assert [g["term"] for g in data["gaps"]] == ["AWS"]
    assert data["dropped"] == 1
    assert data["drop_reasons"] == {"profile_quote_not_found": 1}
    # Offsets point into the scrubbed text that was sent, not the database field.
    profile, _job = sent_texts(server)
    span = data["matches"][0]["profile_span"]
    assert profile[span["start"] : span["end"]] == "Built payment APIs in Kotlin"
    assert private_profile.experience.find("Built payment") != span["field_start"]
    row = viewer_row()
    assert (row.kept_matches, row.kept_gaps, row.dropped) == (1, 1, 1)


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


PAYMENT_APIS = {
    "point": "Payment APIs.",
    "term": "APIs",
    "profileQuote": "Built payment APIs for eight",
    "jobQuote": "Build secure Java APIs",
}


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
                PAYMENT_APIS,
                claim("A bank.", "eight years at a bank", "Build secure Java APIs", "APIs"),
            ],
            "gaps": [
                claim("AWS is not shown in your profile.", "", "deploy services on AWS", "AWS"),
                claim("Berlin is not shown in your profile.", "", "Berlin", "Berlin"),
            ],
        }
    )
    read_in_the_request()  # the posting's requirements are read from this draft
    data = logged_in.post(api_url(worked_job)).json()

    sent_profile, sent_job = sent_texts(server)
    assert (sent_profile, sent_job) == (CAPPED_PROFILE, CAPPED_JOB)
    assert len(sent_profile) <= 128 and len(sent_job) <= 128
    assert data["outcome"] == "ok"
    assert [m["profile_quote"] for m in data["matches"]] == ["Built payment APIs for eight"]
    # "Berlin" is sent, but in the job's location: where the job is, not a requirement.
    assert data["gaps"] == []
    # The posting's reading: "deploy" was cut, Berlin is where the job is, and the
    # second APIs claim is the same requirement again.
    reading = PostingReading.objects.get()
    assert [r["term"] for r in reading.requirements] == ["APIs"]
    assert reading.removed_reasons == {
        "quote_after_cut": 1,
        "job_quote_not_requirement": 1,
        "duplicate": 1,
    }
    assert data["cut_notices"] == [
        "Only the first 11 of 15 words of this posting were compared.",
        "Only the first 15 of 19 words of your profile were compared.",
    ]
    row = viewer_row()
    assert (row.job_words_sent, row.job_words_total) == (11, 15)
    assert (row.profile_words_sent, row.profile_words_total) == (15, 19)

    # In the database, but past the cut: never sent, so never proven, and dropped with
    # its own reason, never "not in your profile".
    server.reply_with_draft(
        {"matches": [claim("A bank.", "eight years at a bank", "Build secure Java APIs", "APIs")]}
    )
    clear_cache(caches["default"])  # a new rate-limit window, and no cached answer
    again = logged_in.post(api_url(worked_job)).json()
    assert again["outcome"] == "nothing_verified"
    assert again["gaps"] == [] and again["matches"] == []
    last = ExplanationLog.objects.filter(prompt_version=VIEWER_PROMPT_VERSION).latest("id")
    assert (last.outcome, last.drop_reasons) == ("nothing_verified", {"quote_after_cut": 1})


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
    # Read ahead with the others: its request is refused before any viewer's call.
    third = Job.objects.create(title="SRE", company="Fabrikam", description=WORKED_JOB_DESCRIPTION)
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
    assert (cached.kept_matches, cached.kept_gaps, cached.dropped) == (1, 1, 0)
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
    clear_cache(caches["default"])  # a new rate-limit window; the explanations survive

    response = logged_in.post(api_url(worked_job))
    assert response.status_code == 200 and response.json()["outcome"] == "ok"
    assert len(server.requests) == 2
    assert "Headline: Backend developer, payments\n" in sent_profile(server)

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
    clear_cache(caches["default"])  # a new rate-limit window (no explanation was cached)
    server.reply_with_draft(WORKED_DRAFT)
    assert logged_in.post(api_url(worked_job)).json()["outcome"] == "ok"
    assert len(server.requests) == 2
