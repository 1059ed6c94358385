"""The shape the model must fill: claims that carry their own quotes.

Asking for structure instead of prose is what lets code check every claim one by one.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field


def _none_to_empty(value: Any) -> Any:
    """Models often send null for an empty quote; treat it as the empty string."""
    return "" if value is None else value


Text = Annotated[str, BeforeValidator(_none_to_empty)]


class Claim(BaseModel):
    """One point with the words it rests on, copied from each text."""

    model_config = ConfigDict(populate_by_name=True, extra="ignore", frozen=True)

    point: Text = Field(default="", description="One short sentence for the job seeker.")
    term: Text = Field(
        default="",
        description="The requirement or skill the point is about: 1 to 4 words copied "
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
