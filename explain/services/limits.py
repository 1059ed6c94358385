"""The verifier's bounds as this site configures them."""

from __future__ import annotations

from explain.conf import app_settings
from explain.core.verify import Limits


def verify_limits() -> Limits:
    """The verifier's bounds as this site configures them."""
    return Limits(
        max_quote_words=app_settings.MAX_QUOTE_WORDS,
        max_points=app_settings.MAX_POINTS,
    )
