"""Chromium and its launch, shared with the main suite's browser tests (the same
fixtures, so the same rules: a missing browser fails under EXPLAIN_REQUIRE_BROWSER=1)."""

from tests.browser.conftest import (  # noqa: F401  (fixtures, registered by this import)
    _async_unsafe_allowed,
    browser,
    new_page,
)
