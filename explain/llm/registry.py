"""Which ChatModel this site uses, decided once from settings.

EXPLAIN_CHAT_MODEL (a callable or dotted path) wins; then Gemini when GEMINI_API_KEY is
set; then the recorded demo model when EXPLAIN_DEMO_MODE is on; otherwise None, and the
panel says explanations are unavailable.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from django.utils.module_loading import import_string
from django.views.decorators.debug import sensitive_variables

from explain.conf import app_settings
from explain.llm.client import ChatModel

logger = logging.getLogger(__name__)
_lock = threading.Lock()
_built: dict[tuple[Any, ...], ChatModel] = {}


@sensitive_variables("api_key", "key")
def get_chat_model() -> ChatModel | None:
    """The configured model, or None when explanations are switched off."""
    custom = app_settings.CHAT_MODEL
    if custom:
        return import_string(custom) if isinstance(custom, str) else custom
    api_key = app_settings.GEMINI_API_KEY
    if api_key:
        key = (
            "gemini",
            hash(api_key),
            app_settings.GEMINI_MODEL,
            app_settings.GEMINI_BASE_URL,
            app_settings.TIMEOUT_SECONDS,
            app_settings.TEMPERATURE,
            app_settings.MAX_OUTPUT_TOKENS,
            app_settings.THINKING,
        )
        return _build_once(key, lambda: _gemini(api_key))
    if app_settings.DEMO_MODE:
        path = recordings_path()
        try:
            return _build_once(("recorded", path), lambda: _recorded(path))
        except (OSError, ValueError) as exc:
            # explain.W001 names the file at start-up; here the panel says "unavailable".
            logger.error("Demo mode: the recordings cannot be read (%s)", type(exc).__name__)
            return None
    return None


def forget_built_models() -> None:
    """Drop (and close) every model built so far; the next request builds afresh.

    For tests, which point the provider at a new fake server each time.
    """
    with _lock:
        built = list(_built.values())
        _built.clear()
    for model in built:
        close = getattr(model, "close", None)
        if callable(close):
            close()


def _build_once(key: tuple[Any, ...], build: Any) -> ChatModel:
    with _lock:
        if key not in _built:
            _built[key] = build()
        return _built[key]


@sensitive_variables("api_key")
def _gemini(api_key: str) -> ChatModel:
    from explain.llm.gemini import GeminiChatModel

    return GeminiChatModel(
        api_key=api_key,
        model=app_settings.GEMINI_MODEL,
        base_url=app_settings.GEMINI_BASE_URL,
        timeout_seconds=app_settings.TIMEOUT_SECONDS,
        temperature=app_settings.TEMPERATURE,
        max_output_tokens=app_settings.MAX_OUTPUT_TOKENS,
        thinking=app_settings.THINKING,
    )


def recordings_path() -> str:
    """EXPLAIN_RECORDED_DRAFTS, or the demo portal's recordings shipped in the package."""
    from explain.llm.recorded import PACKAGED_RECORDINGS

    return app_settings.RECORDED_DRAFTS or str(PACKAGED_RECORDINGS)


def _recorded(path: str) -> ChatModel:
    from explain.llm.recorded import RecordedChatModel

    return RecordedChatModel.from_file(path)


def is_demo_model(model: object) -> bool:
    from explain.llm.recorded import RecordedChatModel

    return isinstance(model, RecordedChatModel)
