"""Every language the switcher offers is complete: for German, French and Spanish, each
message the current sources mark for translation (explain's and the host's, found by
makemessages itself on a copy of the sources) has a translation in the compiled
catalogue, in every plural form, with the same placeholders, none fuzzy; and the page
takes the reader's language from the browser and offers each one by its own name.

A new string fails here until it is translated: docs/page.md, Languages, says how.
"""

from __future__ import annotations

import ast
import gettext
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import override_settings
from django.utils import translation

from jobportal.models import Job

REPO = Path(__file__).resolve().parent.parent
LANGUAGES = ("de", "fr", "es")
PLURAL_FORMS = {
    "de": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
    "es": "nplurals=2; plural=(n != 1);",
}
# Each catalogue: its locale folder and the sources its makemessages run reads
# (docs/page.md, Languages: the app from explain/, the host from the root without the app).
CATALOGUES = {
    "explain": (REPO / "explain" / "locale", [REPO / "explain"]),
    "jobportal": (REPO / "jobportal" / "locale", [REPO / "jobportal", REPO / "templates"]),
}
_SKIP = shutil.ignore_patterns("locale", "static", "data", "migrations", "__pycache__")
_PLACEHOLDER = re.compile(r"%\(\w+\)[sdfr]|%%|\{\w*\}")

# What a catalogue holds: (context, msgid, msgid_plural or None).
Message = tuple[str | None, str, str | None]


def _unquote(lines: list[str]) -> str:
    """A PO string, possibly over several lines; its escapes are Python's."""
    return "".join(ast.literal_eval(line.strip()) for line in lines)


def _pot_messages(pot: str) -> set[Message]:
    """The entries of a .pot (any wrapping), the header left out."""
    found: set[Message] = set()
    for entry in pot.split("\n\n"):
        fields: dict[str, list[str]] = {}
        current = ""
        for line in entry.splitlines():
            if line.startswith("#"):
                continue
            keyword = re.match(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[\d\])?) ", line)
            if keyword:
                current = keyword[1]
                line = line[keyword.end() :]
            fields.setdefault(current, []).append(line)
        if "msgid" not in fields:
            continue
        msgid = _unquote(fields["msgid"])
        context = _unquote(fields["msgctxt"]) if "msgctxt" in fields else None
        plural = _unquote(fields["msgid_plural"]) if "msgid_plural" in fields else None
        if msgid:
            found.add((context, msgid, plural))
    return found


@pytest.fixture(scope="module")
def marked(tmp_path_factory) -> dict[str, set[Message]]:
    """What makemessages extracts today from each catalogue's sources, read from a copy
    (so the real catalogues are never touched), by catalogue name."""
    assert shutil.which("xgettext"), "GNU gettext is needed (apt-get install gettext)"
    extracted = {}
    for name, (_, sources) in CATALOGUES.items():
        root = tmp_path_factory.mktemp(name)
        for source in sources:
            shutil.copytree(source, root / source.name, ignore=_SKIP)
        (root / "locale").mkdir()
        with pytest.MonkeyPatch.context() as patch:
            patch.chdir(root)
            with override_settings(LOCALE_PATHS=[root / "locale"]):
                call_command(
                    "makemessages", locale=["xx"], keep_pot=True, no_wrap=True, verbosity=0
                )
        extracted[name] = _pot_messages((root / "locale" / "django.pot").read_text("utf-8"))
    return extracted


def _compiled(name: str, language: str) -> gettext.GNUTranslations:
    with (CATALOGUES[name][0] / language / "LC_MESSAGES" / "django.mo").open("rb") as mo:
        return gettext.GNUTranslations(mo)


def _gaps(messages: set[Message], catalog: gettext.GNUTranslations) -> list[str]:
    """Each message without a translation in every form, or with other placeholders."""
    table = catalog._catalog  # type: ignore[attr-defined]
    gaps = []
    for context, msgid, plural in sorted(messages, key=str):
        key = f"{context}\x04{msgid}" if context else msgid
        if plural is None:
            forms = [(msgid, table.get(key, ""))]
        else:
            forms = [(msgid, table.get((key, 0), "")), (plural, table.get((key, 1), ""))]
        for source, translated in forms:
            if not translated:
                gaps.append(f"untranslated: {source!r}")
            elif plural is None and sorted(_PLACEHOLDER.findall(translated)) != sorted(
                _PLACEHOLDER.findall(source)
            ):
                gaps.append(f"other placeholders: {source!r} -> {translated!r}")
            elif plural is not None and set(_PLACEHOLDER.findall(translated)) - set(
                _PLACEHOLDER.findall(msgid + plural)
            ):
                gaps.append(f"unknown placeholder: {source!r} -> {translated!r}")
    return gaps


def test_the_extraction_finds_the_messages(marked):
    """A reader that found nothing would pass every language."""
    assert len(marked["explain"]) > 250 and len(marked["jobportal"]) > 60
    assert (None, "Why this job?", None) in marked["explain"]
    assert (None, "On-site", None) in marked["jobportal"]
    assert any(plural for _, _, plural in marked["explain"])
    empty = gettext.GNUTranslations.__new__(gettext.GNUTranslations)
    empty._catalog = {("x", 0): "a", "y": "%(n)s"}  # type: ignore[attr-defined]
    assert _gaps({(None, "x", "xs"), (None, "y", None), (None, "z", None)}, empty) == [
        "untranslated: 'xs'",
        "other placeholders: 'y' -> '%(n)s'",
        "untranslated: 'z'",
    ]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", CATALOGUES)
def test_every_message_is_translated(marked, name, language):
    gaps = _gaps(marked[name], _compiled(name, language))
    assert gaps == [], (
        f"{name}/locale/{language}: run makemessages and translate (docs/page.md, "
        f"Languages): {gaps}"
    )


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", CATALOGUES)
def test_the_catalogue_is_clean_and_compiled(name, language, tmp_path):
    po = CATALOGUES[name][0] / language / "LC_MESSAGES" / "django.po"
    text = po.read_text(encoding="utf-8")
    assert "#, fuzzy" not in text
    assert f'"Language: {language}\\n"' in text
    assert f'"Plural-Forms: {PLURAL_FORMS[language]}\\n"' in text
    msgfmt = shutil.which("msgfmt")
    assert msgfmt is not None, "gettext's msgfmt is needed (apt-get install gettext)"
    fresh = tmp_path / "django.mo"
    subprocess.run([msgfmt, "--check-format", "-o", str(fresh), str(po)], check=True)
    assert fresh.read_bytes() == po.with_suffix(".mo").read_bytes(), "run compilemessages"


@pytest.mark.parametrize(
    ("language", "one", "none"),
    [
        # French counts 0 and 1 as singular, German and Spanish only 1.
        ("fr", "1 signalement mis à jour.", "0 signalement mis à jour."),
        ("es", "1 aviso actualizado.", "0 avisos actualizados."),
        ("de", "1 Meldung aktualisiert.", "0 Meldungen aktualisiert."),
    ],
)
def test_plural_forms_follow_the_language(language, one, none):
    with translation.override(language):
        forms = [
            translation.ngettext("%(count)d report updated.", "%(count)d reports updated.", n)
            % {"count": n}
            for n in (1, 0)
        ]
    assert forms == [one, none]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "html_lang", "why", "work_mode"),
    [
        ("fr-FR,fr;q=0.9,en;q=0.5", "fr", "Pourquoi cette offre\u00a0?", "Sur site"),
        ("es-ES,es;q=0.9", "es", "¿Por qué esta oferta?", "Presencial"),
        ("de", "de", "Warum diese Stelle?", "Vor Ort"),
        ("en-GB", "en", "Why this job?", "On-site"),
    ],
)
def test_the_browser_language_chooses_the_page_language(
    client, language, html_lang, why, work_mode
):
    job = Job.objects.create(title="Nurse", company="St Mary", description="Care.")
    with translation.override("en"):  # the middleware leaves its language active
        page = client.get(job.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language).content
    body = page.decode()
    assert f'<html lang="{html_lang}">' in body
    assert why in body
    assert f'<span data-explain-field="remote">{work_mode}</span>' in body
    for code, name in (("fr", "Français"), ("es", "Español"), ("de", "Deutsch")):
        selected = " selected" if code == html_lang else ""
        assert f'<option value="{code}" lang="{code}"{selected}>{name}</option>' in body


@pytest.mark.django_db
def test_the_switcher_sets_french_over_the_browser_language(client):
    with translation.override("en"):
        response = client.post("/i18n/setlang/", {"language": "fr", "next": "/"})
        assert response.status_code == 302
        body = client.get("/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert '<html lang="fr">' in body and "Rechercher des offres" in body


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_work_mode_sent_to_the_model_stays_english(language):
    """The page shows the work mode in the reader's language; the text sent, cached and
    verified is the same for every reader."""
    from jobportal.explain_source import job_field_values

    job = Job.objects.create(title="Nurse", company="St Mary", description="Care.")
    with translation.override(language):
        shown = str(job.get_remote_display())
        sent = {field.key: field.value for field in job_field_values(job)}["remote"]
    assert sent == "On-site" and shown != "On-site"
