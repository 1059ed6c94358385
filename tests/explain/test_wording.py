"""explain.wording: every outcome has plain words, and counts read right in both numbers."""

from __future__ import annotations

from explain import wording
from explain.core.verify import DropReason
from explain.outcomes import SHOWN_OUTCOMES, Outcome


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
    assert (
        wording.removed_notice(1)
        == "We removed 1 point the AI suggested: it did not pass our checks."
    )
    assert (
        wording.removed_notice(3)
        == "We removed 3 points the AI suggested: they did not pass our checks."
    )
    assert wording.reason_label("too long", 1) == "1 point: too long."
    assert wording.reason_label("too long", 2) == "2 points: too long."


def test_every_drop_reason_has_words_and_an_unknown_code_shows_as_itself():
    lines = wording.reason_lines({reason.value: 1 for reason in DropReason} | {"odd": 2})
    assert [text for text, _ in lines[:-1]] == [str(wording.REASON_TEXT[r]) for r in DropReason]
    assert lines[-1] == ("odd", 2)


def test_the_new_reasons_are_said_in_plain_words_in_english_and_german():
    from django.utils import translation

    codes = ["term_not_content", "quote_negated", "profile_wish", "job_offer"]
    english = [text for text, _ in wording.reason_lines(dict.fromkeys(codes, 1))]
    assert english == [
        "what it named was only filler words or numbers, not a skill or requirement",
        'a quote said "no" or "not" about it',
        "your profile says you want to learn it, not that you have it",
        "the job offers it rather than asks for it",
    ]
    with translation.override("de"):
        german = [text for text, _ in wording.reason_lines(dict.fromkeys(codes, 1))]
    assert german[3] == "die Stelle bietet es an, statt es zu verlangen"
    assert all(g != e for g, e in zip(german, english, strict=True))


def test_retired_codes_of_old_rows_still_have_words_marked_as_retired():
    for code in ("point_missing", "point_too_long", "point_has_link"):
        assert code not in {reason.value for reason in DropReason}
        assert wording.reason_text(code).endswith("(a retired check)")
    assert wording.reason_lines({"point_missing": 2}) == [
        ("the point was empty (a retired check)", 2)
    ]
    assert wording.reason_text("never_a_code") == ""


def test_nothing_about_rewording_is_left():
    for name in ("reworded_notice", "rewrite_lines", "REWORD_INTRO", "REWRITE_TEXT", "code_point"):
        assert not hasattr(wording, name), name


def test_optional_gaps_are_counted_apart_and_never_as_asked_for():
    assert wording.summary_line(0, 0, 2) == (
        "This job lists 2 requirements we could check. Your profile shows none of them."
    )
    assert wording.summary_line(1, 0) == (
        "This job lists 1 requirement we could check. Your profile shows it."
    )
    assert wording.summary_line(0, 1) == (
        "This job lists 1 requirement we could check. Your profile does not show it."
    )


def test_the_summary_says_required_and_optional_matches_apart():
    assert wording.summary_line(3, 1, 2, optional_matches=1) == (
        "This job lists 6 requirements we could check. "
        "Your profile shows 3 of them: 2 required and 1 optional."
    )


def test_the_summary_never_prints_a_part_of_zero():
    assert wording.summary_line(3, 0) == (
        "This job lists 3 requirements we could check. Your profile shows all 3."
    )
    assert wording.summary_line(2, 1) == (
        "This job lists 3 requirements we could check. Your profile shows 2 of them."
    )
    assert wording.summary_line(2, 1, optional_matches=2) == (
        "This job lists 3 requirements we could check. "
        "Your profile shows 2 of them, all listed as optional."
    )
    assert wording.summary_line(1, 1, optional_matches=1) == (
        "This job lists 2 requirements we could check. "
        "Your profile shows 1 of them, listed as optional."
    )
    for line in (
        wording.summary_line(m, g, o) for m in range(4) for g in range(3) for o in range(2)
    ):
        assert " 0 " not in line, line


def test_nothing_verified_is_said_plainly():
    assert wording.summary_line(0, 0) == (
        "We could not back up any requirement of this job with quotes."
    )


def test_the_reading_reasons_say_what_was_read_in_english_and_german():
    from django.utils import translation

    codes = ["profile_someone_else", "profile_past", "job_other_role", "job_about_company"]
    english = [text for text, _ in wording.reason_lines(dict.fromkeys(codes, 1))]
    assert english == [
        "your profile says someone else did it, not you",
        "your profile says you did it in the past, not now",
        "the job asks for it for another role, not this one",
        "the job says it about the company (what it sells or who its customers are), "
        "not about what this role needs",
    ]
    with translation.override("de"):
        german = [text for text, _ in wording.reason_lines(dict.fromkeys(codes, 1))]
    assert german[0] == "Ihr Profil sagt, dass jemand anderes es gemacht hat, nicht Sie"
    assert all(g != e for g, e in zip(german, english, strict=True))
