"""explain.exceptions: one root for every exception the app raises, and the old homes."""

from __future__ import annotations

import ast
from pathlib import Path

EXPLAIN_DIR = Path(__file__).resolve().parents[2] / "explain"


def test_every_exception_of_the_app_descends_from_the_one_root():
    """A host catches ExplainError for all of them; configuration is ImproperlyConfigured."""
    import importlib
    import inspect

    from django.core.exceptions import ImproperlyConfigured

    from explain.exceptions import ExplainError

    found: dict[str, type[BaseException]] = {}
    for path in sorted(EXPLAIN_DIR.rglob("*.py")):
        if "migrations" in path.parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = [node.name for node in tree.body if isinstance(node, ast.ClassDef)]
        if not names:
            continue
        relative = path.relative_to(EXPLAIN_DIR.parent).with_suffix("")
        module = importlib.import_module(".".join(relative.parts).removesuffix(".__init__"))
        for name in names:
            cls = getattr(module, name)
            if inspect.isclass(cls) and issubclass(cls, BaseException):
                found[f"{module.__name__}.{name}"] = cls
    assert "explain.exceptions.StreamMismatch" in found  # the walk sees them
    assert "explain.eval.cases.CaseFileError" in found
    strays = sorted(
        name
        for name, cls in found.items()
        if not issubclass(cls, ExplainError | ImproperlyConfigured)
    )
    assert strays == []


def test_the_old_homes_of_the_exceptions_still_import_them():
    from explain import exceptions
    from explain.adapter import JobUnavailable
    from explain.llm.errors import LocalFault, ModelCallError, ProviderError
    from explain.llm.recorded import RecordingsError
    from explain.services.feedback import FeedbackRejected

    assert JobUnavailable is exceptions.JobUnavailable
    assert RecordingsError is exceptions.RecordingsError
    assert FeedbackRejected is exceptions.FeedbackRejected
    assert issubclass(ProviderError, ModelCallError) and issubclass(LocalFault, ModelCallError)
    assert issubclass(ModelCallError, exceptions.ExplainError)
