"""Which client address a request comes from, as the address allowance counts it.

REMOTE_ADDR is the peer that opened the connection: behind the site's own proxy that is
the proxy, for every user. EXPLAIN_CLIENT_ADDRESS_HEADER then names the META key the
proxy writes (e.g. HTTP_X_FORWARDED_FOR). Only its last entry is read: a client may send
the header with any entries it likes, but the last one is what the site's proxy appended,
the address it saw. An entry that is not an address (a typo in the proxy's setup, a
header the proxy passed through unchanged) is no reason to trust anything else the
client sent: REMOTE_ADDR is used instead.

IPv6 addresses are counted per /64: one home or one server is given a whole /64, so
counting single addresses would give one client 2**64 allowances. IPv4 addresses are
counted one by one (an IPv4-mapped IPv6 address is its IPv4 address).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping
from typing import Any

from explain.conf import app_settings

# One network prefix for IPv6: what one subscriber or one server is given.
IPV6_PREFIX = 64


def parse_address(text: object) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
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


def counted_as(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> str:
    """The unit an address is counted in: itself (IPv4), or its /64 network (IPv6)."""
    if isinstance(address, ipaddress.IPv4Address):
        return str(address)
    network = ipaddress.IPv6Network(
        (int(address) >> (128 - IPV6_PREFIX) << (128 - IPV6_PREFIX), IPV6_PREFIX)
    )
    return str(network)


def client_address(
    meta: Mapping[str, Any], header: str | None
) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """The request's client address (see the module docstring).

    meta: the request's META; header: the META key the site's proxy writes, or None to
    use REMOTE_ADDR. None when no usable address is there at all.
    """
    if header:
        entries = str(meta.get(header) or "").split(",")
        address = parse_address(entries[-1])
        if address is not None:
            return address
    return parse_address(meta.get("REMOTE_ADDR"))


def client_network(meta: Mapping[str, Any], header: str | None) -> str | None:
    """The unit the request's client address is counted in; None (not counted) when
    the request has no usable address."""
    address = client_address(meta, header)
    return None if address is None else counted_as(address)


def request_network(request: Any) -> str | None:
    """client_network for a request, with the site's EXPLAIN_CLIENT_ADDRESS_HEADER."""
    return client_network(request.META, app_settings.CLIENT_ADDRESS_HEADER)


def request_address(request: Any) -> str:
    """The request's client address as text, read the same way, for other per-address
    limits: django-ratelimit's RATELIMIT_IP_META_KEY takes this function's dotted path
    (it masks IPv6 to /64 itself). REMOTE_ADDR as given when nothing parses."""
    address = client_address(request.META, app_settings.CLIENT_ADDRESS_HEADER)
    return str(request.META.get("REMOTE_ADDR") or "") if address is None else str(address)
