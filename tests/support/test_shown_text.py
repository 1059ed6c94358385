"""support.shown_text: the injection audit's check that no shown point carries a contact
or markup, on the scrubber's own cases and through disguises."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from support.shown_text import contains_contact, contains_markup
from tests.explain.core.test_contact_details import CONTACTS, KEPT, MARKED, NUMBERS, SCRUBBED, runs


@pytest.mark.parametrize("text", [p.values[0] for p in SCRUBBED + NUMBERS] + MARKED)
def test_a_contact_the_scrubber_removes_is_found(text: str) -> None:
    assert contains_contact(text)


@pytest.mark.parametrize("text", [p.values[0] for p in KEPT])
def test_what_the_scrubber_keeps_is_no_contact(text: str) -> None:
    assert not contains_contact(text)


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("ｅｖｉｌ．ｅｘａｍｐｌｅ", id="fullwidth-domain"),
        pytest.param("evil\u200b.example", id="zero-width-in-domain"),
        pytest.param("jane\u00ad@example.com", id="soft-hyphen-in-email"),
        pytest.param("ｈｔｔｐｓ：／／ｘ．ｉｏ", id="fullwidth-url"),
        pytest.param("apply at evil[.]example", id="defanged-dot"),
        pytest.param("write to jobs [at] evil [dot] example", id="defanged-at"),
    ],
)
def test_contains_contact_sees_through_disguises(text: str) -> None:
    assert contains_contact(text)


@settings(max_examples=60, deadline=None)
@given(runs)
def test_a_run_that_holds_no_contact_is_none(run: str) -> None:
    assert not contains_contact(run)


@settings(max_examples=40, deadline=None)
@given(left=runs, right=runs, contact=st.sampled_from(CONTACTS))
def test_a_contact_between_runs_is_found(left: str, right: str, contact: tuple[str, str]) -> None:
    assert contains_contact(f"{left} {contact[0]} {right}")


@settings(max_examples=40, deadline=None)
@given(unit=st.sampled_from(["[", "[a", "[a]", "javascript ", "] ("]), count=st.integers(0, 3000))
def test_markup_is_found_after_any_run_of_brackets(unit: str, count: int) -> None:
    run = unit * count
    assert contains_markup(run + "[see](x)")
    assert contains_markup(run + " javascript:alert")
    assert not contains_markup(run)
