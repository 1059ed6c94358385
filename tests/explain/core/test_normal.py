"""explain.core.normal: the one normalisation, its offsets, its one speed-up."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from explain.core.normal import INVISIBLE, fold, fold_with_offsets, normalize

_PIECES = [*"abcXYZ 019@$.,!?\t\n\x00\x7f-", *"éßİı\u0307аоІ\u00a0\u200b“—Ａﬁ\u3000中\u00ad"]


def _one_at_a_time(text: str) -> str:
    """The spec: each character (with its marks) folded on its own, white space made one."""
    out: list[str] = []
    for ch in text:
        if ch in INVISIBLE:
            continue
        out.append(" " if ch.isspace() else fold(ch))
    return " ".join("".join(out).split(" ")).strip()


def test_quotes_dashes_spaces_and_invisible_characters_have_one_form() -> None:
    text = "\u201cCafé\u201d \u2014 Ｐｙｔｈｏｎ\u200b3\u00a0\u00a0ok\n"
    assert normalize(text) == '"café" - python3 ok'
    assert normalize("") == ""


def test_offsets_point_at_the_characters_as_written() -> None:
    text = "  Ｇo\u200b  Straße "
    folded = fold_with_offsets(text)
    assert folded.text == "go strasse"
    for i, ch in enumerate(folded.text):
        written = text[folded.starts[i] : folded.ends[i]]
        assert ch in fold(written) or written.isspace()


@given(st.lists(st.sampled_from(_PIECES), max_size=40).map("".join))
def test_the_ascii_run_path_folds_as_one_character_at_a_time(text: str) -> None:
    """The speed-up (ASCII runs in one step) changes nothing but the time."""
    folded = fold_with_offsets(text)
    assert len(folded.starts) == len(folded.ends) == len(folded.text)
    if "\u0307" not in text:  # a mark joins the character before it: not one at a time
        assert " ".join(folded.text.split(" ")) == " ".join(_one_at_a_time(text).split())
