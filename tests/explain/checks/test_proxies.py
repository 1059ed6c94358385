"""explain.checks.proxies: the client address header is read from trusted proxies only."""

from __future__ import annotations

import pytest

from explain.checks.proxies import check_trusted_proxies

CANARY = "AIza-canary-not-a-network"


def ids() -> list[str]:
    return [problem.id or "" for problem in check_trusted_proxies()]


@pytest.mark.parametrize(
    ("header", "proxies", "expected"),
    [
        (None, (), []),
        (None, ["10.0.0.0/8"], []),
        ("HTTP_X_FORWARDED_FOR", ["10.0.0.2"], []),
        ("HTTP_X_FORWARDED_FOR", "10.0.0.2, 10.0.1.0/24", []),
        ("HTTP_X_FORWARDED_FOR", (), ["explain.W107"]),
        ("HTTP_X_FORWARDED_FOR", [CANARY], ["explain.E110", "explain.W107"]),
        (None, ["10.0.0.1", "10.0.0.300"], ["explain.E110"]),
        (None, 42, ["explain.E110"]),
    ],
)
def test_trusted_proxies(settings, header, proxies, expected):
    settings.EXPLAIN_CLIENT_ADDRESS_HEADER = header
    settings.EXPLAIN_TRUSTED_PROXIES = proxies
    assert ids() == expected


def test_a_broken_entry_is_never_echoed(settings):
    settings.EXPLAIN_TRUSTED_PROXIES = [CANARY]
    (problem,) = check_trusted_proxies()
    assert CANARY not in problem.msg and CANARY not in (problem.hint or "")
