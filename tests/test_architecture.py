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
    *(str(path.relative_to(EXPLAIN_DIR)) for path in sorted((EXPLAIN_DIR / "core").rglob("*.py"))),
    "verify.py",
    "schema.py",
    "texts.py",
    "display_cleaning.py",
    "web/surrounding_sentence.py",
    "adapter.py",
    "exceptions.py",
    "usage.py",
    "reporting/costs.py",
    "controls/breaker.py",
    "controls/counters.py",
    *(
        str(path.relative_to(EXPLAIN_DIR))
        for path in sorted((EXPLAIN_DIR / "llm").glob("*.py"))
        if path.name != "registry.py"
    ),
]


def test_the_pure_modules_import_no_django():
    assert "llm/client.py" in PURE_MODULES and "llm/gemini.py" in PURE_MODULES
    assert "core/rules/reading.py" in PURE_MODULES and "core/verify.py" in PURE_MODULES
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


# --- public APIs only -------------------------------------------------------------------
# Private names of these libraries change without notice in any release, so neither the
# app nor the reference host may use them: the SDK, the ORM's SQL compiler layer and
# django-ratelimit.
WATCHED_PACKAGES = ("google.genai", "django.db.models.sql", "django_ratelimit")
# Private attributes of theirs reached through objects, not imports.
FORBIDDEN_ATTRIBUTES = frozenset({"_api_client", "_get_window", "_make_cache_key", "_split_rate"})
HOST_DIR = EXPLAIN_DIR.parent / "jobportal"


def _is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _watched(module: str) -> bool:
    return any(module == p or module.startswith(p + ".") for p in WATCHED_PACKAGES)


def private_uses(path: Path) -> list[str]:
    """Every private name of a watched package the file imports or reaches, by line."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    aliases: set[str] = set()
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if _watched(alias.name):
                    if any(_is_private(part) for part in alias.name.split(".")):
                        found.append(f"{node.lineno}: import {alias.name}")
                    aliases.add((alias.asname or alias.name).split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.module and _watched(node.module):
            if any(_is_private(part) for part in node.module.split(".")):
                found.append(f"{node.lineno}: from {node.module}")
            for alias in node.names:
                if _is_private(alias.name):
                    found.append(f"{node.lineno}: from {node.module} import {alias.name}")
                aliases.add(alias.asname or alias.name)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        on_watched = isinstance(node.value, ast.Name) and node.value.id in aliases
        if node.attr in FORBIDDEN_ATTRIBUTES or (on_watched and _is_private(node.attr)):
            found.append(f"{node.lineno}: .{node.attr}")
    return sorted(found)


def test_no_private_name_of_the_sdk_the_orm_compiler_or_django_ratelimit_is_used():
    offenders = {
        str(path.relative_to(EXPLAIN_DIR.parent)): uses
        for directory in (EXPLAIN_DIR, HOST_DIR)
        for path in directory.rglob("*.py")
        if (uses := private_uses(path))
    }
    assert offenders == {}


def test_the_private_name_check_sees_each_kind_of_use(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from django_ratelimit.core import _get_window, get_usage\n"
        "from google.genai import _common\n"
        "import google.genai._transformers\n"
        "from google.genai import types\n"
        "from django.db.models.sql import InsertQuery\n"
        "types._private_helper()\n"
        "client._api_client.request()\n"
        "model._client._api_client.request()\n"
        "self._client.models.generate_content()\n"  # our own private attribute: fine
        "from explain.conf import _own\n"  # our own module: fine
    )
    assert private_uses(sample) == sorted(
        [
            "1: from django_ratelimit.core import _get_window",
            "2: from google.genai import _common",
            "3: import google.genai._transformers",
            "6: ._private_helper",
            "7: ._api_client",
            "8: ._api_client",
        ]
    )


# The ORM's query and compiler objects are internals: a queryset's `.query`, its compiler
# and the SQL it compiles to change shape between Django releases.
ORM_INTERNALS = ("get_compiler", ".query.", "as_sql")


def orm_internal_uses(path: Path) -> list[str]:
    """Each line of the file naming the ORM's query or compiler layer, by line number."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [
        f"{number}: {word}"
        for number, line in enumerate(lines, start=1)
        for word in ORM_INTERNALS
        if word in line
    ]


def test_no_orm_query_or_compiler_internals_in_the_app_or_the_host():
    offenders = {
        str(path.relative_to(EXPLAIN_DIR.parent)): uses
        for directory in (EXPLAIN_DIR, HOST_DIR)
        for path in directory.rglob("*.py")
        if (uses := orm_internal_uses(path))
    }
    assert offenders == {}


def test_the_orm_internals_check_sees_each_word(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        "sql, params = rows.query.get_compiler('default').as_sql()\n"
        "rows = Log.objects.filter(query='x')\n"  # a field called query: fine
    )
    assert orm_internal_uses(sample) == ["1: get_compiler", "1: .query.", "1: as_sql"]


# --- layers ---------------------------------------------------------------------------
# The services decide and the web renders: the words both use live outside web/. The pure
# core reaches no model layer, not even through another module. And no two modules
# import each other when they load (tools/imports.py reads the graph).


def _closure(edges: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = [start]
    while todo:
        for nxt in edges[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def test_the_services_never_import_the_web_layer():
    from tools.imports import graph

    edges = graph(nested=True)
    offenders = {
        module: sorted(t for t in targets if t == "explain.web" or t.startswith("explain.web."))
        for module, targets in edges.items()
        if module.startswith("explain.services")
    }
    assert {m: t for m, t in offenders.items() if t} == {}


def test_the_core_never_reaches_the_model_layer():
    from tools.imports import graph

    edges = graph()
    offenders = {
        module: sorted(t for t in _closure(edges, module) if t.startswith("explain.llm"))
        for module in edges
        if module.startswith("explain.core")
    }
    assert {m: t for m, t in offenders.items() if t} == {}


def test_no_two_modules_import_each_other_when_they_load():
    from tools.imports import circles, graph

    assert circles(graph()) == []


def test_the_layer_checks_see_a_circle_and_a_reach():
    from tools.imports import circles

    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}
    assert circles(edges) == [["a", "b", "c"]]
    assert _closure(edges, "a") == {"a", "b", "c"}
