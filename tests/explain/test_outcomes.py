"""explain.outcomes: every outcome has a status, and the groups do not overlap wrongly."""

from __future__ import annotations

from explain.outcomes import (
    CHECKED_OUTCOMES,
    ERROR_OUTCOMES,
    HTTP_STATUS,
    MODEL_CALL_OUTCOMES,
    PAGE_VIEW_OUTCOMES,
    SHOWN_OUTCOMES,
    SUCCESS,
    Kind,
    Outcome,
    http_status,
)


def test_every_outcome_has_a_status_and_only_success_is_200():
    assert set(HTTP_STATUS) == set(Outcome)
    # A recalled row is the job page that showed an answer again; no API answer has it.
    assert {o for o in Outcome if http_status(o) == 200} == {*SUCCESS, Outcome.RECALLED}
    assert http_status(Outcome.RATE_LIMITED) == 429
    assert http_status(Outcome.NO_PROFILE) == 422


def test_groups():
    assert set(SUCCESS) <= set(CHECKED_OUTCOMES)
    assert not set(SUCCESS) & set(ERROR_OUTCOMES)
    assert Outcome.CACHED not in MODEL_CALL_OUTCOMES  # a cache hit calls no model
    assert set(ERROR_OUTCOMES) <= set(MODEL_CALL_OUTCOMES)
    # A page view is shown points but is no ask, no answer and no call.
    assert set(PAGE_VIEW_OUTCOMES) == {Outcome.RECALLED}
    assert SHOWN_OUTCOMES == {*SUCCESS, Outcome.RECALLED}
    assert not set(PAGE_VIEW_OUTCOMES) & {*SUCCESS, *CHECKED_OUTCOMES, *MODEL_CALL_OUTCOMES}


def test_claim_kinds():
    assert [k.value for k in Kind] == ["match", "gap"]
