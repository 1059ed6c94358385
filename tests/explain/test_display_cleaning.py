"""explain.display_cleaning: invisible controls never reach what a user reads."""

from __future__ import annotations

import pytest

from explain.display_cleaning import clean_display_text


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("a\u202eb\u202cc", "abc"),  # right-to-left override
        ("a\u2066b\u2069", "ab"),  # isolates
        ("a\u200fb\u200e\u061c", "ab"),  # marks
        ("x" + "".join(chr(0xE0000 + ord(c)) for c in "hidden") + "y", "xy"),  # tags
        ("bell\x07 and nul\x00", "bell and nul"),
        ("a\ufff9b\ufffbc", "abc"),  # interlinear annotation controls
        ("tab\tand\nnewline", "tab\tand\nnewline"),
        ("Zürich 東京 مرحبا", "Zürich 東京 مرحبا"),
    ],
)
def test_clean_display_text(raw, clean):
    assert clean_display_text(raw) == clean
