"""explain.usage: token counts are plain data, unknown until the provider says."""

from __future__ import annotations

from explain.exceptions import ProviderError
from explain.llm.client import ChatResponse
from explain.usage import TokenUsage


def test_usage_is_unknown_until_reported_and_compares_by_value() -> None:
    assert TokenUsage() == TokenUsage(None, None, None, None)
    assert TokenUsage(prompt=3, output=4, total=7) != TokenUsage(prompt=3, output=4)


def test_the_model_layer_and_the_exceptions_carry_the_same_usage() -> None:
    usage = TokenUsage(prompt=1, total=1)
    assert ChatResponse(text="{}", usage=usage).usage is usage
    assert ProviderError("down", usage=usage).usage is usage
