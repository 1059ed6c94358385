"""How many lines a host portal writes to integrate explain: `python -m tools.host_lines DIR`.

A host line is a line of code (not blank, not only a comment or a docstring) that exists
for explain: every line of a Python module that imports from `explain` (the adapter),
and elsewhere each line that names explain (the INSTALLED_APPS entry, the URL include,
the settings, the template tags and `data-explain-*` attributes). Tests, conftest files
and migrations are not the integration and are left out.
"""

from __future__ import annotations

import ast
import io
import re
import sys
import tokenize
from pathlib import Path

NAMES_EXPLAIN = re.compile(r"explain", re.IGNORECASE)
IMPORTS_EXPLAIN = re.compile(r"^\s*(from explain[.\s]|import explain\b)", re.MULTILINE)
SKIPPED_PARTS = {"browser", "migrations", "static", "__pycache__"}


def _code_lines(source: str) -> dict[int, str]:
    """Line number -> text of the lines holding code: comments and docstrings dropped."""
    docstrings: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            value = body[0].value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                docstrings.update(range(body[0].lineno, (body[0].end_lineno or 0) + 1))
    lines = source.splitlines()
    code: dict[int, str] = {}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT,
                          tokenize.DEDENT, tokenize.ENDMARKER):  # fmt: skip
            continue
        for number in range(token.start[0], token.end[0] + 1):
            if number not in docstrings:
                code[number] = _without_comment(lines[number - 1])
    return code


def _without_comment(line: str) -> str:
    return line.split("  #", 1)[0]


def count_file(path: Path) -> int:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        code = _code_lines(text)
        if IMPORTS_EXPLAIN.search(text):
            return len(code)
        return sum(1 for line in code.values() if NAMES_EXPLAIN.search(line))
    return sum(1 for line in text.splitlines() if NAMES_EXPLAIN.search(line))


def host_files(root: Path) -> list[Path]:
    return sorted(
        path
        for path in root.rglob("*")
        if path.suffix in (".py", ".html")
        and not SKIPPED_PARTS & set(path.relative_to(root).parts)
        and not path.name.startswith(("test_", "conftest"))
    )


def count(root: Path) -> dict[str, int]:
    """Host lines per file (files without any left out)."""
    counted = {str(path.relative_to(root)): count_file(path) for path in host_files(root)}
    return {name: lines for name, lines in counted.items() if lines}


def main(argv: list[str]) -> int:
    root = Path(argv[0] if argv else "tests/hosts/foreign")
    counted = count(root)
    for name, lines in counted.items():
        print(f"{lines:4d}  {name}")
    print(f"{sum(counted.values()):4d}  host lines in {root}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
