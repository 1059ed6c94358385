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


# The rule layer, text composition, the host contract and the model layer are plain Python:
# they can be read, tested and reused without a Django project.
PURE_MODULES = [
    "verify.py",
    "verify_incremental.py",
    "draft_stream.py",
    "scrub.py",
    "schema.py",
    "prompt.py",
    "texts.py",
    "adapter.py",
    "sanitize.py",
    "context.py",
    "costs.py",
    "breaker.py",
    "counters.py",
    *(str(path.relative_to(EXPLAIN_DIR)) for path in sorted((EXPLAIN_DIR / "rules").glob("*.py"))),
    *(
        str(path.relative_to(EXPLAIN_DIR))
        for path in sorted((EXPLAIN_DIR / "llm").glob("*.py"))
        if path.name != "registry.py"
    ),
]


def test_the_pure_modules_import_no_django():
    assert "llm/client.py" in PURE_MODULES and "llm/gemini.py" in PURE_MODULES
    assert "rules/points.py" in PURE_MODULES and "rules/instructions.py" in PURE_MODULES
    offenders = {
        module: sorted(
            name
            for name in imported_modules(EXPLAIN_DIR / module)
            if name.split(".")[0] in {"django", "rest_framework", "django_ratelimit"}
        )
        for module in PURE_MODULES
    }
    assert {module: names for module, names in offenders.items() if names} == {}


def test_the_pure_modules_import_only_pure_explain_modules():
    pure_names = {
        "explain." + m.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        for m in PURE_MODULES
    }
    offenders = {
        module: sorted(
            name
            for name in imported_modules(EXPLAIN_DIR / module)
            if name.startswith("explain.") and name not in pure_names
        )
        for module in PURE_MODULES
    }
    assert {module: names for module, names in offenders.items() if names} == {}


def test_tools_and_support_never_import_tests():
    root = EXPLAIN_DIR.parent
    offenders = {
        str(path.relative_to(root)): sorted(
            name for name in imported_modules(path) if name.split(".")[0] == "tests"
        )
        for folder in ("tools", "support")
        for path in (root / folder).rglob("*.py")
    }
    assert {path: names for path, names in offenders.items() if names} == {}
