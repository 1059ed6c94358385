"""A fake monotonic clock for the provider's stream deadline (explain.llm.gemini).

Installed with `monkeypatch.setattr(explain.llm.gemini, "time", Clock())`: time stands
still unless a test moves it, so no test waits for a deadline and none meets one by
accident on a loaded machine.
"""

from __future__ import annotations


class Clock:
    """time.monotonic as the provider sees it, moved only by the test (`clock.now += s`):
    no test waits. A stream that keeps asking the time without reading on is stuck
    in a loop; the clock ends it rather than spin for ever."""

    LIMIT = 10_000

    def __init__(self) -> None:
        self.now = 1000.0
        self.reads = 0

    def monotonic(self) -> float:
        self.reads += 1
        if self.reads > self.LIMIT:
            raise AssertionError("the stream keeps reading the clock: a loop that never ends")
        return self.now
