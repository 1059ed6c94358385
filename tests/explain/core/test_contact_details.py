"""Contact details are scrubbed from free text (phone numbers whole, by libphonenumber),
technical words, degrees, years, dates, versions and salaries stay, private values go as
the user wrote them, and the scrubber's loops stay safe on long runs."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explain.core.contact_details import REMOVED, scrub, scrub_private

SCRUBBED = [
    pytest.param("Mail jane.doe@example.com now", "Mail [removed] now", id="email"),
    pytest.param("E-mail: a.b+jobs@mail.example.co.uk.", "E-mail: [removed].", id="email-plus"),
    pytest.param("See https://evil.example/x?a=1 ok", "See [removed] ok", id="https-url"),
    pytest.param("ftp://files.example.org/cv.pdf", "[removed]", id="other-scheme"),
    pytest.param("Portfolio: www.janedoe.dev", "Portfolio: [removed]", id="www"),
    pytest.param("Apply at evil.example today", "Apply at [removed] today", id="bare-domain"),
    pytest.param("Code on github.com/jane", "Code on [removed]", id="bare-domain-path"),
    pytest.param("Apply at NORTHWIND-JOBS.COM", "Apply at [removed]", id="bare-domain-upper"),
    pytest.param("Apply at Evil.Example", "Apply at [removed]", id="bare-domain-mixed-case"),
    pytest.param("Call +44 20 7946 0958", "Call [removed]", id="phone-international"),
    pytest.param("Call 555-123-4567.", "Call [removed].", id="phone-dashes"),
    pytest.param("Tel (030) 1234 5678", "Tel [removed]", id="phone-area-code"),
    pytest.param("Mobile 015112345678", "Mobile [removed]", id="phone-digits-only"),
    pytest.param("Call +491512345", "Call [removed]", id="phone-plus-seven-digits"),
    pytest.param(
        "Jane, jane@x.io, +1 555 123 4567, https://x.io",
        "Jane, [removed], [removed], [removed]",
        id="several",
    ),
    # Links of schemes without "//" and handles after a messenger's name.
    pytest.param("Ring me: tel:+4930901820", "Ring me: [removed]", id="tel"),
    pytest.param("skype:jonas.w?call after 5", "[removed] after 5", id="skype-link"),
    pytest.param("callto:jonas.w", "[removed]", id="callto"),
    pytest.param("SMS sms:+4915112345678", "SMS [removed]", id="sms"),
    pytest.param("Chat whatsapp:send?phone=4915112345678", "Chat [removed]", id="whatsapp-link"),
    pytest.param("facetime:jonas@mail.example", "[removed]", id="facetime"),
    pytest.param("Skype: jonas_w", "Skype: [removed]", id="skype-colon"),
    pytest.param("Skype ID: live:.cid.5a1b", "Skype ID: [removed]", id="skype-id-live"),
    pytest.param("skype jonas.weber.dev", "skype [removed]", id="skype-dotted"),
    pytest.param("Telegram @jonasw", "Telegram [removed]", id="telegram-at"),
    pytest.param("Viber 4915112345678", "Viber [removed]", id="viber-digits"),
    pytest.param("Signal: +49 151 12345678", "Signal: [removed]", id="signal-number"),
    pytest.param("WeChat: jonas-w88", "WeChat: [removed]", id="wechat"),
    pytest.param("WhatsApp +49 151 1234 5678 (evenings)", "WhatsApp [removed] (evenings)", id="wa"),
    pytest.param("Móvil / WhatsApp: 612 345 678", "Móvil / WhatsApp: [removed]", id="es-wa"),
    pytest.param("Contact: wa.me/4915112345678", "Contact: [removed]", id="wa-me"),
    pytest.param("TEL:+33142685300", "[removed]", id="upper-case"),
    # What libphonenumber leaves of a number goes too: a candidate whose match leaves a run
    # of three or more digits outside it is removed whole ("[removed] 000" would leak the
    # rest); two stray digits are no number and stay.
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
    # Not recognised: nine digits, or seven after a +, are still removed (fewer stay:
    # see KEPT).
    pytest.param("Call 123 456 789 now", "Call [removed] now", id="nine-digits"),
    pytest.param("Call +99 123 45 now", "Call [removed] now", id="plus-seven-digits"),
    pytest.param("call 555-123-4567", "call [removed]", id="dashes"),
]


@pytest.mark.parametrize(("text", "expected"), SCRUBBED)
def test_contact_details_are_scrubbed(text: str, expected: str) -> None:
    assert scrub(text) == expected


# Texts whose contact is removed, wherever the marker ends up.
MARKED = [
    # A bare domain with any public suffix.
    "Portfolio: mars.codes",
    "Courses at kt.academy",
    "See jobs.example.pl for more",
    "Shop at northwind.store today",
    "My site sub.domain.co.uk",
    "jane.net",
    "Tel.0301234567",
    "fax/0301234567",
    "see janedoe.com",
    # A phone number next to a currency is still a phone number.
    "+49 30 123 456 EUR",
    "Tel 060.000.75000 EUR",
    "0171 2345678 €",
]


@pytest.mark.parametrize("text", MARKED)
def test_a_contact_anywhere_in_the_text_is_removed(text: str) -> None:
    assert REMOVED in scrub(text)


KEPT = [
    pytest.param("Python 3.11", id="python-version"),
    pytest.param("Kubernetes 1.28 and Go 1.22", id="versions"),
    pytest.param("version 1.2.3.4.5", id="dotted-version"),
    pytest.param("ASP.NET Core", id="asp-net"),
    pytest.param(".NET 8", id="dot-net"),
    pytest.param("ADO.NET, VB.NET and Socket.IO", id="tech-names-like-domains"),
    pytest.param("Node.js, Vue.js and React.js", id="dot-js"),
    pytest.param("node.JS", id="dot-js-upper"),
    pytest.param("ISO 9001:2015", id="iso-standard"),
    pytest.param("C++ and C#", id="symbols"),
    pytest.param("", id="empty"),
    pytest.param("B.Tech, M.Tech, B.Com, M.Com, B.Sc, M.Sc, Ph.D, LL.B, B.Arch", id="degrees"),
    pytest.param("B.Tech in Computer Science", id="degree-in-words"),
    pytest.param("B.Com, M.Com", id="degrees-com"),
    pytest.param("B.Sc. and M.B.A.", id="degree-dots"),
    pytest.param("MS.Net, Microsoft.Net, CruiseControl.NET, ASP.NET Core, VB.NET", id="net"),
    pytest.param("MS.Net, Microsoft.Net and CruiseControl.NET", id="net-and"),
    pytest.param("ASP.NET, .NET, Node.js, Vue.js", id="net-and-js"),
    pytest.param("Node.js, Vue.js, Next.js, Socket.io, D3.js", id="frameworks"),
    pytest.param("main.py, lib.rs, README.md, deploy.sh, archive.zip", id="files"),
    pytest.param("np.array, os.path, torch.nn, System.out, e.g. and i.e.", id="code"),
    pytest.param("socket.io/docs and socket.io/a/b", id="tech-with-path"),
    # The same names as messengers, used as words.
    pytest.param("Skype for Business and Microsoft Teams administration", id="skype-product"),
    pytest.param("WhatsApp Business API integrations", id="whatsapp-product"),
    pytest.param("Signal processing: 5 years", id="signal-colon"),
    pytest.param("Signal 5G networks and radio planning", id="signal-5g"),
    pytest.param("Experience in signal.processing pipelines", id="signal-dotted"),
    pytest.param("Telegram bot development in Python", id="telegram-bot"),
    pytest.param("Line management of 6 engineers", id="line"),
    pytest.param("Product line: industrial sensors", id="line-colon"),
    pytest.param("Hotel: 4 stars, Hostel: 2", id="hotel"),
    pytest.param("Deadline: 2025-03-01", id="deadline"),
    pytest.param("Pipeline: CI/CD with GitLab", id="pipeline"),
    pytest.param("Intel: x86 optimisation", id="intel"),
    pytest.param("Discord community moderation", id="discord"),
    pytest.param("Time:5 minutes", id="time"),
    # Numbers that are no phone number: years, dates, versions, salaries, short runs.
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
    pytest.param("Python 3.11.7 on Ubuntu 24.04", id="os-versions"),
    # A salary in thousands with its currency.
    pytest.param("Salary 65000 EUR, 3 years of Java", id="salary"),
    pytest.param("Gehalt 60.000 - 75.000 EUR", id="salary-de"),
    pytest.param("Salaire : 45 000 - 55 000 EUR brut", id="salary-fr"),
    pytest.param("€55.000 - €65.000", id="salary-euro-before"),
    pytest.param("Salary $120,000 - $140,000", id="salary-dollar"),
    pytest.param("Salário: R$ 12.000", id="salary-real"),
    pytest.param("EUR 62,000-78,000 a year", id="salary-range"),
    # Fewer digits than a number's: eight, or six after a "+".
    pytest.param("Call 12 345 678 now", id="eight-digits"),
    pytest.param("Call +99 123 4 now", id="plus-six-digits"),
]


@pytest.mark.parametrize("text", KEPT)
def test_ordinary_words_and_numbers_are_kept(text: str) -> None:
    assert scrub(text) == text


# Phone numbers in international and national formats, recognised by libphonenumber and
# removed whole: not one digit of a number may be left behind.
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


def test_marker_is_the_documented_one() -> None:
    assert REMOVED == "[removed]"
    assert scrub("x@y.com") == REMOVED


def test_the_suffix_list_is_the_bundled_snapshot_never_fetched(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No network and no cache directory: a fresh extractor answers with every socket
    refused (the snapshot ships inside tldextract)."""
    import socket

    from explain.core import contact_details

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("tldextract tried the network")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    contact_details._suffixes.cache_clear()
    extractor = contact_details._suffixes()
    assert extractor("mars.codes").suffix == "codes"
    assert scrub("mars.codes") == "[removed]"


# --------------------------------------------------------------------------- private values


def test_private_values_are_removed_in_any_case_and_spacing() -> None:
    values = ["Dana Q. Private", "+44 20 7946 0000", "Hauptstraße 5"]
    text = "DANA Q PRIVATE, dana\nq. private, 4420-7946-0000, HAUPTSTRASSE 5, Hauptstraße 5"
    assert scrub_private(text, values) == ", ".join([REMOVED] * 5)


def test_private_values_match_whole_words_only_and_short_ones_are_skipped() -> None:
    values = ["Ann Lee", "Al", "12345", "jo@example.org"]
    # Written together it is still the name ("AnnLee" in a handle); "Annie Lee" is not.
    assert scrub_private("Annlee Annie Lee, Al, 12345, Ann Lee.", values) == (
        "[removed] Annie Lee, Al, 12345, [removed]."
    )
    assert scrub_private("write to jo", values) == "write to jo"  # "jo" is too short
    assert scrub_private("a 1234 text", ["", "a", "1234"]) == "a 1234 text"


def test_an_e_mail_address_is_removed_also_by_its_local_part() -> None:
    values = ["dana.private@example.org"]
    assert scrub_private("Dana.Private at example dot org", values) == (
        "[removed] at example dot org"
    )


# --------------------------------------------------------------------------- long runs
# Each pattern enters a run at its start only and reads it once, so these inputs are no
# slower per character than prose (tools/bench/growth.py times them). Here only what comes
# out is checked.

# Units whose runs are no contact: the letters, dots, signs and brackets the e-mail, URL,
# domain, scheme, handle, defanged and markup patterns loop on.
PLAIN_UNITS = ["a.", "a+", "a-", "a.b", "ab.", "x_", "%+", ".-", "a:", "a:/", "a@", "[ ", "( ",
               "a. ", "www ", "Skype ", "tel ", "javascript ", "(dot) ", "[at] "]  # fmt: skip

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
def test_a_run_that_holds_no_contact_comes_back_unchanged(run: str) -> None:
    assert scrub(run) == run


@settings(max_examples=80, deadline=None)
@given(left=runs, right=runs, contact=st.sampled_from(CONTACTS))
def test_a_contact_between_runs_is_removed_whole_and_the_runs_stay(
    left: str, right: str, contact: tuple[str, str]
) -> None:
    written, secret = contact
    text = f"{left} {written} {right}"
    scrubbed = scrub(text)
    assert secret not in scrubbed
    assert REMOVED in scrubbed
    assert scrubbed.startswith(left) and scrubbed.endswith(right)


@settings(max_examples=40, deadline=None)
@given(unit=st.sampled_from(["1 ", "1.", "1-", "1/", "(1) ", "12 "]), count=st.integers(5, 1500))
def test_a_run_of_digits_leaves_no_number_behind(unit: str, count: int) -> None:
    scrubbed = scrub(unit * count)
    digits_left = [ch for ch in scrubbed.replace(REMOVED, "|") if ch.isdigit() or ch == "|"]
    # Between two markers (or at an end) at most eight digits: never a number's worth.
    assert all(len(part) <= 8 for part in "".join(digits_left).split("|"))
