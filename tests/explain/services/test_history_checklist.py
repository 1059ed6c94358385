"""What the log keeps of a checklist (counts only) writes the same bottom line again, and
"Jobs I asked about" shows the requirements per state."""

from __future__ import annotations

from datetime import UTC, datetime

from django.template.loader import render_to_string

from explain.services.history import AskedJob, ChecklistCounts
from explain.web.payload import explanation_payload
from tests.explain.checklists import built

EVIDENCE = {1: "Python (5 years)", 6: "Go for 2 years"}


def test_the_counts_write_the_line_the_panel_showed():
    b = built(EVIDENCE)
    counts = ChecklistCounts.of(b.checklist)
    assert counts == ChecklistCounts(
        total=7, optional=2, shown=2, shown_optional=0, not_found=4, not_yet=1, unchecked=0
    )
    shown = explanation_payload(b.explanation)["requirements_summary"]["line"]
    assert counts.line == shown


def _entry(checklist: ChecklistCounts | None) -> AskedJob:
    return AskedJob(
        "7", "Backend Developer", datetime(2026, 12, 1, tzinfo=UTC), 2, 5, 0, 2, checklist
    )


def test_an_answer_with_a_checklist_says_its_states_and_its_own_bottom_line():
    entry = _entry(ChecklistCounts.of(built(EVIDENCE).checklist))
    assert entry.summary.startswith("This job lists 7 requirements, 2 of them optional.")
    assert entry.counts_line == (
        "2 shown in your profile; 4 not found in your profile; 1 not yet, says your profile"
    )
    html = render_to_string("jobportal/asked_counts.html", {"asked": entry, "date": "1 Dec"})
    assert '<p class="asked-states">2 shown in your profile; 4 not found' in html
    assert "When you asked on 1 Dec: This job lists 7 requirements" in html


def test_an_older_answer_keeps_its_old_line_and_no_states():
    entry = _entry(None)
    assert entry.counts_line == ""
    assert entry.summary.startswith("This job lists 7 requirements we could check.")
    html = render_to_string("jobportal/asked_counts.html", {"asked": entry, "date": "1 Dec"})
    assert "asked-states" not in html
