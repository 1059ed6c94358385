"""The explain app is reusable: nothing under explain/ may import the host portal."""

from __future__ import annotations

import ast
from pathlib import Path

EXPLAIN_DIR = Path(__file__).resolve().parent.parent / "explain"


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_explain_never_imports_the_portal():
    offenders = {
        str(path.relative_to(EXPLAIN_DIR.parent)): sorted(
            name for name in imported_modules(path) if name.split(".")[0] == "jobportal"
        )
        for path in EXPLAIN_DIR.rglob("*.py")
    }
    assert {path: names for path, names in offenders.items() if names} == {}


def test_the_check_itself_sees_imports(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("from jobportal.models import Job\nimport jobportal.views\n")
    assert imported_modules(sample) == {"jobportal.models", "jobportal.views"}


def test_verifier_has_no_django_import():
    names = imported_modules(EXPLAIN_DIR / "verify.py") | imported_modules(EXPLAIN_DIR / "scrub.py")
    assert not any(name.split(".")[0] == "django" for name in names)
