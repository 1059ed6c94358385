"""Reading system check results in the check tests."""

from __future__ import annotations

from typing import Any


def ids(messages: list[Any]) -> list[str]:
    """The explain check ids among the messages, sorted."""
    return sorted(m.id for m in messages if m.id.startswith("explain."))


def by_id(messages: list[Any], wanted: str) -> Any:
    """The one message with this id (fails if there is none, or more than one)."""
    [message] = [m for m in messages if m.id == wanted]
    return message
