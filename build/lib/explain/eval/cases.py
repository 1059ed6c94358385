"""The labelled set: one file of claims, each with the texts it is checked against.

The file (JSON, one case per line so a diff shows one case per line) looks like:

    {
      "format": "explain-eval/1",
      "about": "...",
      "probe_sets": {"garak latentinjection": "what it is, where it is"},
      "categories": {"exact_match": "what the category tests", ...},
      "texts": {"profile:dev": "Headline: ...", "job:java": "Job title: ..."},
      "cases": [
        {"id": "...", "category": "...", "profile_ref": "profile:dev", "job_ref": "job:java",
         "kind": "match",
         "claim": {"point": "...", "term": "...", "profileQuote": "...", "jobQuote": "..."},
         "expected": "drop", "reason": "profile_quote_not_found", "note": "..."},
        ...
      ]
    }

"expected" is "keep" (shown as written), "reword" (shown, in the sentence code writes;
"reason" names the rewrite reason) or "drop" ("reason" names the drop reason). A case may
give "profile_fields"/"job_fields" ([start, end] of each field's value: a quote must lie
inside one) and "job_full"/"profile_full" (the text before it was cut to size).
A case gives its texts inline ("profile", "job") or by name ("profile_ref", "job_ref").
"preceding" lists claims that come earlier in the same draft (for duplicates). A case
whose "expected" is null is unlabelled (a feedback export waiting for a human): it is
kept in the file and skipped by the scoring, which says how many it skipped.

Pure Python: no Django.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from explain.core.schema import Claim
from explain.core.verify import DropReason, RewriteReason

FORMAT = "explain-eval/1"
DEFAULT_PATH = Path(__file__).resolve().parent.parent / "data" / "eval_cases.json"

KINDS = ("match", "gap")
KEEP = "keep"
REWORD = "reword"
DROP = "drop"
EXPECTED = (KEEP, REWORD, DROP)
REASONS = frozenset(reason.value for reason in DropReason)
REWRITE_REASONS = frozenset(reason.value for reason in RewriteReason)


class CaseFileError(ValueError):
    """The case file cannot be read or breaks the format; the message says where."""


@dataclass(frozen=True)
class Prior:
    """A claim that comes before the case's claim in the same draft."""

    kind: str
    claim: Claim


@dataclass(frozen=True)
class Case:
    """One labelled claim and the two texts it is checked against."""

    id: str
    category: str
    profile: str
    job: str
    kind: str
    claim: Claim
    expected: str | None
    reason: str | None = None
    preceding: tuple[Prior, ...] = ()
    note: str = ""
    source: str = ""
    known_limit: bool = False
    profile_ref: str = ""
    job_ref: str = ""
    profile_fields: tuple[tuple[int, int], ...] | None = None
    job_fields: tuple[tuple[int, int], ...] | None = None
    profile_full: str | None = None
    job_full: str | None = None

    @property
    def labelled(self) -> bool:
        return self.expected is not None


@dataclass(frozen=True)
class CaseFile:
    """Everything in one case file."""

    cases: tuple[Case, ...]
    categories: dict[str, str] = field(default_factory=dict)
    texts: dict[str, str] = field(default_factory=dict)
    probe_sets: dict[str, str] = field(default_factory=dict)
    about: str = ""
    origin: str = ""

    @property
    def labelled(self) -> tuple[Case, ...]:
        return tuple(case for case in self.cases if case.labelled)

    @property
    def unlabelled(self) -> tuple[Case, ...]:
        return tuple(case for case in self.cases if not case.labelled)


# --------------------------------------------------------------------------- reading


def load_cases(path: str | Path = DEFAULT_PATH) -> CaseFile:
    """Read and check a case file; CaseFileError says what is wrong and where."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise CaseFileError(f"{path}: cannot read the file ({exc.strerror})") from None
    except json.JSONDecodeError as exc:
        raise CaseFileError(f"{path}: not JSON (line {exc.lineno}: {exc.msg})") from None
    return parse_cases(data, origin=str(path))


def parse_cases(data: Any, *, origin: str = "<cases>") -> CaseFile:
    """Check a decoded case file and build its cases."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CaseFileError(f'{origin}: not a case file (expected "format": "{FORMAT}")')
    texts = _str_map(data.get("texts", {}), f"{origin}: texts")
    categories = _str_map(data.get("categories", {}), f"{origin}: categories")
    probe_sets = _str_map(data.get("probe_sets", {}), f"{origin}: probe_sets")
    raw_cases = data.get("cases")
    if not isinstance(raw_cases, list):
        raise CaseFileError(f'{origin}: "cases" must be a list')
    cases: list[Case] = []
    seen: set[str] = set()
    for number, raw in enumerate(raw_cases, start=1):
        where = f"{origin}: case {number}"
        case = _parse_case(raw, where, texts=texts, categories=categories)
        if case.id in seen:
            raise CaseFileError(f"{where}: duplicate id {case.id!r}")
        seen.add(case.id)
        cases.append(case)
    return CaseFile(
        cases=tuple(cases),
        categories=categories,
        texts=texts,
        probe_sets=probe_sets,
        about=str(data.get("about", "")),
        origin=origin,
    )


def _str_map(value: Any, where: str) -> dict[str, str]:
    if not isinstance(value, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in value.items()
    ):
        raise CaseFileError(f"{where} must map names to strings")
    return dict(value)


def _text(raw: dict[str, Any], name: str, texts: Mapping[str, str], where: str) -> tuple[str, str]:
    """(text, ref) for "profile"/"job": inline, or by name from "texts"."""
    ref = raw.get(f"{name}_ref")
    if ref is not None:
        if name in raw:
            raise CaseFileError(f'{where}: give "{name}" or "{name}_ref", not both')
        if ref not in texts:
            raise CaseFileError(f"{where}: unknown {name}_ref {ref!r}")
        return texts[ref], str(ref)
    value = raw.get(name, "")
    if value is None:
        value = ""
    if not isinstance(value, str):
        raise CaseFileError(f'{where}: "{name}" must be a string')
    return value, ""


def _claim(raw: Any, where: str) -> Claim:
    if not isinstance(raw, dict):
        raise CaseFileError(f'{where}: "claim" must be an object')
    unknown = set(raw) - {"point", "term", "profileQuote", "jobQuote"}
    if unknown:
        raise CaseFileError(f"{where}: unknown claim field(s) {sorted(unknown)}")
    try:
        return Claim.model_validate(raw)
    except ValidationError:
        raise CaseFileError(f"{where}: claim fields must be strings") from None


def _kind(value: Any, where: str) -> str:
    if value not in KINDS:
        raise CaseFileError(f'{where}: "kind" must be "match" or "gap", not {value!r}')
    return str(value)


def _parse_case(
    raw: Any, where: str, *, texts: Mapping[str, str], categories: Mapping[str, str]
) -> Case:
    if not isinstance(raw, dict):
        raise CaseFileError(f"{where}: a case must be an object")
    case_id = raw.get("id")
    if not isinstance(case_id, str) or not case_id:
        raise CaseFileError(f'{where}: "id" must be a non-empty string')
    where = f"{where} ({case_id})"
    category = raw.get("category")
    if not isinstance(category, str) or not category:
        raise CaseFileError(f'{where}: "category" must be a non-empty string')
    if categories and category not in categories:
        raise CaseFileError(f"{where}: category {category!r} is not listed in categories")
    expected = raw.get("expected")
    reason = raw.get("reason")
    if expected is None:
        if reason is not None:
            raise CaseFileError(f'{where}: an unlabelled case has no "reason"')
    elif expected not in EXPECTED:
        raise CaseFileError(f'{where}: "expected" must be "keep", "reword", "drop" or null')
    elif raw.get("needs_label"):
        raise CaseFileError(f'{where}: labelled, so remove "needs_label"')
    if expected == DROP and reason not in REASONS:
        raise CaseFileError(
            f'{where}: a "drop" needs a "reason", one of {", ".join(sorted(REASONS))}'
        )
    if expected == REWORD and reason not in REWRITE_REASONS:
        raise CaseFileError(
            f'{where}: a "reword" needs a "reason", one of {", ".join(sorted(REWRITE_REASONS))}'
        )
    if expected == KEEP and reason is not None:
        raise CaseFileError(f'{where}: a "keep" has no "reason"')
    preceding_raw = raw.get("preceding", [])
    if not isinstance(preceding_raw, list):
        raise CaseFileError(f'{where}: "preceding" must be a list')
    preceding = tuple(
        Prior(
            kind=_kind(item.get("kind") if isinstance(item, dict) else None, where),
            claim=_claim(item.get("claim"), where),
        )
        for item in preceding_raw
    )
    profile, profile_ref = _text(raw, "profile", texts, where)
    job, job_ref = _text(raw, "job", texts, where)
    layout = {name: _spans(raw.get(name), where, name) for name in ("profile_fields", "job_fields")}
    full = {
        name: _optional_text(raw.get(name), where, name) for name in ("profile_full", "job_full")
    }
    return Case(
        id=case_id,
        category=category,
        profile=profile,
        job=job,
        kind=_kind(raw.get("kind"), where),
        claim=_claim(raw.get("claim"), where),
        expected=expected,
        reason=reason,
        preceding=preceding,
        note=str(raw.get("note", "")),
        source=str(raw.get("source", "")),
        known_limit=bool(raw.get("known_limit", False)),
        profile_ref=profile_ref,
        job_ref=job_ref,
        profile_fields=layout["profile_fields"],
        job_fields=layout["job_fields"],
        profile_full=full["profile_full"],
        job_full=full["job_full"],
    )


def _spans(value: Any, where: str, name: str) -> tuple[tuple[int, int], ...] | None:
    if value is None:
        return None
    if not isinstance(value, list) or not all(
        isinstance(pair, list)
        and len(pair) == 2
        and all(isinstance(n, int) and not isinstance(n, bool) for n in pair)
        for pair in value
    ):
        raise CaseFileError(f'{where}: "{name}" must be a list of [start, end] pairs')
    return tuple((start, end) for start, end in value)


def _optional_text(value: Any, where: str, name: str) -> str | None:
    if value is not None and not isinstance(value, str):
        raise CaseFileError(f'{where}: "{name}" must be a string')
    return value


# --------------------------------------------------------------------------- writing


def claim_record(claim: Claim) -> dict[str, str]:
    """A claim under its JSON names, as the model writes it."""
    return {
        "point": claim.point,
        "term": claim.term,
        "profileQuote": claim.profile_quote,
        "jobQuote": claim.job_quote,
    }


def dump_case_file(
    *,
    cases: Iterable[Mapping[str, Any]],
    about: str = "",
    categories: Mapping[str, str] | None = None,
    texts: Mapping[str, str] | None = None,
    probe_sets: Mapping[str, str] | None = None,
) -> str:
    """The file text: readable top-level fields, then one case per line.

    Everything outside ASCII is written as a \\u escape, so invisible and look-alike
    characters (the point of many cases) are visible in review and in diffs.
    """

    def line(value: Any) -> str:
        return json.dumps(value, ensure_ascii=True)

    def mapping(name: str, values: Mapping[str, str] | None) -> list[str]:
        items = list((values or {}).items())
        if not items:
            return [f"  {line(name)}: {{}},"]
        body = [f"    {line(k)}: {line(v)}," for k, v in items]
        body[-1] = body[-1].rstrip(",")
        return [f"  {line(name)}: {{", *body, "  },"]

    case_lines = [f"    {line(dict(case))}," for case in cases]
    if case_lines:
        case_lines[-1] = case_lines[-1].rstrip(",")
    parts = [
        "{",
        f'  "format": {line(FORMAT)},',
        f'  "about": {line(about)},',
        *mapping("probe_sets", probe_sets),
        *mapping("categories", categories),
        *mapping("texts", texts),
        '  "cases": [',
        *case_lines,
        "  ]",
        "}",
    ]
    return "\n".join(parts) + "\n"
