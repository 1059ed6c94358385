"""The labelled profile pairs: each requirement's true state for a profile, against the
state the checklist gives it from two viewer answerers."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from explain.core.verify import find_quote
from explain.eval import checklist_pairs as cp
from explain.eval import postings as ps

# A posting small enough to check by hand: Python required, Kafka optional.
POSTING = ps.posting_from_json(
    {
        "id": "en-small",
        "lang": "en",
        "kind": "bullets",
        "fields": {
            "title": "Backend Developer",
            "company": "Spokes Ltd",
            "requirements": ["- Python", "- Kafka is a plus", "- PostgreSQL"],
        },
        "items": [
            ["required", "Python", "Python"],
            ["optional", "Kafka is a plus", "Kafka"],
            ["required", "PostgreSQL", "PostgreSQL"],
        ],
    }
)
SMALL: dict[str, Any] = {
    "id": "small-a",
    "posting": "en-small",
    "profile": {
        "headline": "Python developer",
        "skills": ["Python (5 years)", "Kafka: none yet"],
        "experience": "My manager ran the PostgreSQL cluster; I wrote the reports.",
    },
    "expect": [
        ["Python", "shown", "Python (5 years)", "states"],
        ["Kafka", "not_yet", "Kafka: none yet", "absent"],
        ["PostgreSQL", "not_found", "My manager ran the PostgreSQL cluster", "someone_else"],
    ],
}


def small(**changes: Any) -> cp.Pair:
    return cp.pair_from_json({**SMALL, **changes}, {POSTING.id: POSTING})


def states(judged: cp.Judged) -> dict[str, str]:
    return {e.candidate.term: given for e, given in judged.outcomes}


def test_the_shipped_set_is_large_and_in_several_languages() -> None:
    postings = ps.load_postings()
    pairs = cp.load_pairs(postings)
    assert len(pairs) >= 40
    assert len({p.lang for p in pairs}) >= 6
    assert {p.posting.id for p in pairs} <= {p.id for p in postings}
    truths = [e.state for p in pairs for e in p.expected]
    assert set(truths) == set(cp.TRUE_STATES)
    readings = {e.profile_reading for p in pairs for e in p.expected if e.profile_quote}
    assert {"states", "absent", "wished", "someone_else", "past"} <= readings
    for pair in pairs:
        assert len(pair.expected) == len(pair.posting.requirements), pair.id


def test_every_profile_quote_is_words_of_one_field_of_the_profile_sent() -> None:
    for pair in cp.load_pairs(ps.load_postings()):
        source = pair.source
        for e in pair.expected:
            if not e.profile_quote:
                continue
            span = find_quote(e.profile_quote, source.text)
            assert span is not None, (pair.id, e.profile_quote)
            assert source.locate(*span) is not None, (pair.id, e.profile_quote)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"posting": "xx-99"}, "no posting 'xx-99'"),
        ({"profile": {"cv": "Python"}}, "profile must be an object"),
        ({"expect": SMALL["expect"][:2]}, "not labelled: 'PostgreSQL'"),
        ({"expect": [*SMALL["expect"], ["Python", "shown", "Python", "states"]]}, "left to label"),
        ({"expect": [["Python", "unchecked", "", "absent"], *SMALL["expect"][1:]]}, "state must"),
        (
            {"expect": [["Python", "shown", "Java (5 years)", "states"], *SMALL["expect"][1:]]},
            "not in",
        ),
        (
            {"expect": [["Python", "shown", "Python (5 years)", "past"], *SMALL["expect"][1:]]},
            "shown",
        ),
        ({"expect": [["Python", "not_yet", "", "absent"], *SMALL["expect"][1:]]}, "not_yet"),
        ({"expect": [["Python", "shown", "Python", "maybe"], *SMALL["expect"][1:]]}, "reading"),
        ({"expect": [["Python", "shown", "Python"], *SMALL["expect"][1:]]}, "a label must be"),
    ],
)
def test_a_bad_pair_is_named(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(cp.PairSetError, match="pair small-a") as caught:
        small(**changes)
    assert message in str(caught.value)


def test_repeated_ids_and_broken_files_are_clear_errors(tmp_path: Path) -> None:
    path = tmp_path / "pairs.json"
    path.write_text(json.dumps({"pairs": [SMALL, SMALL]}), encoding="utf-8")
    with pytest.raises(cp.PairSetError, match="listed twice: small-a"):
        cp.load_pairs([POSTING], path)
    path.write_text("{", encoding="utf-8")
    with pytest.raises(cp.PairSetError, match="cannot read the pair set"):
        cp.load_pairs([POSTING], path)
    path.write_text("[]", encoding="utf-8")
    with pytest.raises(cp.PairSetError, match="needs a list of pairs"):
        cp.load_pairs([POSTING], path)


def test_a_hand_checked_pair_from_both_answerers() -> None:
    pair = small()
    # The honest answer: the colleague's PostgreSQL is said to be someone else's, so it
    # is not shown; yet the profile names it, so code cannot call it not found.
    assert states(cp.judge_pair(pair, cp.honest_viewer)) == {
        "Python": "shown",
        "Kafka": "not_yet",
        "PostgreSQL": "unchecked",
    }
    # Every quote said to state its term: code alone reads "none yet" and "my manager".
    assert states(cp.judge_pair(pair, cp.states_everything)) == {
        "Python": "shown",
        "Kafka": "not_yet",
        "PostgreSQL": "unchecked",
    }


def test_shipped_pairs_checked_by_hand() -> None:
    pairs = {p.id: p for p in cp.load_pairs(ps.load_postings())}
    # Postgres and k8s are other names of the posting's terms; "Kubernetes: none yet" is
    # a requirement not met yet; RabbitMQ is a message queue, which code cannot know.
    assert states(cp.judge_pair(pairs["en-01-a"], cp.states_everything)) == {
        "Python": "shown",
        "PostgreSQL": "shown",
        "Docker": "shown",
        "CI pipelines": "shown",
        "message queues": "not_found",
        "Kubernetes": "not_yet",
        "English": "shown",
    }
    # "Oracle lub PostgreSQL": the profile's PostgreSQL is one of the alternatives.
    pl = states(cp.judge_pair(pairs["pl-01-a"], cp.honest_viewer))
    assert (pl["Oracle"], pl["Kubernetes"], pl["Spring"]) == ("shown", "shown", "shown")
    # A requirement the posting's reading lost has no state on the checklist.
    assert states(cp.judge_pair(pairs["pt-03-a"], cp.honest_viewer))["12.º ano"] == cp.NOT_READ


def test_the_careless_viewer_only_turns_some_weakening_readings_into_states() -> None:
    items = [e for p in cp.load_pairs(ps.load_postings()) for e in p.expected]
    pairs = [(e.profile_reading, cp.careless_viewer(e).profile_reading) for e in items]
    changed = [(h, c) for h, c in pairs if h != c]
    assert all(c == "states" and h not in {"states", ""} for h, c in changed)
    weakening = sum(h not in {"states", ""} for h, _ in pairs)
    assert weakening / 5 < len(changed) < weakening / 2  # about one in three


def test_a_row_counts_the_shown_that_mislead() -> None:
    pair = small()
    judged = cp.Judged(
        pair,
        (
            (pair.expected[0], "shown"),  # true
            (pair.expected[1], "shown"),  # not yet, shown: misleads
            (pair.expected[2], "not_found"),
        ),
    )
    r = cp.row("x", [judged])
    assert (r.pairs, r.labelled, r.shown_true, r.not_yet_true) == (1, 3, 1, 0)
    assert r.truth == {"shown": 1, "not_found": 1, "not_yet": 1}
    assert r.given["shown"] == 2 and r.given["not_found"] == 1
    assert (r.shown_precision, r.shown_recall, r.misleading) == (0.5, 1.0, 0.5)
    assert r.not_yet_recall == 0.0
    figures = r.as_dict()
    assert figures["misleading"] == 0.5 and figures["given"]["not_read"] == 0


def test_the_rows_add_up_to_the_total_and_the_summary_holds_them() -> None:
    pairs = cp.load_pairs(ps.load_postings())
    judged = cp.judge_all(pairs)
    assert set(judged) == set(cp.ANSWERERS)
    for group in judged.values():
        rows = cp.rows_by_lang(group)
        total = cp.row("TOTAL", group)
        assert sum(r.labelled for r in rows) == total.labelled
        assert sum(r.shown_true for r in rows) == total.shown_true
        assert sum(total.given.values()) == total.labelled
    summary = cp.summary(pairs, judged)
    assert summary["pairs"] == len(pairs)
    assert set(summary["answerers"]["honest"]["languages"]) == {p.lang for p in pairs}


def test_the_command_prints_the_pair_tables_and_reports_them(tmp_path: Path) -> None:
    out, report = StringIO(), tmp_path / "report.json"
    call_command("explain_eval", "--report", str(report), stdout=out)
    text = out.getvalue()
    assert "Checklist pairs (checklist_pairs.json): " in text
    assert text.index("Postings (posting_set.json)") < text.index("Checklist pairs (")
    assert "Viewer answerer states_everything (" in text and "Viewer answerer honest (" in text
    assert "Viewer answerer careless (" in text
    figures = json.loads(report.read_text(encoding="utf-8"))["checklists"]
    assert figures["pairs"] == len(cp.load_pairs(ps.load_postings()))
    assert "misleading" in figures["answerers"]["states_everything"]["total"]
