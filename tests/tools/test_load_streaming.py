"""`make load`: the answers phase 7 times (2, 5 and 10 points cut from the streaming draft),
phase 5's marks (first requirement, first point, whole answer) and how they are reported."""

from __future__ import annotations

import pytest

from tools.load.run import first_point_lines
from tools.load.seed import STREAM_DRAFT
from tools.load.stack import LoadFailure
from tools.load.streaming import CLAIMS, draft_of, stream_seconds, timings


@pytest.mark.parametrize(("points", "matches", "gaps"), [(2, 1, 1), (5, 3, 2), (10, 5, 5)])
def test_an_answer_of_n_points_takes_matches_and_gaps_from_the_start(points, matches, gaps):
    draft = draft_of(points)
    assert len(draft["matches"]) == matches and len(draft["gaps"]) == gaps
    assert draft["matches"] == STREAM_DRAFT["matches"][:matches]
    assert draft["gaps"] == STREAM_DRAFT["gaps"][:gaps]


def test_a_longer_answer_takes_the_fake_longer_to_write():
    assert stream_seconds(draft_of(2)) < stream_seconds(draft_of(5)) < stream_seconds()
    assert stream_seconds(draft_of(CLAIMS)) == stream_seconds()


@pytest.mark.parametrize("points", [0, CLAIMS + 1])
def test_no_answer_outside_the_draft(points):
    with pytest.raises(LoadFailure):
        draft_of(points)


def test_the_marks_become_milliseconds_after_the_click():
    taken = timings({"click": 1000.0, "requirement": 1090.5, "first": 1600.0, "done": 3000.0})
    assert taken == {"requirement": 90.5, "first": 600.0, "done": 2000.0}


@pytest.mark.parametrize("missing", ["requirement", "first", "done"])
def test_a_mark_never_drawn_fails_the_run(missing):
    times = {"click": 0.0, "requirement": 50.0, "first": 500.0, "done": 900.0}
    times[missing] = None
    with pytest.raises(LoadFailure, match="was drawn"):
        timings(times)


def test_a_state_filled_in_before_the_list_is_drawn_fails_the_run():
    with pytest.raises(LoadFailure, match="out of order"):
        timings({"click": 0.0, "requirement": 700.0, "first": 500.0, "done": 900.0})


def _figures(requirement_ms: float) -> dict[str, object]:
    return {
        "clicks": 3,
        "requirements": CLAIMS,
        "requirement_ms": requirement_ms,
        "requirement_all_ms": [requirement_ms - 10, requirement_ms, requirement_ms + 10],
        "first_ms": 700.0,
        "done_ms": 2400.0,
        "ratio": 0.29,
        "ratios": [0.28, 0.29, 0.3],
        "fake_seconds": 2.2,
    }


def test_the_report_puts_the_first_requirement_beside_the_first_point():
    lines = first_point_lines(_figures(90.0))
    assert "first requirement drawn 90 ms, first point drawn 700 ms" in lines[0]
    assert f"first requirement ({CLAIMS} listed): 80, 90, 100 ms (goal <= 150 ms: met)" in lines[1]
    assert "goal <= 35 %: met" in lines[2]


def test_the_report_says_when_the_list_came_later_than_150_ms():
    assert "(goal <= 150 ms: MISSED)" in first_point_lines(_figures(151.0))[1]
