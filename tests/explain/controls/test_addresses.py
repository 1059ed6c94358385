"""The client address as the address allowance counts it: REMOTE_ADDR, or the last entry
of the header the site's own proxy writes; IPv4 per address, IPv6 per /64."""

from __future__ import annotations

import ipaddress

import pytest
from django.test import RequestFactory

from explain.controls.addresses import (
    client_address,
    client_network,
    counted_as,
    parse_address,
    parse_networks,
    request_address,
    request_network,
)

XFF = "HTTP_X_FORWARDED_FOR"
PROXIES = [ipaddress.ip_network("10.0.0.0/24")]


def via_proxy(meta, header=XFF):
    """client_network of a request whose REMOTE_ADDR is the site's own proxy (10.0.0.x)."""
    return client_network(meta, header, PROXIES)


def test_without_a_header_setting_remote_addr_is_used_and_the_header_ignored():
    meta = {"REMOTE_ADDR": "198.51.100.7", XFF: "203.0.113.1"}
    assert client_network(meta, None) == "198.51.100.7"


def test_the_last_entry_is_the_one_the_sites_proxy_added():
    """Whatever the client sent comes first; the proxy appends the address it saw."""
    meta = {"REMOTE_ADDR": "10.0.0.2", XFF: "203.0.113.1, 192.0.2.9,198.51.100.7"}
    assert via_proxy(meta) == "198.51.100.7"


def test_spaces_around_entries_do_not_matter():
    meta = {"REMOTE_ADDR": "10.0.0.2", XFF: "  203.0.113.1 ,   198.51.100.7  "}
    assert via_proxy(meta) == "198.51.100.7"
    assert client_network({"REMOTE_ADDR": " 198.51.100.8 "}, None) == "198.51.100.8"


def test_one_entry_alone_is_read():
    assert via_proxy({"REMOTE_ADDR": "10.0.0.2", XFF: "198.51.100.7"}) == "198.51.100.7"


@pytest.mark.parametrize(
    "header",
    [
        "not-an-address",
        "203.0.113.1, ",  # a trailing comma: the last entry is empty
        "203.0.113.1, unknown",
        "198.51.100.7:4431",  # a port is no address
        "999.1.1.1",
        "",
    ],
)
def test_a_malformed_last_entry_falls_back_to_remote_addr(header):
    """The entries before it are the client's own words: never trusted instead."""
    meta = {"REMOTE_ADDR": "10.0.0.2", XFF: header}
    assert via_proxy(meta) == "10.0.0.2"


def test_a_missing_header_falls_back_to_remote_addr():
    assert via_proxy({"REMOTE_ADDR": "10.0.0.2"}) == "10.0.0.2"


def test_ipv6_addresses_count_per_64():
    one = client_network({"REMOTE_ADDR": "2001:db8:1:2::1"}, None)
    same_64 = client_network({"REMOTE_ADDR": "2001:db8:1:2:ffff:ffff:ffff:ffff"}, None)
    next_64 = client_network({"REMOTE_ADDR": "2001:db8:1:3::1"}, None)
    assert one == same_64 == "2001:db8:1:2::/64"
    assert next_64 == "2001:db8:1:3::/64"


def test_ipv6_from_the_header_counts_per_64_too():
    meta = {"REMOTE_ADDR": "10.0.0.2", XFF: "203.0.113.1, 2001:DB8:1:2:abcd::5"}
    assert via_proxy(meta) == "2001:db8:1:2::/64"


def test_ipv4_addresses_count_one_by_one():
    assert client_network({"REMOTE_ADDR": "198.51.100.7"}, None) != client_network(
        {"REMOTE_ADDR": "198.51.100.8"}, None
    )


def test_an_ipv4_mapped_ipv6_address_is_its_ipv4_address():
    assert client_network({"REMOTE_ADDR": "::ffff:198.51.100.7"}, None) == "198.51.100.7"


def test_a_zone_is_not_part_of_the_address():
    assert parse_address("fe80::1%eth0") == ipaddress.IPv6Address("fe80::1")


def test_no_usable_address_is_not_counted():
    assert client_network({}, None) is None
    assert via_proxy({"REMOTE_ADDR": ""}) is None
    assert client_network({"REMOTE_ADDR": None}, None) is None


def test_counted_as_zeroes_the_host_part_of_ipv6_only():
    assert counted_as(ipaddress.ip_address("203.0.113.255")) == "203.0.113.255"
    assert counted_as(ipaddress.ip_address("2001:db8::ffff")) == "2001:db8::/64"


def test_a_request_is_read_with_the_sites_header_setting(settings):
    request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="192.0.2.9")
    settings.EXPLAIN_CLIENT_ADDRESS_HEADER = None
    assert request_network(request) == "10.0.0.2"
    settings.EXPLAIN_CLIENT_ADDRESS_HEADER = XFF
    settings.EXPLAIN_TRUSTED_PROXIES = []
    assert request_network(request) == "10.0.0.2"  # no proxy trusted: never read
    settings.EXPLAIN_TRUSTED_PROXIES = ["10.0.0.2"]
    assert request_network(request) == "192.0.2.9"


def test_the_login_limits_get_the_bare_address(settings):
    """django-ratelimit masks IPv6 itself: it gets the address, not the network."""
    settings.EXPLAIN_CLIENT_ADDRESS_HEADER = XFF
    settings.EXPLAIN_TRUSTED_PROXIES = ["10.0.0.0/8"]
    factory = RequestFactory()
    spoofed = factory.get("/", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="1.1.1.1, 2001:db8::5")
    assert request_address(spoofed) == "2001:db8::5"
    broken = factory.get("/", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="junk")
    assert request_address(broken) == "10.0.0.2"
    assert request_address(factory.get("/", REMOTE_ADDR="")) == ""


def test_from_a_client_that_is_not_a_trusted_proxy_the_header_is_ignored():
    """Sent straight to the server, the header is the client's own words."""
    meta = {"REMOTE_ADDR": "198.51.100.7", XFF: "203.0.113.1"}
    assert via_proxy(meta) == "198.51.100.7"
    assert client_network(meta, XFF, []) == "198.51.100.7"


@pytest.mark.parametrize("peer", ["10.0.0.3", "10.0.0.250", "::ffff:10.0.0.9"])
def test_any_address_of_a_trusted_network_is_a_proxy(peer):
    assert via_proxy({"REMOTE_ADDR": peer, XFF: "192.0.2.9"}) == "192.0.2.9"


@pytest.mark.parametrize("peer", ["10.0.1.1", "11.0.0.2", "2001:db8::1", ""])
def test_addresses_outside_the_trusted_networks_are_not(peer):
    expected = client_network({"REMOTE_ADDR": peer}, None)
    assert via_proxy({"REMOTE_ADDR": peer, XFF: "192.0.2.9"}) == expected


def test_a_chain_of_the_sites_own_proxies_is_passed_over():
    """The balancer in front of a second proxy: the first entry from the right that is
    not one of the site's proxies is the client."""
    meta = {"REMOTE_ADDR": "10.0.0.2", XFF: "203.0.113.1, 192.0.2.9, 10.0.0.7"}
    assert via_proxy(meta) == "192.0.2.9"
    only_proxies = {"REMOTE_ADDR": "10.0.0.2", XFF: "10.0.0.7, 10.0.0.8"}
    assert via_proxy(only_proxies) == "10.0.0.2"


def test_an_ipv6_proxy_network_holds_ipv6_peers_only():
    proxies = [ipaddress.ip_network("2001:db8:ff::/48")]
    meta = {"REMOTE_ADDR": "2001:db8:ff:1::2", XFF: "192.0.2.9"}
    assert client_address(meta, XFF, proxies) == ipaddress.ip_address("192.0.2.9")
    v4 = {"REMOTE_ADDR": "10.0.0.2", XFF: "192.0.2.9"}
    assert client_address(v4, XFF, proxies) == ipaddress.ip_address("10.0.0.2")


@pytest.mark.parametrize(
    ("value", "networks", "bad"),
    [
        ((), [], 0),
        (["10.0.0.1"], ["10.0.0.1/32"], 0),
        (["10.0.0.0/8", "::1"], ["10.0.0.0/8", "::1/128"], 0),
        ("10.0.0.1, 192.168.0.0/16", ["10.0.0.1/32", "192.168.0.0/16"], 0),
        (["10.0.0.1/33", "proxy.local", 7.5], [], 3),
        (["", " "], [], 0),
        (None, [], 1),
    ],
)
def test_trusted_proxies_are_read_as_networks(value, networks, bad):
    parsed, broken = parse_networks(value)
    assert [str(network) for network in parsed] == networks
    assert len(broken) == bad
