"""What `make mutate` mutates: every module found on disk under explain/core, with its tests.

Mutation testing is a periodic audit of the pure rule layer, so the list is not kept by
hand: a module added, moved or deleted under explain/core is picked up (or dropped) the
next run. Each module is judged by the tests named after it (tests mirror the code
layout: `explain/core/rules/words.py` -> `tests/explain/core/**/test_words*.py`) plus
the verifier's end-to-end tests, which every rule feeds; OVERRIDES widens the selection
or tightens the time limit where a module needs it. Test paths are globs, so moved or
added test files are picked up too.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORE = "explain/core"

# The share of non-accepted mutants the tests should kill. Reported, not a gate: the
# run fails on a survivor nobody has looked at, not on a percentage.
GOAL = 0.95

# Every rule ends in the verifier's decisions, so its plain tests judge every module too.
SHARED_TESTS = ("tests/explain/core/test_verify.py",)


@dataclass(frozen=True)
class Target:
    module: str  # a path relative to the repository root
    tests: tuple[str, ...]  # globs relative to the repository root
    # Functions that run only while the module is imported (run.py tests their mutants
    # again with a fresh import, which mutmut's forked workers never do).
    import_time: tuple[str, ...] = ()
    # mutmut stops a mutant after (its tests' time + 1 s) x 2 x this, in CPU seconds.
    timeout_multiplier: float = 10.0


@dataclass(frozen=True)
class Override:
    """What a module needs beyond its own tests and the shared ones."""

    tests: tuple[str, ...] = ()
    import_time: tuple[str, ...] = ()
    timeout_multiplier: float = 10.0


# Keyed by the module's path relative to explain/core.
OVERRIDES = {
    # No database, and the mutants that loop for ever (a search that never moves on)
    # would otherwise hold the shared CPU for minutes each: stop them at 4x, not 20x.
    "verify.py": Override(
        tests=("tests/explain/**/test_oracle*.py", "tests/explain/**/test_claims*.py"),
        timeout_multiplier=2.0,
    ),
    "texts.py": Override(tests=("tests/explain/**/test_privacy_and_cache.py",)),
    "contact_details.py": Override(tests=("tests/explain/core/test_texts*.py",)),
}


def discover(root: Path = ROOT) -> tuple[Target, ...]:
    """One target per Python module under explain/core (packages' __init__ files aside)."""
    targets = []
    for path in sorted((root / CORE).rglob("*.py")):
        if path.name == "__init__.py":
            continue
        relative = path.relative_to(root / CORE).as_posix()
        override = OVERRIDES.get(relative, Override())
        own = f"tests/explain/core/**/test_{path.stem}*.py"
        targets.append(
            Target(
                module=path.relative_to(root).as_posix(),
                tests=(own, *SHARED_TESTS, *override.tests),
                import_time=override.import_time,
                timeout_multiplier=override.timeout_multiplier,
            )
        )
    return tuple(targets)


TARGETS = discover()
