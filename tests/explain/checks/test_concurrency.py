"""The checks of EXPLAIN_MAX_CONCURRENT_CALLS (explain.E024) and EXPLAIN_ACCOUNT_SLOTS."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.core.management.base import SystemCheckError


@pytest.mark.parametrize("value", [0, -3, "20", 2.5, True])
def test_the_check_refuses_a_cap_that_is_not_a_positive_integer(settings, value):
    settings.EXPLAIN_MAX_CONCURRENT_CALLS = value
    with pytest.raises(SystemCheckError, match="EXPLAIN_MAX_CONCURRENT_CALLS"):
        call_command("check")


def test_the_check_accepts_none_and_the_default(settings):
    settings.EXPLAIN_MAX_CONCURRENT_CALLS = None
    call_command("check")
    del settings.EXPLAIN_MAX_CONCURRENT_CALLS
    call_command("check")


# EXPLAIN_ACCOUNT_SLOTS (explain.E026, W027): one account's share of the site's slots.


def ids() -> list[str]:
    from explain.checks.concurrency import check_concurrency

    return [message.id or "" for message in check_concurrency()]


@pytest.mark.parametrize("value", [0, -1, "2", 1.5, True])
def test_an_account_share_that_is_not_a_positive_integer_is_an_error(settings, value):
    settings.EXPLAIN_ACCOUNT_SLOTS = value
    assert ids() == ["explain.E026"]


@pytest.mark.parametrize(("own", "site"), [(20, 20), (30, 20), (None, 20)])
def test_a_share_that_lets_one_account_hold_every_slot_warns(settings, own, site):
    settings.EXPLAIN_ACCOUNT_SLOTS = own
    settings.EXPLAIN_MAX_CONCURRENT_CALLS = site
    assert ids() == ["explain.W027"]


def test_the_default_share_and_no_site_cap_are_fine(settings):
    del settings.EXPLAIN_ACCOUNT_SLOTS
    assert ids() == []
    settings.EXPLAIN_MAX_CONCURRENT_CALLS = None
    settings.EXPLAIN_ACCOUNT_SLOTS = None
    assert ids() == []
