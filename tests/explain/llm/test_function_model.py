"""explain.llm.function_model: a plain function is a (streaming) ChatModel for tests."""

from __future__ import annotations

import json

import pytest

from explain.controls.ratelimit import RateDecision
from explain.core.posting_prompt import POSTING_INSTRUCTION
from explain.core.schema import Draft
from explain.core.viewer_prompt import VIEWER_INSTRUCTION, VIEWER_PROMPT_VERSION
from explain.llm.client import ChatClient, ChatPrompt, TokenUsage
from explain.llm.errors import ProviderTimeout
from explain.llm.function_model import FunctionChatModel
from explain.models import ExplanationLog
from explain.services.explanations import explanation_create
from support.two_step import answer_in_shape
from tests.conftest import WORKED_DRAFT

PROMPT = ChatPrompt(system="Answer.", user="Profile and job.", output_schema=Draft)


@pytest.mark.parametrize(
    "answer", [WORKED_DRAFT, json.dumps(WORKED_DRAFT), Draft.model_validate(WORKED_DRAFT)]
)
def test_a_dict_json_text_or_a_draft_reads_back_as_the_same_draft(answer):
    model = FunctionChatModel(lambda prompt: answer, model_name="test-model")
    draft = ChatClient(model).prompt().system("Answer.").user("u").call().entity(Draft)
    assert draft == Draft.model_validate(WORKED_DRAFT)
    assert [p.user for p in model.prompts] == ["u"]
    assert model(PROMPT).model == "test-model"


def test_the_stream_hands_over_the_same_text_in_pieces_then_the_response():
    usage = TokenUsage(prompt=10, output=5, total=15)
    model = FunctionChatModel(lambda prompt: WORKED_DRAFT, usage=usage, chunk=7)
    *pieces, last = list(model.stream(PROMPT))
    assert all(isinstance(p, str) and 0 < len(p) <= 7 for p in pieces)
    assert "".join(pieces) == last.text == json.dumps(WORKED_DRAFT)
    assert last.usage == usage


def test_the_function_may_fail_like_a_provider_and_must_answer_a_known_type():
    def slow(prompt: ChatPrompt) -> str:
        raise ProviderTimeout("no answer")

    with pytest.raises(ProviderTimeout):
        FunctionChatModel(slow)(PROMPT)
    with pytest.raises(TypeError, match="int"):
        FunctionChatModel(lambda prompt: 3)(PROMPT)  # type: ignore[arg-type, return-value]
    with pytest.raises(ValueError):
        FunctionChatModel(lambda prompt: "", chunk=0)


@pytest.mark.django_db
def test_a_host_runs_the_whole_flow_on_it(settings, worked_user, worked_job):
    """Both calls of a first request go to the function: the posting's reading (its own
    log row), then the viewer's evidence; the function answers each in its shape."""
    model = FunctionChatModel(lambda prompt: answer_in_shape(json.dumps(WORKED_DRAFT), prompt))
    settings.EXPLAIN_CHAT_MODEL = model
    result = explanation_create(
        user=worked_user, job_id=str(worked_job.pk), rate_check=lambda: RateDecision(True)
    )
    assert result.ok and result.verification is not None and result.verification.matches
    assert [p.system for p in model.prompts] == [POSTING_INSTRUCTION, VIEWER_INSTRUCTION]
    row = ExplanationLog.objects.get(pk=result.log_id)
    assert (row.model_name, row.prompt_version) == ("function", VIEWER_PROMPT_VERSION)
    reading = ExplanationLog.objects.exclude(pk=result.log_id).get()
    assert reading.model_name == "function"
    assert reading.prompt_version.startswith("posting-")
