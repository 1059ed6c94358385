"""Pytest plugin: the fake Gemini server, the settings that point the real SDK at it,
and the --live opt-in for the one test that calls Google.

Registered from tests/conftest.py with `pytest_plugins = ["tests.fakes.fixtures"]`.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from explain.llm import registry
from support.fake_gemini import FakeGeminiServer

# A key shaped like a real one and found nowhere else: tests assert it never leaks.
CANARY_KEY = "AIzaSyCANARY-0f1e2d3c4b5a69788796a5b4c3d2e1f0"

# Seconds: the timeout of every test that is not about timeouts, the longest the settings
# check allows (explain.E005). Four times the default, so a loaded machine, or a test run
# stopped (SIGSTOP) for a while on a shared one, does not turn an answer from the fake into
# a timeout. Tests about timeouts set a short one and make the fake hold its answer.
PATIENT_TIMEOUT = 120.0


def live_skip_reason(config: pytest.Config) -> str | None:
    """Why tests marked `live` do not run this time, or None when they do."""
    if not config.getoption("--live"):
        return "live Gemini test not run: it needs --live and GEMINI_API_KEY"
    if not os.environ.get("GEMINI_API_KEY"):
        return "live Gemini test not run: --live given but GEMINI_API_KEY is not set"
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked `live` call Google: they run only when asked for, with a key."""
    reason = live_skip_reason(config)
    if reason is None:
        return
    for item in items:
        if item.get_closest_marker("live") is not None:
            item.add_marker(pytest.mark.skip(reason=reason))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--live",
        action="store_true",
        default=False,
        help="also run tests marked `live`, which call the real Gemini API "
        "(needs GEMINI_API_KEY in the environment)",
    )


@pytest.fixture
def gemini_server() -> Iterator[FakeGeminiServer]:
    """A fake Gemini API on 127.0.0.1 (ephemeral port), stopped after the test."""
    with FakeGeminiServer() as server:
        yield server


@pytest.fixture
def use_gemini(
    settings: Any, gemini_server: FakeGeminiServer, request: pytest.FixtureRequest
) -> Iterator[Callable[..., FakeGeminiServer]]:
    """Switch the site to the real Gemini provider, talking to the fake server.

    `use_gemini()` sets the canary key, the server's URL and PATIENT_TIMEOUT;
    `use_gemini(timeout=0.5)` sets a short EXPLAIN_TIMEOUT_SECONDS instead (for a fake
    that holds or stalls its answer); `use_gemini(base_url=...)` points elsewhere
    (a closed port). Each test's server has its own port and the URL is part of the key
    registry.get_chat_model builds clients by, so every test gets a fresh client; the
    built clients are dropped afterwards so none outlives its server.
    """

    def install(*, timeout: float | None = None, base_url: str | None = None) -> FakeGeminiServer:
        settings.EXPLAIN_CHAT_MODEL = None
        settings.GEMINI_API_KEY = CANARY_KEY
        settings.GEMINI_MODEL = "gemini-test-model"
        settings.GEMINI_BASE_URL = base_url or gemini_server.base_url
        settings.EXPLAIN_TIMEOUT_SECONDS = PATIENT_TIMEOUT if timeout is None else timeout
        if "db" in request.fixturenames or "transactional_db" in request.fixturenames:
            # The postings read ahead, from the worked draft, under this model's name: a
            # request then makes the viewer's call only (tests/conftest.py).
            from tests.conftest import FakeModel, prepare_postings

            reader = FakeModel("")
            reader.model_name = settings.GEMINI_MODEL
            prepare_postings(reader, "")
        return gemini_server

    yield install
    registry.forget_built_models()
