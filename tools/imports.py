"""The package's import structure: which module of explain/ imports which, and any circle.

`python -m tools.imports` prints one line per module (its imports inside explain/), then the
circles (strongly connected components of more than one module). Reads the source with ast,
imports nothing.
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


def graph() -> dict[str, set[str]]:
    files = {
        module_name(p): p for p in (ROOT / PACKAGE).rglob("*.py") if "migrations" not in p.parts
    }
    modules = set(files)
    edges: dict[str, set[str]] = {m: set() for m in modules}
    for module, path in files.items():
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text())):
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
    edges = graph()
    for module in sorted(edges):
        print(f"{module} -> {', '.join(sorted(edges[module])) or '-'}")
    found = circles(edges)
    print(f"\ncircles: {len(found)}")
    for component in found:
        print("  " + " <-> ".join(component))


if __name__ == "__main__":
    main()
