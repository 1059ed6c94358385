"""The host's pages speak German completely: every string its templates and code mark
for translation has a German entry, compiled, and the switcher sets the language."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import translation

from jobportal.models import Job

REPO = Path(__file__).resolve().parents[2]
PO = REPO / "jobportal" / "locale" / "de" / "LC_MESSAGES" / "django.po"
MO = PO.with_suffix(".mo")
HOST_SOURCES = [
    *(REPO / "templates").rglob("*.html"),
    *(REPO / "jobportal").rglob("*.py"),
]

_ENTRY = re.compile(
    r'^msgid "(?P<id>(?:[^"\\]|\\.)*)"\n'
    r'(?:msgid_plural "(?:[^"\\]|\\.)*"\n)?'
    r'(?P<strs>(?:msgstr(?:\[\d\])? "(?:[^"\\]|\\.)*"\n)+)',
    re.MULTILINE,
)


def _catalogue() -> dict[str, list[str]]:
    text = PO.read_text(encoding="utf-8")
    return {
        match["id"]: re.findall(r'msgstr(?:\[\d\])? "((?:[^"\\]|\\.)*)"', match["strs"])
        for match in _ENTRY.finditer(text + "\n")
        if match["id"]
    }


def _marked_strings() -> set[str]:
    """The msgids the host's sources mark: translate tags, simple blocktranslate bodies
    ({{ name }} becomes %(name)s) and _("...") calls."""
    found: set[str] = set()
    for path in HOST_SOURCES:
        text = path.read_text(encoding="utf-8")
        found.update(re.findall(r'{% translate "([^"]+)" %}', text))
        for body in re.findall(r"{% blocktranslate[^%]*%}(.*?){% endblocktranslate %}", text, re.S):
            singular = body.split("{% plural %}")[0]
            found.add(re.sub(r"{{ (\w+) }}", r"%(\1)s", singular))
        found.update(re.findall(r'\b_\(\s*"([^"]+)"\s*\)', text))
    return found


def test_every_host_string_has_a_german_translation():
    catalogue = _catalogue()
    marked = _marked_strings()
    assert len(marked) > 50  # the extraction found the host's strings at all
    missing = sorted(m for m in marked if m.replace('"', '\\"') not in catalogue)
    assert missing == [], f"run makemessages (docs/page.md, Languages): {missing}"
    untranslated = sorted(key for key, values in catalogue.items() if not all(values))
    assert untranslated == []
    assert "#, fuzzy" not in PO.read_text(encoding="utf-8").split('msgid "Jobs"')[1]


def test_the_compiled_catalogue_is_up_to_date(tmp_path):
    msgfmt = shutil.which("msgfmt")
    assert msgfmt is not None, "gettext's msgfmt is needed (apt-get install gettext)"
    fresh = tmp_path / "django.mo"
    subprocess.run([msgfmt, "--check-format", "-o", str(fresh), str(PO)], check=True)
    assert fresh.read_bytes() == MO.read_bytes(), "run compilemessages"


@pytest.mark.django_db
def test_the_switcher_sets_german_and_the_page_follows(client):
    job = Job.objects.create(title="Nurse", company="St Mary", description="Care.")
    english = client.get(reverse("job-list")).content.decode()
    assert '<html lang="en">' in english and "Search jobs" in english
    assert 'action="/i18n/setlang/"' in english
    response = client.post(reverse("set_language"), {"language": "de", "next": "/"})
    assert response.status_code == 302
    german = client.get(reverse("job-list")).content.decode()
    assert '<html lang="de">' in german
    assert "Stellen suchen" in german and "Search jobs" not in german
    detail = client.get(job.get_absolute_url()).content.decode()
    assert "Über die Stelle" in detail and "Warum diese Stelle?" in detail


@pytest.mark.django_db
def test_the_browser_language_is_honoured_and_messages_are_german(client):
    user = get_user_model().objects.create_user("ana", password="x-pass-12345")
    client.force_login(user)
    body = client.get(reverse("profile-edit"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Mein Profil" in body and "Fähigkeiten" in body
    with translation.override("de"):
        from jobportal.forms import JobFilterForm

        assert str(JobFilterForm().fields["q"].label) == "Stellen suchen"
