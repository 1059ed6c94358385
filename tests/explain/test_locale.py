"""The panel speaks the host's active language; German ships, compiled."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

from explain.outcomes import Outcome
from tests.conftest import WORKED_DRAFT

pytestmark = pytest.mark.django_db

LOCALE = Path(__file__).resolve().parents[2] / "explain" / "locale"
PO = LOCALE / "de" / "LC_MESSAGES" / "django.po"
MO = LOCALE / "de" / "LC_MESSAGES" / "django.mo"


@pytest.fixture
def locale_middleware(settings):
    settings.MIDDLEWARE = [
        *settings.MIDDLEWARE[:3],
        "django.middleware.locale.LocaleMiddleware",
        *settings.MIDDLEWARE[3:],
    ]
    settings.LANGUAGES = [("en", "English"), ("de", "Deutsch")]


def test_the_panel_follows_the_hosts_active_language(
    locale_middleware, logged_in, worked_job, use_model
):
    use_model(WORKED_DRAFT)
    german = logged_in.get(worked_job.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="de").content
    english = logged_in.get(worked_job.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content
    assert "Warum diese Stelle?" in german.decode()
    assert 'data-your-profile="Ihr Profil"' in german.decode()
    assert "Warum diese Stelle?" not in english.decode()
    assert "Why this job?" in english.decode()


def test_api_messages_follow_it_too(locale_middleware, logged_in):
    response = logged_in.post(
        reverse("explain:api-explain", args=["999999"]), HTTP_ACCEPT_LANGUAGE="de"
    )
    assert response.json()["outcome"] == Outcome.JOB_UNAVAILABLE
    assert response.json()["error"] == "Diese Stelle ist nicht verfügbar."


def test_plural_forms_are_german():
    with translation.override("de"):
        from explain.wording import rate_limited_message, removed_notice

        assert removed_notice(1).startswith("Wir haben 1 Punkt entfernt, den die KI")
        assert removed_notice(3).startswith("Wir haben 3 Punkte entfernt, die die KI")
        assert rate_limited_message(1).endswith("in 1 Sekunde erneut.")


def test_every_message_is_translated_and_the_compiled_file_matches():
    po = PO.read_text(encoding="utf-8")
    assert "#, fuzzy" not in po
    entries = po.split("\n\n")[1:]
    untranslated = [e for e in entries if re.search(r'^msgstr(\[\d\])? ""\n?$', e, re.M)]
    assert untranslated == []
    with MO.open("rb") as compiled:
        catalog = gettext.GNUTranslations(compiled)
    # Every .po entry is in the .mo (plural entries count once per form).
    singular = sum(1 for e in entries if "msgid_plural" not in e)
    plural = len(entries) - singular
    assert len(catalog._catalog) - 1 == singular + 2 * plural  # minus the header
