"""Every setting the explain app reads, with its default, in one place.

Read when used (not at import), so tests can change them with override_settings.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.conf import settings
from django.utils.module_loading import import_string

from explain.adapter import ExplainSource
from explain.verify import Limits

DEFAULTS: dict[str, Any] = {
    # Dotted path to the host's adapter class (explain.adapter.ExplainSource).
    "EXPLAIN_SOURCE": None,
    # URL (or URL name) of the host page where users edit their profile, for the panel.
    "EXPLAIN_PROFILE_URL": None,
    # Template the stand-alone result page extends.
    "EXPLAIN_BASE_TEMPLATE": "base.html",
    # Each text sent to the model is cut to this many characters, at a word boundary.
    "EXPLAIN_MAX_TEXT_CHARS": 8000,
    "EXPLAIN_MAX_QUOTE_WORDS": 12,
    "EXPLAIN_MAX_POINT_CHARS": 300,
    "EXPLAIN_MAX_POINTS": 5,
    # One AI request per user per window (django-ratelimit rate syntax).
    "EXPLAIN_RATE": "1/30s",
    "EXPLAIN_CACHE_ALIAS": "default",
    "EXPLAIN_CACHE_SECONDS": 7 * 24 * 3600,
    "EXPLAIN_TIMEOUT_SECONDS": 30.0,
    "EXPLAIN_TEMPERATURE": 0.1,
    "EXPLAIN_MAX_OUTPUT_TOKENS": 2048,
    # A ChatModel (callable) or a dotted path to one; overrides Gemini (tests, other hosts).
    "EXPLAIN_CHAT_MODEL": None,
    # Without a key: answer from recorded drafts, and say so on the page.
    "EXPLAIN_DEMO_MODE": False,
    "EXPLAIN_RECORDED_DRAFTS": None,
    # Gemini, normally from the environment through the host's settings.
    "GEMINI_API_KEY": "",
    "GEMINI_MODEL": "gemini-2.5-flash",
    "GEMINI_BASE_URL": "",
}


def setting(name: str) -> Any:
    """The host's value for an explain setting, or its default."""
    return getattr(settings, name, DEFAULTS[name])


def verify_limits() -> Limits:
    """The verifier's bounds as this site configures them."""
    return Limits(
        max_quote_words=int(setting("EXPLAIN_MAX_QUOTE_WORDS")),
        max_point_chars=int(setting("EXPLAIN_MAX_POINT_CHARS")),
        max_points=int(setting("EXPLAIN_MAX_POINTS")),
    )


@cache
def _load_source(path: str) -> ExplainSource:
    return import_string(path)()  # type: ignore[no-any-return]


def get_source() -> ExplainSource:
    """The host's adapter named in EXPLAIN_SOURCE, built once per dotted path."""
    path = setting("EXPLAIN_SOURCE")
    if not path:
        raise LookupError("EXPLAIN_SOURCE is not set")
    return _load_source(str(path))
