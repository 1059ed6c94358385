"""Logging a fault of this site (the host's adapter, a bug of ours) without leaking texts.

The traceback is what a developer needs: every frame, with its file, line, function and
source line. The exception's message is not: an adapter's ValueError may carry the
profile it choked on, and logs hold counts, never texts. So the log gets the frames and
the exception types of the whole chain, never a message and never a frame's locals.
"""

from __future__ import annotations

import logging
import traceback


def traceback_without_messages(exc: BaseException) -> str:
    """The traceback of exc and its causes, each exception shown by its type only."""
    parts: list[str] = []
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        frames = "".join(traceback.format_list(traceback.extract_tb(current.__traceback__)))
        kind = type(current)
        parts.append(
            f"Traceback (most recent call last):\n{frames}{kind.__module__}.{kind.__qualname__}"
        )
        current = current.__cause__ or (
            None if current.__suppress_context__ else current.__context__
        )
    # Python prints the first cause first; so do we.
    return "\n\nDuring handling of the above, this was raised:\n".join(reversed(parts))


def log_internal_error(logger: logging.Logger, what: str, exc: BaseException) -> None:
    """One ERROR record: what failed, then the message-free traceback."""
    logger.error("%s failed (%s)\n%s", what, type(exc).__name__, traceback_without_messages(exc))
