"""Run a model on profile/job pairs and count what survives the checks.

The model gets exactly what the site sends, through ChatClient, in the site's two calls:
the posting's reading (our posting instruction, the job text, the PostingAnswer schema),
once per distinct job text of the run as the site reads a posting once for every viewer,
then per pair the viewer's call (the requirements kept, the profile, the ViewerAnswer
schema). The answers go through the same checks into the same checklist. Nothing is
cached across runs, rate-limited or logged here: this measures the model, it does not
serve anyone.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from explain.core.checklist import State, ViewerAnswer, build_checklist
from explain.core.posting import PostingAnswer, PostingReading, read_posting
from explain.core.posting_prompt import (
    POSTING_INSTRUCTION,
    POSTING_PROMPT_VERSION,
    build_posting_message,
)
from explain.core.texts import FieldSpan, SourceText
from explain.core.verify import Checker, Limits, normalize
from explain.core.viewer_prompt import (
    VIEWER_INSTRUCTION,
    VIEWER_PROMPT_VERSION,
    build_viewer_message,
)
from explain.eval.cases import CaseFile
from explain.llm.client import ChatClient, ChatModel, TokenUsage
from explain.llm.errors import ModelCallError

OK = "ok"
NOTHING_VERIFIED = "nothing_verified"
NO_REQUIREMENTS = "no_requirements"  # the posting's reading kept none: no viewer's call
TOKEN_FIELDS = ("prompt", "output", "thoughts", "total")


@dataclass(frozen=True)
class Pair:
    """One profile text and one job text, exactly as they would be sent."""

    id: str
    profile: str
    job: str
    cases: tuple[str, ...] = ()
    title: str = ""  # the job's title, sent with the viewer's call


def pairs_from_cases(case_file: CaseFile) -> list[Pair]:
    """Each distinct profile/job pair of the set, in file order, named by its texts."""
    seen: dict[tuple[str, str], list[str]] = {}
    names: dict[tuple[str, str], str] = {}
    for case in case_file.cases:
        if not normalize(case.profile) or not normalize(case.job):
            continue
        key = (case.profile, case.job)
        if key not in seen:
            seen[key] = []
            if case.profile_ref and case.job_ref:
                names[key] = f"{case.profile_ref} + {case.job_ref}"
            else:
                names[key] = f"pair {len(names) + 1} (from {case.id})"
        seen[key].append(case.id)
    return [
        Pair(id=names[key], profile=key[0], job=key[1], cases=tuple(ids))
        for key, ids in seen.items()
    ]


@dataclass(frozen=True)
class PairResult:
    """What one call produced: counts only, never the texts or the claims."""

    pair: str
    outcome: str
    requirements: int = 0  # kept by the posting's reading
    claims: int = 0  # evidence items of the viewer's answer
    kept_matches: int = 0
    kept_gaps: int = 0
    dropped: int = 0
    unchecked: int = 0
    drop_reasons: dict[str, int] = field(default_factory=dict)
    latency_ms: int = 0
    usage: TokenUsage = field(default_factory=TokenUsage)

    @property
    def kept(self) -> int:
        return self.kept_matches + self.kept_gaps

    @property
    def answered(self) -> bool:
        return self.outcome in (OK, NOTHING_VERIFIED, NO_REQUIREMENTS)

    def as_dict(self) -> dict[str, Any]:
        return {
            "pair": self.pair,
            "outcome": self.outcome,
            "requirements": self.requirements,
            "claims": self.claims,
            "kept": self.kept,
            "kept_matches": self.kept_matches,
            "kept_gaps": self.kept_gaps,
            "dropped": self.dropped,
            "unchecked": self.unchecked,
            "drop_reasons": self.drop_reasons,
            "latency_ms": self.latency_ms,
            "tokens": {name: getattr(self.usage, name) for name in TOKEN_FIELDS},
        }


def as_source(text: str) -> SourceText:
    """A pair's text as one field (the pairs hold texts, not fields): a quote may lie
    anywhere in it, and every line of it may state a requirement."""
    return SourceText(text, (FieldSpan("requirements", 0, len(text)),))


def _added(a: TokenUsage, b: TokenUsage) -> TokenUsage:
    """Two calls' counts together; a count neither call reported stays unknown."""

    def one(x: int | None, y: int | None) -> int | None:
        return None if x is None and y is None else (x or 0) + (y or 0)

    return TokenUsage(
        prompt=one(a.prompt, b.prompt),
        output=one(a.output, b.output),
        thoughts=one(a.thoughts, b.thoughts),
        total=one(a.total, b.total),
    )


def read_requirements(
    client: ChatClient, job: SourceText, limits: Limits
) -> tuple[PostingReading, TokenUsage]:
    """The posting's reading: one call, its answer checked (ModelCallError when it fails)."""
    call = (
        client.prompt()
        .system(POSTING_INSTRUCTION)
        .user(build_posting_message(job.text))
        .schema(PostingAnswer)
        .call()
    )
    usage = call.response.usage
    return read_posting(call.entity(PostingAnswer), job, limits=limits), usage


def run_pair(
    client: ChatClient,
    pair: Pair,
    limits: Limits,
    readings: dict[str, PostingReading] | None = None,
) -> PairResult:
    """The posting's reading when this job text has none in `readings` yet, then the
    viewer's call, timed together; provider failures become an outcome, not an exception."""
    readings = {} if readings is None else readings
    profile, job = as_source(pair.profile), as_source(pair.job)
    started = time.perf_counter()
    usage = TokenUsage()
    try:
        reading = readings.get(pair.job)
        if reading is None:
            reading, usage = read_requirements(client, job, limits)
            readings[pair.job] = reading
        if not reading.requirements:
            return PairResult(
                pair=pair.id, outcome=NO_REQUIREMENTS, latency_ms=_ms(started), usage=usage
            )
        call = (
            client.prompt()
            .system(VIEWER_INSTRUCTION)
            .user(build_viewer_message(pair.title, reading.requirements, profile.text))
            .schema(ViewerAnswer)
            .call()
        )
        usage = _added(usage, call.response.usage)
        answer = call.entity(ViewerAnswer)
    except ModelCallError as exc:
        return PairResult(
            pair=pair.id, outcome=str(exc.outcome), latency_ms=_ms(started), usage=usage
        )
    latency = _ms(started)
    checker = Checker(
        profile.text, job.text, limits=limits, profile_fields=profile.spans, job_fields=job.spans
    )
    checklist = build_checklist(reading, answer, checker)
    result = checklist.verification
    return PairResult(
        pair=pair.id,
        outcome=OK if result.kept else NOTHING_VERIFIED,
        requirements=len(reading.requirements),
        claims=len(answer.requirements),
        kept_matches=len(result.matches),
        kept_gaps=len(result.gaps),
        dropped=result.dropped,
        unchecked=checklist.count(State.UNCHECKED),
        drop_reasons=dict(result.drop_reasons),
        latency_ms=latency,
        usage=usage,
    )


def _ms(started: float) -> int:
    return round((time.perf_counter() - started) * 1000)


def percentile(values: Sequence[float], share: float) -> float | None:
    """Nearest-rank percentile (share in 0..1); None for no values."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, math.ceil(share * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]


@dataclass
class LiveRun:
    """All pairs of one run, and the totals the report and the table show."""

    model: str
    source: str
    limits: Limits
    results: list[PairResult] = field(default_factory=list)
    prompt_version: str = VIEWER_PROMPT_VERSION

    @property
    def answered(self) -> list[PairResult]:
        return [r for r in self.results if r.answered]

    def totals(self) -> dict[str, Any]:
        answered = self.answered
        reasons: Counter[str] = Counter()
        for r in self.results:
            reasons.update(r.drop_reasons)
        errors = Counter(r.outcome for r in self.results if not r.answered)
        # Nothing to show: no evidence kept, or no requirement kept to check it against.
        nothing = sum(1 for r in answered if r.outcome in (NOTHING_VERIFIED, NO_REQUIREMENTS))
        claims = sum(r.claims for r in answered)
        dropped = sum(r.dropped for r in answered)
        latencies = [r.latency_ms for r in self.results]
        tokens: dict[str, int | None] = {}
        for name in TOKEN_FIELDS:
            known = [getattr(r.usage, name) for r in self.results]
            counted = [value for value in known if value is not None]
            tokens[name] = sum(counted) if counted else None
        return {
            "pairs": len(self.results),
            "answered": len(answered),
            "errors": dict(errors.most_common()),
            "requirements": sum(r.requirements for r in answered),
            "no_requirements": sum(1 for r in answered if r.outcome == NO_REQUIREMENTS),
            "claims": claims,
            "kept": sum(r.kept for r in answered),
            "kept_matches": sum(r.kept_matches for r in answered),
            "kept_gaps": sum(r.kept_gaps for r in answered),
            "dropped": dropped,
            "unchecked": sum(r.unchecked for r in answered),
            "drop_rate": dropped / claims if claims else None,
            "drop_reasons": dict(reasons.most_common()),
            "nothing_verified": nothing,
            "nothing_verified_rate": nothing / len(answered) if answered else None,
            "latency_ms_p50": percentile(latencies, 0.50),
            "latency_ms_p95": percentile(latencies, 0.95),
            "tokens": tokens,
        }

    def as_dict(self) -> dict[str, Any]:
        return {
            "mode": "live",
            "model": self.model,
            "prompt_version": self.prompt_version,
            "posting_prompt_version": POSTING_PROMPT_VERSION,
            "source": self.source,
            "limits": {
                "max_quote_words": self.limits.max_quote_words,
                "max_points": self.limits.max_points,
            },
            "pairs": [r.as_dict() for r in self.results],
            "totals": self.totals(),
        }


def run_live(
    model: ChatModel,
    pairs: Iterable[Pair],
    *,
    limits: Limits,
    source: str,
    on_result: Callable[[PairResult], None] | None = None,
    delay_seconds: float = 0.0,
) -> LiveRun:
    """The pairs in order, each job text read once; on_result hears about each pair."""
    client = ChatClient(model)
    run = LiveRun(model=client.model_name, source=source, limits=limits)
    readings: dict[str, PostingReading] = {}
    for index, pair in enumerate(pairs):
        if index and delay_seconds > 0:
            time.sleep(delay_seconds)
        result = run_pair(client, pair, limits, readings)
        run.results.append(result)
        if on_result is not None:
            on_result(result)
    return run


# --------------------------------------------------------------------------- text


def _rate(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.0%}"


def _number(value: float | None, unit: str = "") -> str:
    return "n/a" if value is None else f"{value:,.0f}{unit}"


def render_live(run: LiveRun) -> list[str]:
    """The per-pair table and the totals, as lines."""
    headers = ("pair", "outcome", "claims", "kept", "dropped", "ms", "tokens", "drop reasons")
    rows = [
        (
            r.pair,
            r.outcome,
            str(r.claims),
            str(r.kept),
            str(r.dropped),
            str(r.latency_ms),
            _number(r.usage.total),
            ", ".join(f"{name} {count}" for name, count in r.drop_reasons.items()) or "-",
        )
        for r in run.results
    ]
    widths = [max(len(cells[i]) for cells in [headers, *rows]) for i in range(len(headers))]
    numeric = {2, 3, 4, 5, 6}

    def fmt(cells: tuple[str, ...]) -> str:
        out = [
            cell.rjust(widths[i]) if i in numeric else cell.ljust(widths[i])
            for i, cell in enumerate(cells)
        ]
        return "  ".join(out).rstrip()

    totals = run.totals()
    lines = [fmt(headers), "  ".join("-" * w for w in widths), *(fmt(r) for r in rows), ""]
    lines.append(
        f"pairs: {totals['pairs']}, answered: {totals['answered']}"
        + (
            ", errors: " + ", ".join(f"{k} {v}" for k, v in totals["errors"].items())
            if totals["errors"]
            else ""
        )
    )
    lines.append(
        f"requirements checked: {totals['requirements']} (pairs whose posting's reading "
        f"kept none: {totals['no_requirements']})"
    )
    lines.append(
        f"claims returned: {totals['claims']}, kept: {totals['kept']} "
        f"({totals['kept_matches']} matches, {totals['kept_gaps']} gaps), "
        f"dropped: {totals['dropped']} ({_rate(totals['drop_rate'])}), "
        f"unchecked: {totals['unchecked']}"
    )
    reasons = totals["drop_reasons"]
    lines.append(
        "dropped by reason: "
        + (", ".join(f"{name} {count}" for name, count in reasons.items()) or "none")
    )
    lines.append(
        f"nothing verified: {totals['nothing_verified']} of {totals['answered']} answered "
        f"pairs ({_rate(totals['nothing_verified_rate'])})"
    )
    lines.append(
        f"latency: p50 {_number(totals['latency_ms_p50'], ' ms')}, "
        f"p95 {_number(totals['latency_ms_p95'], ' ms')}"
    )
    tokens = totals["tokens"]
    lines.append("tokens: " + ", ".join(f"{name} {_number(tokens[name])}" for name in TOKEN_FIELDS))
    return lines
