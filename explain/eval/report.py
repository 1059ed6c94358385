"""The words and files a run ends with: the verifier's heading, the JSON reports, charts."""

from __future__ import annotations

import json
from typing import Any

from explain.core.verify import Limits
from explain.eval.cases import CaseFile
from explain.eval.chart import drop_reasons_svg
from explain.eval.live import LiveRun
from explain.eval.scoring import Scorecard


def verifier_heading(case_file: CaseFile, card: Scorecard, limits: Limits) -> str:
    return (
        f"Verifier against {case_file.origin}: {card.total.cases} labelled cases in "
        f"{len(card.rows)} categories (limits: {limits.max_quote_words} words a quote, "
        f"{limits.max_points} points a list)"
    )


def verifier_report(
    case_file: CaseFile,
    card: Scorecard,
    postings: dict[str, Any] | None = None,
    checklists: dict[str, Any] | None = None,
) -> str:
    """The verifier's figures; with the posting set's summary under "postings" and the
    labelled profile pairs' under "checklists" when given."""
    report = {"mode": "verifier", "cases": case_file.origin, **card.as_dict()}
    if postings is not None:
        report["postings"] = postings
    if checklists is not None:
        report["checklists"] = checklists
    return json.dumps(report, indent=2) + "\n"


def verifier_chart(card: Scorecard) -> str:
    return drop_reasons_svg(
        card.drop_reasons,
        title="Verifier on the labelled set: claims by outcome",
        subtitle=f"{card.total.cases} labelled claims; dropped claims by reason",
        kept=card.total.kept,
    )


def live_report(run: LiveRun) -> str:
    return json.dumps(run.as_dict(), indent=2) + "\n"


def live_chart(run: LiveRun) -> str:
    totals = run.totals()
    return drop_reasons_svg(
        totals["drop_reasons"],
        title=f"Live run, {run.model}: claims by outcome",
        subtitle=(
            f"{totals['claims']} claims from {totals['answered']} answered pairs; "
            "dropped claims by reason"
        ),
        kept=totals["kept"],
    )
