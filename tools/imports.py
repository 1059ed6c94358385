"""The package's import structure: which module of explain/ imports which, and any circle.

`python -m tools.imports` prints one line per module (its imports inside explain/), then the
circles (strongly connected components of more than one module). Reads the source with ast,
imports nothing. Imports made when a module loads count (those under `if TYPE_CHECKING:`
too); `--all` adds the ones inside functions, which run only when called.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "explain"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _resolve(name: str, modules: set[str]) -> str | None:
    """The longest known module that `name` is or lies in."""
    while name:
        if name in modules:
            return name
        name = name.rpartition(".")[0]
    return None


def _imports(tree: ast.Module, *, nested: bool) -> list[ast.Import | ast.ImportFrom]:
    """The module's import statements: at its top level and in its top-level `if` and
    `try` blocks, or (nested) everywhere."""
    if nested:
        return [n for n in ast.walk(tree) if isinstance(n, ast.Import | ast.ImportFrom)]
    found: list[ast.Import | ast.ImportFrom] = []
    todo: list[ast.stmt] = list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        elif isinstance(node, ast.If | ast.Try):
            todo.extend([*node.body, *node.orelse])
            if isinstance(node, ast.Try):
                todo.extend([*node.finalbody, *(s for h in node.handlers for s in h.body)])
    return found


def graph(*, nested: bool = False) -> dict[str, set[str]]:
    files = {
        module_name(p): p for p in (ROOT / PACKAGE).rglob("*.py") if "migrations" not in p.parts
    }
    modules = set(files)
    edges: dict[str, set[str]] = {m: set() for m in modules}
    for module, path in files.items():
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        for node in _imports(ast.parse(path.read_text()), nested=nested):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")
                    anchor = anchor[: len(anchor) - node.level + 1]
                    base = ".".join([*anchor, base] if base else anchor)
                names = [f"{base}.{alias.name}" for alias in node.names] + [base]
            for name in names:
                target = _resolve(name, modules)
                if target and target != module and not module.startswith(target + "."):
                    edges[module].add(target)
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components with more than one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def visit(node: str) -> None:
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(10000)
    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def main() -> None:
    edges = graph(nested="--all" in sys.argv)
    for module in sorted(edges):
        print(f"{module} -> {', '.join(sorted(edges[module])) or '-'}")
    found = circles(edges)
    print(f"\ncircles: {len(found)}")
    for component in found:
        print("  " + " <-> ".join(component))


if __name__ == "__main__":
    main()
