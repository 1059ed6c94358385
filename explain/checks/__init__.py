"""System checks: a misconfigured explain app says so at start-up, with the fix.

One module per concern; importing this package registers them all (ExplainConfig.ready).
"""

from __future__ import annotations

from explain.checks import (  # noqa: F401  (each module registers its checks)
    admin,
    aliases,
    cache,
    demo,
    limits,
    migrations,
    page,
    provider,
    proxies,
    sdk,
    source,
    templates,
    urls,
)
