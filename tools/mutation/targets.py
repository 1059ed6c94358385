"""What `make mutate` mutates, which tests judge each module, and the score each must reach.

One module per mutmut run, each with the narrow test selection that exercises it: a run
collects coverage of that selection once, then runs only the covering tests per mutant.
Test paths are globs, so a test file that moves (tests mirror the code layout) or that a
later change adds is picked up without editing this list.
"""

from __future__ import annotations

from dataclasses import dataclass

RULE_LAYER = "rule layer"
SERVICE = "service"
PROVIDER = "provider"

# The share of non-equivalent mutants the tests must kill, per group.
GOALS = {RULE_LAYER: 0.95, SERVICE: 0.90, PROVIDER: 0.95}


@dataclass(frozen=True)
class Target:
    module: str  # a path relative to the repository root
    group: str
    tests: tuple[str, ...]  # globs relative to the repository root
    # Functions that run only while the module is imported (run.py tests their mutants
    # again with a fresh import, which mutmut's forked workers never do).
    import_time: tuple[str, ...] = ()
    # mutmut stops a mutant after (its tests' time + 1 s) x 2 x this, in CPU seconds.
    timeout_multiplier: float = 10.0


VERIFY_TESTS = (
    "tests/explain/**/test_verify*.py",
    "tests/explain/**/test_oracle*.py",
    "tests/explain/**/test_claims*.py",
)

TARGETS = (
    # No database, and the mutants that loop for ever (a search that never moves on)
    # would otherwise hold the shared CPU for minutes each: stop them at 4x, not 20x.
    Target("explain/core/verify.py", RULE_LAYER, VERIFY_TESTS, timeout_multiplier=2.0),
    Target(
        "explain/core/contact_details.py",
        RULE_LAYER,
        (
            "tests/explain/**/test_contact_details*.py",
            "tests/explain/**/test_verify.py",
            "tests/explain/**/test_texts*.py",
        ),
    ),
    Target(
        "explain/core/schema.py",
        RULE_LAYER,
        ("tests/explain/**/test_schema*.py", "tests/explain/**/test_verify.py"),
    ),
    Target(
        "explain/core/prompt.py",
        RULE_LAYER,
        ("tests/explain/**/test_prompt*.py",),
    ),
    Target(
        "explain/core/texts.py",
        RULE_LAYER,
        (
            "tests/explain/**/test_texts*.py",
            "tests/explain/**/test_text_from_html*.py",
            "tests/explain/**/test_privacy_and_cache.py",
        ),
    ),
    *(
        Target(
            f"explain/core/rules/{name}.py",
            RULE_LAYER,
            (f"tests/explain/core/rules/test_{name}*.py", "tests/explain/**/test_verify.py"),
            import_time,
        )
        for name, import_time in (
            ("addressed_to_ai", ()),  # rows compiled on first use (_compiled)
            ("reading", ()),
            ("amounts", ()),
            ("content", ()),
            ("words", ()),
        )
    ),
    Target(
        "explain/services/explanations.py",
        SERVICE,
        (
            "tests/explain/**/test_explanations*.py",
            "tests/explain/**/test_streaming*.py",
            "tests/explain/**/test_views.py",
            "tests/explain/**/test_api.py",
            "tests/explain/**/test_privacy_and_cache.py",
            "tests/explain/**/test_owner_controls.py",
            "tests/explain/**/test_breaker.py",
            "tests/explain/**/test_feedback.py",
            # The drop-rate alert checked after each logged answer.
            "tests/explain/**/test_alerts.py",
            # Demo mode's honest outcome for a profile it has no recording for.
            "tests/explain/**/test_recorded.py",
            # The connection released before the model call (_release_database_connections).
            "tests/test_deploy.py",
        ),
    ),
    Target(
        "explain/llm/gemini.py",
        PROVIDER,
        ("tests/explain/**/test_gemini*.py", "tests/explain/**/test_api_stream.py"),
    ),
    Target(
        "explain/llm/client.py",
        PROVIDER,
        # Not the fault matrix: its half-second timeouts make a loaded machine's clean
        # run fail; the shapes test drives the client through the real SDK instead.
        ("tests/explain/**/test_client*.py", "tests/explain/**/test_gemini_shapes.py"),
    ),
)
