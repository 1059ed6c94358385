"""Playwright driving Debian's Chromium against pytest-django's live server.

No browser download: the Debian package at /usr/bin/chromium (or $EXPLAIN_CHROMIUM).
Without it these tests skip with a reason, unless EXPLAIN_REQUIRE_BROWSER=1 (CI), where
a missing browser fails the run instead.

Screenshots go to test-artifacts/screenshots/ (printed at the end of the run). With
EXPLAIN_UPDATE_SCREENSHOTS=1 the copies in docs/screenshots/ that the docs show are refreshed too.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from tests.browser.helpers import DOC_SCREENSHOTS, SCREENSHOTS, saved_screenshots

CHROMIUM = Path(os.environ.get("EXPLAIN_CHROMIUM", "/usr/bin/chromium"))
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _unavailable(reason: str) -> None:
    if os.environ.get("EXPLAIN_REQUIRE_BROWSER") == "1":
        pytest.fail(f"{reason} (EXPLAIN_REQUIRE_BROWSER=1: browser tests must run)")
    pytest.skip(f"{reason}; install it with `apt-get install -y chromium`")


@pytest.fixture(scope="module", autouse=True)
def _async_unsafe_allowed() -> Iterator[None]:
    """Playwright's sync API keeps an event loop running in this thread, and Django refuses
    database access from such a thread unless told it is fine (it is: nothing here is
    async). Only while this module's browser runs: every other test keeps the guard.
    Module-scoped and autouse, so it is set before the browser starts and unset after."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        yield


@pytest.fixture(scope="session", autouse=True)
def _one_request_at_a_time() -> Iterator[None]:
    """The live server answers one request at a time. With SQLite in memory its request
    threads share the test's one connection, and two requests at once (an admin page and
    the browser's next fetch) deadlocked inside SQLite: CI hung there, with no Python
    frame for a timeout to interrupt. Set before pytest-django's live server starts."""
    from django.core.servers.basehttp import WSGIServer
    from django.test.testcases import LiveServerThread

    class OneAtATime(WSGIServer):
        # The live server thread itself already uses the shared connections it is given.
        def __init__(self, *args: Any, connections_override: Any = None, **kwargs: Any):
            super().__init__(*args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(LiveServerThread, "server_class", OneAtATime)
        yield


@pytest.fixture(scope="module")
def browser(_async_unsafe_allowed: None) -> Iterator[Any]:
    """One headless Chromium per module, stopped afterwards (its event loop with it)."""
    if not CHROMIUM.exists():
        _unavailable(f"Chromium not found at {CHROMIUM}")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover - the dev extras install it
        _unavailable("Playwright for Python is not installed")
    playwright = sync_playwright().start()
    try:
        launched = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=LAUNCH_ARGS
        )
        yield launched
        launched.close()
    finally:
        playwright.stop()


class PageProbe:
    """What a page did that a user would not see: dialogs and console errors."""

    def __init__(self) -> None:
        self.dialogs: list[str] = []
        self.console_errors: list[str] = []
        self.page_errors: list[str] = []


@pytest.fixture
def new_page(browser: Any, live_server: Any, settings: Any) -> Iterator[Callable[..., Any]]:
    """Open a fresh context and page on the live server; record dialogs and errors."""
    contexts: list[Any] = []
    host_has_favicon = settings.ROOT_URLCONF == "jobportal.urls"

    def open_page(
        *, javascript: bool = True, width: int = 1100, height: int = 900, has_touch: bool = False
    ) -> Any:
        context = browser.new_context(
            base_url=live_server.url,
            java_script_enabled=javascript,
            viewport={"width": width, "height": height},
            device_scale_factor=1,
            has_touch=has_touch,
        )
        context.set_default_timeout(10_000)
        if not host_has_favicon:
            # A host without an icon (the foreign test host): its /favicon.ico 404 would
            # be the only console error. The portal links its own icon, so no route there.
            context.route("**/favicon.ico", lambda route: route.fulfill(status=204, body=""))
        contexts.append(context)
        page = context.new_page()
        probe = PageProbe()

        def on_dialog(dialog: Any) -> None:
            probe.dialogs.append(f"{dialog.type}: {dialog.message}")
            dialog.dismiss()

        page.on("dialog", on_dialog)
        page.on(
            "console",
            lambda msg: probe.console_errors.append(msg.text) if msg.type == "error" else None,
        )
        page.on("pageerror", lambda exc: probe.page_errors.append(str(exc)))
        page.probe = probe
        return page

    yield open_page
    for context in contexts:
        context.close()


@pytest.fixture(autouse=True)
def no_reading_ahead(settings: Any) -> None:
    """Jobs a test saves are not read ahead (jobportal/signals.py): each test's fake model
    answers and counts the viewers' calls only."""
    settings.READ_POSTINGS_AHEAD = False


@pytest.fixture
def demo_data(transactional_db: None) -> None:
    """The demo portal: jobs, the demo users and the admin (as `manage.py seed_demo`)."""
    call_command("seed_demo", stdout=StringIO())


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if saved_screenshots:
        terminalreporter.write_sep("-", "browser screenshots")
        terminalreporter.write_line(f"{len(saved_screenshots)} screenshots saved in {SCREENSHOTS}")
        if os.environ.get("EXPLAIN_UPDATE_SCREENSHOTS") == "1":
            terminalreporter.write_line(f"docs copies refreshed in {DOC_SCREENSHOTS}")
