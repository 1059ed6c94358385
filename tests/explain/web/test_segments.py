"""explain.web.segments: the posting in plain and quoted runs for the page without JavaScript."""

from __future__ import annotations

from explain.adapter import Field
from explain.core.texts import SourceText
from explain.core.verify import Verification, VerifiedPoint
from explain.outcomes import Outcome
from explain.services.explanations import Explanation
from explain.web.segments import Segment, job_segments, marked_segments

JOB = SourceText.compose(
    [Field("description", "Description", "Build secure Java APIs and deploy on AWS.")],
    max_chars=8000,
)


def test_marked_segments_merge_and_keep_every_character():
    text = "Build secure Java APIs and deploy services on AWS."
    segments = marked_segments(text, [(0, 22), (27, 49), (6, 12), (100, 120)])
    assert "".join(s.text for s in segments) == text
    assert [(s.text, s.marked) for s in segments] == [
        ("Build secure Java APIs", True),
        (" and ", False),
        ("deploy services on AWS", True),
        (".", False),
    ]
    assert marked_segments("abc", []) == [Segment("abc", marked=False)]
    assert marked_segments("", [(0, 1)]) == []


def test_touching_spans_make_one_run_and_controls_are_cleaned():
    assert marked_segments("ab\u202ecd", [(0, 2), (2, 5)]) == [Segment("abcd", marked=True)]


def _quoted(phrase: str) -> VerifiedPoint:
    start = JOB.text.index(phrase)
    return VerifiedPoint("p", "", phrase, None, (start, start + len(phrase)))


def test_job_segments_mark_the_kept_quotes_of_a_shown_answer():
    verification = Verification(gaps=(_quoted("deploy on AWS"),))
    explanation = Explanation(Outcome.OK, "1", verification=verification, job=JOB)
    assert [s.text for s in job_segments(explanation) if s.marked] == ["deploy on AWS"]


def test_job_segments_mark_nothing_when_no_answer_is_shown():
    verification = Verification(gaps=(_quoted("deploy on AWS"),))
    failed = Explanation(Outcome.NOTHING_VERIFIED, "1", verification=verification, job=JOB)
    assert [s.marked for s in job_segments(failed)] == [False]
    assert job_segments(Explanation(Outcome.NO_PROFILE, "1")) == []
