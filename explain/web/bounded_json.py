"""The API's JSON parser, bounded: a body too large or nested too deep is a 400.

Every request body the app reads is a handful of short fields, so anything past a few
kilobytes or a few levels of nesting is an attack or a bug; neither may cost a 500
(the JSON decoder's RecursionError) or memory.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

# Bytes of a request body the app reads; its own bodies are well under 1 KB.
MAX_BODY_BYTES = 16 * 1024
# Levels of nesting allowed: the app's bodies are flat objects.
MAX_DEPTH = 8


def _depth(value: Any) -> int:
    """How deeply containers nest in a decoded value (iterative: no recursion limit)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, level = stack.pop()
        children: Any = None
        if isinstance(item, Mapping):
            children = item.values()
        elif isinstance(item, list):
            children = item
        if children is None:
            continue
        deepest = max(deepest, level)
        if deepest > MAX_DEPTH:
            return deepest
        stack.extend((child, level + 1) for child in children)
    return deepest


class BoundedJSONParser(JSONParser):
    """DRF's JSON parser behind a size and a depth bound, each a short 400."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        body = stream.read(MAX_BODY_BYTES + 1) if stream is not None else b""
        if len(body) > MAX_BODY_BYTES:
            raise ParseError(_("The request body is too large."))
        try:
            data = json.loads(body.decode("utf-8")) if body else {}
        except RecursionError:
            raise ParseError(_("The request body is nested too deeply.")) from None
        except (ValueError, UnicodeDecodeError):
            raise ParseError(_("The request body is not valid JSON.")) from None
        if _depth(data) > MAX_DEPTH:
            raise ParseError(_("The request body is nested too deeply."))
        return data
