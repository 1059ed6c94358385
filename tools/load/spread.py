"""`make load-spread`: `make load` several times (LOAD_RUNS, 3 by default), then every
headline figure as its median with the run-to-run range (min-max) beside it.

Each run is a whole `make load` (its own database, servers and checks); a failed run
stops the series. Bounded like `make load`: LOAD_MAX_SECONDS per run.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

# (label, unit, how to read the figure from one run's report)
FIGURES: list[tuple[str, str, Callable[[dict[str, Any]], float]]] = [
    ("burst: wall / sleep-2-s ceiling (goal <= 1.3x)", "x", lambda r: r["crowd"]["ratio"]),
    ("burst: explanation wall", "s", lambda r: r["crowd"]["wall"]),
    ("burst: sleep-2-s wall", "s", lambda r: r["crowd"]["ceiling_wall"]),
    ("burst: app CPU per explanation", "ms", lambda r: r["crowd"]["server_cpu_ms_each"]),
    ("burst: last model call arrived after", "s", lambda r: r["crowd"]["model_calls_until"]),
    ("server time: explanation median", "ms", lambda r: r["server_time"]["explain_ms"]["p50"]),
    ("server time: bare JSON view median", "ms", lambda r: r["server_time"]["bare_ms"]["p50"]),
    ("server time: ratio of medians (goal <= 3x)", "x", lambda r: r["server_time"]["ratio_p50"]),
    ("CPU: explanation", "ms", lambda r: r["server_time"]["cpu_ms_explain"]),
    ("CPU: bare JSON view", "ms", lambda r: r["server_time"]["cpu_ms_bare"]),
    (
        "first requirement drawn (goal <= 150 ms)",
        "ms",
        lambda r: r["first_point"]["requirement_ms"],
    ),
    ("first point drawn, after the click", "ms", lambda r: r["first_point"]["first_ms"]),
    ("whole answer drawn, after the click", "ms", lambda r: r["first_point"]["done_ms"]),
    ("first point / whole answer (goal <= 35 %)", "%", lambda r: r["first_point"]["ratio"] * 100),
    ("streams: errors", "", lambda r: r["streams"]["errors"]),
    ("streams: held open (median)", "s", lambda r: r["streams"]["held_s"]),
    ("streams: memory per open stream", "KB", lambda r: r["streams"]["mb_per_stream"] * 1024),
    (
        "streams: app CPU per streamed explanation",
        "ms",
        lambda r: r["streams"]["server_cpu_ms_each"],
    ),
]


def main() -> int:
    runs = int(os.environ.get("LOAD_RUNS", "3"))
    reports: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="load-spread-") as tmp:
        for number in range(1, runs + 1):
            out = Path(tmp) / f"run-{number}.json"
            print(f"##### run {number} of {runs}", flush=True)
            done = subprocess.run(
                [sys.executable, "-m", "tools.load.run"],
                env={**os.environ, "LOAD_REPORT": str(out)},
                check=False,
            )
            if done.returncode != 0:
                print(f"run {number} failed: the series stops here", file=sys.stderr)
                return done.returncode
            reports.append(json.loads(out.read_text()))
    print(f"\n##### {runs} runs: median (min-max)")
    for label, unit, read in FIGURES:
        try:
            values = [float(read(report)) for report in reports]
        except KeyError:
            continue  # a phase left out with LOAD_PHASES
        print(f"{label:48s} {_fmt(statistics.median(values))} {unit} ({_range(values)})")
    for report in reports:
        print(f"machine: {report['load_before']} -> {report['load_after']}")
    return 0


def _fmt(value: float) -> str:
    return f"{value:,.2f}" if abs(value) < 10 else f"{value:,.0f}"


def _range(values: list[float]) -> str:
    return f"{_fmt(min(values))}-{_fmt(max(values))}"


if __name__ == "__main__":
    sys.exit(main())
