"""Reason codes the verifier no longer gives, kept so stored log rows still read.

The model used to write a sentence ("point") for each claim; the verifier dropped or
reworded it by these codes. The model writes no sentence now, so nothing produces them,
but log rows and rollups written before hold them, and the admin labels them as retired.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["RetiredReason", "RewriteReason"]


class RetiredReason(StrEnum):
    """Drop codes of the model's sentence: never given now, still found in old rows."""

    POINT_MISSING = "point_missing"
    POINT_TOO_LONG = "point_too_long"
    POINT_HAS_LINK = "point_has_link"


class RewriteReason(StrEnum):
    """Why code used to reword a model's sentence: never given now, still in old rollups."""

    POINT_JUDGES = "point_judges"
    GAP_BLAMES_PERSON = "gap_blames_person"
    POINT_UNSUPPORTED = "point_unsupported"
