"""Checks of EXPLAIN_SOURCE: the adapter is named, importable and keeps the contract.

explain.E001 (not set), E002 (cannot be imported), E003 (a method missing or not callable
as the app calls it), W003 (parameters in another order than the app passes them).
"""

from __future__ import annotations

import inspect
from typing import Any

from django.core.checks import CheckMessage, Error, Warning, register
from django.utils.module_loading import import_string

from explain.adapter import ExplainSource
from explain.conf import setting


@register()
def check_source(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    source = setting("EXPLAIN_SOURCE")
    if not source:
        return [
            Error(
                "EXPLAIN_SOURCE is not set.",
                hint="Point it at your adapter class, e.g. 'myportal.explain_source.Source'.",
                id="explain.E001",
            )
        ]
    try:
        adapter = import_string(str(source))
    except ImportError:
        return [
            Error(
                f"EXPLAIN_SOURCE {source!r} cannot be imported.",
                hint="Check the dotted path to the adapter class.",
                id="explain.E002",
            )
        ]
    return adapter_problems(adapter)


# The contract's methods as the app calls them: positionally, in this order.
CONTRACT = {
    "profile_fields": "def profile_fields(self, user) -> list[Field]:",
    "job_fields": "def job_fields(self, job_id: str, user) -> list[Field]:",
}


def _positional_names(function: Any) -> list[str] | None:
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return None
    return [
        p.name
        for p in signature.parameters.values()
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]


def adapter_problems(adapter: Any) -> list[CheckMessage]:
    """The adapter's methods against ExplainSource's signatures (explain.E003, W003)."""
    problems: list[CheckMessage] = []
    for name, fix in CONTRACT.items():
        method = getattr(adapter, name, None)
        expected = inspect.signature(getattr(ExplainSource, name))
        if not callable(method):
            problems.append(
                Error(
                    f"The EXPLAIN_SOURCE adapter has no method {name}.",
                    hint=f"Add it: {fix}",
                    id="explain.E003",
                )
            )
            continue
        arguments = [None] * (len(expected.parameters))  # self and the contract's arguments
        try:
            inspect.signature(method).bind(*arguments)
        except TypeError:
            problems.append(
                Error(
                    f"The adapter's {name}{inspect.signature(method)} cannot be called as "
                    f"{name}{expected}.",
                    hint=f"Change it to: {fix}",
                    id="explain.E003",
                )
            )
            continue
        names = _positional_names(method)
        wanted = list(expected.parameters)
        if names is not None and names[: len(wanted)] != wanted:
            problems.append(
                Warning(
                    f"The adapter's {name} takes ({', '.join(names)}); the app passes "
                    f"({', '.join(wanted)}) in that order.",
                    hint=f"Rename or reorder the parameters: {fix}",
                    id="explain.W003",
                )
            )
    return problems
