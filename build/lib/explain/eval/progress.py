"""A plain text progress bar for a terminal (stderr), with no dependency.

On a terminal it redraws one line; anywhere else (a CI log, a file) it writes one line
per step, so the log still shows how far the run got.
"""

from __future__ import annotations

from collections.abc import Callable


class ProgressBar:
    """[#######-------------]  7/20  label"""

    def __init__(
        self, total: int, write: Callable[[str], None], *, redraw: bool, width: int = 24
    ) -> None:
        self.total = max(total, 0)
        self.done = 0
        self.width = width
        self._write = write
        self._redraw = redraw
        self._last_len = 0

    def line(self, label: str = "") -> str:
        filled = self.width if not self.total else self.width * self.done // self.total
        digits = len(str(self.total))
        bar = "#" * filled + "-" * (self.width - filled)
        return f"[{bar}] {self.done:>{digits}}/{self.total} {label}".rstrip()

    def start(self) -> None:
        if self._redraw:
            self._draw("")

    def advance(self, label: str = "") -> None:
        self.done = min(self.done + 1, self.total)
        if self._redraw:
            self._draw(label)
        else:
            self._write(self.line(label) + "\n")

    def finish(self) -> None:
        if self._redraw:
            self._write("\n")

    def _draw(self, label: str) -> None:
        text = self.line(label)
        padding = " " * max(self._last_len - len(text), 0)
        self._last_len = len(text)
        self._write("\r" + text + padding)
