"""Drop reasons as an admin reads them: every code has words, none addressed to the job
seeker, retired codes still read, and the German catalogue has them all."""

from __future__ import annotations

from django.utils import translation

from explain.admin.reasons import admin_reason_text
from explain.core.verify import DropReason
from explain.wording import reason_text


def test_every_reason_has_an_admins_words_not_the_job_seekers():
    for code in DropReason:
        words = admin_reason_text(code.value)
        assert words, code
        assert "your" not in words.lower(), code
        # The job seeker's words are another text (one plain fact both may share).
        assert words != reason_text(code.value) or code is DropReason.QUOTE_TOO_SHORT, code


def test_whose_text_a_quote_was_not_found_in_is_named():
    assert admin_reason_text("profile_quote_not_found") == (
        "profile quote not found in the profile text sent"
    )
    assert admin_reason_text("job_quote_not_found") == (
        "job quote not found in the posting text sent"
    )


def test_retired_and_unknown_codes():
    assert admin_reason_text("point_missing").endswith("(a retired check)")
    assert admin_reason_text("no_such_code") == ""


def test_the_words_are_german_in_german():
    english = {code: admin_reason_text(code.value) for code in DropReason}
    with translation.override("de"):
        for code in DropReason:
            assert admin_reason_text(code.value) != english[code], code
        assert admin_reason_text("profile_quote_not_found") == (
            "Profilzitat nicht im gesendeten Profiltext gefunden"
        )
