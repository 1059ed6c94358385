"""The admin's explain pages are complete in German: every string their templates and
code mark for translation has a German entry in the compiled catalogue.

The messages are read the way makemessages reads them (templatize for templates, the
gettext calls of the Python code), without needing GNU gettext installed.
"""

from __future__ import annotations

import ast
import gettext
import io
import tokenize
from pathlib import Path

import pytest
from django.utils import translation
from django.utils.translation.template import templatize

APP = Path(__file__).resolve().parents[3] / "explain"
MO = APP / "locale" / "de" / "LC_MESSAGES" / "django.mo"
ADMIN_TEMPLATES = sorted((APP / "templates" / "admin").rglob("*.html"))
# The code whose strings the admin pages show: the pages, their figures and charts, the
# model and choice names, the cost lines and the drop-rate alert.
ADMIN_CODE = [
    *sorted((APP / "admin").glob("*.py")),
    *sorted((APP / "reporting").glob("*.py")),
    APP / "apps.py",
    APP / "models.py",
    APP / "outcomes.py",
    APP / "templatetags" / "explain_admin.py",
]
SINGULAR = {"gettext", "gettext_lazy", "_", "gettext_noop"}
PLURAL = {"ngettext", "ngettext_lazy"}
CONTEXT = {"pgettext", "pgettext_lazy"}


def _messages_in_code(source: str) -> set[str | tuple[str, str]]:
    """The msgids of the gettext calls (singular ids, or (singular, plural) pairs)."""
    found: set[str | tuple[str, str]] = set()
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        args = [a.value if isinstance(a, ast.Constant) else None for a in node.args]
        if name in SINGULAR and isinstance(args[0], str):
            found.add(args[0])
        elif name in PLURAL and len(args) >= 2 and isinstance(args[0], str):
            found.add((args[0], str(args[1])))
        elif name in CONTEXT and len(args) >= 2 and isinstance(args[1], str):
            found.add(f"{args[0]}\x04{args[1]}")
    return found


def _messages_in_template(source: str) -> set[str | tuple[str, str]]:
    """templatize turns a template into gettext calls amid blanked-out text (names and
    spaces only), each call on one line; the lines are then read like code, token by
    token."""
    found: set[str | tuple[str, str]] = set()
    for line in templatize(source).splitlines():
        if "gettext(" in line:
            found |= _calls_in_line(line.strip())
    return found


def _calls_in_line(line: str) -> set[str | tuple[str, str]]:
    found: set[str | tuple[str, str]] = set()
    tokens = list(tokenize.generate_tokens(io.StringIO(line).readline))
    for i, token in enumerate(tokens):
        if token.type != tokenize.NAME or token.string not in SINGULAR | PLURAL | CONTEXT:
            continue
        if i + 2 >= len(tokens) or tokens[i + 1].string != "(":
            continue
        strings = []
        for following in tokens[i + 2 :]:
            if following.string == ")":
                break
            if following.type == tokenize.STRING:
                strings.append(ast.literal_eval(following.string))
        if token.string in PLURAL:
            found.add((strings[0], strings[1]))
        elif token.string in CONTEXT:
            found.add(f"{strings[0]}\x04{strings[1]}")
        else:
            found.add(strings[0])
    return found


def _catalog() -> dict[object, str]:
    with MO.open("rb") as compiled:
        return gettext.GNUTranslations(compiled)._catalog  # type: ignore[attr-defined]


def _in_django(message: str | tuple[str, str]) -> bool:
    """Django's own admin strings (a template of ours may use them) come translated with
    Django: German differs from the English there."""
    with translation.override("de"):
        if isinstance(message, tuple):
            return translation.ngettext(message[0], message[1], 1) != message[0]
        if "\x04" in message:
            context, text = message.split("\x04", 1)
            return translation.pgettext(context, text) != text
        return translation.gettext(message) != message


def _missing(messages: set[str | tuple[str, str]]) -> list[str]:
    catalog = _catalog()
    missing = []
    for message in messages:
        if isinstance(message, tuple):
            forms = [catalog.get((message[0], n), "") for n in (0, 1)]
            if not all(forms) and not _in_django(message):
                missing.append(f"{message[0]} / {message[1]}")
        elif not catalog.get(message) and not _in_django(message):
            missing.append(message)
    return sorted(missing)


def test_the_reader_finds_template_and_code_messages():
    """The extraction itself: a reader that found nothing would pass everything."""
    template = (
        '{% load i18n %}{% translate "Home" %} <b>x</b> {% blocktranslate count n=k %}'
        "{{ n }} row{% plural %}{{ n }} rows{% endblocktranslate %}"
        "{% blocktranslate trimmed with a=b %}Hi {{ a }}{% endblocktranslate %}"
    )
    assert _messages_in_template(template) == {
        "Home",
        ("%(n)s row", "%(n)s rows"),
        "Hi %(a)s",
    }
    code = 'x = _("One")\ny = ngettext("%(c)d a", "%(c)d b", 2)\nz = pgettext("ctx", "Two")'
    assert _messages_in_code(code) == {"One", ("%(c)d a", "%(c)d b"), "ctx\x04Two"}
    assert _missing({"a message nobody translated"}) == ["a message nobody translated"]


@pytest.mark.parametrize("path", ADMIN_TEMPLATES, ids=lambda p: str(p.relative_to(APP)))
def test_every_admin_template_string_is_in_german(path: Path):
    messages = _messages_in_template(path.read_text(encoding="utf-8"))
    assert _missing(messages) == []


@pytest.mark.parametrize("path", ADMIN_CODE, ids=lambda p: str(p.relative_to(APP)))
def test_every_admin_code_string_is_in_german(path: Path):
    messages = _messages_in_code(path.read_text(encoding="utf-8"))
    assert _missing(messages) == []


@pytest.mark.django_db
def test_the_admin_pages_speak_german(admin_client, settings):
    """Rendered in German (the host's LocaleMiddleware reads the browser's language):
    the app, the summary, the flagged postings and the field names."""
    assert "django.middleware.locale.LocaleMiddleware" in settings.MIDDLEWARE
    german = {"HTTP_ACCEPT_LANGUAGE": "de"}
    # The middleware leaves German active in this thread: the override restores English
    # for the tests that follow.
    with translation.override("en"):
        logs = admin_client.get("/admin/explain/explanationlog/", **german).content.decode()
        flagged = admin_client.get(
            "/admin/explain/explanationlog/addressed-to-ai/", **german
        ).content.decode()
        summary = admin_client.get("/admin/explain/explanationlog/summary/", **german).content
    assert translation.get_language() != "de"
    assert "„Warum diese Stelle?“-Erklärungen" in logs
    assert "Anzeigen mit an eine KI gerichtetem Text" in logs
    assert "Why this job? explanations" not in logs
    assert "Stellen, deren Anzeigen Text an eine KI enthalten" in flagged
    assert "Warum Punkte entfernt wurden" in summary.decode()
