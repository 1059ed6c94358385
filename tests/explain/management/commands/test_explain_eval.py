"""explain_eval: options of one mode are refused in another, with the mode to use."""

from __future__ import annotations

import io

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
