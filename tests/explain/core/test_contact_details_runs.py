"""The scrubber on long runs of the characters its patterns loop on.

Each pattern enters a run at its start only and reads it once (explain.core.contact_details),
so these inputs are no slower per character than prose: tools/bench/growth.py times them.
Here only what comes out is checked: a run of such characters that holds no contact
comes back unchanged, and a contact standing between two such runs is removed whole,
the runs around it kept as written.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from explain.core.contact_details import REMOVED, contains_contact, contains_markup, scrub

# Units whose runs are no contact: the letters, dots, signs and brackets the e-mail, URL,
# domain, scheme, handle, defanged and markup patterns loop on.
PLAIN_UNITS = [
    "a.",
    "a+",
    "a-",
    "a.b",
    "ab.",
    "x_",
    "%+",
    ".-",
    "a:",
    "a:/",
    "a@",
    "[ ",
    "( ",
    "a. ",
    "www ",
    "Skype ",
    "tel ",
    "javascript ",
    "(dot) ",
    "[at] ",
]

# (how the contact is written, the part that must not survive): written for this test.
CONTACTS = [
    ("ines.q@post.example", "ines.q@post.example"),
    ("https://ines.example/cv?lang=pt", "ines.example"),
    ("www.ines-q.example", "ines-q.example"),
    ("tel:+351912345678", "912345678"),
    ("skype:ines.q?chat", "ines.q"),
    ("callto:ines.q", "ines.q"),
    ("Skype: live:.cid.7e41", "7e41"),
    ("Telegram @ines_q", "ines_q"),
    ("WhatsApp +351 912 345 678", "912 345 678"),
    ("wa.me/351912345678", "912345678"),
    ("198.51.100.23:8443", "198.51.100.23"),
    ("sms:+351912345678", "912345678"),
]

runs = st.builds(
    lambda unit, count: unit * count, st.sampled_from(PLAIN_UNITS), st.integers(0, 1500)
)


@settings(max_examples=60, deadline=None)
@given(runs)
def test_a_run_that_holds_no_contact_comes_back_unchanged(run):
    assert scrub(run) == run
    assert not contains_contact(run)


@settings(max_examples=80, deadline=None)
@given(left=runs, right=runs, contact=st.sampled_from(CONTACTS))
def test_a_contact_between_runs_is_removed_whole_and_the_runs_stay(left, right, contact):
    written, secret = contact
    text = f"{left} {written} {right}"
    scrubbed = scrub(text)
    assert secret not in scrubbed
    assert REMOVED in scrubbed
    assert scrubbed.startswith(left) and scrubbed.endswith(right)
    assert contains_contact(text)


@settings(max_examples=40, deadline=None)
@given(unit=st.sampled_from(["1 ", "1.", "1-", "1/", "(1) ", "12 "]), count=st.integers(5, 1500))
def test_a_run_of_digits_leaves_no_number_behind(unit, count):
    scrubbed = scrub(unit * count)
    digits_left = [ch for ch in scrubbed.replace(REMOVED, "|") if ch.isdigit() or ch == "|"]
    # Between two markers (or at an end) at most eight digits: never a number's worth.
    assert all(len(part) <= 8 for part in "".join(digits_left).split("|"))


@settings(max_examples=40, deadline=None)
@given(unit=st.sampled_from(["[", "[a", "[a]", "javascript ", "] ("]), count=st.integers(0, 3000))
def test_markup_is_found_after_any_run_of_brackets(unit, count):
    run = unit * count
    assert contains_markup(run + "[see](x)")
    assert contains_markup(run + " javascript:alert")
    assert not contains_markup(run)
