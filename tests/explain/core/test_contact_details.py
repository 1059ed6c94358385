"""Contact details are scrubbed from free text; technical words and dates are not."""

from __future__ import annotations

import pytest

from explain.core.contact_details import REMOVED, contains_contact, scrub

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
]


@pytest.mark.parametrize(("text", "expected"), SCRUBBED)
def test_contact_details_are_scrubbed(text: str, expected: str) -> None:
    assert scrub(text) == expected
    assert contains_contact(text)


KEPT = [
    pytest.param("Acme 2019-2023", id="year-range"),
    pytest.param("Acme 2019 - 2023", id="year-range-spaced"),
    pytest.param("Acme 2019\u20132023", id="year-range-en-dash"),
    pytest.param("Acme 2015-2019 2020-2023", id="two-year-ranges"),
    pytest.param("Worked 1999 2000 2001", id="year-list"),
    pytest.param("Python 3.11", id="python-version"),
    pytest.param("Kubernetes 1.28 and Go 1.22", id="versions"),
    pytest.param("version 1.2.3.4.5", id="dotted-version"),
    pytest.param("ASP.NET Core", id="asp-net"),
    pytest.param(".NET 8", id="dot-net"),
    pytest.param("ADO.NET, VB.NET and Socket.IO", id="tech-names-like-domains"),
    pytest.param("Node.js, Vue.js and React.js", id="dot-js"),
    pytest.param("node.JS", id="dot-js-upper"),
    pytest.param("ISO 9001:2015", id="iso-standard"),
    pytest.param("ZIP 10115 Berlin", id="five-digits"),
    pytest.param("1234567", id="seven-digits"),
    pytest.param("C++ and C#", id="symbols"),
    pytest.param("5+ years, 40 h/week", id="numbers"),
    pytest.param("", id="empty"),
]


@pytest.mark.parametrize("text", KEPT)
def test_ordinary_words_are_kept(text: str) -> None:
    assert scrub(text) == text
    assert not contains_contact(text)


def test_marker_is_the_documented_one() -> None:
    assert REMOVED == "[removed]"
    assert scrub("x@y.com") == REMOVED


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("ｅｖｉｌ．ｅｘａｍｐｌｅ", id="fullwidth-domain"),
        pytest.param("evil\u200b.example", id="zero-width-in-domain"),
        pytest.param("jane\u00ad@example.com", id="soft-hyphen-in-email"),
        pytest.param("ｈｔｔｐｓ：／／ｘ．ｉｏ", id="fullwidth-url"),
    ],
)
def test_contains_contact_sees_through_disguises(text: str) -> None:
    assert contains_contact(text)


# --------------------------------------------------------------------------- suffixes


@pytest.mark.parametrize(
    "text",
    [
        "Portfolio: mars.codes",
        "Courses at kt.academy",
        "See jobs.example.pl for more",
        "Shop at northwind.store today",
        "My site sub.domain.co.uk",
    ],
)
def test_a_bare_domain_with_any_public_suffix_is_removed(text: str) -> None:
    assert "[removed]" in scrub(text)
    assert contains_contact(text)


@pytest.mark.parametrize(
    "text",
    [
        "B.Tech, M.Tech, B.Com, M.Com, B.Sc, M.Sc, Ph.D, LL.B, B.Arch",
        "MS.Net, Microsoft.Net, CruiseControl.NET, ASP.NET Core, VB.NET",
        "Node.js, Vue.js, Next.js, Socket.io, D3.js",
        "main.py, lib.rs, README.md, deploy.sh, archive.zip",
        "np.array, os.path, torch.nn, System.out, e.g. and i.e.",
        "09/2015 - 06/2018, 09.2015 - 06.2018, 2015.09 - 2018.06, 2015/09-2018/06",
        "01.09.2015 - 30.06.2018, 09/01/2015 - 06/30/2018, 2015-09-01 - 2018-06-30",
        "Sep 2015 - Jun 2018, 2010 - 2014, Salary 55,000 - 65,000 EUR, Python 3.11.4",
    ],
)
def test_degrees_frameworks_files_and_dates_stay(text: str) -> None:
    assert scrub(text) == text


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
    contact_details._is_domain.cache_clear()
    extractor = contact_details._suffixes()
    assert extractor("mars.codes").suffix == "codes"
    assert scrub("mars.codes") == "[removed]"


# --------------------------------------------------------------------------- private values


def test_private_values_are_removed_in_any_case_and_spacing() -> None:
    from explain.core.contact_details import private_pattern, scrub_private

    pattern = private_pattern(["Dana Q. Private", "+44 20 7946 0000", "Hauptstraße 5"])
    text = "DANA Q PRIVATE, dana\nq. private, 4420-7946-0000, HAUPTSTRASSE 5, Hauptstraße 5"
    assert scrub_private(text, pattern) == ", ".join([REMOVED] * 5)


def test_private_values_match_whole_words_only_and_short_ones_are_skipped() -> None:
    from explain.core.contact_details import private_pattern, scrub_private

    pattern = private_pattern(["Ann Lee", "Al", "12345", "jo@example.org"])
    # Written together it is still the name ("AnnLee" in a handle); "Annie Lee" is not.
    assert scrub_private("Annlee Annie Lee, Al, 12345, Ann Lee.", pattern) == (
        "[removed] Annie Lee, Al, 12345, [removed]."
    )
    assert scrub_private("write to jo", pattern) == "write to jo"  # "jo" is too short
    assert private_pattern(["", "a", "1234"]) is None
    assert scrub_private("text", None) == "text"


def test_an_e_mail_address_is_removed_also_by_its_local_part() -> None:
    from explain.core.contact_details import private_pattern, scrub_private

    pattern = private_pattern(["dana.private@example.org"])
    assert scrub_private("Dana.Private at example dot org", pattern) == (
        "[removed] at example dot org"
    )


@pytest.mark.parametrize(
    "text",
    [
        "Gehalt 60.000 - 75.000 EUR",
        "Salaire : 45 000 - 55 000 EUR brut",
        "€55.000 - €65.000",
        "Salary $120,000 - $140,000",
        "Salário: R$ 12.000",
    ],
)
def test_a_salary_in_thousands_with_its_currency_stays(text: str) -> None:
    assert scrub(text) == text


@pytest.mark.parametrize("text", ["+49 30 123 456 EUR", "Tel 060.000.75000 EUR", "0171 2345678 €"])
def test_a_phone_number_next_to_a_currency_is_still_removed(text: str) -> None:
    assert REMOVED in scrub(text)
