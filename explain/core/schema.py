"""The shape the model must fill: evidence only, a term and the quotes it rests on.

Asking for evidence instead of prose is what lets code check every claim one by one; the
sentence the user reads is written by code from what passed, never by the model.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field


def _none_to_empty(value: Any) -> Any:
    """Models often send null for an empty quote; treat it as the empty string."""
    return "" if value is None else value


Text = Annotated[str, BeforeValidator(_none_to_empty)]


class Claim(BaseModel):
    """One requirement or skill with the words it rests on, copied from each text."""

    # The docstring and field descriptions are sent to the model as the schema. Unknown
    # keys are ignored: an answer that still carries a sentence ("point") parses, and the
    # sentence is dropped here, before anything can read it.
    model_config = ConfigDict(populate_by_name=True, extra="ignore", frozen=True)

    term: Text = Field(
        default="",
        description="The requirement or skill the claim is about: 1 to 4 words copied "
        "from jobQuote (and, for a match, also in profileQuote).",
    )
    profile_quote: Text = Field(
        default="",
        alias="profileQuote",
        description="Words copied exactly from the CANDIDATE PROFILE; empty for gaps.",
    )
    job_quote: Text = Field(
        default="",
        alias="jobQuote",
        description="Words copied exactly from the JOB POSTING.",
    )


class Draft(BaseModel):
    """What the model proposes; nothing in it is shown before verification."""

    model_config = ConfigDict(populate_by_name=True, extra="ignore", frozen=True)

    matches: list[Claim] = Field(default_factory=list)
    gaps: list[Claim] = Field(default_factory=list)
