"""One schema check serves every model: `{}` is invalid_response wherever it comes from."""

from __future__ import annotations

import pytest
from django.urls import reverse

from explain.core.schema import Draft
from explain.llm.client import ChatClient, ChatPrompt, ChatResponse, parse_entity
from explain.llm.errors import InvalidResponse
from explain.llm.recorded import RecordedChatModel, Recording
from explain.models import ExplanationLog
from explain.outcomes import Outcome
from support.fake_gemini import FakeGeminiServer
from tests.conftest import WORKED_DRAFT


def entity_of(answer: object) -> Draft:
    return ChatClient(lambda prompt: answer).prompt().user("u").call().entity(Draft)  # type: ignore[arg-type,return-value]


@pytest.mark.parametrize(
    "answer",
    [
        "{}",
        '{"answer": "You are a great fit."}',
        '{"matches": []}',
        "[]",
        "",
        "not json",
        ChatResponse(text="{}"),
        ChatResponse(text=None, parsed={}),
        ChatResponse(text=None, parsed={"gaps": []}),
        ChatResponse(text="{}", parsed=Draft()),  # a parsed object does not excuse the text
        ChatResponse(text=None),
    ],
    ids=repr,
)
def test_an_answer_without_every_list_is_invalid_for_any_model(answer):
    with pytest.raises(InvalidResponse):
        entity_of(answer)


def test_a_whole_answer_passes_the_same_check():
    draft = entity_of('{"matches": [], "gaps": []}')
    assert draft == Draft()
    assert parse_entity({"matches": [], "gaps": []}, Draft) == Draft()
    built = Draft()
    assert entity_of(ChatResponse(text=None, parsed=built)) is built  # built in code


def test_the_recorded_model_goes_through_the_same_check():
    recorded = RecordedChatModel([Recording({"title": "Nothing"}, {}, Draft())])
    response = recorded(ChatPrompt(system="", user="u"))
    assert parse_entity(response.text, Draft) == Draft()


@pytest.mark.django_db
@pytest.mark.parametrize("via", ["lambda", "gemini"])
def test_empty_object_is_invalid_response_through_the_site(
    logged_in, worked_job, use_model, use_gemini, via
):
    if via == "lambda":
        use_model("{}")
    else:
        server: FakeGeminiServer = use_gemini()
        server.reply_with_candidate_text("{}")
    response = logged_in.post(reverse("explain:api-explain", args=[worked_job.pk]))
    assert response.status_code == 502
    assert response.json()["outcome"] == Outcome.INVALID_RESPONSE
    assert ExplanationLog.objects.get().outcome == Outcome.INVALID_RESPONSE


@pytest.mark.django_db
def test_a_lambda_answer_that_fits_is_explained(logged_in, worked_job, use_model):
    use_model(WORKED_DRAFT)
    response = logged_in.post(reverse("explain:api-explain", args=[worked_job.pk]))
    assert response.json()["outcome"] == Outcome.OK


class _NamedModel:
    """A ChatModel with a name that answers in plain text, at once or as a list of pieces."""

    model_name = "named-model-1"

    def __call__(self, prompt: ChatPrompt) -> str:
        return '{"matches": [], "gaps": []}'

    def stream(self, prompt: ChatPrompt) -> list[str | ChatResponse]:
        whole = '{"matches": [], "gaps": []}'
        return ['{"matches": [], ', '"gaps": []}', ChatResponse(text=whole, model=self.model_name)]


def test_a_plain_text_answer_carries_the_models_name():
    result = ChatClient(_NamedModel()).prompt().user("u").call()
    assert result.response.model == "named-model-1"


def test_a_model_that_streams_a_list_of_pieces_is_read_to_the_end():
    """A list has no close(): the stream ends without trying to close it."""
    out = list(ChatClient(_NamedModel()).prompt().user("u").schema(Draft).stream())
    assert out[:2] == ['{"matches": [], ', '"gaps": []}']
    assert out[-1].entity(Draft) == Draft(matches=[], gaps=[])
