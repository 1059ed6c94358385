"""The version matrix: the suite on each Python × Django the distribution declares, once
on the lowest version of every runtime dependency, and the built wheel in a host that
already pins older packages.

`nox` lists the sessions; `nox -s matrix` runs every cell but the default one (Python
3.11 × Django 5.2, the pins `make test` already runs), then `lowest` and `wheel`. Each cell
is a fresh venv from PyPI (pip's own cache is reused between cells) holding the `host`
pins with the cell's versions swapped in, and runs the suite on SQLite without the
browser tests (those run once, on the default pins), spread over every core with
pytest-xdist. The table of results is in docs/integrating.md.
"""

from __future__ import annotations

import glob
import os
import re
import sys
import tomllib
from pathlib import Path

import nox

REPO = Path(__file__).resolve().parent
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text())

nox.options.default_venv_backend = "venv"
nox.options.error_on_missing_interpreters = True
nox.options.sessions = ["matrix"]

# pyenv's interpreters by their plain names (python3.12, python3.13), so nox finds them
# without a pyenv shell; a machine without pyenv keeps its own PATH.
os.environ["PATH"] = os.pathsep.join(
    [*sorted(glob.glob("/root/.pyenv/versions/3.1[1-9].*/bin")), os.environ["PATH"]]
)

# The newest release of each supported Django series, as tested.
DJANGO = {"5.2": "5.2.19", "6.0": "6.0.10", "6.1": "6.1.3"}
CELLS = [("3.11", "5.2"), ("3.12", "5.2"), ("3.12", "6.0"), ("3.12", "6.1"), ("3.13", "6.1")]
DEFAULT_CELL = ("3.11", "5.2")

# What the suite needs besides the host: the test runner, the wheel builder and Playwright
# (the foreign host's own suite drives a browser; a skip there fails CI).
TEST_TOOLS = (
    "pytest",
    "pytest-django",
    "pytest-timeout",
    "pytest-xdist",
    "hypothesis",
    "setuptools",
    "playwright",
)
# One test module per worker, as `make test` runs them (the Makefile's XDIST).
SUITE = [
    *("-m", "pytest", "-q", "-rs", "-p", "no:randomly", "--ignore=tests/browser"),
    *("-n", "auto", "--dist", "loadfile"),
]


def _name(requirement: str) -> str:
    """The normalised project name of a requirement line."""
    match = re.match(r"[A-Za-z0-9._-]+", requirement)
    assert match is not None, requirement
    return re.sub(r"[-_.]+", "-", match.group(0)).lower()


def _group(name: str) -> list[str]:
    """A dependency group's lines, included groups expanded."""
    lines: list[str] = []
    for entry in PYPROJECT["dependency-groups"][name]:
        lines.extend(_group(entry["include-group"]) if isinstance(entry, dict) else [entry])
    return lines


def _pins(overrides: dict[str, str]) -> list[str]:
    """The host pins and the test tools, each overridden project replaced by its pin."""
    dev = {_name(line): line for line in _group("dev")}
    chosen = [*_group("host"), *(dev[tool] for tool in TEST_TOOLS)]
    kept = [line for line in chosen if _name(line) not in overrides]
    return [*kept, *(f"{name}=={version}" for name, version in overrides.items())]


def _floors() -> dict[str, str]:
    """The `>=` floor of every runtime dependency and of the openapi extra."""
    lines = [*PYPROJECT["project"]["dependencies"]]
    for extra in PYPROJECT["project"]["optional-dependencies"].values():
        lines.extend(extra)
    floors = {}
    for line in lines:
        floor = re.search(r">=\s*([0-9][0-9.]*)", line)
        assert floor is not None, f"{line} declares no floor"
        floors[_name(line)] = floor.group(1)
    return floors


def _suite(session: nox.Session, overrides: dict[str, str]) -> None:
    session.install("-e", ".[openapi]", *_pins(overrides))
    session.run("python", "-m", "pip", "check")
    session.run("python", "-m", "pip", "freeze", "--exclude-editable", silent=False)
    session.run("python", *SUITE, *session.posargs)


@nox.session(name="cell")
@nox.parametrize(
    ("python", "django"),
    [nox.param(python, django, id=f"py{python}-django{django}") for python, django in CELLS],
)
def cell(session: nox.Session, django: str) -> None:
    """The suite on one Python × Django; the other pins as in pyproject.toml."""
    _suite(session, {"django": DJANGO[django]})


@nox.session(python="3.11")
def lowest(session: nox.Session) -> None:
    """The suite with every runtime dependency at its declared floor (Python's floor too)."""
    _suite(session, _floors())


@nox.session(python=False)
def matrix(session: nox.Session) -> None:
    """Every cell but the default one (CI runs that as `make test`), `lowest`, `wheel`."""
    for python, django in CELLS:
        if (python, django) != DEFAULT_CELL:
            session.notify(f"cell(py{python}-django{django})")
    session.notify("lowest")
    session.notify("wheel")


# A host's own older pins, from the install trap: google-genai 1.67 beside
# typing_extensions 4.12 broke every page while `pip check` stayed clean.
HOST_OLD_PINS = ("typing_extensions==4.12.2", "idna==3.7")
HOST_OLD_DJANGO = "Django==5.1.2"
HOST_KEPT_DJANGO = "5.2.3"

# The built wheel's host: tests/test_packaging.py's minimal host, run as one process
# (the local-memory cache is honest there), with a manage.py as a portal has.
MANAGE_PY = """import os, sys
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "host_settings")
from django.core.management import execute_from_command_line
execute_from_command_line(sys.argv)
"""
# What the fake model answers to explain_check's --live call (its own two short texts).
LIVE_DRAFT = {
    "matches": [
        {
            "point": "Your profile lists Django, and this job builds Django APIs.",
            "term": "Django",
            "profileQuote": "Python, Django",
            "jobQuote": "Build Django APIs",
        }
    ],
    "gaps": [],
}
ONE_PROCESS = "\nDEBUG = True  # one process: the local-memory cache is fine (a warning)\n"


def _installed(session: nox.Session, name: str) -> str:
    """The version pip installed of one project, in the session's venv."""
    shown = session.run("python", "-m", "pip", "show", name, silent=True)
    match = re.search(r"^Version: (\S+)", str(shown), re.MULTILINE)
    assert match is not None, shown
    return match.group(1)


@nox.session(python="3.11")
def wheel(session: nox.Session) -> None:
    """The built wheel installed where a host already pins older packages: with the pins
    held (constraints) pip refuses; without, it keeps the host's Django 5.2.x and moves
    what is below a floor; then `manage.py check` and `explain_check --live` against the
    fake Gemini server pass."""
    tmp = Path(session.create_tmp())
    dist = tmp / "dist"
    session.run("python", "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(dist), ".")
    (built,) = dist.glob("*.whl")
    for pins in (HOST_OLD_PINS, (HOST_OLD_DJANGO,)):
        held = tmp / "constraints.txt"
        held.write_text("\n".join(pins) + "\n")
        session.install(*pins)
        refused = session.run(
            "python", "-m", "pip", "install", "--dry-run", f"{built}[openapi]", "-c", str(held),
            success_codes=[1], silent=True,
        )  # fmt: skip
        assert "ResolutionImpossible" in str(refused), refused
    # A host within the supported series keeps its Django: pip upgrades only what is below
    # a floor (typing_extensions for pydantic and google-genai, idna for httpx2).
    session.install(*HOST_OLD_PINS, f"Django=={HOST_KEPT_DJANGO}")
    session.install(f"{built}[openapi]")
    assert _installed(session, "django") == HOST_KEPT_DJANGO
    for pin in HOST_OLD_PINS:
        name, old = pin.split("==")
        assert _installed(session, name) != old, f"{name} stayed at {old}, below a floor"
    session.run("python", "-m", "pip", "check")
    session.run("python", "-m", "pip", "freeze")
    host = tmp / "host"
    host.mkdir(exist_ok=True)
    sys.path.insert(0, str(REPO))  # the minimal host and the fake Gemini server
    from support.fake_gemini import FakeGeminiServer
    from tests.test_packaging import HOST_BASE_TEMPLATE, HOST_SETTINGS, HOST_SOURCE, HOST_URLS

    (host / "host_settings.py").write_text(HOST_SETTINGS + ONE_PROCESS)
    (host / "host_source.py").write_text(HOST_SOURCE)
    (host / "host_urls.py").write_text(HOST_URLS)
    (host / "manage.py").write_text(MANAGE_PY)
    (host / "templates").mkdir(exist_ok=True)
    (host / "templates" / "base.html").write_text(HOST_BASE_TEMPLATE)
    session.chdir(host)
    # The wheel, not the checkout: the venv holds no editable install, the cwd is the host.
    session.run("python", "manage.py", "check", "--fail-level", "WARNING")
    with FakeGeminiServer() as server:
        server.reply_with_draft(LIVE_DRAFT)
        fake = {"GEMINI_API_KEY": "fake-key-for-the-wheel-test", "GEMINI_BASE_URL": server.base_url}
        live = session.run("python", "manage.py", "explain_check", "--live", env=fake, silent=True)
        print(live)
        assert "OK   live:" in str(live) and "schema accepted: yes" in str(live), live
        # The live check reads its posting, then makes the viewer's call: two requests.
        assert len(server.requests) == 2, server.requests
