"""The posting's lines, list items and sentences, as slices of the text sent."""

from __future__ import annotations

from explain.adapter import Field
from explain.core.requirement_lines import requirement_lines
from explain.core.texts import job_text


def lines(requirements: str, **fields: str) -> list[str]:
    source = job_text(
        [
            Field("title", "Job title", "Analyst"),
            *(Field(k, k.title(), v) for k, v in fields.items()),
            Field("requirements", "Requirements", requirements),
        ],
        max_chars=30000,
    )
    found = requirement_lines(source)
    assert all(source.text[line.start : line.end] == line.text for line in found)
    return [line.text for line in found]


def test_bullets_and_numbers_are_stripped_from_each_item():
    text = "• Excel\n- Power BI\n* dbt\n1. Statistik\n2) Französisch\na) Führerschein\n(3) Git"
    assert lines(text) == [
        "Excel",
        "Power BI",
        "dbt",
        "Statistik",
        "Französisch",
        "Führerschein",
        "Git",
    ]


def test_a_paragraph_is_read_sentence_by_sentence_abbreviations_kept():
    text = "Vous maîtrisez SQL. Une expérience e.g. avec Looker est un plus! Anglais courant."
    assert lines(text) == [
        "Vous maîtrisez SQL.",
        "Une expérience e.g. avec Looker est un plus!",
        "Anglais courant.",
    ]


def test_empty_lines_and_markers_alone_are_no_lines():
    assert lines("\n\n-\n  \n• Kotlin\n") == ["Kotlin"]


def test_only_the_requirements_field_is_accounted_for():
    source = job_text(
        [Field("description", "Description", "We ship. You code."), Field("title", "T", "Dev")],
        max_chars=30000,
    )
    assert requirement_lines(source) == ()


def test_one_long_line_is_one_piece_in_linear_time():
    line = "word " * 2000
    assert lines(line.strip()) == [line.strip()]
