"""axe-core, vendored (tests/browser/vendor/), run in the page under test.

Loaded with page.evaluate, which the page's Content Security Policy does not govern, so
the CSP stays as strict as in production. The file's checksum is pinned: an edited or
truncated copy fails loudly instead of checking less.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
AXE_SHA256 = "29348999450cdf2849a8e70b7912fc2da85a849da39c0d0d5394f51d4a9ed95c"
_source: str | None = None


def _axe_source() -> str:
    global _source
    if _source is None:
        raw = AXE.read_bytes()
        assert hashlib.sha256(raw).hexdigest() == AXE_SHA256, "vendored axe.min.js changed"
        _source = raw.decode("utf-8")
    return _source


AXE_SECONDS = 60


def axe_violations(page: Any) -> list[str]:
    """Every axe-core violation on the page now, one line each ("rule: target").

    axe.run is started, not awaited, inside page.evaluate (which has no timeout): its
    result is awaited with wait_for_function, so an axe run that never settles (seen
    upstream: axe-core-npm#675) fails this test with a timeout instead of stalling the run.
    """
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(_axe_source())
    page.evaluate(
        """() => {
            window.__explainAxe = "running";
            window.axe.run(document, { resultTypes: ["violations"] }).then(
                result => { window.__explainAxe = { violations: result.violations }; },
                error => { window.__explainAxe = { error: String(error) }; });
        }"""
    )
    page.wait_for_function(
        "() => typeof window.__explainAxe === 'object' && window.__explainAxe !== null",
        timeout=AXE_SECONDS * 1000,
    )
    outcome = page.evaluate(
        """() => {
            const outcome = window.__explainAxe;
            if (outcome.error) return { error: outcome.error };
            return { found: outcome.violations.flatMap(v =>
                v.nodes.map(n => v.id + " (" + v.impact + "): " + n.target.join(" "))) };
        }"""
    )
    assert "error" not in outcome, f"axe-core failed: {outcome['error']}"
    return list(outcome["found"])


def assert_accessible(page: Any) -> None:
    violations = axe_violations(page)
    assert violations == [], "axe-core violations:\n" + "\n".join(violations)
