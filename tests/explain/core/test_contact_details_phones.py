"""Phone numbers in international and national formats, recognised by libphonenumber and
removed whole: not one digit of a number may be left behind."""

from __future__ import annotations

import re

import pytest

from explain.core.contact_details import contains_contact, scrub

NUMBERS = [
    pytest.param("+880 1711 000000", id="bangladesh-mobile"),
    pytest.param("+880-1711-000000", id="bangladesh-dashes"),
    pytest.param("+91 98765 43210", id="india"),
    pytest.param("+55 11 91234-5678", id="brazil"),
    pytest.param("+81 3-1234-5678", id="japan"),
    pytest.param("+234 803 123 4567", id="nigeria"),
    pytest.param("+1 (415) 555-0132", id="us-international"),
    pytest.param("+49 (0)30 901820", id="germany-trunk-zero"),
    pytest.param("+33 6 12 34 56 78", id="france-pairs"),
    pytest.param("+86 138 0013 8000", id="china"),
    pytest.param("+7 912 345-67-89", id="russia"),
    pytest.param("+353 87 123 4567", id="ireland"),
    pytest.param("+61 412 345 678", id="australia"),
    pytest.param("0044 20 7946 0958", id="uk-with-00-prefix"),
    pytest.param("020 7946 0958", id="uk-national"),
    pytest.param("06 12 34 56 78", id="france-national"),
    pytest.param("(030) 1234 5678", id="germany-area-code"),
    pytest.param("01711-000000", id="bangladesh-national"),
    pytest.param("415.555.0132", id="us-dots"),
]


@pytest.mark.parametrize("number", NUMBERS)
def test_a_number_is_removed_whole(number: str) -> None:
    text = f"Backend developer. Call {number} after six.\nSkills: Python"
    scrubbed = scrub(text)
    assert scrubbed == "Backend developer. Call [removed] after six.\nSkills: Python"
    assert not re.search(r"\d", scrubbed)
    assert contains_contact(number)


def test_the_reported_leak_is_closed() -> None:
    # Was "[removed] 000000": six digits of the number left in the text sent.
    assert scrub("+880 1711 000000") == "[removed]"


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("Salary 65000 EUR, 3 years of Java", id="salary"),
        pytest.param("2015-2019 Acme; 2020-2023 Globex", id="year-ranges"),
        pytest.param("ISO 27001 and PCI DSS 4.0", id="standards"),
        pytest.param("Team of 12, 40 h/week, 30 days leave", id="small-numbers"),
        pytest.param("Python 3.11.7 on Ubuntu 24.04", id="versions"),
    ],
)
def test_numbers_that_are_not_phones_stay(text: str) -> None:
    assert scrub(text) == text


def test_a_number_ending_a_sentence_leaves_the_next_sentence_alone() -> None:
    assert scrub("Call 020 7946 0958. 2015-2019 Acme.") == "Call [removed]. 2015-2019 Acme."
