"""tools/load/profile_request.py's step table: each step's CPU, and the steps put back."""

from __future__ import annotations

import sys
import types

import pytest

from tools.load import profile_request


class Worker:
    """A step that is a method, as PromptSpec.call is."""

    def step(self) -> int:
        return sum(range(20_000))


def busy() -> int:
    return sum(range(20_000))


@pytest.fixture
def steps_module(monkeypatch: pytest.MonkeyPatch) -> types.ModuleType:
    module = types.ModuleType("profile_steps_under_test")
    module.busy = busy  # type: ignore[attr-defined]
    module.Worker = Worker  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    monkeypatch.setattr(
        profile_request,
        "STEPS",
        {module.__name__: ("busy", "Worker.step", "gone_since")},
    )
    return module


def test_each_step_is_timed_and_put_back(steps_module: types.ModuleType) -> None:
    def run() -> None:
        for _ in range(20):
            steps_module.busy()
            steps_module.Worker().step()

    spent, collector = profile_request._steps(run)
    # A name the module no longer has is left out; the two that exist took CPU.
    assert set(spent) == {"busy", "Worker.step"}
    assert spent["busy"] > 0 and spent["Worker.step"] > 0
    assert collector >= 0
    assert steps_module.busy is busy
    assert steps_module.Worker.step is Worker.step


def test_the_steps_are_put_back_when_the_run_fails(steps_module: types.ModuleType) -> None:
    def run() -> None:
        raise RuntimeError("the request failed")

    with pytest.raises(RuntimeError):
        profile_request._steps(run)
    assert steps_module.busy is busy
    assert steps_module.Worker.step is Worker.step
