"""The shape the model must fill: evidence only, a term and the quotes it rests on.

Asking for evidence instead of prose is what lets code check every claim one by one; the
sentence the user reads is written by code from what passed, never by the model.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field
from pydantic.json_schema import SkipJsonSchema

# Models often send null for an empty quote: read as the empty string.
Text = Annotated[str, BeforeValidator(lambda value: "" if value is None else value)]

# What a quote may say of its term, as the model reads it.
PROFILE_READINGS = ("states", "absent", "wished", "someone_else", "past")


class ModelReading(StrEnum):
    """The model's reading of a job quote: only the first two keep a requirement."""

    REQUIRED = "required"
    OPTIONAL = "optional"
    NOT_NEEDED = "not_needed"
    OFFERED = "offered"
    OTHER_ROLE = "other_role"
    ABOUT_COMPANY = "about_company"


def reading_word(value: Any) -> str:
    """A reading in any case or spacing ("Not needed" is "not_needed"); a missing one is ""."""
    word = "" if value is None else str(value)
    return word.strip().casefold().replace(" ", "_").replace("-", "_")


class Answer(BaseModel):
    """What a model answers, read by alias or name; unknown keys ("point", a sentence) are
    dropped here, before anything can read them. A subclass's docstring and field
    descriptions are sent to the model as the schema."""

    model_config = ConfigDict(populate_by_name=True, extra="ignore", frozen=True)


class Claim(Answer):
    """One requirement or skill with the words it rests on, copied from each text."""

    term: Text = Field(
        default="",
        description="The requirement or skill the claim is about: 1 to 4 words copied "
        "from jobQuote (and, for a match, also in profileQuote).",
    )
    profile_quote: Text = Field(
        default="",
        alias="profileQuote",
        description="Words copied exactly from the CANDIDATE PROFILE.",
    )
    job_quote: Text = Field(
        default="",
        alias="jobQuote",
        description="Words copied exactly from the JOB POSTING.",
    )
    # The model's reading of each quote: optional, and used only to weaken a claim.
    profile_reading: Text = Field(
        default="",
        alias="profileReading",
        description=f"What profileQuote says of the term: one of {', '.join(PROFILE_READINGS)}.",
    )
    job_reading: Text = Field(
        default="",
        alias="jobReading",
        description="What jobQuote says of the term: one of " + ", ".join(ModelReading) + ".",
    )


class Gap(Claim):
    """A requirement of the job that the profile does not show, with the job's words."""

    # A `Claim` built by a caller (a test, an eval case, a host) is read as a gap.
    model_config = ConfigDict(from_attributes=True)
    term: Text = Field(
        default="",
        description="The requirement or skill the job asks for: 1 to 4 words copied from jobQuote.",
    )
    # The schema sent has no profileQuote for a gap (nothing to copy; every key costs
    # output tokens); one sent anyway is read, and the verifier drops the gap.
    profile_quote: SkipJsonSchema[Text] = Field(default="", alias="profileQuote")
    profile_reading: SkipJsonSchema[Text] = Field(default="", alias="profileReading")


class Draft(Answer):
    """What the model proposes; nothing in it is shown before verification."""

    matches: list[Claim] = Field(default_factory=list)
    gaps: list[Gap] = Field(default_factory=list)
