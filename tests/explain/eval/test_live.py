"""explain.eval.live: the posting read once per job text, one viewer's call per pair;
failures become outcomes; reports hold counts only."""

from __future__ import annotations

import json

from explain.core.checklist import ViewerAnswer
from explain.core.posting import PostingAnswer
from explain.core.verify import Limits
from explain.eval.cases import FORMAT, parse_cases
from explain.eval.live import Pair, pairs_from_cases, percentile, render_live, run_live
from explain.llm.client import ChatPrompt, ChatResponse
from explain.llm.errors import ProviderTimeout
from support.two_step import answer_in_shape

ANSWER = {
    "matches": [
        {"point": "Java fits.", "term": "Java", "profileQuote": "Java", "jobQuote": "Java APIs"},
        # A profile quote the profile does not hold: removed by the checks.
        {"term": "APIs", "profileQuote": "REST APIs", "jobQuote": "Build Java APIs"},
    ],
    "gaps": [
        {"point": "Kube.", "term": "Kubernetes", "profileQuote": "", "jobQuote": "Kubernetes"}
    ],
}


prompts: list[ChatPrompt] = []


def model(prompt: ChatPrompt) -> ChatResponse:
    prompts.append(prompt)
    if "TIMEOUT" in prompt.user:
        raise ProviderTimeout("slow")
    return ChatResponse(text=answer_in_shape(json.dumps(ANSWER), prompt))


def test_pairs_are_the_distinct_text_pairs_of_the_set():
    base = {"category": "c", "kind": "match", "claim": {}, "expected": None}
    cases = parse_cases(
        {
            "format": FORMAT,
            "cases": [
                {**base, "id": "a", "profile": "P", "job": "J"},
                {**base, "id": "b", "profile": "P", "job": "J"},
                {**base, "id": "c", "profile": "", "job": "J"},  # no profile: no pair
            ],
        }
    )
    [pair] = pairs_from_cases(cases)
    assert (pair.profile, pair.job, pair.cases) == ("P", "J", ("a", "b"))


def test_a_run_counts_what_survives_and_what_failed():
    pairs = [
        Pair(id="ok", profile="Skills: Java", job="Build Java APIs."),
        Pair(id="slow", profile="TIMEOUT", job="Build Java APIs."),
    ]
    seen: list[str] = []
    prompts.clear()
    run = run_live(
        model, pairs, limits=Limits(), source="test", on_result=lambda r: seen.append(r.pair)
    )
    assert seen == ["ok", "slow"]
    # One posting text: read once (Java and APIs kept; Kubernetes is not in it).
    assert [p.output_schema for p in prompts] == [PostingAnswer, ViewerAnswer, ViewerAnswer]
    totals = run.totals()
    assert (totals["answered"], totals["requirements"]) == (1, 2)
    # Java shown; the invented quote for APIs removed, and APIs not found in the profile.
    assert (totals["kept_matches"], totals["kept_gaps"], totals["dropped"]) == (1, 1, 1)
    assert totals["drop_reasons"] == {"profile_quote_not_found": 1}
    assert totals["errors"] == {"timeout": 1}
    report = json.dumps(run.as_dict())
    assert "Skills: Java" not in report and "Java fits." not in report
    assert any("timeout" in line for line in render_live(run))


def test_percentiles_are_nearest_rank():
    assert percentile([], 0.5) is None
    assert percentile([3, 1, 2, 4], 0.5) == 2
    assert percentile([3, 1, 2, 4], 0.95) == 4
