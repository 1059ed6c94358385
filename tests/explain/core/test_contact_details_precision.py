"""Scrubbing keeps degrees, framework names and dates: each lost word is a wrong gap."""

from __future__ import annotations

import pytest

from explain.core.contact_details import REMOVED, scrub


@pytest.mark.parametrize(
    "text",
    [
        "B.Tech in Computer Science",
        "B.Com, M.Com",
        "M.Tech (2019)",
        "B.Sc. and M.B.A.",
        "MS.Net, Microsoft.Net and CruiseControl.NET",
        "ASP.NET, .NET, Node.js, Vue.js",
        "09/2015 - 06/2018",
        "09/2015-06/2018",
        "2015–2018",
        "03.2019",
        "2015-2019 2020-2023",
        "EUR 62,000-78,000 a year",
    ],
)
def test_content_stays(text: str) -> None:
    assert scrub(text) == text


@pytest.mark.parametrize(
    "text",
    ["jane.net", "Tel.0301234567", "fax/0301234567", "call 555-123-4567", "see janedoe.com"],
)
def test_contacts_still_go(text: str) -> None:
    assert REMOVED in scrub(text)
