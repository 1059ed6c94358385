"""What is left of a phone number that libphonenumber matched only in part.

A candidate whose match leaves a run of three or more digits outside it is removed whole
("[removed] 000" would leak the rest); two stray digits are no number and stay.
"""

from __future__ import annotations

import pytest

from explain.core.contact_details import contains_contact, scrub

CASES = [
    pytest.param("Call +1 415 555 0132 / 00 now", "Call [removed] / 00 now", id="two-digits-stay"),
    pytest.param("Call +1 415 555 0132 / 000 now", "Call [removed] now", id="three-digits-go"),
    pytest.param("Call +1 415 555 0132 / 0 00 now", "Call [removed] now", id="run-across-a-space"),
    pytest.param("Call +1 415 555 0132 / 00 0 now", "Call [removed] now", id="run-after-a-space"),
    pytest.param("Call 020 7946 0958-000 now", "Call [removed] now", id="national-and-extra"),
    pytest.param("tel 415.555.0132 999 ok", "tel [removed] ok", id="two-overlapping-matches"),
    pytest.param("Worked (2015-2019) at Acme", "Worked (2015-2019) at Acme", id="years"),
    pytest.param("2015-2019, 2020-2023", "2015-2019, 2020-2023", id="year-ranges"),
    pytest.param(
        "Acme (2015-2019 2020-2023)", "Acme (2015-2019 2020-2023)", id="years-in-brackets"
    ),
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
    # Not recognised: nine digits, or seven after a +, are still removed.
    pytest.param("Call 12 345 678 now", "Call 12 345 678 now", id="eight-digits"),
    pytest.param("Call 123 456 789 now", "Call [removed] now", id="nine-digits"),
    pytest.param("Call +99 123 4 now", "Call +99 123 4 now", id="plus-six-digits"),
    pytest.param("Call +99 123 45 now", "Call [removed] now", id="plus-seven-digits"),
    # Technology names that look like domains, with a path, are words.
    pytest.param("socket.io/docs and socket.io/a/b", "socket.io/docs and socket.io/a/b", id="tech"),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_leftover_digits(text: str, expected: str) -> None:
    assert scrub(text) == expected


@pytest.mark.parametrize(
    "text", ["apply at evil[.]example", "write to jobs [at] evil [dot] example"]
)
def test_defanged_contacts_count_as_contacts(text: str) -> None:
    assert contains_contact(text)
