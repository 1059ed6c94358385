"""jobportal.throttle: password guessing and mass sign-up refused with the site's 429
page and Retry-After; successful logins are never counted."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from jobportal.throttle import wait_in_words
from tests.fakes.broken_cache import BrokenCache

pytestmark = pytest.mark.django_db


WRONG = "not-the-password"


def guess(client, path: str, username: str = "dana") -> int:
    return client.post(path, {"username": username, "password": WRONG}).status_code


@pytest.mark.parametrize("path", ["/login/", "/admin/login/"])
def test_password_guesses_on_one_username_are_throttled(client, make_user, settings, path):
    settings.LOGIN_RATE_PER_USERNAME = "3/10m"
    make_user("dana")
    assert [guess(client, path) for _ in range(3)] == [200, 200, 200]
    refused = client.post(path, {"username": "dana", "password": "pw-123456!"})
    assert refused.status_code == 429
    assert 1 <= int(refused["Retry-After"]) <= 601
    assert "dana" not in refused.content.decode()


def test_guesses_over_many_usernames_from_one_address_are_throttled(client, settings):
    settings.LOGIN_RATE_PER_IP = "5/10m"
    statuses = [guess(client, "/login/", username=f"user{n}") for n in range(6)]
    assert statuses == [200] * 5 + [429]


def test_behind_a_proxy_the_login_limit_counts_the_address_the_proxy_added(client, settings):
    """The same address as the explanations' allowance: the header's last entry, so a
    forged first entry neither dodges the limit nor breaks the login page."""
    settings.LOGIN_RATE_PER_IP = "3/10m"
    settings.EXPLAIN_CLIENT_ADDRESS_HEADER = "HTTP_X_FORWARDED_FOR"
    settings.EXPLAIN_TRUSTED_PROXIES = ["10.0.0.0/24"]

    def from_(forwarded: str) -> int:
        return client.post(
            "/login/",
            {"username": "nobody", "password": WRONG},
            REMOTE_ADDR="10.0.0.2",
            HTTP_X_FORWARDED_FOR=forwarded,
        ).status_code

    statuses = [from_(f"203.0.113.{n}, 198.51.100.7") for n in range(4)]
    assert statuses == [200, 200, 200, 429]
    assert from_("198.51.100.8") == 200  # another client behind the same proxy


def test_the_limit_is_per_username_not_for_everyone(client, make_user, settings):
    settings.LOGIN_RATE_PER_USERNAME = "2/10m"
    make_user("sam")
    for _ in range(3):
        guess(client, "/login/", username="dana")
    response = client.post("/login/", {"username": "sam", "password": "pw-123456!"})
    assert response.status_code == 302


def test_one_address_opens_only_so_many_accounts(client, settings):
    settings.SIGNUP_RATE_PER_IP = "2/h"
    made = []
    for n in range(3):
        client.logout()
        made.append(
            client.post(
                "/signup/",
                {
                    "username": f"new{n}",
                    "password1": "A-long-pass-93!",
                    "password2": "A-long-pass-93!",
                },
            ).status_code
        )
    assert made == [302, 302, 429]
    assert get_user_model().objects.count() == 2


def test_reading_the_login_page_is_never_throttled(client, settings):
    settings.LOGIN_RATE_PER_IP = "1/10m"
    assert [client.get("/login/").status_code for _ in range(5)] == [200] * 5


def test_without_the_shared_cache_people_can_still_sign_in(client, make_user, settings):
    settings.CACHES = {"default": {"BACKEND": "tests.fakes.broken_cache.BrokenCache"}}
    make_user("dana")
    BrokenCache.down = True
    try:
        response = client.post("/login/", {"username": "dana", "password": "pw-123456!"})
    finally:
        BrokenCache.down = False
    assert response.status_code == 302


RIGHT = "pw-123456!"


def log_in(client, path: str = "/login/", username: str = "dana") -> int:
    status = client.post(path, {"username": username, "password": RIGHT}).status_code
    client.logout()
    return status


@pytest.mark.parametrize("path", ["/login/", "/admin/login/"])
def test_successful_logins_are_never_counted(client, make_user, settings, path):
    """A shared demo login: many people signing in within minutes is not an attack."""
    settings.LOGIN_RATE_PER_USERNAME = "3/10m"
    settings.LOGIN_RATE_PER_IP = "3/10m"
    user = make_user("dana")
    user.is_staff = True
    user.save()
    assert [log_in(client, path) for _ in range(12)] == [302] * 12


def test_failures_between_successes_are_still_counted(client, make_user, settings):
    settings.LOGIN_RATE_PER_USERNAME = "3/10m"
    make_user("dana")
    statuses = []
    for _ in range(3):
        statuses.append(log_in(client))
        statuses.append(guess(client, "/login/"))
    assert statuses == [302, 200, 302, 200, 302, 200]
    assert log_in(client) == 429


def test_one_account_is_one_count_whatever_its_case_and_spaces(client, settings):
    settings.LOGIN_RATE_PER_USERNAME = "2/10m"
    statuses = [guess(client, "/login/", username=name) for name in ("Dana", " dana", "DANA ")]
    assert statuses == [200, 200, 429]


def test_the_refusal_is_the_sites_page_with_the_wait_in_words(client, settings):
    settings.LOGIN_RATE_PER_IP = "1/10m"
    assert guess(client, "/login/") == 200
    refused = client.post("/login/", {"username": "dana", "password": WRONG})
    assert refused.status_code == 429
    assert refused["Content-Type"].startswith("text/html")
    wait = int(refused["Retry-After"])
    assert 1 <= wait <= 601
    page = refused.content.decode()
    assert 'class="site-header"' in page  # the site's own page, with its navigation
    assert "Too many failed attempts" in page
    assert wait_in_words(wait) in page
    assert 'href="/login/"' in page and 'href="/"' in page


@pytest.mark.parametrize(
    ("seconds", "words"),
    [
        (1, "about 1 second"),
        (45, "about 45 seconds"),
        (60, "about 1 minute"),
        (61, "about 2 minutes"),
        (3600, "about 1 hour"),
        (3601, "about 2 hours"),
    ],
)
def test_wait_in_words(seconds, words):
    assert wait_in_words(seconds) == words


def test_the_sign_up_refusal_says_what_happened(client, settings):
    settings.SIGNUP_RATE_PER_IP = "1/h"
    form = {"username": "new0", "password1": "A-long-pass-93!", "password2": "A-long-pass-93!"}
    assert client.post("/signup/", form).status_code == 302
    client.logout()
    refused = client.post("/signup/", {**form, "username": "new1"})
    assert refused.status_code == 429
    assert "new accounts" in refused.content.decode()


def test_a_forwarded_header_sent_straight_to_the_server_earns_no_fresh_attempts(client, settings):
    """Only the site's own proxy is believed: a client that names a new address in each
    request is still counted at its own."""
    settings.LOGIN_RATE_PER_IP = "3/10m"
    settings.SIGNUP_RATE_PER_IP = "2/h"
    settings.EXPLAIN_CLIENT_ADDRESS_HEADER = "HTTP_X_FORWARDED_FOR"
    settings.EXPLAIN_TRUSTED_PROXIES = ["10.0.0.2"]

    def login_from(n: int) -> int:
        return client.post(
            "/login/",
            {"username": f"nobody{n}", "password": WRONG},
            REMOTE_ADDR="198.51.100.40",
            HTTP_X_FORWARDED_FOR=f"203.0.113.{n}",
        ).status_code

    assert [login_from(n) for n in range(4)] == [200, 200, 200, 429]

    def signup_from(n: int) -> int:
        client.logout()
        form = {
            "username": f"new{n}",
            "password1": "A-long-pass-93!",
            "password2": "A-long-pass-93!",
        }
        return client.post(
            "/signup/", form, REMOTE_ADDR="198.51.100.40", HTTP_X_FORWARDED_FOR=f"192.0.2.{n}"
        ).status_code

    assert [signup_from(n) for n in range(3)] == [302, 302, 429]


def test_ipv6_clients_of_one_64_share_their_attempts(client, settings):
    settings.LOGIN_RATE_PER_IP = "2/10m"
    statuses = [
        client.post(
            "/login/",
            {"username": f"nobody{n}", "password": WRONG},
            REMOTE_ADDR=f"2001:db8:1:2::{n + 1}",
        ).status_code
        for n in range(3)
    ]
    assert statuses == [200, 200, 429]
