"""explain.eval.report: the heading, reports and charts a run ends with."""

from __future__ import annotations

import json
from xml.etree import ElementTree

from explain.core.verify import Limits
from explain.eval.cases import load_cases
from explain.eval.live import LiveRun
from explain.eval.report import (
    live_chart,
    live_report,
    verifier_chart,
    verifier_heading,
    verifier_report,
)
from explain.eval.scoring import score


def parse_svg(text: str) -> ElementTree.Element:
    return ElementTree.fromstring(text)  # noqa: S314 - our own chart, not untrusted XML


def test_the_verifier_heading_report_and_chart_agree_on_the_counts():
    case_file = load_cases()
    card = score(case_file, Limits())
    heading = verifier_heading(case_file, card, Limits())
    assert f": {card.total.cases} labelled cases in {len(card.rows)} categories" in heading
    assert "(limits: 12 words a quote, 5 points a list)" in heading
    report = json.loads(verifier_report(case_file, card))
    assert report["mode"] == "verifier" and report["cases"] == case_file.origin
    chart = parse_svg(verifier_chart(card))
    assert chart.tag == "{http://www.w3.org/2000/svg}svg"


def test_a_live_run_with_no_pairs_still_reports_and_charts():
    run = LiveRun(model="fake", source="cases x", limits=Limits())
    report = json.loads(live_report(run))
    assert report["mode"] == "live" and report["totals"]["pairs"] == 0
    texts = [el.text for el in parse_svg(live_chart(run)).iter() if el.text]
    assert "Live run, fake: claims by outcome" in texts
