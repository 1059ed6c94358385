"""The answers `make load` phase 7 times: 2, 5 and 10 points cut from the streaming draft."""

from __future__ import annotations

import pytest

from tools.load.seed import STREAM_DRAFT
from tools.load.stack import LoadFailure
from tools.load.streaming import CLAIMS, draft_of, stream_seconds


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
