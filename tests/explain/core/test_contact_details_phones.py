"""Phone numbers in international and national formats, recognised by libphonenumber and
removed whole: not one digit of a number may be left behind. Years, dates, versions and
salaries are no phone number and stay."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explain.core.contact_details import REMOVED, scrub

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


# A candidate whose match leaves a run of three or more digits outside it is removed whole
# ("[removed] 000" would leak the rest); two stray digits are no number and stay.
LEFTOVERS = [
    pytest.param("+880 1711 000000", "[removed]", id="reported-leak"),
    pytest.param("Call +1 415 555 0132 / 00 now", "Call [removed] / 00 now", id="two-digits-stay"),
    pytest.param("Call +1 415 555 0132 / 000 now", "Call [removed] now", id="three-digits-go"),
    pytest.param("Call +1 415 555 0132 / 0 00 now", "Call [removed] now", id="run-across-a-space"),
    pytest.param("Call +1 415 555 0132 / 00 0 now", "Call [removed] now", id="run-after-a-space"),
    pytest.param("Call 020 7946 0958-000 now", "Call [removed] now", id="national-and-extra"),
    pytest.param("tel 415.555.0132 999 ok", "tel [removed] ok", id="two-overlapping-matches"),
    pytest.param(
        "tel 415.555.0132 999 or a@b.co", "tel [removed] or [removed]", id="after-overlap"
    ),
    # Every region is tried while digits are left over: the second number is found too.
    pytest.param(
        "Call +1 415 555 0132 / 020 7946 0958 now",
        "Call [removed] / [removed] now",
        id="two-numbers-two-regions",
    ),
    pytest.param("Call 020 7946 0958 / 00 now", "Call [removed] / 00 now", id="national-found"),
    # Possible (not valid) international numbers are found too.
    pytest.param("Call +1 555 555 5555 / 00 now", "Call [removed] / 00 now", id="possible"),
    pytest.param("x 2015-2019 and +44 20 7946 0958", "x 2015-2019 and [removed]", id="after-years"),
    pytest.param(
        "Call 020 7946 0958. 2015-2019 Acme.", "Call [removed]. 2015-2019 Acme.", id="sentence"
    ),
    # Not recognised: nine digits, or seven after a +, are still removed.
    pytest.param("Call 12 345 678 now", "Call 12 345 678 now", id="eight-digits"),
    pytest.param("Call 123 456 789 now", "Call [removed] now", id="nine-digits"),
    pytest.param("Call +99 123 4 now", "Call +99 123 4 now", id="plus-six-digits"),
    pytest.param("Call +99 123 45 now", "Call [removed] now", id="plus-seven-digits"),
    pytest.param("call 555-123-4567", "call [removed]", id="dashes"),
]


@pytest.mark.parametrize(("text", "expected"), LEFTOVERS)
def test_what_libphonenumber_leaves_of_a_number_is_removed_too(text: str, expected: str) -> None:
    assert scrub(text) == expected


NOT_PHONES = [
    pytest.param("Acme 2019-2023", id="year-range"),
    pytest.param("Acme 2019 - 2023", id="year-range-spaced"),
    pytest.param("Acme 2019\u20132023", id="year-range-en-dash"),
    pytest.param("Acme 2015-2019 2020-2023", id="two-year-ranges"),
    pytest.param("2015-2019 2020-2023", id="two-year-ranges-alone"),
    pytest.param("2015-2019, 2020-2023", id="year-ranges-comma"),
    pytest.param("2015\u20132018", id="en-dash-alone"),
    pytest.param("Acme (2015-2019 2020-2023)", id="years-in-brackets"),
    pytest.param("Worked (2015-2019) at Acme", id="years-bracketed"),
    pytest.param("2015-2019 Acme; 2020-2023 Globex", id="year-ranges"),
    pytest.param("Worked 1999 2000 2001", id="year-list"),
    pytest.param("M.Tech (2019)", id="degree-year"),
    pytest.param("03.2019", id="month-year"),
    pytest.param("09/2015 - 06/2018, 09.2015 - 06.2018, 2015.09 - 2018.06, 2015/09-2018/06"),
    pytest.param("01.09.2015 - 30.06.2018, 09/01/2015 - 06/30/2018, 2015-09-01 - 2018-06-30"),
    pytest.param("09/2015 - 06/2018", id="month-ranges"),
    pytest.param("09/2015-06/2018", id="month-ranges-joined"),
    pytest.param("Sep 2015 - Jun 2018, 2010 - 2014, Salary 55,000 - 65,000 EUR, Python 3.11.4"),
    pytest.param("ZIP 10115 Berlin", id="five-digits"),
    pytest.param("1234567", id="seven-digits"),
    pytest.param("5+ years, 40 h/week", id="numbers"),
    pytest.param("Team of 12, 40 h/week, 30 days leave", id="small-numbers"),
    pytest.param("ISO 27001 and PCI DSS 4.0", id="standards"),
    pytest.param("Python 3.11.7 on Ubuntu 24.04", id="versions"),
    # A salary in thousands with its currency.
    pytest.param("Salary 65000 EUR, 3 years of Java", id="salary"),
    pytest.param("Gehalt 60.000 - 75.000 EUR", id="salary-de"),
    pytest.param("Salaire : 45 000 - 55 000 EUR brut", id="salary-fr"),
    pytest.param("€55.000 - €65.000", id="salary-euro-before"),
    pytest.param("Salary $120,000 - $140,000", id="salary-dollar"),
    pytest.param("Salário: R$ 12.000", id="salary-real"),
    pytest.param("EUR 62,000-78,000 a year", id="salary-range"),
]


@pytest.mark.parametrize("text", NOT_PHONES)
def test_numbers_that_are_not_phones_stay(text: str) -> None:
    assert scrub(text) == text


@pytest.mark.parametrize("text", ["+49 30 123 456 EUR", "Tel 060.000.75000 EUR", "0171 2345678 €"])
def test_a_phone_number_next_to_a_currency_is_still_removed(text: str) -> None:
    assert REMOVED in scrub(text)


@settings(max_examples=40, deadline=None)
@given(unit=st.sampled_from(["1 ", "1.", "1-", "1/", "(1) ", "12 "]), count=st.integers(5, 1500))
def test_a_run_of_digits_leaves_no_number_behind(unit: str, count: int) -> None:
    scrubbed = scrub(unit * count)
    digits_left = [ch for ch in scrubbed.replace(REMOVED, "|") if ch.isdigit() or ch == "|"]
    # Between two markers (or at an end) at most eight digits: never a number's worth.
    assert all(len(part) <= 8 for part in "".join(digits_left).split("|"))
