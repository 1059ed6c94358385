"""The HTTP library google-genai talks through, under one name for the tests: httpx2
from google-genai 3.0 on (the declared floor, which the `lowest` nox session runs), httpx
before (only on an older release installed by hand)."""

from __future__ import annotations

try:
    import httpx2
except ImportError:
    import httpx as httpx2  # type: ignore[no-redef]

__all__ = ["httpx2"]
