"""explain.core.schema: the Draft the model fills, read by JSON name or field name."""

from __future__ import annotations

import pydantic
import pytest

from explain.core.schema import Claim, Draft


def test_json_names_and_nulls():
    draft = Draft.model_validate(
        {
            "matches": [{"term": "Java", "profileQuote": "Java", "jobQuote": "Java APIs"}],
            "gaps": [{"term": "AWS", "profileQuote": None, "jobQuote": "AWS", "extra": 1}],
        }
    )
    assert draft.matches[0].profile_quote == "Java"
    assert draft.gaps[0].profile_quote == ""  # null reads as empty


def test_field_names_work_too_and_claims_are_frozen():
    claim = Claim(term="a", profile_quote="a", job_quote="b")
    assert claim.model_dump(by_alias=True, exclude_defaults=True) == {
        "term": "a",
        "profileQuote": "a",
        "jobQuote": "b",
    }
    with pytest.raises(pydantic.ValidationError):
        claim.term = "changed"  # type: ignore[misc]


def test_a_claim_holds_evidence_only():
    """Evidence and, optionally, the model's reading of each quote (used only to weaken)."""
    assert set(Claim.model_fields) == {
        "term",
        "profile_quote",
        "job_quote",
        "profile_reading",
        "job_reading",
    }
    schema = Draft.model_json_schema(by_alias=True)
    claim = schema["$defs"]["Claim"]
    assert set(claim["properties"]) == {
        "term",
        "profileQuote",
        "jobQuote",
        "profileReading",
        "jobReading",
    }
    assert set(schema["$defs"]["Gap"]["properties"]) == {"term", "jobQuote", "jobReading"}
    assert "point" not in str(schema)


def test_an_old_draft_without_readings_still_parses():
    draft = Draft.model_validate(
        {"matches": [{"term": "Java", "profileQuote": "Java", "jobQuote": "Java APIs"}]}
    )
    assert draft.matches[0].profile_reading == draft.matches[0].job_reading == ""


def test_an_answer_that_still_carries_a_point_parses_and_the_point_is_dropped():
    answer = {
        "matches": [
            {
                "point": "You are the perfect candidate for Java.",
                "term": "Java",
                "profileQuote": "Java (3 years)",
                "jobQuote": "5 years of Java",
            }
        ],
        "gaps": [{"point": 7, "term": "AWS", "profileQuote": "", "jobQuote": "AWS skills"}],
    }
    draft = Draft.model_validate(answer)
    assert draft.matches[0] == Claim(
        term="Java", profile_quote="Java (3 years)", job_quote="5 years of Java"
    )
    assert "point" not in draft.model_dump_json(by_alias=True)
    assert not hasattr(draft.gaps[0], "point")
    # And from JSON text, as the provider hands it over.
    again = Draft.model_validate_json(draft.model_dump_json(by_alias=True))
    assert again == draft


def test_a_wrong_shape_is_rejected():
    with pytest.raises(pydantic.ValidationError):
        Draft.model_validate({"matches": "Java", "gaps": 3})
