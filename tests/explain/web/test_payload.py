"""explain.web.payload: what the page and the API show holds kept points and counts only."""

from __future__ import annotations

from explain.adapter import Field
from explain.core.texts import SourceText
from explain.core.verify import Verification, VerifiedPoint
from explain.outcomes import Outcome
from explain.services.explanations import Explanation
from explain.web.payload import explanation_payload, point_payload

PROFILE = SourceText.compose(
    [Field("headline", "Headline", "Backend developer"), Field("skills", "Skills", "Java")],
    max_chars=8000,
)
JOB = SourceText.compose([Field("description", "Description", "Java APIs.")], max_chars=8000)


def _match() -> VerifiedPoint:
    p = PROFILE.text.index("Java")
    j = JOB.text.index("Java APIs")
    return VerifiedPoint("Java \u202efits", "Java", "Java APIs", (p, p + 4), (j, j + 9))


def _explanation(outcome: str = Outcome.OK) -> Explanation:
    verification = Verification(
        matches=(_match(),), dropped=2, drop_reasons={"profile_quote_not_found": 2}
    )
    return Explanation(
        Outcome(outcome), "7", verification=verification, profile=PROFILE, job=JOB, log_id=3
    )


def test_a_point_carries_offsets_into_the_text_and_into_its_field():
    point = point_payload(_explanation(), _match(), 0, "match")
    assert point["point"] == "Java fits"  # cleaned for display
    assert point["profile_span"] == {
        "start": PROFILE.text.index("Java"),
        "end": PROFILE.text.index("Java") + 4,
        "field": "skills",
        "field_start": 0,
        "field_end": 4,
    }
    assert point["job_span"]["field"] == "description"
    assert (point["job_span"]["field_start"], point["job_span"]["field_end"]) == (0, 9)


def test_a_shown_answer_has_points_counts_reasons_and_the_notice():
    payload = explanation_payload(_explanation())
    assert payload["ok"] is True and payload["error"] is None
    assert [m["kind"] for m in payload["matches"]] == ["match"]
    assert payload["dropped"] == 2
    assert payload["drop_reasons"] == {"profile_quote_not_found": 2}
    assert payload["drop_reason_lines"][0]["count"] == 2
    assert payload["drop_reason_lines"][0]["line"].startswith("2 points: ")
    assert payload["notice"] == "We hid 2 points we could not back up with your words."


def test_a_failed_answer_shows_its_message_and_no_points():
    payload = explanation_payload(_explanation(Outcome.NOTHING_VERIFIED))
    assert payload["ok"] is False
    assert payload["matches"] == [] and payload["dropped"] == 0 and payload["notice"] is None
    assert payload["error"]
