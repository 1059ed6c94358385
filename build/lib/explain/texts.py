"""Text helpers a host's adapter imports (documented in docs/integrating.md).

The composition rule lives in explain.core.texts; this name stays for hosts.
"""

from explain.core.texts import Field, text_from_html

__all__ = ["Field", "text_from_html"]
