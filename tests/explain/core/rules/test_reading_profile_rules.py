"""Profile-side rules of the quote reader: a goal written as a list's
label, wishes and the past as a list item's value, fear and beginner idioms after a
negator, a span of years that ended long ago, someone else as a subject that does not
open the clause, and list values that say "still none" or "never had". Each rule is
checked where it fires and where it must not."""

from __future__ import annotations

from datetime import date

import pytest

from explain.core.rules.reading import PAST_YEARS
from tests.explain.core.rules.test_reading_scoped import profile_state, reading_of

THIS_YEAR = date.today().year

PROFILE = [
    # A goal noun as the label of a heading, opening or ending it; never inline.
    ("Goals 2027: Elixir, Gleam", "Gleam", "wished"),
    ("Doelen voor dit jaar: Kotlin", "Kotlin", "wished"),
    ("Mes objectifs :\n- Rust\n- Go", "Rust", "wished"),
    ("Worked at Meta on GraphQL", "GraphQL", "states"),
    ("Goal-oriented engineer, Kotlin since 2017", "Kotlin", "states"),
    ("Projektziel: Umzug auf Azure", "Azure", "states"),
    ("Meta Ads: Pixel, Business Manager", "Pixel", "states"),
    ("Next.js projects: Vercel, ISR", "Vercel", "states"),
    # A wish or the past as a list item's value.
    ("Elixir - planned", "Elixir", "wished"),
    ("Svelte: w planach", "Svelte", "wished"),
    ("Delphi: years ago", "Delphi", "past"),
    # Fear and beginner idioms read through an article fused with the preposition.
    ("Pas peur des vieux scripts Bash", "Bash", "states"),
    ("Sin miedo al COBOL", "COBOL", "states"),
    ("Senza paura dello Scala legacy", "Scala", "states"),
    ("no longer a newbie in Haskell", "Haskell", "states"),
    # A span of years that ended long ago, or "until" a year; a year alone is no end.
    ("Silverlight (2009-2013)", "Silverlight", "past"),
    ("Subversion bis 2011 genutzt", "Subversion", "past"),
    ("Struts hasta 2010", "Struts", "past"),
    ("Kotlin since 2016", "Kotlin", "states"),
    (f"Kotlin ({THIS_YEAR - 2}-{THIS_YEAR})", "Kotlin", "states"),
    # Someone else as a subject that does not open the clause.
    ("the agency ran HubSpot; I wrote the newsletters", "HubSpot", "someone_else"),
    ("Het bureau deed de Magento-shop, ik schreef teksten", "Magento", "someone_else"),
    ("Die Ansible-Rollen schrieb unser Ops-Team", "Ansible", "someone_else"),
    ("Team lead on the Ansible rollout, I wrote most roles", "Ansible", "states"),
    ("Ansible with our ops team", "Ansible", "states"),
    # A list item's value that says none.
    ("Helm ❌", "Helm", "absent"),
    ("Helm: still no hands-on", "Helm", "absent"),
    ("Podman/Buildah: nunca tive contato", "Podman", "absent"),
    ("Helm: noch kein Projekt", "Helm", "absent"),
]


@pytest.mark.parametrize(("text", "term", "state"), PROFILE)
def test_profile_rules(text: str, term: str, state: str) -> None:
    assert profile_state(reading_of(text, term)) == state


def test_a_span_ending_past_years_ago_is_the_past_and_one_year_later_is_not() -> None:
    ended = THIS_YEAR - PAST_YEARS
    assert reading_of(f"Perl ({ended - 3}-{ended})", "Perl").past
    assert not reading_of(f"Perl ({ended - 2}-{ended + 1})", "Perl").past


@pytest.mark.parametrize(
    ("text", "term", "state"),
    [
        ("Clipper in the 90s", "Clipper", "past"),
        ("Clipper negli anni '90", "Clipper", "past"),
        ("Fortran in the 2000s", "Fortran", "past"),
        ("Kafka lag cut from the 30s default to 5s", "Kafka", "states"),
        ("Kotlin in the 2020s", "Kotlin", "states"),
        ("Snowflake: owned by the data team", "Snowflake", "someone_else"),
    ],
)
def test_decades_and_a_list_value_naming_someone_else(text: str, term: str, state: str) -> None:
    assert profile_state(reading_of(text, term)) == state


@pytest.mark.parametrize(
    ("text", "term", "negated"),
    [
        ("Svelte, never used (React only)", "Svelte", True),
        ("Svelte, never used", "Svelte", True),
        ("Java, not Kotlin", "Java", False),
        ("Docker, Kubernetes, not Helm", "Docker", False),
    ],
)
def test_a_negation_ending_its_item_after_a_comma_is_the_terms(
    text: str, term: str, negated: bool
) -> None:
    assert reading_of(text, term).negated is negated
