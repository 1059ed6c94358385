"""Pytest plugin: with EXPLAIN_FORBID_SKIPS=1 (CI sets it) any skipped or xfailed test
fails the run, except the opt-in live tests (marked `live`).

A skip is a test that proved nothing; in CI it must be a deliberate, visible choice, not
a green run that quietly lost a test. Registered from tests/conftest.py.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

import pytest

ENV = "EXPLAIN_FORBID_SKIPS"
ALLOWED_MARKER = "live"


@dataclass(frozen=True)
class Skip:
    nodeid: str
    reason: str


def skip_of(report: pytest.TestReport) -> Skip | None:
    """The forbidden skip a report stands for, or None (ran, or an allowed live skip)."""
    if not report.skipped or ALLOWED_MARKER in report.keywords:
        return None
    if hasattr(report, "wasxfail"):
        return Skip(report.nodeid, f"xfail: {report.wasxfail}")
    reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
    return Skip(report.nodeid, reason.removeprefix("Skipped: "))


class SkipGuard:
    def __init__(self) -> None:
        self.forbidden: list[Skip] = []

    @pytest.hookimpl
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        skip = skip_of(report)
        if skip is not None:
            self.forbidden.append(skip)

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        if self.forbidden and session.exitstatus == pytest.ExitCode.OK:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED

    @pytest.hookimpl
    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        if not self.forbidden:
            return
        title = f"{len(self.forbidden)} forbidden skips ({ENV}=1)"
        terminalreporter.write_sep("=", title, red=True)
        for skip in self.forbidden:
            terminalreporter.write_line(f"{skip.nodeid}: {skip.reason}")
        terminalreporter.write_line("Only tests marked `live` may skip here: make the test run.")


def pytest_configure(config: pytest.Config) -> None:
    if os.environ.get(ENV) == "1":
        config.pluginmanager.register(SkipGuard(), "explain-skip-guard")
