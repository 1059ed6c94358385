"""The chaos run's figures per fault and the Markdown table they print as (pure code).

One row per fault: what users got (by HTTP status; "cut" for a stream that ended with no
final line, "none" for no response at all), the 500s, the 95th-percentile wait (of all
requests, and of the 503s alone: how long a refusal took to arrive), how long
job pages took meanwhile, log rows expected (requests that reached the model, counted by
the fake model) against rows written after the spool was replayed, and how long the
site took to answer again after the dependency returned.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

COLUMNS = (
    "Fault",
    "Requests",
    "Responses by status",
    "HTTP 500",
    "p95 wait (s)",
    "503 p95 (s)",
    "Job page p95 (s)",
    "Log rows expected / written",
    "Recovery (s)",
)


def percentile(values: list[float], pct: float) -> float:
    """Nearest-rank percentile: a value that was really measured (NaN for none)."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(1, min(len(ordered), math.ceil(pct / 100 * len(ordered))))
    return ordered[rank - 1]


@dataclass
class FaultResult:
    """What one fault did to the requests made while it ran (and just before and after)."""

    fault: str
    statuses: Counter[str] = field(default_factory=Counter)
    waits: list[float] = field(default_factory=list)
    # The wait of each 503 alone: a refusal should come at once, not after a timeout.
    refusal_waits: list[float] = field(default_factory=list)
    # The 503s by the outcome their body named (circuit_open, temporarily_unavailable, ...).
    refusals: Counter[str] = field(default_factory=Counter)
    page_waits: list[float] = field(default_factory=list)
    expected_rows: int = 0
    written_rows: int = 0
    recovery_s: float | None = None

    @property
    def requests(self) -> int:
        return sum(self.statuses.values())

    @property
    def server_errors(self) -> int:
        return self.statuses.get("500", 0)

    @property
    def lost_rows(self) -> int:
        return max(0, self.expected_rows - self.written_rows)

    @property
    def p95_wait(self) -> float:
        return percentile(self.waits, 95)

    def clean(self, *, recovery_goal_s: float) -> bool:
        """The issue's goal: no 500, no lost row, answering again within the goal."""
        recovered = self.recovery_s is not None and self.recovery_s <= recovery_goal_s
        return self.server_errors == 0 and self.lost_rows == 0 and recovered


def _seconds(value: float | None) -> str:
    if value is None:
        return "never"
    if math.isnan(value):
        return "-"
    return f"{value:.1f}"


def _statuses(statuses: Counter[str]) -> str:
    numeric = sorted((k for k in statuses if k.isdigit()), key=int)
    other = sorted(k for k in statuses if not k.isdigit())
    return ", ".join(f"{key}: {statuses[key]}" for key in numeric + other) or "-"


def row(result: FaultResult) -> tuple[str, ...]:
    expected, written = result.expected_rows, result.written_rows
    rows = f"{expected} / {written}"
    if result.lost_rows:
        rows += f" ({result.lost_rows} lost)"
    return (
        result.fault,
        str(result.requests),
        _statuses(result.statuses),
        str(result.server_errors),
        _seconds(result.p95_wait),
        _seconds(percentile(result.refusal_waits, 95)),
        _seconds(percentile(result.page_waits, 95)),
        rows,
        _seconds(result.recovery_s),
    )


def render(results: list[FaultResult]) -> str:
    """A Markdown table, one line per fault, ready for docs/production.md."""
    lines = ["| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    lines += ["| " + " | ".join(row(result)) + " |" for result in results]
    return "\n".join(lines)


def _or_none(value: float) -> float | None:
    return None if math.isnan(value) else value


def as_json(results: list[FaultResult]) -> list[dict[str, Any]]:
    """The figures a test or a script reads (times in seconds; None: never recovered)."""
    return [
        {
            "fault": result.fault,
            "requests": result.requests,
            "statuses": dict(sorted(result.statuses.items())),
            "http_500": result.server_errors,
            "p95_wait_s": None if math.isnan(result.p95_wait) else result.p95_wait,
            "p95_503_wait_s": _or_none(percentile(result.refusal_waits, 95)),
            "refusals": dict(sorted(result.refusals.items())),
            "expected_rows": result.expected_rows,
            "written_rows": result.written_rows,
            "lost_rows": result.lost_rows,
            "recovery_s": result.recovery_s,
        }
        for result in results
    ]
