"""The HTTP library google-genai talks through, under one name for the tests: httpx2
from google-genai 3.x on, httpx before (the `lowest` nox session runs the floor, 2.30)."""

from __future__ import annotations

try:
    import httpx2
except ImportError:
    import httpx as httpx2  # type: ignore[no-redef]

__all__ = ["httpx2"]
