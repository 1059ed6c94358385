"""`?stream=1`: the same explanation as NDJSON, each point sent as soon as it is verified.

Through the real google-genai SDK and its streaming call against the fake Gemini server
(server-sent events), and through fake ChatModels. For every way a stream can end:
the last line is the JSON answer with the outcome and message of the batch path, one
model attempt, exactly one log row, and no provider text or key anywhere.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from django.db.backends.base.base import BaseDatabaseWrapper
from django.urls import reverse

from explain import wording
from explain.llm.client import ChatPrompt, ChatResponse
from explain.models import ExplanationLog, PostingReading
from explain.outcomes import Outcome
from support.fake_gemini import PROVIDER_TEXT
from support.two_step import answer_in_shape
from tests.conftest import WORKED_DRAFT, WORKED_JOB_DESCRIPTION, FakeModel, prepare_postings
from tests.fakes.fixtures import CANARY_KEY
from tests.fakes.http import httpx2

pytestmark = pytest.mark.django_db

# The long posting's own list: the worked description's two requirements, then four
# lines of its requirements field (long_job below).
LONG_REQUIREMENTS = (
    "- Kotlin services\n- PostgreSQL databases\n- Docker images\n- Terraform modules"
)
# Enough requirements that some are shown while the answer is still being written: Java
# shown, the invented AWS quote removed (AWS then not found), four more not found.
LONG_DRAFT = {
    "matches": [
        WORKED_DRAFT["matches"][0],
        {
            "point": "You have run AWS for years.",
            "term": "AWS",
            "profileQuote": "AWS (5 years)",
            "jobQuote": "deploy services on AWS",
        },
    ],
    "gaps": [
        {"point": f"{term} is missing.", "term": term, "profileQuote": "", "jobQuote": quote}
        for quote in LONG_REQUIREMENTS.replace("- ", "").splitlines()
        for term in [quote.split()[0]]
    ],
}
# The viewer's answer for the long posting as the model writes it (ids in its order).
LONG_ANSWER = {
    "requirements": [
        {"id": 1, "profileQuote": "Java (Intermediate, 3 years)", "profileReading": "states"},
        {"id": 2, "profileQuote": "AWS (5 years)", "profileReading": "states"},
        *({"id": n, "profileQuote": "", "profileReading": ""} for n in range(3, 7)),
    ]
}


@pytest.fixture
def long_job(worked_job: Any) -> Any:
    """The worked job with a requirements field, its posting read ahead from LONG_DRAFT
    under the fake Gemini's model name (as a site does when a job is saved)."""
    worked_job.requirements = LONG_REQUIREMENTS
    worked_job.save()
    return worked_job


def read_ahead(draft: dict[str, Any], name: str) -> None:
    """The postings read ahead again, from this draft: a request then makes the
    viewer's call only, and writes one row."""
    PostingReading.objects.all().delete()
    reader = FakeModel("")
    reader.model_name = name
    prepare_postings(reader, json.dumps(draft))


@pytest.fixture
def attempts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every HTTP request the SDK sends, counted at its HTTP client."""
    sent: list[str] = []
    real_send = httpx2.Client.send

    def counting_send(self: httpx2.Client, request: httpx2.Request, **kwargs: Any) -> Any:
        sent.append(str(request.url))
        return real_send(self, request, **kwargs)

    monkeypatch.setattr(httpx2.Client, "send", counting_send)
    return sent


def api_url(job: Any) -> str:
    return reverse("explain:api-explain", args=[job.pk]) + "?stream=1"


def lines(response: Any) -> list[dict[str, Any]]:
    assert response["Content-Type"].startswith("application/x-ndjson")
    body = b"".join(response.streaming_content).decode("utf-8")
    assert body.endswith("\n")
    return [json.loads(line) for line in body.splitlines()]


def post(client: Any, job: Any) -> Any:
    return client.post(api_url(job), HTTP_ACCEPT="application/x-ndjson")


def leave(response: Any) -> None:
    """Close the response as a server does when the browser goes away.

    A server's close() fires request_finished, whose close_old_connections would close
    the database connection. Each test runs inside one transaction, which on PostgreSQL
    ends with that connection, so (as Django's test client does for its own closes) the
    connections are kept open here; the test client's wrapper re-connects the receiver
    while the response closes, so the connections are held open, not the receiver removed.
    """
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(BaseDatabaseWrapper, "close_if_unusable_or_obsolete", lambda self: None)
        response.close()


def one_log_row() -> ExplanationLog:
    rows = list(ExplanationLog.objects.all())
    assert len(rows) == 1, [r.outcome for r in rows]
    return rows[0]


def test_points_then_the_result_which_is_the_json_answer(logged_in, long_job, use_gemini, settings):
    worked_job = long_job
    server = use_gemini()
    read_ahead(LONG_DRAFT, settings.GEMINI_MODEL)
    server.reply_streaming(LONG_DRAFT, tokens_per_chunk=4)
    response = post(logged_in, worked_job)
    assert response.status_code == 200
    events = lines(response)
    *before, result = events
    # The list first (every state pending), then each requirement's state as it is
    # checked, and the older point lines for one release.
    assert before[0]["event"] == "requirements"
    listed = before[0]["requirements"]
    states = [e for e in before if e["event"] == "requirement"]
    points = [e for e in before if e["event"] == "point"]
    assert len(states) == len(listed) and len(before) == 1 + len(states) + len(points)
    assert result["event"] == "result" and result["outcome"] == "ok"
    # Every point line is a point of the answer, in the answer's order, and nothing else.
    shown = [{k: v for k, v in e.items() if k != "event"} for e in points]
    assert shown == result["matches"] + result["gaps"]
    # Code's sentences only: no sentence the model wrote is in any line.
    assert all(e["point"].startswith(("“", "This job")) for e in points)
    for claim in LONG_DRAFT["matches"] + LONG_DRAFT["gaps"]:
        assert all(claim["point"] not in json.dumps(e, ensure_ascii=False) for e in events)
    assert len(result["matches"]) == 1 and len(result["gaps"]) == 5  # one was removed
    assert result["dropped"] == 1 and result["notice"] == wording.removed_notice(1)
    # The same answer as the JSON API gives (served from the cache the stream filled).
    plain = logged_in.post(reverse("explain:api-explain", args=[worked_job.pk])).json()
    assert plain["outcome"] == "cached"
    for key in ("matches", "gaps", "dropped", "drop_reasons", "notice"):
        assert plain[key] == result[key]
    assert [r.path.split(":")[-1] for r in server.requests] == ["streamGenerateContent?alt=sse"]
    rows = ExplanationLog.objects.order_by("pk")
    assert [r.outcome for r in rows] == ["ok", "cached"]
    assert (rows[0].kept_matches, rows[0].kept_gaps, rows[0].dropped) == (1, 5, 1)
    assert rows[0].total_tokens == 420  # the usage of the last streamed chunk
    assert result["log_id"] == rows[0].pk


@pytest.mark.parametrize(
    ("arrange", "outcome"),
    [
        (
            lambda s: s.reply_streaming(LONG_DRAFT, tokens_per_chunk=4, drop_after_chunks=12),
            Outcome.PROVIDER_ERROR,
        ),
        (
            lambda s: s.reply_streaming(LONG_DRAFT, tokens_per_chunk=4, stall_after_chunks=12),
            Outcome.TIMEOUT,
        ),
        (lambda s: s.reply_streaming(text=json.dumps(LONG_ANSWER)[:-40]), Outcome.INVALID_RESPONSE),
        (
            lambda s: s.reply_streaming(
                text=json.dumps(LONG_ANSWER)[:-40], finish_reason="MAX_TOKENS"
            ),
            Outcome.INVALID_RESPONSE,
        ),
        (lambda s: s.reply_streaming(LONG_DRAFT, finish_reason="SAFETY"), Outcome.BLOCKED),
    ],
    ids=["disconnect", "stall-past-timeout", "cut-json", "cut-at-max-tokens", "safety"],
)
def test_a_failure_mid_stream_ends_as_the_batch_path_does(
    logged_in, long_job, use_gemini, attempts, arrange, outcome, caplog, settings
):
    # A short timeout only where the fake stalls (it then stays silent until stopped, so
    # the timeout fires however loaded the machine is); the fixture's patient one
    # everywhere else, so no other case turns into a timeout on a slow machine.
    server = use_gemini(timeout=2.0 if outcome == Outcome.TIMEOUT else None)
    read_ahead(LONG_DRAFT, settings.GEMINI_MODEL)
    arrange(server)
    response = post(logged_in, long_job)
    assert response.status_code == 200  # sent before the failure was known
    *earlier, result = lines(response)
    assert earlier, "the list and the states checked before the failure are shown"
    assert {e["event"] for e in earlier} <= {"requirements", "requirement", "point"}
    assert result["event"] == "result"
    assert result["outcome"] == outcome and result["ok"] is False
    assert result["error"] == wording.error_message(outcome)
    assert result["matches"] == [] and result["gaps"] == []  # not counted as an answer
    row = one_log_row()
    assert row.outcome == outcome
    assert (row.kept_matches, row.kept_gaps) == (0, 0)
    assert len(attempts) == 1  # one attempt: no retry, no automatic continuation
    body = json.dumps(result)
    assert PROVIDER_TEXT not in body and CANARY_KEY not in body
    assert all(CANARY_KEY not in record.getMessage() for record in caplog.records)


def test_an_error_before_streaming_keeps_its_status(logged_in, worked_job, use_gemini):
    use_gemini().reply_with_error(503)
    response = post(logged_in, worked_job)
    assert response.status_code == 200
    *before, result = lines(response)
    # The posting's list went out before the model was asked; then the outcome.
    assert [e["event"] for e in before] in ([], ["requirements"])
    assert result["outcome"] == Outcome.PROVIDER_ERROR
    assert PROVIDER_TEXT not in json.dumps(result)
    assert one_log_row().outcome == Outcome.PROVIDER_ERROR


def test_cached_answer_is_streamed_without_a_model_call(logged_in, worked_job, use_gemini):
    server = use_gemini()
    server.reply_streaming(WORKED_DRAFT)
    first = lines(post(logged_in, worked_job))
    server.clear()
    response = post(logged_in, worked_job)
    assert response.status_code == 200
    *points, result = lines(response)
    assert result["outcome"] == "cached"
    assert [p for p in points if p["event"] != "point"] == [
        p for p in first[:-1] if p["event"] != "point"
    ]
    assert [p["point"] for p in points if p["event"] == "point"] == [
        p["point"] for p in first[:-1] if p["event"] == "point"
    ]
    assert server.requests == []


def test_rate_limited_is_one_line_with_429_and_retry_after(logged_in, worked_job, use_model):
    # Another job, so nothing is cached: the second model call is over the limit. (Read
    # ahead with the first: a posting with requirements, so a viewer's call is asked for.)
    from jobportal.models import Job

    other = Job.objects.create(title="Go Engineer", company="X", description=WORKED_JOB_DESCRIPTION)
    use_model(WORKED_DRAFT)
    lines(post(logged_in, worked_job))
    ExplanationLog.objects.all().delete()
    response = post(logged_in, other)
    assert response.status_code == 429
    assert int(response["Retry-After"]) > 0
    [result] = lines(response)
    assert result["outcome"] == "rate_limited" and "Try again in" in result["error"]
    assert one_log_row().outcome == "rate_limited"


def test_empty_profile_is_422_without_a_model_call(client, make_user, worked_job, use_model):
    model = use_model(WORKED_DRAFT)
    client.force_login(make_user("erin", headline=""))
    response = post(client, worked_job)
    assert response.status_code == 422
    [result] = lines(response)
    assert result["outcome"] == "no_profile"
    assert model.prompts == []


def test_a_model_that_cannot_stream_answers_in_one_piece(logged_in, worked_job, use_model):
    use_model(WORKED_DRAFT)
    *sent, result = lines(post(logged_in, worked_job))
    assert result["outcome"] == "ok"
    points = [e for e in sent if e["event"] == "point"]
    assert len(points) == len(result["matches"]) + len(result["gaps"]) == 2


class GatedModel:
    """Streams the viewer's answer in two halves, cut inside the second requirement; the
    second waits until the test opens the gate. The postings are read ahead from the
    same draft under its name, so a request makes the viewer's call only."""

    model_name = "gated-model"

    def __init__(self, draft: dict[str, Any]) -> None:
        self.text = json.dumps(draft)
        self.gate = threading.Event()
        prepare_postings(FakeModel(self.text), self.text)  # FakeModel's name: replaced
        PostingReading.objects.update(model_name=self.model_name)

    def __call__(self, prompt: ChatPrompt, /) -> str:
        return answer_in_shape(self.text, prompt)

    def stream(self, prompt: ChatPrompt, /) -> Iterator[str | ChatResponse]:
        text = answer_in_shape(self.text, prompt)
        cut = text.index('{"id": 2') + len('{"id": 2, ')  # the second item begun
        yield text[:cut]
        assert self.gate.wait(5), "the test never opened the gate"
        yield text[cut:]
        yield ChatResponse(text=text, model=self.model_name)


def test_the_first_point_arrives_while_the_model_is_still_writing(logged_in, worked_job, settings):
    model = GatedModel(WORKED_DRAFT)
    settings.EXPLAIN_CHAT_MODEL = model
    response = post(logged_in, worked_job)
    content = iter(response.streaming_content)
    listed = json.loads(next(content))
    first = json.loads(next(content))
    assert not model.gate.is_set()
    assert listed["event"] == "requirements"
    assert first["event"] == "requirement" and first["state"] == "shown"
    model.gate.set()
    rest = [json.loads(line) for line in content]
    assert rest[-1]["event"] == "result" and rest[-1]["outcome"] == "ok"
    assert one_log_row().outcome == "ok"


def test_a_reader_that_leaves_still_leaves_one_log_row_and_a_cached_answer(
    logged_in, worked_job, settings
):
    model = GatedModel(WORKED_DRAFT)
    settings.EXPLAIN_CHAT_MODEL = model
    response = post(logged_in, worked_job)
    content = iter(response.streaming_content)
    next(content)
    model.gate.set()
    leave(response)  # what the server does when the browser goes away
    row = one_log_row()
    assert (row.outcome, row.kept_matches, row.kept_gaps) == ("ok", 1, 1)
    again = lines(post(logged_in, worked_job))
    assert again[-1]["outcome"] == "cached"


def test_a_reader_that_leaves_before_the_first_line_still_gets_one_row(
    logged_in, worked_job, use_model
):
    use_model(WORKED_DRAFT)
    response = post(logged_in, worked_job)
    leave(response)
    assert one_log_row().outcome == "ok"


def test_without_stream_the_api_answers_json_as_before(logged_in, worked_job, use_model):
    use_model(WORKED_DRAFT)
    response = logged_in.post(reverse("explain:api-explain", args=[worked_job.pk]))
    assert response["Content-Type"] == "application/json"
    assert response.json()["outcome"] == "ok"


def test_asking_for_ndjson_without_streaming_gets_one_result_line(logged_in, worked_job, use_model):
    use_model(WORKED_DRAFT)
    url = reverse("explain:api-explain", args=[worked_job.pk])
    response = logged_in.post(url, HTTP_ACCEPT="application/x-ndjson")
    assert response["Content-Type"].startswith("application/x-ndjson")
    [line] = response.content.decode().splitlines()
    assert json.loads(line)["event"] == "result"


def test_the_openapi_schema_documents_the_stream(client):
    schema = client.get(reverse("explain:api-schema"), HTTP_ACCEPT="application/json").content
    text = schema.decode()
    assert "application/x-ndjson" in text
    assert "ExplanationStreamLine" in text
    assert "stream=1" in text
