"""The draft schema's stable public name; the shape lives in explain.core.schema."""

from explain.core.schema import Claim, Draft

__all__ = ["Claim", "Draft"]
