"""The checklist on the page without JavaScript: rendered by the server, escaped, every
requirement once, optional ones apart, choices only for names, reports per requirement."""

from __future__ import annotations

import re

import pytest
from django.template.loader import render_to_string
from django.test import RequestFactory

from explain.models import FeedbackReport
from explain.web.payload import explanation_payload
from explain.web.segments import job_segments
from tests.explain.checklists import POSTING_ITEMS, built

EVIDENCE = {1: "Python (5 years)", 6: "Go for 2 years"}


def render(explanation_data: dict, *, profile_url: str | None = "/profile/") -> str:
    return render_to_string(
        "explain/result.html",
        {
            "explanation": explanation_data,
            "profile_url": profile_url,
            "back_url": "/jobs/7/",
            "feedback_reasons": FeedbackReport.Reason.choices,
            "note_max_length": 300,
        },
        request=RequestFactory().get("/"),
    )


def _items(html: str) -> list[str]:
    return re.findall(r'data-requirement-id="(\d+)"', html)


def test_every_requirement_once_required_then_optional_each_in_the_posting_order():
    html = render(explanation_payload(built(EVIDENCE).explanation))
    assert _items(html) == ["1", "2", "3", "4", "6", "5", "7"]
    optional_at = html.index("Listed as optional in this job")
    assert html.index('data-requirement-id="5"') > optional_at
    assert html.index('data-requirement-id="6"') < optional_at


def test_the_bottom_line_the_states_and_the_quotes_are_on_the_page():
    html = render(explanation_payload(built(EVIDENCE).explanation))
    assert (
        "This job lists 7 requirements, 2 of them optional. Your profile shows 2 of the 5 "
        "required ones." in html
    )
    assert "“Python” is shown in your profile." in html
    assert "“CIMA” was not found in your profile." in html
    assert "Your profile says not yet: “" in html
    assert '<mark class="explain-term">Python</mark> (5 years)</q>' in html
    assert "Your profile: 2 years · This job: 3+ years" in html
    assert "Where your profile meets this job" not in html  # the checklist replaces it


def test_add_to_my_profile_is_a_link_for_one_name_and_a_choice_for_several():
    html = render(explanation_payload(built(EVIDENCE).explanation))
    assert 'href="/profile/?add=English&amp;next=/jobs/7/"' in html
    assert 'href="/profile/?add=Terraform&amp;next=/jobs/7/"' in html
    for name in ("CIMA", "ACCA", "ACA"):
        assert f'<input type="radio" name="add" value="{name}" required>' in html
    assert "leading+a+team" not in html and "add=leading" not in html
    # Shown ones offer nothing to add.
    assert "add=Python" not in html and "add=Go&" not in html


def test_without_a_profile_page_nothing_is_offered():
    html = render(explanation_payload(built(EVIDENCE).explanation), profile_url=None)
    assert "Add to my profile" not in html


def test_each_requirement_with_evidence_has_its_report_control():
    html = render(explanation_payload(built(EVIDENCE).explanation))
    assert html.count("This looks wrong") == 7
    assert '<input type="hidden" name="kind" value="match">' in html
    unchecked = render(explanation_payload(built({}, skills="Python, Go").explanation))
    assert unchecked.count("This looks wrong") == 5  # Python and Go: unchecked, no claim


def test_not_read_lines_are_listed_as_not_read():
    html = render(explanation_payload(built(EVIDENCE, items=POSTING_ITEMS[:3]).explanation))
    assert "Not read: “Fluent English”" in html
    assert "Lines of this job's requirements we did not read" in html


@pytest.mark.parametrize("evil", ["<script>alert(1)</script>", "<img src=x onerror=1>"])
def test_every_word_from_the_texts_is_escaped(evil):
    requirements = f"- Strong Python and SQL\n- {evil} experience"
    items = (("Strong Python and SQL", "Python", "required"),)
    html = render(
        explanation_payload(
            built({1: "Python"}, requirements=requirements, items=items).explanation
        )
    )
    assert evil not in html
    assert "&lt;" in html


def test_the_posting_marks_every_requirements_quote():
    b = built(EVIDENCE)
    marked = [s.text for s in job_segments(b.explanation) if s.marked]
    assert "CIMA, ACCA or ACA qualified" in marked
    assert "Experience leading a team" in marked  # not found: its words are marked too
