"""explain.llm.registry: which model answers, decided from settings, built once."""

from __future__ import annotations

import pytest

from explain.llm.client import ChatPrompt, ChatResponse
from explain.llm.registry import forget_built_models, get_chat_model, is_demo_model


def custom_model(prompt: ChatPrompt) -> ChatResponse:
    return ChatResponse(text='{"matches": [], "gaps": []}')


@pytest.fixture(autouse=True)
def fresh():
    forget_built_models()
    yield
    forget_built_models()


def test_a_custom_model_wins_by_object_or_dotted_path(settings):
    settings.GEMINI_API_KEY = "k"
    settings.EXPLAIN_CHAT_MODEL = custom_model
    assert get_chat_model() is custom_model
    settings.EXPLAIN_CHAT_MODEL = "tests.explain.llm.test_registry.custom_model"
    assert get_chat_model() is custom_model


def test_gemini_with_a_key_built_once(settings):
    settings.EXPLAIN_CHAT_MODEL = None
    settings.GEMINI_API_KEY = "test-key-not-real"
    first = get_chat_model()
    assert first is not None and type(first).__name__ == "GeminiChatModel"
    assert get_chat_model() is first
    assert "test-key-not-real" not in repr(first)


def test_demo_mode_without_a_key_answers_from_recordings(settings):
    settings.EXPLAIN_CHAT_MODEL = None
    settings.GEMINI_API_KEY = ""
    settings.EXPLAIN_DEMO_MODE = True
    assert is_demo_model(get_chat_model())
    settings.EXPLAIN_DEMO_MODE = False
    assert get_chat_model() is None
