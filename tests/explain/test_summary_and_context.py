"""The bottom line, the quote in its sentence, and how old a remembered answer is."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from explain.web.surrounding_sentence import quote_context
from explain.wording import made_line, removed_notice, summary_line


@pytest.mark.parametrize(
    ("matches", "gaps", "line"),
    [
        (
            2,
            3,
            "This job lists 5 requirements we could check. Your profile shows 2 of them.",
        ),
        (
            1,
            0,
            "This job lists 1 requirement we could check. Your profile shows it.",
        ),
        (
            0,
            1,
            "This job lists 1 requirement we could check. Your profile does not show it.",
        ),
    ],
)
def test_the_summary_counts_points_in_words(matches, gaps, line):
    assert summary_line(matches, gaps) == line


@pytest.mark.parametrize("matches", [0, 1, 4])
def test_the_summary_is_never_a_score(matches):
    line = summary_line(matches, 5 - matches)
    assert "%" not in line
    for judging in ("score", "rank", "match rate", "fit", "good", "poor", "lack"):
        assert judging not in line.lower()


def test_hidden_points_are_one_calm_line():
    assert removed_notice(0) == "Every point below quotes your profile or this job."
    assert removed_notice(1) == "We removed 1 point the AI suggested: it did not pass our checks."
    assert (
        removed_notice(2) == "We removed 2 points the AI suggested: they did not pass our checks."
    )


def test_the_quote_is_shown_in_its_sentence():
    text = "We are a small team. You will build secure Java APIs for banks! Lunch is free."
    start = text.index("build secure")
    end = start + len("build secure Java APIs")
    assert quote_context(text, start, end) == {
        "before": "You will ",
        "quote": "build secure Java APIs",
        "after": " for banks!",
    }


def test_a_line_break_ends_the_sentence_too():
    text = "Requirements\nStrong SQL skills\nTableau"
    start = text.index("SQL")
    assert quote_context(text, start, start + 3) == {
        "before": "Strong ",
        "quote": "SQL",
        "after": " skills",
    }


def test_a_very_long_sentence_is_cut_at_words_with_an_ellipsis():
    text = ("word " * 100) + "Kotlin" + (" more" * 100)
    start = text.index("Kotlin")
    context = quote_context(text, start, start + 6, reach=30)
    assert context["quote"] == "Kotlin"
    assert context["before"].startswith("…") and context["before"].endswith("word ")
    assert context["after"].startswith(" more") and context["after"].endswith("…")
    assert len(context["before"]) <= 32 and len(context["after"]) <= 32
    assert "wor…" not in context["after"] and "mor…" not in context["after"]


def test_the_context_strips_invisible_controls():
    text = "Use \u202eSQL\u202c daily."
    start = text.index("SQL")
    assert quote_context(text, start, start + 3)["before"] == "Use "
    assert quote_context(text, start, start + 3)["after"] == " daily."


def test_made_line_says_how_old():
    made = datetime(2026, 12, 1, 10, 0, tzinfo=UTC)
    assert made_line(made, remembered=True, now=made + timedelta(seconds=20)) == (
        "From your last look at this job, less than a minute ago, for the same profile and posting."
    )
    assert made_line(made, remembered=False, now=made + timedelta(hours=3, minutes=5)) == (
        "Made 3\xa0hours ago for the same profile and posting."
    )
