"""Run a model on profile/job pairs and count what survives the verifier.

The model gets exactly what the site sends (our system instruction, the two texts under
their headings, the Draft schema) through ChatClient, one call per pair, and the answer
goes through the same verifier. Nothing is cached, rate-limited or logged here: this
measures the model, it does not serve anyone.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from explain.core.prompt import PROMPT_VERSION, SYSTEM_INSTRUCTION, build_user_message
from explain.core.schema import Draft
from explain.core.verify import Limits, normalize, verify_draft
from explain.eval.cases import CaseFile
from explain.llm.client import ChatClient, ChatModel, TokenUsage
from explain.llm.errors import ExplainError

OK = "ok"
NOTHING_VERIFIED = "nothing_verified"
TOKEN_FIELDS = ("prompt", "output", "thoughts", "total")


@dataclass(frozen=True)
class Pair:
    """One profile text and one job text, exactly as they would be sent."""

    id: str
    profile: str
    job: str
    cases: tuple[str, ...] = ()


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
    claims: int = 0
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
        return self.outcome in (OK, NOTHING_VERIFIED)

    def as_dict(self) -> dict[str, Any]:
        return {
            "pair": self.pair,
            "outcome": self.outcome,
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


def run_pair(client: ChatClient, pair: Pair, limits: Limits) -> PairResult:
    """One call, timed; provider failures become an outcome, not an exception."""
    started = time.perf_counter()
    try:
        call = (
            client.prompt()
            .system(SYSTEM_INSTRUCTION)
            .user(build_user_message(pair.profile, pair.job))
            .schema(Draft)
            .call()
        )
        usage = call.response.usage
        draft = call.entity(Draft)
    except ExplainError as exc:
        return PairResult(pair=pair.id, outcome=str(exc.outcome), latency_ms=_ms(started))
    latency = _ms(started)
    result = verify_draft(draft, pair.profile, pair.job, limits=limits)
    return PairResult(
        pair=pair.id,
        outcome=OK if result.kept else NOTHING_VERIFIED,
        claims=len(draft.matches) + len(draft.gaps),
        kept_matches=len(result.matches),
        kept_gaps=len(result.gaps),
        dropped=result.dropped,
        unchecked=result.unchecked,
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
    prompt_version: str = PROMPT_VERSION

    @property
    def answered(self) -> list[PairResult]:
        return [r for r in self.results if r.answered]

    def totals(self) -> dict[str, Any]:
        answered = self.answered
        reasons: Counter[str] = Counter()
        for r in self.results:
            reasons.update(r.drop_reasons)
        errors = Counter(r.outcome for r in self.results if not r.answered)
        nothing = sum(1 for r in answered if r.outcome == NOTHING_VERIFIED)
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
            "source": self.source,
            "limits": {
                "max_quote_words": self.limits.max_quote_words,
                "max_point_chars": self.limits.max_point_chars,
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
    """Call the model once per pair, in order; on_result hears about each one."""
    client = ChatClient(model)
    run = LiveRun(model=client.model_name, source=source, limits=limits)
    for index, pair in enumerate(pairs):
        if index and delay_seconds > 0:
            time.sleep(delay_seconds)
        result = run_pair(client, pair, limits)
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
