"""Checks that the client address header is read only from the site's own proxies
(explain.E110, explain.W107)."""

from __future__ import annotations

from typing import Any

from django.core.checks import CheckMessage, Error, Warning, register

from explain.conf import setting
from explain.controls.addresses import parse_networks


@register()
def check_trusted_proxies(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """EXPLAIN_TRUSTED_PROXIES holds addresses or networks only (E110); a header set
    without any trusted proxy is never read, which is safe but surely not meant (W107)."""
    networks, bad = parse_networks(setting("EXPLAIN_TRUSTED_PROXIES"))
    problems: list[CheckMessage] = []
    if bad:
        problems.append(
            Error(
                "EXPLAIN_TRUSTED_PROXIES must be a list of addresses or networks.",
                hint=f'{len(bad)} entry(ies) are neither (e.g. "10.0.0.0/8", "127.0.0.1").',
                id="explain.E110",
            )
        )
    if setting("EXPLAIN_CLIENT_ADDRESS_HEADER") and not networks:
        problems.append(
            Warning(
                "EXPLAIN_CLIENT_ADDRESS_HEADER is set but EXPLAIN_TRUSTED_PROXIES is empty: "
                "the header is never read, every client counts as REMOTE_ADDR.",
                hint="List the addresses or networks of the site's own proxy (load balancer) "
                "in EXPLAIN_TRUSTED_PROXIES; a header from anyone else is the client's own "
                "words and is ignored.",
                id="explain.W107",
            )
        )
    return problems
