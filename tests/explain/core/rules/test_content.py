"""explain.core.rules.content: a term names something, in any of six languages."""

from __future__ import annotations

import pytest

from explain.core.rules.content import has_content, non_content_words
from explain.core.verify import normalize


@pytest.mark.parametrize(
    "term",
    [
        "Experience with",
        "3 years",
        "5+ years",
        "the role",
        "strong skills",
        "ten",
        "Erfahrung mit",
        "gute Kenntnisse",
        "expérience en",
        "la experiencia",
        "conocimientos",
        "senior",
        "C1" * 0 + "10,000",
        "2nd",
        "must have",
        "",
        # Slashed function words, gender tags and dates: no name.
        "and/or",
        "et/ou",
        "y/o",
        "(m/w/d)",
        "H/F",
        "12/2024",
        "24/7",
        "I",
        # Verdicts and judging words.
        "perfect fit",
        "rockstar",
        "top talent",
        "ideal candidate",
        "perfekte Kandidat",
        "der ideale Bewerber",
        "candidato ideal",
        "candidato perfecto",
        "candidat idéal",
        "candidato perfetto",
        "candidato perfeito",
        # Framing nouns alone, compounds included.
        "Berufserfahrung",
        "Erfahrung",
        "experiencia",
        "expérience",
        "esperienza",
        "experiência",
        "conhecimentos",
        # Cue words alone, and a level alone.
        "von Vorteil",
        "nice to have",
        "a plus",
        "required",
        "deseable",
        "wünschenswert",
        "é um diferencial",
        "C1",
        "B2",
    ],
)
def test_filler_only_terms_name_nothing(term: str) -> None:
    assert not has_content(normalize(term))


@pytest.mark.parametrize(
    "term",
    [
        "Java",
        "REST APIs",
        "experience with AWS",
        "C1 English",
        "German",
        "team leadership",
        "B2B sales",
        "Berufserfahrung mit PostgreSQL",
        "talent acquisition",
        # A name written with "/" is content as a whole, though its parts are not.
        "AS/400",
        "I/O",
        "OS/2",
        "SAP R/3",
        "TCP/IP",
    ],
)
def test_a_term_with_one_content_word_names_something(term: str) -> None:
    assert has_content(normalize(term))


def test_the_list_is_data_and_holds_no_skill() -> None:
    words = non_content_words()
    assert {"experience", "erfahrung", "expérience", "experiencia", "years"} <= words
    assert {"berufserfahrung", "kandidat", "rockstar", "vorteil", "c1"} <= words
    for skill in ("java", "python", "english", "german", "sql", "excel", "design", "go"):
        assert skill not in words
