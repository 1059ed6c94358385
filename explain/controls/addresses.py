"""Which client address a request comes from, as the address allowance counts it.

REMOTE_ADDR is the peer that opened the connection: behind the site's own proxy that is
the proxy, for every user. EXPLAIN_CLIENT_ADDRESS_HEADER then names the META key the
proxy writes (e.g. HTTP_X_FORWARDED_FOR). The header is read only when REMOTE_ADDR is one
of EXPLAIN_TRUSTED_PROXIES (addresses or networks): a client that reaches the server
directly may send the header with any entries it likes, so from anyone else it is
ignored and REMOTE_ADDR is the client. From a trusted proxy the entries are read from
the last: the last one is what that proxy appended, the address it saw; an entry that
is itself a trusted proxy (a chain of the site's own proxies) is passed over, and the
first one that is not is the client. An entry that is not an address (a typo in the
proxy's setup, a header passed through unchanged) is no reason to trust anything else
the client sent: REMOTE_ADDR is used instead.

One function, client_address, holds this rule: the address allowance, the host's login
and sign-up limits (RATELIMIT_IP_META_KEY = request_address) and the log all read it.

IPv6 addresses are counted per /64: one home or one server is given a whole /64, so
counting single addresses would give one client 2**64 allowances. IPv4 addresses are
counted one by one (an IPv4-mapped IPv6 address is its IPv4 address).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable, Mapping
from typing import Any

from explain.conf import app_settings

# One network prefix for IPv6: what one subscriber or one server is given.
IPV6_PREFIX = 64

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def parse_address(text: object) -> Address | None:
    """One address as written in REMOTE_ADDR or a proxy header entry; None if it is none."""
    if not isinstance(text, str):
        return None
    try:
        address = ipaddress.ip_address(text.strip())
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return address.ipv4_mapped
        # A zone (fe80::1%eth0) names the server's own interface, not the client.
        return ipaddress.IPv6Address(int(address))
    return address


def parse_networks(values: object) -> tuple[list[Network], list[str]]:
    """EXPLAIN_TRUSTED_PROXIES as networks (an address is a network of one), and the
    entries that are neither (for the system check; never echoed). A string is one
    comma-separated list."""
    if isinstance(values, str):
        values = values.split(",")
    if not isinstance(values, Iterable):
        return [], [type(values).__name__]
    networks: list[Network] = []
    bad: list[str] = []
    for value in values:
        text = value.strip() if isinstance(value, str) else value
        if text == "":
            continue
        try:
            networks.append(ipaddress.ip_network(text, strict=False))
        except (TypeError, ValueError):
            bad.append(type(value).__name__)
    return networks, bad


def is_trusted(address: Address | None, proxies: Iterable[Network]) -> bool:
    """Whether the address is one of the site's own proxies."""
    return address is not None and any(
        address.version == network.version and address in network for network in proxies
    )


def counted_as(address: Address) -> str:
    """The unit an address is counted in: itself (IPv4), or its /64 network (IPv6)."""
    if isinstance(address, ipaddress.IPv4Address):
        return str(address)
    network = ipaddress.IPv6Network(
        (int(address) >> (128 - IPV6_PREFIX) << (128 - IPV6_PREFIX), IPV6_PREFIX)
    )
    return str(network)


def client_address(
    meta: Mapping[str, Any], header: str | None, proxies: Iterable[Network] = ()
) -> Address | None:
    """The request's client address (see the module docstring).

    meta: the request's META; header: the META key the site's proxy writes, or None to
    use REMOTE_ADDR; proxies: the networks whose header is believed. None when no usable
    address is there at all.
    """
    peer = parse_address(meta.get("REMOTE_ADDR"))
    proxies = list(proxies)
    if not header or not is_trusted(peer, proxies):
        return peer
    for entry in reversed(str(meta.get(header) or "").split(",")):
        address = parse_address(entry)
        if address is None:
            return peer
        if not is_trusted(address, proxies):
            return address
    # Every entry one of the site's own proxies (or none at all): the nearest one.
    return peer


def client_network(
    meta: Mapping[str, Any], header: str | None, proxies: Iterable[Network] = ()
) -> str | None:
    """The unit the request's client address is counted in; None (not counted) when
    the request has no usable address."""
    address = client_address(meta, header, proxies)
    return None if address is None else counted_as(address)


def site_client_address(request: Any) -> Address | None:
    """client_address for a request, with the site's EXPLAIN_CLIENT_ADDRESS_HEADER and
    EXPLAIN_TRUSTED_PROXIES: the one rule every per-address limit reads."""
    return client_address(
        request.META, app_settings.CLIENT_ADDRESS_HEADER, app_settings.TRUSTED_PROXIES
    )


def request_network(request: Any) -> str | None:
    """The unit the request's client address is counted in, with the site's settings."""
    address = site_client_address(request)
    return None if address is None else counted_as(address)


def request_address(request: Any) -> str:
    """The request's client address as text, read the same way, for other per-address
    limits: django-ratelimit's RATELIMIT_IP_META_KEY takes this function's dotted path
    (it masks IPv6 to /64 itself). REMOTE_ADDR as given when nothing parses."""
    address = site_client_address(request)
    return str(request.META.get("REMOTE_ADDR") or "") if address is None else str(address)
