"""explain.services.limits: the verifier's bounds follow the site's settings."""

from __future__ import annotations

from explain.services.limits import verify_limits


def test_the_verifier_bounds_follow_the_settings(settings):
    settings.EXPLAIN_MAX_QUOTE_WORDS = 9
    settings.EXPLAIN_MAX_POINTS = 3
    limits = verify_limits()
    assert (limits.max_quote_words, limits.max_points) == (9, 3)
