"""Every line of every reading set through explain_eval and through the API (api_path.py).

Run on demand, once (about 2 minutes of one core; the default run collects only
test_*.py files, and test_api_path.py holds its sample):

    pytest tests/explain/eval/run_api_path.py -n 0 -p no:randomly -s

Environment: API_PATH_SETS=reading_dev3.tsv,... (some sets only), API_PATH_PLACE=first
(the line first in its field, after the label; default: between plain lines),
API_PATH_SIDES=N (some sides only), API_PATH_N_QUOTES=1 (the viewer's answer quotes an
N line with "states"), API_PATH_REPORT=path (the report written there too). Fails when
any line disagrees, after printing the figures per set and every disagreement.
"""

from __future__ import annotations

import os
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.explain.eval import api_path

pytestmark = pytest.mark.django_db


# About 2 minutes alone; on a machine shared with other runs, several times that.
@pytest.mark.timeout(1800)
def test_every_line_of_every_set(client: Any, settings: Any) -> None:
    for name, value in api_path.UNLIMITED.items():
        setattr(settings, name, value)

    model = api_path.ClaimAsGiven(quote_beside_gap=bool(os.environ.get("API_PATH_N_QUOTES")))
    settings.EXPLAIN_CHAT_MODEL = model

    only = os.environ.get("API_PATH_SETS", "")
    out: list[str] = []
    all_agree = True
    started = time.monotonic()
    for path in api_path.SETS:
        if only and path.name not in only.split(","):
            continue
        lines = api_path.load_lines(path)
        sides = os.environ.get("API_PATH_SIDES")
        lines = [line for line in lines if not sides or line.side in sides]
        results = list(
            api_path.compare(
                lines, client, model, os.environ.get("API_PATH_PLACE", api_path.MIDDLE)
            )
        )
        agree = sum(r.agrees for r in results)
        all_agree = all_agree and agree == len(results)
        gone = [r for r in results if r.gone]
        out.append(
            f"{path.name}: {agree}/{len(results)} agree; {len(gone)} profile lines lost their "
            f"job line ({sum(r.judged.kept for r in gone)} of them kept by explain_eval)"
        )
        out += [f"  gone: {r.describe()}" for r in gone]
        pairs = Counter((r.eval, r.api) for r in results if not r.agrees)
        for (ev, api), n in pairs.most_common():
            out.append(f"  eval {ev} / API {api}: {n}")
        out += [f"  - {r.describe()}" for r in results if not r.agrees]
    out.append(f"runtime {time.monotonic() - started:.0f} s")
    report = os.environ.get("API_PATH_REPORT")
    if report:
        Path(report).write_text("\n".join(out) + "\n", encoding="utf-8")
    print("\n".join(out))
    assert all_agree, "some lines disagree: see the report above"
