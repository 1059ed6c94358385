"""explain.web.surrounding_sentence: a job quote in its sentence, cleaned, never across a label."""

from __future__ import annotations

import pytest

from explain.adapter import Field
from explain.core.texts import SourceText
from explain.web.surrounding_sentence import job_quote_context, quote_context

TEXT = "We ship daily. Build secure Java APIs on AWS. Hybrid in Berlin."


def test_the_sentence_around_the_quote():
    start = TEXT.index("Java APIs")
    assert quote_context(TEXT, start, start + 9) == {
        "before": "Build secure ",
        "quote": "Java APIs",
        "after": " on AWS.",
    }


def test_a_long_sentence_is_cut_at_words_with_an_ellipsis():
    text = "word " * 60 + "Java " + "word " * 60
    start = text.index("Java")
    context = quote_context(text, start, start + 4, reach=30)
    assert context["before"].startswith("…") and context["after"].endswith("…")
    assert len(context["before"]) <= 31 and len(context["after"]) <= 31


def test_job_quote_context_stays_inside_the_field():
    source = SourceText.compose(
        [Field("title", "Job title", "Java Engineer"), Field("description", "Description", TEXT)],
        max_chars=8000,
    )
    start = source.text.index("Java APIs")
    context = job_quote_context(source, (start, start + 9))
    assert context is not None and "Description" not in context["before"]
    assert job_quote_context(None, (0, 1)) is None
    assert job_quote_context(source, (0, 5)) is None  # a label


@pytest.mark.parametrize(
    ("text", "start", "end", "reach", "expected"),
    [
        # Cut on both sides: from the first whole word after the cut, to the last one.
        (
            "one two three four Java five six seven eight",
            19,
            23,
            10,
            ("…four ", "Java", " five six…"),
        ),
        # Nothing but a part of a word within reach: only the ellipsis.
        ("abcdefghijJavaklmnopqrst", 10, 14, 5, ("…", "Java", "…")),
        # The reach ends one character into the text: still cut.
        ("ab cd Java", 6, 10, 5, ("…cd ", "Java", "")),
        # The text's own start and end are no cut.
        ("Build Java", 6, 10, 120, ("Build ", "Java", "")),
        # A sentence end inside the reach: no ellipsis on that side.
        ("Long intro here. Java rocks", 17, 21, 10, ("", "Java", " rocks")),
        # A line break ends the sentence without being shown.
        ("Java here\nNext line", 0, 4, 120, ("", "Java", " here")),
        # A letter at the reach's end is no sentence end: the words are cut there.
        ("Java abcX more", 0, 4, 4, ("", "Java", "…")),
    ],
)
def test_the_cut_exactly(
    text: str, start: int, end: int, reach: int, expected: tuple[str, str, str]
) -> None:
    context = quote_context(text, start, end, reach=reach)
    assert (context["before"], context["quote"], context["after"]) == expected
