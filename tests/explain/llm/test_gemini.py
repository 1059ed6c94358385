"""explain.llm.gemini: built without a network call; the key stays out of every repr.

Its behaviour against a server is the fault matrix in tests/explain/test_gemini_faults.py.
"""

from __future__ import annotations

from explain.llm.gemini import INVALID_MODEL_NAME, GeminiChatModel

KEY = "AIza-test-key-never-shown"


def build(model: str) -> GeminiChatModel:
    return GeminiChatModel(api_key=KEY, model=model, base_url="http://127.0.0.1:9")


def test_the_key_is_not_in_the_repr():
    model = build("gemini-2.5-flash")
    try:
        assert KEY not in repr(model) and KEY not in str(vars(model).get("model_name"))
        assert model.model_name == "gemini-2.5-flash"
    finally:
        model.close()


def test_a_name_that_is_not_a_model_name_is_never_echoed():
    model = build(KEY)  # a key pasted into GEMINI_MODEL
    try:
        assert model.model_name == INVALID_MODEL_NAME
        assert KEY not in repr(model)
    finally:
        model.close()
