"""The live tests run only when asked for (--live) and given a key; this gate is tested
here, offline, so a broken gate cannot silently call Google or silently never run."""

from __future__ import annotations

from typing import Any

import pytest

from tests.fakes.fixtures import live_skip_reason


class _Config:
    def __init__(self, live: bool) -> None:
        self.live = live

    def getoption(self, name: str) -> Any:
        assert name == "--live"
        return self.live


@pytest.mark.parametrize(
    ("live", "key", "runs"),
    [(False, "", False), (False, "a-key", False), (True, "", False), (True, "a-key", True)],
)
def test_live_tests_need_the_option_and_a_key(monkeypatch, live, key, runs):
    monkeypatch.setenv("GEMINI_API_KEY", key)
    reason = live_skip_reason(_Config(live))  # type: ignore[arg-type]
    assert (reason is None) == runs
    if not runs:
        assert reason is not None and "not run" in reason
