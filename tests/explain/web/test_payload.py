"""explain.web.payload: what the page and the API show holds kept points and counts only."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from explain.adapter import Field
from explain.core.schema import Claim, Draft
from explain.core.texts import SourceText
from explain.core.verify import Verification, VerifiedPoint, verify_draft
from explain.outcomes import Outcome
from explain.services.explanations import Explanation
from explain.web.payload import explanation_payload, point_payload

PROFILE = SourceText.compose(
    [Field("headline", "Headline", "Backend developer"), Field("skills", "Skills", "Java")],
    max_chars=8000,
)
JOB = SourceText.compose([Field("description", "Description", "Java APIs.")], max_chars=8000)


def _match(**changes: Any) -> VerifiedPoint:
    p = PROFILE.text.index("Java")
    j = JOB.text.index("Java APIs")
    point = VerifiedPoint(
        kind="match",
        term="Java",
        term_span=(j, j + 4),
        job_quote="Java APIs",
        job_span=(j, j + 9),
        profile_quote="Java",
        profile_span=(p, p + 4),
        profile_term="Java",
        profile_term_span=(p, p + 4),
    )
    return replace(point, **changes)


def _explanation(outcome: str = Outcome.OK) -> Explanation:
    verification = Verification(
        matches=(_match(),), dropped=2, drop_reasons={"profile_quote_not_found": 2}
    )
    return Explanation(
        Outcome(outcome), "7", verification=verification, profile=PROFILE, job=JOB, log_id=3
    )


def test_a_point_carries_offsets_into_the_text_and_into_its_field():
    point = point_payload(_explanation(), _match(), 0, "match")
    assert point["point"] == "“Java” is in your profile and in this job."
    assert point["profile_term"] == ""  # the same words on both sides
    assert point["optional"] is False and point["amounts_line"] is None
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
    assert payload["notice"] == (
        "We removed 2 points the AI suggested: they did not pass our checks."
    )


def test_a_failed_answer_shows_its_message_and_no_points():
    payload = explanation_payload(_explanation(Outcome.NOTHING_VERIFIED))
    assert payload["ok"] is False
    assert payload["matches"] == [] and payload["dropped"] == 0 and payload["notice"] is None
    assert payload["error"]


def test_an_optional_point_with_amounts_says_so_and_never_compares():
    point = point_payload(
        _explanation(),
        _match(optional=True, profile_amount="3 years", job_amount="5+ years"),
        0,
        "match",
    )
    assert point["point"] == "“Java” is in your profile; this job lists it as optional."
    assert point["optional"] is True
    assert (point["profile_amount"], point["job_amount"]) == ("3 years", "5+ years")
    assert point["amounts_line"] == "Your profile: 3 years · This job: 5+ years"


def test_one_amount_alone_is_not_shown_as_a_line():
    point = point_payload(_explanation(), _match(job_amount="5+ years"), 0, "match")
    assert point["amounts_line"] is None and point["job_amount"] == "5+ years"


def test_the_profiles_own_form_of_the_term_is_named():
    point = point_payload(
        _explanation(), _match(term="PostgreSQL", profile_term="Postgres"), 0, "match"
    )
    assert point["point"] == "“Postgres” in your profile; “PostgreSQL” in this job."
    assert point["profile_term"] == "Postgres"


def test_invisible_controls_in_the_term_never_reach_the_sentence():
    point = point_payload(_explanation(), _match(term="Ja\u202eva\u2066"), 0, "match")
    assert point["point"] == "“Java” is in your profile and in this job."
    assert point["term"] == "Java"


def test_an_optional_gap_is_counted_apart_in_the_summary():
    gap = VerifiedPoint(
        kind="gap", term="APIs", term_span=(5, 9), job_quote="Java APIs", job_span=(0, 9)
    )
    verification = Verification(matches=(_match(),), gaps=(gap, replace(gap, optional=True)))
    payload = explanation_payload(
        Explanation(Outcome.OK, "7", verification=verification, profile=PROFILE, job=JOB)
    )
    assert payload["summary"] == (
        "This job lists 3 requirements we could check. Your profile shows 1 of them."
    )
    assert [g["optional"] for g in payload["gaps"]] == [False, True]
    assert payload["written_by"] == (
        "These lines are written by this site from the quoted words, not by the AI."
    )


# --------------------------------------------------------------------------- own words


def _verified(profile: str, job: str, draft: Draft) -> tuple[Explanation, Verification]:
    profile_text = SourceText.compose([Field("skills", "Skills", profile)], max_chars=8000)
    job_text = SourceText.compose([Field("description", "Description", job)], max_chars=8000)
    verification = verify_draft(draft, profile_text.text, job_text.text)
    explanation = Explanation(
        Outcome.OK, "7", verification=verification, profile=profile_text, job=job_text
    )
    return explanation, verification


def test_each_quote_marks_the_term_in_its_own_words():
    """The profile writes Postgres, the job PostgreSQL: each quote marks its own form."""
    claim = Claim(
        term="PostgreSQL",
        profile_quote="Five years of Postgres administration",
        job_quote="You know PostgreSQL well",
    )
    explanation, verification = _verified(
        "Five years of Postgres administration.",
        "You know PostgreSQL well.",
        Draft(matches=[claim]),
    )
    (kept,) = verification.matches
    point = explanation_payload(explanation)["matches"][0]
    assert point["profile_quote_term"] == {
        "before": "Five years of ",
        "term": "Postgres",
        "after": " administration",
    }
    assert point["job_quote_term"] == {
        "before": "You know ",
        "term": "PostgreSQL",
        "after": " well",
    }
    assert point["point"] == "“Postgres” in your profile; “PostgreSQL” in this job."
    for side in ("profile", "job"):
        parts = point[f"{side}_quote_term"]
        assert parts["before"] + parts["term"] + parts["after"] == point[f"{side}_quote"]
    assert kept.profile_term == "Postgres"


def test_a_gap_marks_the_term_in_the_job_quote_only():
    claim = Claim(term="Kafka", profile_quote="", job_quote="Experience with Kafka")
    explanation, _ = _verified("Python and SQL.", "Experience with Kafka.", Draft(gaps=[claim]))
    point = explanation_payload(explanation)["gaps"][0]
    assert point["profile_quote_term"] is None
    assert point["job_quote_term"] == {"before": "Experience with ", "term": "Kafka", "after": ""}


def test_a_gap_carries_the_profiles_words_that_name_it_only_as_missing():
    claim = Claim(term="Kubernetes", profile_quote="", job_quote="You run Kubernetes clusters")
    explanation, verification = _verified(
        "Docker daily, no Kubernetes yet.", "You run Kubernetes clusters.", Draft(gaps=[claim])
    )
    (kept,) = verification.gaps
    point = explanation_payload(explanation)["gaps"][0]
    assert point["profile_said"] == kept.profile_said and "no Kubernetes yet" in kept.profile_said
    assert point["profile_said_line"] == f"Your profile: “{kept.profile_said}”"


def test_a_gap_the_profile_never_names_and_a_match_carry_no_own_words():
    claim = Claim(term="Kafka", profile_quote="", job_quote="Experience with Kafka")
    explanation, _ = _verified("Python and SQL.", "Experience with Kafka.", Draft(gaps=[claim]))
    gap = explanation_payload(explanation)["gaps"][0]
    assert gap["profile_said"] is None and gap["profile_said_line"] is None
    match = point_payload(_explanation(), _match(profile_said="no Java"), 0, "match")
    assert match["profile_said"] is None and match["profile_said_line"] is None


def test_a_term_span_outside_its_quote_marks_nothing():
    for span in (None, (0, 2), (JOB.text.index("APIs"), len(JOB.text) + 5)):
        point = point_payload(_explanation(), _match(term_span=span), 0, "match")
        assert point["job_quote_term"] is None, span
    point = point_payload(_explanation(), _match(profile_span=None), 0, "match")
    assert point["profile_quote_term"] is None


def test_the_marked_parts_are_cleaned_like_the_quote():
    j = JOB.text.index("Java APIs")
    point = point_payload(
        _explanation(),
        _match(job_quote="J\u202eava\u2066 APIs", job_span=(j, j + 11), term_span=(j, j + 6)),
        0,
        "match",
    )
    parts = point["job_quote_term"]
    assert parts == {"before": "", "term": "Java", "after": " APIs"}
    assert "".join(parts.values()) == point["job_quote"]


def test_an_optional_match_is_counted_apart_in_the_summary():
    verification = Verification(matches=(_match(), replace(_match(), optional=True)))
    payload = explanation_payload(
        Explanation(Outcome.OK, "7", verification=verification, profile=PROFILE, job=JOB)
    )
    assert payload["summary"] == (
        "This job lists 2 requirements we could check. "
        "Your profile shows 2 of them: 1 required and 1 optional."
    )
