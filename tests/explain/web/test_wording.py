"""explain.web.wording: every outcome has plain words, and counts read right in both numbers."""

from __future__ import annotations

from explain.core.verify import DropReason
from explain.outcomes import SHOWN_OUTCOMES, Outcome
from explain.web import wording


def test_every_failure_a_user_can_meet_has_a_message():
    for outcome in Outcome:
        message = wording.error_message(outcome, retry_after=5)
        if outcome in SHOWN_OUTCOMES:
            assert message == "", outcome
        else:
            assert message.endswith("."), outcome


def test_rate_limited_counts_seconds():
    assert wording.error_message(Outcome.RATE_LIMITED, retry_after=1).endswith("1 second.")
    assert wording.error_message(Outcome.RATE_LIMITED, retry_after=9).endswith("9 seconds.")


def test_the_notice_and_reason_lines_in_singular_and_plural():
    assert wording.removed_notice(0) == str(wording.ALL_VERIFIED)
    assert wording.removed_notice(1) == "We hid 1 point we could not back up with your words."
    assert wording.removed_notice(3) == "We hid 3 points we could not back up with your words."
    assert wording.reason_label("too long", 1) == "1 point: too long."
    assert wording.reason_label("too long", 2) == "2 points: too long."


def test_every_drop_reason_has_words_and_an_unknown_code_shows_as_itself():
    lines = wording.reason_lines({reason.value: 1 for reason in DropReason} | {"odd": 2})
    assert [text for text, _ in lines[:-1]] == [str(wording.REASON_TEXT[r]) for r in DropReason]
    assert lines[-1] == ("odd", 2)
