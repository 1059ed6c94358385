"""explain_eval: options of one mode are refused in another, with the mode to use."""

from __future__ import annotations

import io
import sys
import types

import pytest
from django.core.management import CommandError, call_command


def run(*args: str) -> str:
    out = io.StringIO()
    call_command("explain_eval", *args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--demo-data"], "--demo-data only works with --live"),
        (["--jobs", "1", "--users", "a"], "--jobs, --users only work with --live"),
        (["--limit", "0"], "--limit only works with --live"),
        (["--with-texts"], "--with-texts only works with --from-feedback"),
        (["--live", "--confirmed"], "--confirmed only works with --from-feedback"),
    ],
)
def test_an_option_of_another_mode_is_refused(args, message):
    with pytest.raises(CommandError) as raised:
        run(*args)
    assert str(raised.value) == message


def test_the_verifier_mode_passes_on_the_shipped_set():
    assert "disagreements: none" in run()


def test_a_missing_case_file_is_a_command_error(tmp_path):
    with pytest.raises(CommandError):
        run("--cases", str(tmp_path / "nowhere.json"))


def test_without_the_sites_writer_the_labels_templates_write_the_sentences(monkeypatch):
    from explain.eval.sentences import template_sentence
    from explain.management.commands.explain_eval import SENTENCES_MODULE, sentence_writer

    monkeypatch.setitem(sys.modules, SENTENCES_MODULE, None)  # the module is absent
    assert sentence_writer() == (template_sentence, "explain.eval.sentences.template_sentence")
    assert "written by explain.eval.sentences.template_sentence" in run()


def test_the_sites_writer_is_asked_in_english(monkeypatch):
    from django.utils import translation

    from explain.management.commands.explain_eval import SENTENCES_MODULE, sentence_writer

    fake = types.ModuleType(SENTENCES_MODULE)
    fake.point_sentence = lambda point: translation.get_language()
    monkeypatch.setitem(sys.modules, SENTENCES_MODULE, fake)
    write, name = sentence_writer()
    with translation.override("de"):
        assert write(object()) == "en"
    assert name == f"{SENTENCES_MODULE}.point_sentence"
