"""The checklist's words: one sentence per state, the posting's own count, plural-correct,
never a score and never "you lack"."""

from __future__ import annotations

import pytest
from django.utils import translation

from explain import sentences, wording


def test_each_state_has_its_own_sentence_and_optional_ones_say_so():
    assert sentences.state_sentence("shown", "SQL", optional=False) == (
        "“SQL” is shown in your profile."
    )
    assert sentences.state_sentence("not_found", "SQL", optional=False) == (
        "“SQL” was not found in your profile."
    )
    assert sentences.state_sentence("not_yet", "SQL", optional=False, said="no SQL yet") == (
        "Your profile says not yet: “no SQL yet”"
    )
    assert sentences.state_sentence("unchecked", "SQL", optional=False) == (
        "“SQL” could not be checked against your profile."
    )
    for state in ("shown", "not_found", "unchecked", "pending"):
        assert "optional" in sentences.state_sentence(state, "SQL", optional=True)
    assert "optional" in sentences.state_sentence("not_yet", "SQL", optional=True, said="x")


def test_a_not_yet_without_words_reads_as_not_found_and_an_unknown_state_as_nothing():
    assert sentences.state_sentence("not_yet", "SQL", optional=False) == (
        "“SQL” was not found in your profile."
    )
    assert sentences.state_sentence("maybe", "SQL", optional=False) == ""


def test_the_sentence_shows_the_term_on_one_line_without_invisible_controls():
    assert sentences.state_sentence("shown", "Py\u202ethon\n SQL", optional=False) == (
        "“Python SQL” is shown in your profile."
    )


@pytest.mark.parametrize(
    ("total", "optional", "expected"),
    [
        (1, 0, "This job lists 1 requirement."),
        (7, 0, "This job lists 7 requirements."),
        (1, 1, "This job lists 1 requirement, listed as optional."),
        (3, 3, "This job lists 3 requirements, all listed as optional."),
        (7, 2, "This job lists 7 requirements, 2 of them optional."),
        (7, 1, "This job lists 7 requirements, 1 of them optional."),
    ],
)
def test_the_listed_line_counts_the_postings_own_list(total, optional, expected):
    assert wording.listed_line(total, optional) == expected


def test_with_no_requirement_it_says_so_plainly():
    line = wording.checklist_line(total=0, optional=0, shown_required=0, shown_optional=0)
    assert line == (
        "We could not read any requirement in this job's posting, so there is nothing to "
        "check your profile against."
    )


@pytest.mark.parametrize(
    ("counts", "expected"),
    [
        (
            (7, 2, 3, 0, 0),
            "Your profile shows 3 of the 5 required ones. It shows none of the 2 optional ones.",
        ),
        ((7, 2, 5, 2, 0), "Your profile shows all 5 required ones. It shows all 2 optional ones."),
        (
            (2, 1, 0, 1, 0),
            "Your profile does not show the required one. It shows the optional one.",
        ),
        (
            (2, 1, 1, 0, 0),
            "Your profile shows the required one. It does not show the optional one.",
        ),
        (
            (4, 0, 0, 0, 1),
            "Your profile shows none of the 4 required ones. 1 could not be checked.",
        ),
        ((3, 3, 1, 1, 0), "Your profile shows 1 of them."),
        ((1, 1, 0, 0, 0), "Your profile does not show it."),
        ((4, 0, 2, 0, 2), "Your profile shows 2 of the 4 required ones. 2 could not be checked."),
    ],
)
def test_the_bottom_line_counts_required_and_optional_apart(counts, expected):
    total, optional, shown_required, shown_optional, unchecked = counts
    line = wording.checklist_line(
        total=total,
        optional=optional,
        shown_required=shown_required,
        shown_optional=shown_optional,
        unchecked=unchecked,
    )
    assert line == f"{wording.listed_line(total, optional)} {expected}"
    assert "%" not in line and "score" not in line


def test_state_counts_leave_out_zeros_in_a_fixed_order():
    assert (
        wording.state_counts_line({"unchecked": 1, "shown": 3, "not_found": 0, "not_yet": 2})
        == "3 shown in your profile; 2 not yet, says your profile; 1 could not be checked"
    )
    assert wording.state_counts_line({}) == ""


def test_state_labels_and_not_read_lines():
    assert wording.state_label("not_found") == "Not found in your profile"
    assert wording.state_label("nonsense") == ""
    assert wording.not_read_line("Team spirit") == "Not read: “Team spirit”"
    assert wording.alternatives_line(["Excel"]) is None
    assert wording.alternatives_line(["Sage", "SAP"]) == "Any one of: “Sage”, “SAP”"


def test_french_and_german_quote_the_choices_and_join_the_counts_their_own_way():
    """The punctuation comes from the catalogue, not from code: « » and „ “, and French
    puts a no-break space before the semicolon."""
    with translation.override("fr"):
        expected = "Au choix\u00a0: «\u00a0Sage\u00a0», «\u00a0SAP\u00a0»"
        assert wording.alternatives_line(["Sage", "SAP"]) == expected
        counts = wording.state_counts_line({"shown": 1, "not_found": 1})
        assert "\u00a0; " in counts
    with translation.override("de"):
        assert wording.alternatives_line(["Sage", "SAP"]) == "Eines davon genügt: „Sage“, „SAP“"
