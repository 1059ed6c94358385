"""Tests mirror the code: every module of the app has a test module named after it.

explain/<name>.py is tested in tests/explain/test_<name>.py; a module of a package
(explain/checks/cache.py) in tests/explain/checks/test_cache.py, or flat as
tests/explain/test_cache.py where the name is unique. Feature suites (test_api_stream,
test_gemini_faults, ...) come on top.
"""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
APP = REPO / "explain"
TESTS = REPO / "tests" / "explain"


def test_every_app_module_has_a_test_module() -> None:
    missing = []
    for module in sorted(APP.rglob("*.py")):
        relative = module.relative_to(APP)
        if module.name == "__init__.py" or relative.parts[0] == "migrations":
            continue
        test_name = f"test_{module.stem}.py"
        nested = TESTS / relative.parent / test_name
        flat = TESTS / test_name
        if not nested.exists() and not flat.exists():
            missing.append(f"explain/{relative} -> tests/explain/{relative.parent / test_name}")
    assert not missing, "modules without a test module:\n" + "\n".join(missing)


def test_code_names_no_issue_numbers_or_spec_sections() -> None:
    """Code says why in its own words; issue numbers and spec sections go stale."""
    reference = re.compile(r"\bissues? #?\d+\b|SPEC ?§|§ ?\d", re.IGNORECASE)
    found = []
    for folder in ("explain", "jobportal", "tools", "support", "tests"):
        for path in sorted((REPO / folder).rglob("*")):
            if path.suffix not in {".py", ".js", ".html", ".css"} or "migrations" in path.parts:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if reference.search(line):
                    found.append(f"{path.relative_to(REPO)}:{number}: {line.strip()}")
    assert not found, "\n".join(found)
