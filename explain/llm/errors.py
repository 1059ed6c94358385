"""The model-call exceptions, where the model layer and hosts' ChatModels import them.

They live in explain.exceptions, under the app's one root (ExplainError).
"""

from __future__ import annotations

from explain.exceptions import (
    BlockedResponse,
    InvalidResponse,
    LocalFault,
    ModelCallError,
    ModelUnavailable,
    ProviderBusy,
    ProviderError,
    ProviderTimeout,
)

__all__ = [
    "BlockedResponse",
    "InvalidResponse",
    "LocalFault",
    "ModelCallError",
    "ModelUnavailable",
    "ProviderBusy",
    "ProviderError",
    "ProviderTimeout",
]
