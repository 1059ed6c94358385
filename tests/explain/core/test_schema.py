"""explain.core.schema: the Draft the model fills, read by JSON name or field name."""

from __future__ import annotations

import pydantic
import pytest

from explain.core.schema import Claim, Draft


def test_json_names_and_nulls():
    draft = Draft.model_validate(
        {
            "matches": [{"point": "p", "profileQuote": "Java", "jobQuote": "Java APIs"}],
            "gaps": [{"point": "g", "profileQuote": None, "jobQuote": "AWS", "extra": 1}],
        }
    )
    assert draft.matches[0].profile_quote == "Java"
    assert draft.gaps[0].profile_quote == ""  # null reads as empty


def test_field_names_work_too_and_claims_are_frozen():
    claim = Claim(point="p", term="a", profile_quote="a", job_quote="b")
    assert claim.model_dump(by_alias=True) == {
        "point": "p",
        "term": "a",
        "profileQuote": "a",
        "jobQuote": "b",
    }
    with pytest.raises(pydantic.ValidationError):
        claim.point = "changed"  # type: ignore[misc]


def test_a_wrong_shape_is_rejected():
    with pytest.raises(pydantic.ValidationError):
        Draft.model_validate({"matches": "Java", "gaps": 3})
