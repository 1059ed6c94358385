"""The verifier's stable public API; the rule itself lives in explain.core.verify.

Outside code and checks import ``explain.verify``: this name stays while the layout moves.
"""

from explain.core.verify import (
    DropReason,
    Limits,
    Verification,
    VerifiedPoint,
    find_quote,
    is_quoted,
    normalize,
    verify_draft,
)

__all__ = [
    "DropReason",
    "Limits",
    "Verification",
    "VerifiedPoint",
    "find_quote",
    "is_quoted",
    "normalize",
    "verify_draft",
]
