"""The user's own private values, typed into a free-text field, never reach the model."""

from __future__ import annotations

from typing import Any

from explain.controls.ratelimit import RateDecision
from explain.services import explanations as service
from tests.conftest import WORKED_DRAFT

PRIVATE = {
    "full_name": "Dana Q. Private",
    "email": "dana.private@example.org",
    "phone": "+44 20 7946 0000",
}


def test_a_private_value_in_a_skills_field_never_reaches_the_prompt(
    make_user: Any, worked_job: Any, use_model: Any
) -> None:
    user = make_user(
        "dana",
        **PRIVATE,
        headline="Java developer",
        skills="Java, Kotlin. CV of DANA Q PRIVATE, reach me on 4420-7946-0000 "
        "or dana.private at example.org",
        experience="Led the team (Dana\nQ. Private) that built payment APIs",
    )
    model = use_model(WORKED_DRAFT)
    service.explanation_create(
        user=user, job_id=str(worked_job.pk), rate_check=lambda: RateDecision(True)
    )
    [prompt] = model.prompts
    sent = prompt.user.casefold()
    for leaked in ("dana", "private", "7946", "0000"):
        assert leaked not in sent, leaked
    assert "kotlin" in sent and "payment apis" in sent  # the rest is still sent


def test_the_profile_preview_shows_the_same_scrubbed_text(make_user: Any) -> None:
    user = make_user("dana", **PRIVATE, skills="Dana Q. Private knows Java")
    assert service.profile_text_for(user).text == "Skills: [removed] knows Java"
