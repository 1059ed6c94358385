"""What a model call cost in tokens, as the provider reported it (None when it did not).

Plain data, shared by the model layer (which fills it), the exceptions (a failed call
still cost tokens) and the core's stream reader, so none of them imports another's layer.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["TokenUsage"]


@dataclass(frozen=True)
class TokenUsage:
    prompt: int | None = None
    output: int | None = None
    thoughts: int | None = None
    total: int | None = None
