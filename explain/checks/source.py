"""Checks of EXPLAIN_SOURCE: the adapter is named, importable and keeps the contract.

explain.E001 (not set), E002 (cannot be imported), E003 (a method missing or not callable
as the app calls it), W003 (parameters in another order than the app passes them).

Checks of a BaseExplainSource's attribute lists: every name in `profile_attributes`
and `job_attributes` must be an attribute of the object it is read from.

`fields_of` reads a missing attribute as empty and leaves the field out, so a typo
("skils") or the wrong object (the job-seeker record instead of the profile) would send
nothing and say nothing. Where the class is known at start-up (the user model when
`get_profile` is not overridden; `profile_model` / `job_model` when the adapter names
them), `manage.py check` says so: explain.E050 (a name the class does not have, with the
closest names), explain.E051 (none of the names: the wrong object).
`explain_check --user --job` runs the same test on the objects the adapter returns."""

from __future__ import annotations

import difflib
import inspect
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.core.checks import CheckMessage, Error, Warning, register
from django.utils.module_loading import import_string

from explain.adapter import BaseExplainSource, ExplainSource
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


def known_names(target: Any) -> set[str]:
    """The public attribute names of a class, or of an object and its class."""
    cls = target if isinstance(target, type) else type(target)
    names = {name for name in dir(cls) if not name.startswith("_")}
    if not isinstance(target, type):
        names |= {name for name in getattr(target, "__dict__", {}) if not name.startswith("_")}
    return names


def _has(target: Any, name: str, names: set[str]) -> bool:
    if name in names:
        return True
    if isinstance(target, type):
        return False
    try:  # a dynamic attribute (__getattr__) that answers
        getattr(target, name)
    except Exception:
        return False
    return True


@dataclass(frozen=True)
class AttributeProblem:
    wrong_object: bool  # none of the names: the adapter reads the wrong object
    text: str
    fix: str

    def line(self) -> str:
        return f"{self.text}. Fix: {self.fix}"


def attribute_problems(
    target: Any, attributes: Iterable[str], *, setting_name: str
) -> list[AttributeProblem]:
    """What is wrong with reading these attribute names from target ([] when nothing):
    one problem for the wrong object, or one per unknown name with the closest matches."""
    wanted = [str(name) for name in attributes]
    if not wanted:
        return []
    names = known_names(target)
    unknown = [name for name in wanted if not _has(target, name, names)]
    close = {
        name: difflib.get_close_matches(name, sorted(names), n=3, cutoff=0.6) for name in unknown
    }
    what = target.__name__ if isinstance(target, type) else type(target).__name__
    if len(unknown) == len(wanted) and not all(close.values()):
        record = "profile" if setting_name.startswith("profile") else "job"
        method = "get_profile" if record == "profile" else "get_job"
        return [
            AttributeProblem(
                True,
                f"{setting_name} names {', '.join(wanted)}, and a {what} has none of them, "
                "so nothing is ever sent",
                f"return the object that holds these attributes from {method} (the {record} "
                f"record, not the {what}), or name the {what}'s own attributes",
            )
        ]
    problems = []
    for name in unknown:
        matches = close[name]
        hint = f" (did you mean {' or '.join(repr(c) for c in matches)}?)" if matches else ""
        problems.append(
            AttributeProblem(
                False,
                f"{setting_name} names {name!r}, which a {what} does not have{hint}, so "
                "that field is never sent",
                f"write the {what}'s attribute name in {setting_name}",
            )
        )
    return problems


def known_classes(adapter: Any) -> dict[str, Any]:
    """The class each attribute list is read from, where it is known without a request."""
    found: dict[str, Any] = {}
    if not (isinstance(adapter, type) and issubclass(adapter, BaseExplainSource)):
        return found
    profile_model = getattr(adapter, "profile_model", None)
    if isinstance(profile_model, type):
        found["profile_attributes"] = profile_model
    elif adapter.get_profile is BaseExplainSource.get_profile:
        found["profile_attributes"] = get_user_model()
    job_model = getattr(adapter, "job_model", None)
    if isinstance(job_model, type):
        found["job_attributes"] = job_model
    return found


@register()
def check_adapter_attributes(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    source = setting("EXPLAIN_SOURCE")
    try:
        adapter = import_string(str(source)) if source else None
    except ImportError:
        return []  # explain.E002 says so
    messages: list[CheckMessage] = []
    for setting_name, cls in known_classes(adapter).items():
        attributes = list(getattr(adapter, setting_name, {}) or {})
        for problem in attribute_problems(cls, attributes, setting_name=setting_name):
            text = f"The EXPLAIN_SOURCE adapter's {problem.text}."
            hint = problem.fix[:1].upper() + problem.fix[1:] + "."
            if problem.wrong_object:
                messages.append(Error(text, hint=hint, id="explain.E051"))
            else:
                messages.append(Error(text, hint=hint, id="explain.E050"))
    return messages
