"""explain.core.rules.amounts: years or a level for the term, an exact slice of the quote."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explain.core.rules.amounts import amount_for


def amount(quote: str, term: str) -> str:
    start = quote.index(term)
    return amount_for(quote, (start, start + len(term)))


@pytest.mark.parametrize(
    ("quote", "term", "expected"),
    [
        ("Python (3 years)", "Python", "3 years"),
        ("5+ years of Python", "Python", "5+ years"),
        ("3–5 years of Java", "Java", "3–5 years"),
        ("3\u22125 years of Java", "Java", "3\u22125 years"),  # any dash the normal form knows
        ("2-4 yrs Kotlin", "Kotlin", "2-4 yrs"),
        ("three years of Java", "Java", "three years"),
        ("at least ten years in SAP", "SAP", "ten years"),
        ("English (C1)", "English", "C1"),
        ("German B2 or better", "German", "B2"),
        ("Python at an advanced level", "Python", "advanced"),
        ("Senior Go engineer", "Go", "Senior"),
        ("Junior frontend developer", "frontend", "Junior"),
        ("fluent English", "English", "fluent"),
        ("native Spanish speaker", "Spanish", "native"),
        ("Rust (beginner)", "Rust", "beginner"),
        ("Java (expert)", "Java", "expert"),
        ("5 Jahre Erfahrung mit Java", "Java", "5 Jahre"),
        ("drei Jahre Python", "Python", "drei Jahre"),
        ("Englisch fließend", "Englisch", "fließend"),
        ("3 ans d'expérience en Java", "Java", "3 ans"),
        ("anglais courant", "anglais", "courant"),
        ("2 años de Python", "Python", "2 años"),
        ("inglés avanzado", "inglés", "avanzado"),
        # Ranges, the opening word included, read whole.
        ("Entre 3 y 5 años de experiencia con Terraform", "Terraform", "Entre 3 y 5 años"),
        ("zwischen 3 und 5 Jahren Erfahrung mit Java", "Java", "zwischen 3 und 5 Jahren"),
        ("entre 3 et 5 ans d'expérience en Python", "Python", "entre 3 et 5 ans"),
        ("de 3 a 5 anos de experiência com React", "React", "de 3 a 5 anos"),
        ("da 3 a 5 anni di esperienza con Java", "Java", "da 3 a 5 anni"),
        ("between 3 and 5 years of Rust", "Rust", "between 3 and 5 years"),
        ("3 to 5 years of Go", "Go", "3 to 5 years"),
        ("três anos de Python", "Python", "três anos"),
        ("a team of 5 and 3 years of Helm", "Helm", "3 years"),  # no opening word
        # A CEFR level joined to the word for level.
        ("Englisch auf C1-Niveau", "Englisch", "C1"),
        ("English at B2-level", "English", "B2"),
        ("C1-Lizenz für Englisch", "Englisch", ""),
        # Only the list item holding the term is read.
        ("Java (3 years), Python (5 years)", "Python", "5 years"),
        ("Java (3 years), Python", "Python", ""),
        ("5+ years of Python, Django", "Django", ""),
        # No amount, or the term's own words.
        ("React Native apps", "React Native", ""),
        ("Kubernetes in production", "Kubernetes", ""),
        ("c1 vitamin research", "research", ""),
        ("B2B sales", "sales", ""),
        ("Python 3.11", "Python", ""),
    ],
)
def test_amounts(quote: str, term: str, expected: str) -> None:
    found = amount(quote, term)
    assert found == expected
    assert found in quote


def test_no_term_reads_the_whole_quote_and_an_empty_quote_has_none() -> None:
    assert amount_for("3 years", None) == "3 years"
    assert amount_for("", None) == ""
    assert amount_for("x" * 5000 + " 3 years", None) == ""  # past any quote's size


@settings(max_examples=200, deadline=None)
@given(quote=st.text(max_size=60), data=st.data())
def test_any_quote_gives_a_slice_of_itself(quote: str, data: st.DataObject) -> None:
    start = data.draw(st.integers(0, len(quote)))
    end = data.draw(st.integers(start, len(quote)))
    assert amount_for(quote, (start, end)) in quote


@pytest.mark.parametrize(
    ("quote", "term", "expected"),
    [
        # Brackets hold an item together, nested ones too, whatever letters they hold.
        ("Java (Spring (Boot), 3 years)", "Java", "3 years"),
        ("Java (Xcode, 3 years)", "Java", "3 years"),
        ("Xcode (3 years), Swift", "Swift", ""),
        # An item ends right before its separator and starts right after it.
        ("Go 5 years, Python", "Go", "5 years"),
        ("Java, Python (5 years)", "Java", ""),
        ("Go,5 years Rust", "Rust", "5 years"),
        ("Java (3 years), Python (5 years)", "Java", "3 years"),
        # A term of one character at the start of the quote.
        ("C (5 years)", "C", "5 years"),
        # A two-letter word that is no CEFR level is passed over, not the end of the search.
        ("Java C3 5 years", "Java", "5 years"),
        # The nearest amount wins, on either side; on a tie the earlier one.
        ("senior developer Java 5 years", "Java", "5 years"),
        ("senior Java engineer with 5 years", "Java", "senior"),
        ("senior Java for 5 years", "Java", "senior"),
        ("senior Java 5 years", "Java", "senior"),
    ],
)
def test_the_item_and_the_nearest_amount(quote: str, term: str, expected: str) -> None:
    assert amount(quote, term) == expected


def test_quotes_up_to_2000_characters_are_read() -> None:
    assert amount_for(" " * 1993 + "3 years", None) == "3 years"  # 2,000 characters
    assert amount_for(" " * 1994 + "3 years", None) == ""
