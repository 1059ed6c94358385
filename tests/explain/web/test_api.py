"""The JSON API (Django REST framework): auth, CSRF, shape, schema, limits, feedback."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from explain.models import ExplanationLog, FeedbackReport
from explain.outcomes import Outcome
from explain.services import postings
from explain.web.serializers import (
    ExplanationSerializer,
    PointSerializer,
    ReasonLineSerializer,
    SpanSerializer,
)
from jobportal.models import Job
from tests.conftest import WORKED_DRAFT

pytestmark = pytest.mark.django_db

POINT_KEYS = {
    "index",
    "kind",
    "point",
    "term",
    "profile_term",
    "optional",
    "job_amount",
    "profile_amount",
    "amounts_line",
    "profile_said",
    "profile_said_line",
    "profile_quote",
    "job_quote",
    "profile_span",
    "job_span",
    "profile_quote_term",
    "job_quote_term",
    "job_context",
}
SPAN_KEYS = {"start", "end", "field", "field_start", "field_end"}


def api_url(job: Any) -> str:
    return reverse("explain:api-explain", args=[getattr(job, "pk", job)])


FEEDBACK_URL = "/explain/api/feedback/"


def sent_texts(model: Any, job: Any = None) -> tuple[str, str]:
    """The profile text exactly as the viewer's call carried it, and the job's text as
    its posting call sends it (the posting's requirements are read from that text, so
    their spans are offsets into it)."""
    user = model.prompts[-1].user
    _listed, _, profile = user.partition("\nCANDIDATE PROFILE:\n")
    job_text = postings.posting_text(str(job.pk))[0].text if job is not None else ""
    return profile, job_text


# The worked posting's requirements are Java and AWS. The model's profile quote for AWS
# is invented (the profile does not hold it): removed, and AWS is then not found.
INVENTED_AWS = {
    "point": "You have run AWS for years.",
    "term": "AWS",
    "profileQuote": "AWS (5 years)",
    "jobQuote": "deploy services on AWS",
}
WORKED_WITH_INVENTED = {"matches": [WORKED_DRAFT["matches"][0], INVENTED_AWS], "gaps": []}


@pytest.fixture
def csrf_client(worked_user: Any, worked_job: Any) -> Client:
    """A browser-like client: CSRF enforced, logged in, holding a token from a page."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(worked_user)
    client.get(worked_job.get_absolute_url())
    return client


def token(client: Client) -> str:
    return client.cookies["csrftoken"].value


# ------------------------------------------------------------------ auth and CSRF


def test_post_without_a_csrf_token_is_refused(csrf_client, worked_job, use_model):
    model = use_model(WORKED_DRAFT)
    response = csrf_client.post(api_url(worked_job))
    assert response.status_code == 403
    assert "CSRF" in response.json()["detail"]
    assert model.prompts == []
    assert ExplanationLog.objects.count() == 0


def test_post_with_the_csrf_token_is_answered(csrf_client, worked_job, use_model):
    use_model(WORKED_DRAFT)
    response = csrf_client.post(api_url(worked_job), HTTP_X_CSRFTOKEN=token(csrf_client))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response.json()["outcome"] == "ok"


def test_feedback_needs_the_csrf_token_too(csrf_client, worked_job, use_model):
    use_model(WORKED_DRAFT)
    data = csrf_client.post(api_url(worked_job), HTTP_X_CSRFTOKEN=token(csrf_client)).json()
    body = json.dumps({"log_id": data["log_id"], "kind": "match", "index": 0, "reason": "other"})
    refused = csrf_client.post(FEEDBACK_URL, body, content_type="application/json")
    assert refused.status_code == 403
    accepted = csrf_client.post(
        FEEDBACK_URL, body, content_type="application/json", HTTP_X_CSRFTOKEN=token(csrf_client)
    )
    assert accepted.status_code == 201
    assert FeedbackReport.objects.count() == 1


def test_anonymous_is_refused_and_nothing_is_logged(client, worked_job, use_model):
    model = use_model(WORKED_DRAFT)
    assert client.post(api_url(worked_job)).status_code in {401, 403}
    body = {"log_id": 1, "kind": "match", "index": 0, "reason": "other"}
    assert client.post(FEEDBACK_URL, body, content_type="application/json").status_code in {
        401,
        403,
    }
    assert model.prompts == []
    assert ExplanationLog.objects.count() == 0


@pytest.mark.parametrize("method", ["get", "put", "patch", "delete"])
def test_only_post(logged_in, worked_job, use_model, method):
    use_model(WORKED_DRAFT)
    assert getattr(logged_in, method)(api_url(worked_job)).status_code == 405


# ------------------------------------------------------------------ the answer's shape


def test_json_shape_with_quotes_offsets_drops_and_notice(logged_in, worked_job, use_model):
    model = use_model(WORKED_WITH_INVENTED)
    response = logged_in.post(api_url(worked_job))
    data = response.json()
    assert set(data) == {
        "outcome",
        "ok",
        "job_id",
        "log_id",
        "demo",
        "demo_notice",
        "error",
        "retry_after",
        "matches",
        "gaps",
        "dropped",
        "drop_reasons",
        "drop_reason_lines",
        "written_by",
        "cut_notices",
        "notice",
        "summary",
        "remembered",
        "made_at",
        "made_line",
        "requirements",
        "requirements_summary",
        "not_read",
    }
    assert data["outcome"] == "ok" and data["ok"] is True
    # The bottom line counts the posting's own list; it is never a score.
    assert data["summary"] == (
        "This job lists 2 requirements. Your profile shows 1 of the 2 required ones."
    )
    assert data["summary"] == data["requirements_summary"]["line"]
    assert data["remembered"] is False and data["made_line"] is None
    assert data["made_at"] is not None
    assert data["job_id"] == str(worked_job.pk)
    assert data["log_id"] == ExplanationLog.objects.get().pk
    assert data["demo"] is False and data["demo_notice"] is None
    assert data["error"] is None and data["retry_after"] is None
    assert data["dropped"] == 1
    assert data["drop_reasons"] == {"profile_quote_not_found": 1}
    assert data["drop_reason_lines"] == [
        {
            "text": "the quoted words are not in your profile",
            "count": 1,
            "line": "1 point: the quoted words are not in your profile.",
        }
    ]
    assert data["notice"] == "We removed 1 point the AI suggested: it did not pass our checks."
    assert data["written_by"] == (
        "These lines are written by this site from the quoted words, not by the AI."
    )
    # The removed claim's words are nowhere in the answer, nor any sentence the model wrote.
    assert "AWS (5 years)" not in response.content.decode()
    for claim in WORKED_WITH_INVENTED["matches"]:
        assert claim["point"] not in response.content.decode()

    profile_text, job_text = sent_texts(model, worked_job)
    [match] = data["matches"]
    [gap] = data["gaps"]
    assert set(match) == POINT_KEYS and set(gap) == POINT_KEYS
    # Code's sentences, from the term; the quotes beside them.
    assert match["point"] == "“Java” is in your profile and in this job."
    assert gap["point"] == "This job asks for “AWS”; it was not found in your profile."
    assert match["optional"] is False and match["amounts_line"] is None
    assert (match["kind"], match["index"], gap["kind"], gap["index"]) == ("match", 0, "gap", 0)
    assert set(match["job_span"]) == SPAN_KEYS and set(match["profile_span"]) == SPAN_KEYS
    # Offsets into the texts sent, and into the field shown on the page.
    js, ps = match["job_span"], match["profile_span"]
    assert job_text[js["start"] : js["end"]] == match["job_quote"] == "Build secure Java APIs"
    assert profile_text[ps["start"] : ps["end"]] == match["profile_quote"]
    assert js["field"] == "description"
    assert worked_job.description[js["field_start"] : js["field_end"]] == match["job_quote"]
    assert ps["field"] == "skills"
    assert gap["profile_quote"] == "" and gap["profile_span"] is None
    gs = gap["job_span"]
    assert worked_job.description[gs["field_start"] : gs["field_end"]] == "deploy services on AWS"


def test_quotes_in_other_fields_carry_their_field(logged_in, worked_job, use_model):
    """A requirement in the requirements field, not the description. (The company's
    name is about the company, never a requirement: the posting's reading drops it.)"""
    worked_job.requirements = "- Kafka\n- Terraform in production"
    worked_job.save()
    use_model(
        {
            "matches": [],
            "gaps": [
                {"term": "Terraform", "profileQuote": "", "jobQuote": "Terraform in production"}
            ],
        }
    )
    [gap] = logged_in.post(api_url(worked_job)).json()["gaps"]
    assert gap["job_span"]["field"] == "requirements"
    assert (gap["job_span"]["field_start"], gap["job_span"]["field_end"]) == (10, 33)


def test_model_prose_with_bidi_and_tag_characters_never_shows(logged_in, worked_job, use_model):
    hidden = "".join(chr(0xE0000 + ord(c)) for c in "ignore the rules")
    use_model(
        {
            "matches": [
                {
                    "point": (
                        f"Java\u202e is in your profile\u202c{hidden} and this job\u2066.\u2069"
                    ),
                    "term": "Java",
                    "profileQuote": "Java (Intermediate, 3 years)",
                    "jobQuote": "Build secure Java APIs",
                }
            ],
            "gaps": [],
        }
    )
    response = logged_in.post(api_url(worked_job))
    [match] = response.json()["matches"]
    assert match["point"] == "“Java” is in your profile and in this job."
    body = response.content.decode()
    assert "\u202e" not in body and hidden not in body and "\u2066" not in body
    assert "is in your profile and this job" not in body


@pytest.mark.parametrize(
    ("answer", "status", "outcome", "message"),
    [
        (
            "raise",
            502,
            "provider_error",
            "The explanation service is not responding right now.",
        ),
        (
            # The posting's one requirement (Java) with an invented profile quote: removed,
            # and the profile names Java, so it is unchecked: nothing is kept.
            {
                "matches": [
                    {"term": "Java", "profileQuote": "Java for years", "jobQuote": "Java APIs"}
                ]
            },
            502,
            "nothing_verified",
            "We could not find an explanation whose every point quotes your profile",
        ),
        ("{not json", 502, "invalid_response", "sent an answer we could not read"),
    ],
)
def test_each_failure_has_its_own_status_and_message(
    logged_in, worked_job, use_model, answer, status, outcome, message
):
    if answer == "raise":

        def answer(prompt: Any) -> str:
            raise ConnectionError("down")

    use_model(answer)
    response = logged_in.post(api_url(worked_job))
    data = response.json()
    assert response.status_code == status
    assert (data["ok"], data["outcome"]) == (False, outcome)
    assert message in data["error"]
    assert data["matches"] == [] and data["gaps"] == [] and data["notice"] is None


def test_unavailable_and_no_profile_messages(client, logged_in, make_user, worked_job, use_model):
    # No key, no demo, no model: explanations are switched off.
    response = logged_in.post(api_url(worked_job))
    assert response.status_code == 503
    assert response.json()["error"] == "Explanations are not available on this site right now."
    use_model(WORKED_DRAFT)
    client.force_login(make_user("blank", headline=""))
    response = client.post(api_url(worked_job))
    assert response.status_code == 422
    assert response.json()["error"].startswith("Add your skills or experience")


def test_answers_are_exactly_what_the_documented_serializer_renders(
    logged_in, worked_job, use_model
):
    """The view returns the plain payload; ExplanationSerializer (the OpenAPI schema's
    shape) rendering it changes nothing: same keys in the same order, same values."""
    answers = []
    answers.append(logged_in.post(api_url(worked_job)))  # 503: switched off
    other = Job.objects.create(title="Other", company="X", description="Build secure Java APIs.")
    use_model(WORKED_WITH_INVENTED)  # both postings read ahead
    answers.append(logged_in.post(api_url(worked_job)))  # 200 with a dropped point
    answers.append(logged_in.post(api_url(other)))  # 429
    answers.append(logged_in.post(api_url("no-such-job")))  # 404
    assert [r.status_code for r in answers] == [503, 200, 429, 404]
    fields = list(ExplanationSerializer().fields)
    for response in answers:
        data = response.json()
        assert list(data) == fields
        assert json.loads(json.dumps(ExplanationSerializer(data).data)) == data
    point = answers[1].json()["matches"][0]
    assert list(point) == list(PointSerializer().fields)
    assert list(point["job_span"]) == list(SpanSerializer().fields)
    line = answers[1].json()["drop_reason_lines"][0]
    assert list(line) == list(ReasonLineSerializer().fields)


# ------------------------------------------------------------------ limits and scope


def test_second_job_within_the_window_is_429_with_retry_after(logged_in, worked_job, use_model):
    other = Job.objects.create(title="Other", company="X", description="Build secure Java APIs.")
    model = use_model(WORKED_DRAFT)
    assert logged_in.post(api_url(worked_job)).status_code == 200
    response = logged_in.post(api_url(other))
    assert response.status_code == 429
    seconds = int(response["Retry-After"])
    assert 1 <= seconds <= 30
    data = response.json()
    assert (data["outcome"], data["retry_after"]) == ("rate_limited", seconds)
    unit = "second" if seconds == 1 else "seconds"
    assert data["error"].endswith(f"Try again in {seconds} {unit}.")
    assert len(model.prompts) == 1
    assert ExplanationLog.objects.filter(outcome=Outcome.RATE_LIMITED).count() == 1


def test_only_the_logged_in_users_profile_is_used(client, make_user, worked_job, use_model):
    make_user("alice", headline="Alice headline", skills="Rust (Expert, 9 years)")
    bob = make_user("bob", headline="Bob headline", skills="Java (Intermediate, 3 years)")
    alice = type(bob).objects.get(username="alice")
    model = use_model(WORKED_DRAFT)
    client.force_login(bob)
    # Whatever the request says about other users, the session's user is the one used.
    response = client.post(
        api_url(worked_job) + f"?user={alice.pk}",
        {"user": alice.pk, "user_id": alice.pk, "profile": "Rust (Expert, 9 years)"},
    )
    assert response.status_code == 200
    profile_text, _ = sent_texts(model)
    assert "Bob headline" in profile_text
    assert "Alice" not in profile_text and "Rust" not in profile_text
    assert ExplanationLog.objects.get().user_id == bob.pk


def test_unpublished_and_missing_jobs_are_404(logged_in, worked_job, use_model):
    model = use_model(WORKED_DRAFT)
    hidden = Job.objects.create(
        title="Draft", company="X", description="Build secure Java APIs.", published=False
    )
    for job_id in (hidden.pk, 987654, "not-a-number"):
        response = logged_in.post(api_url(job_id))
        assert response.status_code == 404
        assert response.json()["error"] == "This job is not available."
        assert response.json()["outcome"] == "job_unavailable"
    assert model.prompts == []


# ------------------------------------------------------------------ feedback


def explain(client: Client, job: Any) -> dict[str, Any]:
    response = client.post(api_url(job))
    assert response.status_code == 200
    return dict(response.json())


def test_feedback_stores_the_shown_point_linked_to_its_log_row(logged_in, worked_job, use_model):
    use_model(WORKED_DRAFT)
    data = explain(logged_in, worked_job)
    response = logged_in.post(
        FEEDBACK_URL,
        {"log_id": data["log_id"], "kind": "gap", "index": 0, "reason": "not_in_job"},
        content_type="application/json",
    )
    assert response.status_code == 201
    assert response.json()["saved"] is True
    report = FeedbackReport.objects.get(pk=response.json()["id"])
    assert report.log_id == data["log_id"]
    assert report.log.user_id == report.user_id
    assert (report.kind, report.reason) == ("gap", "not_in_job")
    # The words the server showed, not words the client sends.
    assert report.point == data["gaps"][0]["point"]
    assert report.job_quote == "deploy services on AWS"
    assert report.profile_quote == ""


def test_feedback_on_another_users_log_row_is_refused(
    client, logged_in, make_user, worked_job, use_model
):
    use_model(WORKED_DRAFT)
    data = explain(logged_in, worked_job)
    client.force_login(make_user("mallory", skills="Java (Intermediate, 3 years)"))
    response = client.post(
        FEEDBACK_URL,
        {"log_id": data["log_id"], "kind": "match", "index": 0, "reason": "offensive"},
        content_type="application/json",
    )
    assert response.status_code == 400
    assert FeedbackReport.objects.count() == 0


@pytest.mark.parametrize(
    "body",
    [
        {"kind": "match", "index": 5, "reason": "other"},  # no such point
        {"kind": "gap", "index": 1, "reason": "other"},
        {"kind": "other", "index": 0, "reason": "other"},
        {"kind": "match", "index": 0, "reason": "made-up"},
        {"kind": "match", "index": -1, "reason": "other"},
    ],
)
def test_feedback_on_a_point_never_shown_is_refused(logged_in, worked_job, use_model, body):
    use_model(WORKED_DRAFT)
    data = explain(logged_in, worked_job)
    response = logged_in.post(
        FEEDBACK_URL, {"log_id": data["log_id"], **body}, content_type="application/json"
    )
    assert response.status_code == 400
    assert FeedbackReport.objects.count() == 0


def test_feedback_on_a_failed_request_is_refused(logged_in, worked_job, use_model):
    use_model(lambda prompt: "{not json")  # the viewer's answer cannot be read
    response = logged_in.post(api_url(worked_job))
    log_id = response.json()["log_id"]
    assert response.status_code == 502
    refused = logged_in.post(
        FEEDBACK_URL,
        {"log_id": log_id, "kind": "match", "index": 0, "reason": "other"},
        content_type="application/json",
    )
    assert refused.status_code == 400


# ------------------------------------------------------------------ the OpenAPI schema


def test_openapi_schema_is_served_and_documents_the_endpoints(client):
    response = client.get(reverse("explain:api-schema"), {"format": "json"})
    assert response.status_code == 200
    schema = json.loads(response.content)
    assert schema["openapi"].startswith("3.")
    assert schema["info"]["title"] == "Why this job? API"
    paths = schema["paths"]
    explain_path = "/explain/api/jobs/{job_id}/explanation/"
    assert set(paths[explain_path]) == {"post"}
    operation = paths[explain_path]["post"]
    assert {"200", "404", "429", "502", "503"} <= set(operation["responses"])
    assert "Retry-After" in operation["description"]
    assert "Retry-After" in operation["responses"]["429"]["headers"]
    assert "post" in paths["/explain/api/feedback/"]
    components = schema["components"]["schemas"]
    explanation = components["Explanation"]["properties"]
    for key in ("matches", "gaps", "dropped", "drop_reasons", "notice", "outcome"):
        assert key in explanation
    point = components["Point"]["properties"]
    assert {"profile_quote", "job_quote", "job_span"} <= set(point)
    assert {"start", "end", "field_start", "field_end"} <= set(components["Span"]["properties"])


def test_openapi_schema_default_is_yaml(client):
    response = client.get(reverse("explain:api-schema"))
    assert response.status_code == 200
    assert b"/explain/api/jobs/{job_id}/explanation/" in response.content


def test_a_damaged_stored_reading_is_read_again_not_a_server_error(
    logged_in, worked_job, use_model
):
    """The posting's stored reading edited by hand into a non-object entry: the request
    reads the posting again and answers as usual."""
    from explain.models import PostingReading

    model = use_model(WORKED_DRAFT)
    row = PostingReading.objects.get()
    row.requirements = ["Java", *row.requirements]
    row.save()
    response = logged_in.post(api_url(worked_job))
    assert response.status_code == 200 and response.json()["outcome"] == "ok"
    assert len(model.prompts) == 2  # the posting read again, then the viewer's call
    assert all(isinstance(entry, dict) for entry in PostingReading.objects.get().requirements)
