"""The distribution holds only `explain`, with ranges, and works without the demo host.

The wheel is built from a copy of what it needs (pyproject.toml, README.md, explain/), then
installed with --no-deps into a fresh virtual environment whose only view of the
dependencies is a .pth line pointing at this environment's site-packages (so no network
is needed). There it must import, pass its system checks in a minimal settings module,
migrate, find its templates, static files and data, and not see `jobportal`.
"""

from __future__ import annotations

import email.parser
import json
import shutil
import subprocess
import sys
import sysconfig
import textwrap
import venv
import zipfile
from pathlib import Path

import pytest
from packaging.requirements import Requirement

REPO = Path(__file__).resolve().parent.parent

# What explain imports, and nothing else (drf-spectacular only through the extra).
RUNTIME = {
    "django", "djangorestframework", "django-ratelimit", "pydantic", "google-genai", "phonenumbers",
    "snowballstemmer", "confusable-homoglyphs", "tldextract", "django-tasks",
}  # fmt: skip
EXTRAS = {"openapi": {"drf-spectacular"}}

HOST_SETTINGS = """
SECRET_KEY = "packaging-test-only"
USE_TZ = True
INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.staticfiles",
    "rest_framework",
    "django_ratelimit",
    "explain",
]
DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": ":memory:"}}
TEMPLATES = [{
    "BACKEND": "django.template.backends.django.DjangoTemplates",
    "DIRS": [__import__("pathlib").Path(__file__).resolve().parent / "templates"],
    "APP_DIRS": True,
    "OPTIONS": {"context_processors": [
        "django.template.context_processors.request",
        "django.contrib.auth.context_processors.auth",
    ]},
}]
STATIC_URL = "/static/"
ROOT_URLCONF = "host_urls"
LOGIN_URL = "https://sso.example.org/login"
EXPLAIN_SOURCE = "host_source.Source"
EXPLAIN_DEMO_MODE = True  # a model answers (explain.W106 otherwise); no key, no network
# One process, so a local-memory cache is honest here (explain.W004 says so otherwise).
SILENCED_SYSTEM_CHECKS = ["django_ratelimit.E003", "django_ratelimit.W001", "explain.W004"]
"""

HOST_SOURCE = """
class Source:
    def profile_fields(self, user):
        return []

    def job_fields(self, job_id, user):
        return []
"""

HOST_BASE_TEMPLATE = "<!doctype html><main>{% block content %}{% endblock %}</main>"

HOST_URLS = """
from django.urls import include, path

urlpatterns = [path("explain/", include("explain.urls"))]
"""

PROBE = """
import importlib.util
import io
import json
import os
import sys

sys.path.insert(0, sys.argv[1])  # the minimal host: settings, adapter, URLs, nothing else
sys.modules["drf_spectacular"] = None  # the optional extra is absent: importing it fails
os.environ["DJANGO_SETTINGS_MODULE"] = "host_settings"
import django
from django.conf import settings

django.setup()
from django.contrib.staticfiles import finders
from django.core.management import call_command
from django.template.loader import get_template
from django.urls import reverse

import explain
import explain.conf

out = io.StringIO()
call_command("check", fail_level="WARNING", stdout=out)
from django.core.management.base import SystemCheckError
from django.test.utils import override_settings

with override_settings(EXPLAIN_SOURCE=None):  # the app's own checks run here too
    try:
        call_command("check", stdout=io.StringIO())
    except SystemCheckError as error:
        unset_source = "explain.E001" in str(error)
    else:
        unset_source = False
call_command("migrate", "explain", verbosity=0)
get_template("explain/panel.html")
eval_cases = io.StringIO()
call_command("explain_eval", stdout=eval_cases)
print(json.dumps({
    "explain": explain.__file__,
    "jobportal": importlib.util.find_spec("jobportal") is not None,
    "support": importlib.util.find_spec("support") is not None,
    "check": out.getvalue().strip(),
    "unset_source": unset_source,
    "script": bool(finders.find("explain/explain.js")),
    "api": reverse("explain:api-explain", args=["1"]),
    "eval": "disagreements: none" in eval_cases.getvalue(),
    "api_imported": "explain.web.api" in sys.modules,
}))
"""


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel, built without network from a copy of the files the build may read."""
    source = tmp_path_factory.mktemp("source")
    shutil.copy(REPO / "pyproject.toml", source)
    shutil.copy(REPO / "README.md", source)
    shutil.copytree(
        REPO / "explain", source / "explain", ignore=shutil.ignore_patterns("__pycache__")
    )
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
         "--no-index", "--wheel-dir", str(out), str(source)],
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    (built,) = out.glob("*.whl")
    return built


def test_the_wheel_holds_only_explain_with_its_files(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    top = {name.split("/")[0] for name in names if not name.split("/")[0].endswith(".dist-info")}
    assert top == {"explain"}
    for needed in (
        "explain/templates/explain/panel.html",
        "explain/templates/admin/explain/explanationlog/change_list.html",
        "explain/static/explain/explain.js",
        "explain/migrations/0001_squashed_0017.py",
        "explain/data/eval_cases.json",
        "explain/data/addressed_to_ai/en.tsv",
        "explain/management/commands/explain_eval.py",
        "explain/llm/registry.py",
    ):
        assert needed in names, needed
    tracked = subprocess.run(
        ["git", "ls-files", "explain"], cwd=REPO, check=True, capture_output=True, text=True
    ).stdout.split()
    assert sorted(set(tracked) - set(names)) == []


def test_the_wheel_declares_ranges_for_what_explain_imports(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        (meta,) = (n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        metadata = email.parser.Parser().parsestr(archive.read(meta).decode())
    requirements = [Requirement(line) for line in metadata.get_all("Requires-Dist") or []]
    plain = {r.name.lower() for r in requirements if r.marker is None}
    assert plain == RUNTIME
    for extra, names in EXTRAS.items():
        assert {r.name.lower() for r in requirements if r.marker and extra in str(r.marker)} == (
            names
        )
    for requirement in requirements:
        operators = {spec.operator for spec in requirement.specifier}
        assert operators and operators <= {">=", "<"}, str(requirement)


def fresh_venv(wheel: Path, tmp_path: Path) -> tuple[Path, Path]:
    """(python, site-packages) of a new venv holding the wheel, its dependencies seen
    through a .pth line (no network)."""
    env = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False).create(env)
    python = env / "bin" / "python"
    site = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            check=True, capture_output=True, text=True,
        ).stdout.strip()
    )  # fmt: skip
    # The dependencies, as plain directories: their own .pth files (an editable install of
    # this repository among them) are not read, so the checkout stays out of sight.
    deps = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (site / "deps.pth").write_text("\n".join(sorted(deps)) + "\n")
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet",
         "--no-deps", "--no-index", str(wheel)],
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    return python, site


def test_the_installed_wheel_works_without_the_demo_host(wheel: Path, tmp_path: Path) -> None:
    python, site = fresh_venv(wheel, tmp_path)
    host = tmp_path / "host"
    host.mkdir()
    (host / "host_settings.py").write_text(HOST_SETTINGS)
    (host / "host_source.py").write_text(HOST_SOURCE)
    (host / "host_urls.py").write_text(HOST_URLS)
    (host / "templates").mkdir()
    (host / "templates" / "base.html").write_text(HOST_BASE_TEMPLATE)
    probe = subprocess.run(
        [str(python), "-I", "-c", textwrap.dedent(PROBE), str(host)],
        cwd=tmp_path, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert probe.returncode == 0, probe.stderr[-3000:]
    seen = json.loads(probe.stdout.strip().splitlines()[-1])
    assert seen["explain"].startswith(str(site)), seen["explain"]
    assert seen["jobportal"] is False
    assert seen["support"] is False
    assert seen["check"].startswith("System check identified no issues")
    assert seen["unset_source"] is True
    assert seen["script"] is True
    assert seen["api"] == "/explain/api/jobs/1/explanation/"
    assert seen["eval"] is True
    assert seen["api_imported"] is True  # without drf-spectacular


def test_the_distribution_is_publishable_under_its_own_name():
    """A free name (django-explain is another project on PyPI), a licence, a changelog."""
    import tomllib

    root = Path(__file__).resolve().parent.parent
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["name"] == "django-why-this-job"
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert (root / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    assert "Framework :: Django" in project["classifiers"]
    assert "## Unreleased" in (root / "CHANGELOG.md").read_text(encoding="utf-8")


# A portal before explain: its own base template is layout.html, not base.html.
PORTAL_SETTINGS = """
SECRET_KEY = "install-steps-test-only"
DEBUG = True
USE_TZ = True
INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.staticfiles",
]
MIDDLEWARE = [
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
]
DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": "portal.sqlite3"}}
TEMPLATES = [{
    "BACKEND": "django.template.backends.django.DjangoTemplates",
    "DIRS": ["templates"],
    "APP_DIRS": True,
    "OPTIONS": {"context_processors": [
        "django.template.context_processors.request",
        "django.contrib.auth.context_processors.auth",
    ]},
}]
STATIC_URL = "/static/"
ROOT_URLCONF = "portal_urls"
LOGIN_URL = "https://sso.example.org/login"
"""
PORTAL_URLS = """
from django.shortcuts import render
from django.urls import path

JOBS = {"1": {"title": "Python Developer", "body": "Build Django APIs."}}


def job(request, pk):
    return render(request, "job.html", {"job": JOBS[pk], "pk": pk})


urlpatterns = [path("jobs/<str:pk>/", job)]
"""
PORTAL_LAYOUT = (
    "<!doctype html><html><head></head><body>{% block main %}{% endblock %}</body></html>"
)
PORTAL_JOB = """{% extends "layout.html" %}{% block main %}
<article><h1>{{ job.title }}</h1><div>{{ job.body }}</div></article>{% endblock %}"""

# The docs' steps, as a portal does them: each a change to its files.
STEP_2_SETTINGS = 'INSTALLED_APPS.insert(0, "explain")\n'
STEP_2_URLS = (
    'from django.urls import include\nurlpatterns += [path("explain/", include("explain.urls"))]\n'
)
STEP_3_ADAPTER = """
from explain.adapter import Field, JobUnavailable
from portal_urls import JOBS


class Source:
    def profile_fields(self, user):
        return []

    def job_fields(self, job_id, user):
        if job_id not in JOBS:
            raise JobUnavailable(job_id)
        return [Field("title", "Job title", JOBS[job_id]["title"]),
                Field("body", "Description", JOBS[job_id]["body"])]
"""
STEP_3_SETTINGS = """
EXPLAIN_SOURCE = "portal_source.Source"
EXPLAIN_BASE_TEMPLATE = "layout_with_content.html"
EXPLAIN_DEMO_MODE = True
"""
STEP_3_BASE = (
    '{% extends "layout.html" %}{% block main %}{% block content %}{% endblock %}{% endblock %}'
)
STEP_6_JOB = """{% extends "layout.html" %}{% load explain %}{% block main %}
<article data-explain-posting><h1 data-explain-field="title">{{ job.title }}</h1>
<div data-explain-field="body">{{ job.body }}</div></article>
{% explain_panel pk %}{% endblock %}"""

MANAGE = (
    "import sys; sys.path.insert(0, '.'); from django.core.management import "
    "execute_from_command_line as run; run(['manage.py', *sys.argv[1:]])"
)


def test_the_documented_install_steps_work_in_a_fresh_venv(wheel: Path, tmp_path: Path) -> None:
    """docs/integrating.md's numbered steps, in their order, with the built wheel: the
    commands the docs run (check, migrate, explain_check --page) pass where they stand."""
    guide = (REPO / "docs" / "integrating.md").read_text(encoding="utf-8")
    steps = guide.split("### The steps, in an order that works", 1)[1].split("\n\n#", 1)[0]
    marks = [
        "pip install",
        "INSTALLED_APPS",
        "EXPLAIN_SOURCE",
        "manage.py check",
        "manage.py migrate explain",
        "{% explain_panel job.pk %}",
        "explain_check --page",
    ]
    positions = [steps.find(mark) for mark in marks]
    assert -1 not in positions and positions == sorted(positions), dict(
        zip(marks, positions, strict=True)
    )

    python, _ = fresh_venv(wheel, tmp_path)  # step 1
    portal = tmp_path / "portal"
    (portal / "templates").mkdir(parents=True)
    files = {
        "portal_settings.py": PORTAL_SETTINGS,
        "portal_urls.py": PORTAL_URLS,
        "templates/layout.html": PORTAL_LAYOUT,
        "templates/job.html": PORTAL_JOB,
    }
    for name, text in files.items():
        (portal / name).write_text(text)

    def manage(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(python), "-I", "-c", MANAGE, *args], cwd=portal, capture_output=True,
            text=True, timeout=300, env={"DJANGO_SETTINGS_MODULE": "portal_settings"},
        )  # fmt: skip

    with (portal / "portal_settings.py").open("a") as settings_file:  # step 2
        settings_file.write(STEP_2_SETTINGS)
    with (portal / "portal_urls.py").open("a") as urls_file:
        urls_file.write(STEP_2_URLS)
    early = manage("migrate", "explain")
    assert early.returncode != 0  # as the docs warn: no adapter, no base template yet
    assert "explain.E001" in early.stderr and "explain.E010" in early.stderr
    (portal / "portal_source.py").write_text(STEP_3_ADAPTER)  # step 3
    with (portal / "portal_settings.py").open("a") as settings_file:
        settings_file.write(STEP_3_SETTINGS)
    (portal / "templates" / "layout_with_content.html").write_text(STEP_3_BASE)
    checked = manage("check", "--fail-level", "WARNING")  # step 4
    assert checked.returncode == 0, checked.stdout + checked.stderr
    migrated = manage("migrate", "explain")  # step 5
    assert migrated.returncode == 0, migrated.stdout + migrated.stderr
    unmarked = manage("explain_check", "--page", "/jobs/1/")
    assert unmarked.returncode != 0 and "has no panel" in unmarked.stdout, unmarked.stdout
    (portal / "templates" / "job.html").write_text(STEP_6_JOB)  # step 6
    probed = manage("explain_check", "--page", "/jobs/1/")  # step 7
    assert probed.returncode == 0, probed.stdout + probed.stderr
    assert "OK   page: /jobs/1/" in probed.stdout
