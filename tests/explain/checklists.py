"""Checklists built the way the service builds them, for rendering tests.

A posting and a profile go through the real reading and checks (read_posting,
build_checklist): the tests render what a viewer would be shown, not a hand-made shape.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from explain.adapter import Field
from explain.core.checklist import Checklist, ViewerAnswer, build_checklist
from explain.core.posting import PostingAnswer, PostingReading, read_posting
from explain.core.texts import SourceText, job_text, profile_text
from explain.core.verify import Checker
from explain.outcomes import Outcome
from explain.services.explanations import Explanation

REQUIREMENTS = (
    "- Strong Python and SQL\n"
    "- CIMA, ACCA or ACA qualified\n"
    "- Kubernetes in production\n"
    "- Experience leading a team\n"
    "- Terraform is a plus\n"
    "- 3+ years of Go\n"
    "- Fluent English"
)
# (job quote, term, reading) as a model reads REQUIREMENTS.
POSTING_ITEMS = (
    ("Strong Python and SQL", "Python", "required"),
    ("CIMA, ACCA or ACA qualified", "CIMA", "required"),
    ("Kubernetes in production", "Kubernetes", "required"),
    ("Experience leading a team", "leading a team", "required"),
    ("Terraform is a plus", "Terraform", "required"),
    ("3+ years of Go", "Go", "required"),
    ("Fluent English", "English", "optional"),
)
PROFILE_SKILLS = "Python (5 years), Go for 2 years, no Kubernetes yet"


def posting(requirements: str = REQUIREMENTS) -> SourceText:
    return job_text(
        [
            Field("title", "Job title", "Backend Developer"),
            Field("description", "Description", "We build tools for farms."),
            Field("requirements", "Requirements", requirements),
        ],
        max_chars=30000,
    )


def profile(skills: str = PROFILE_SKILLS) -> SourceText:
    return profile_text(
        [Field("headline", "Headline", "Backend developer"), Field("skills", "Skills", skills)],
        max_chars=8000,
    )


def reading(job: SourceText, items: tuple[tuple[str, str, str], ...] = POSTING_ITEMS) -> Any:
    answer = PostingAnswer.model_validate(
        {"requirements": [{"jobQuote": q, "term": t, "reading": r} for q, t, r in items]}
    )
    return read_posting(answer, job)


def checklist(
    job: SourceText, person: SourceText, read: PostingReading, evidence: dict[int, str]
) -> Checklist:
    """The checklist for one viewer whose model answered `evidence` (id -> profile quote)."""
    answer = ViewerAnswer.model_validate(
        {
            "requirements": [
                {"id": number, "profileQuote": quote, "profileReading": "has"}
                for number, quote in evidence.items()
            ]
        }
    )
    checker = Checker(person.text, job.text, profile_fields=person.spans, job_fields=job.spans)
    return build_checklist(read, answer, checker)


@dataclass(frozen=True)
class Built:
    job: SourceText
    profile: SourceText
    reading: PostingReading
    checklist: Checklist
    explanation: Explanation


def built(
    evidence: dict[int, str] | None = None,
    *,
    skills: str = PROFILE_SKILLS,
    requirements: str = REQUIREMENTS,
    items: tuple[tuple[str, str, str], ...] = POSTING_ITEMS,
    log_id: int | None = 5,
) -> Built:
    """A successful explanation carrying the checklist, as the service hands it over."""
    job, person = posting(requirements), profile(skills)
    read = reading(job, items)
    found = checklist(job, person, read, evidence if evidence is not None else {1: "Python"})
    explanation = Explanation(
        Outcome.OK,
        "7",
        verification=found.verification,
        checklist=found,
        profile=person,
        job=job,
        log_id=log_id,
        reading=read,
    )
    return Built(job, person, read, found, explanation)
