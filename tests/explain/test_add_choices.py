"""What "Add to my profile" may offer: names of a skill, qualification, tool or language,
never a phrase copied from the job."""

from __future__ import annotations

import pytest

from explain.add_choices import names_a_thing


@pytest.mark.parametrize(
    ("name", "quote"),
    [
        ("CIMA", "CIMA, ACCA or ACA qualified"),
        ("Python", "Strong Python and SQL"),
        ("Advanced Excel", "Advanced Excel"),
        ("Sage", "an ERP such as Sage or SAP"),
        ("English", "Fluent English"),
        ("C++", "Modern C++"),
        ("GDPR", "GDPR is a plus"),
    ],
)
def test_names_of_skills_qualifications_tools_and_languages_can_be_added(name, quote):
    assert names_a_thing(name, quote)


@pytest.mark.parametrize(
    ("name", "quote"),
    [
        ("data analyst", "Experience as a data analyst"),
        ("front office", "front office experience"),
        ("present findings", "Able to present findings"),
        ("Registration", "Registration with the HCPC"),
        ("leading a team", "Experience leading a team"),
        ("3+ years", "3+ years"),
        ("monthly", "Monthly reporting"),
    ],
)
def test_soft_phrases_and_filler_are_never_offered(name, quote):
    assert not names_a_thing(name, quote)
