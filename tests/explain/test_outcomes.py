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
    # A posting with no requirement to check is a true answer, said with a message.
    assert {o for o in Outcome if http_status(o) == 200} == {
        *SUCCESS,
        Outcome.RECALLED,
        Outcome.NO_REQUIREMENTS,
    }
    assert Outcome.NO_REQUIREMENTS not in SHOWN_OUTCOMES
    assert http_status(Outcome.POSTING_BEING_READ) == 503
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


def test_one_row_per_outcome_and_the_old_names_read_it():
    from explain.outcomes import (
        FRESH_OUTCOMES,
        MESSAGES,
        OUTCOMES,
        RETRY_AFTER,
        Group,
        Retry,
        default_retry_after,
    )

    assert list(OUTCOMES) == list(Outcome)
    assert HTTP_STATUS == {o: rule.status for o, rule in OUTCOMES.items()}
    assert {o for o, rule in OUTCOMES.items() if rule.group is Group.PROVIDER} == set(
        ERROR_OUTCOMES
    )
    assert FRESH_OUTCOMES == (Outcome.OK, Outcome.NOTHING_VERIFIED)
    assert RETRY_AFTER == {
        Outcome.PROVIDER_BUSY: 60,
        Outcome.TEMPORARILY_UNAVAILABLE: 10,
        Outcome.POSTING_BEING_READ: 3,
    }
    assert default_retry_after("provider_busy") == 60
    assert default_retry_after(Outcome.RATE_LIMITED) == 0  # measured by the rate limit
    assert OUTCOMES[Outcome.CIRCUIT_OPEN].retry is Retry.MEASURED
    # Every outcome the user is not shown points for has words, except the rate limit,
    # whose words count its seconds down.
    unworded = {o for o in Outcome if o not in MESSAGES}
    assert unworded == {*SHOWN_OUTCOMES, Outcome.RATE_LIMITED}
