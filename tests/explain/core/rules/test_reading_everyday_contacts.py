"""Everyday senses in contact and reference lines, as classes: a name after a title with
its initials ("Dr K. Swift"), after "send your CV to" in every language, after a
reference label opening the line ("Referees:", "Referenzen:"), a department after the
name ("from recruiting", "(HR)", "(RR. HH.)"); a car make before its model ("Chevrolet
Spark"); a species after a genus ("Python molurus"); and a Dutch verb opening a question
before "jij". Guards: the same words as skills beside CVs, versions, frameworks and
e-mail addresses are kept."""

from __future__ import annotations

import pytest

from tests.explain.core.rules.test_reading_everyday_names import everyday

EVERYDAY = [
    # A title, then initials, then the name.
    ("Referee: Dr K. Swift, Head of Logistics, Northgate Depot", "Swift"),
    ("Przełożoną będzie mgr inż. Ruby Kowalska", "Ruby"),
    ("Vais reportar à Dra. Ruby Santos, diretora financeira", "Ruby"),
    # Sending the CV to a person.
    ("Please send your CV to Ruby before Friday", "Ruby"),
    ("Schick deinen Lebenslauf an Ruby, gern per Mail", "Ruby"),
    ("Envoyez votre CV à Julia avant la fin du mois", "Julia"),
    ("Manda tu CV a Ada antes del lunes", "Ada"),
    ("Invia il CV a Julia entro venerdì", "Julia"),
    ("Stuur je cv naar Julia, dan bellen we je terug", "Julia"),
    # A reference label opening the line.
    ("Referenzpersonen: Swift, Abteilungsleiter Einkauf", "Swift"),
    ("Referencje: Swift, kierownik zmiany", "Swift"),
    # A department right after a first name.
    ("Any questions? Talk to Julia from recruiting anytime", "Julia"),
    ("Fragen gern an Julia aus der Personalabteilung", "Julia"),
    # A car make, a species, a Dutch verb opening a question.
    ("Pool car: a Chevrolet Spark for site visits", "Spark"),
    ("Vehículo de empresa tipo Suzuki Swift", "Swift"),
    ("Daily care of a Python regius and two geckos", "Python"),
    ("Verzorging van een Python molurus en enkele hagedissen", "Python"),
    ("Spring jij graag bij als het druk is?", "Spring"),
]

KEPT = [
    # A bare department abbreviation after the term is no cue: HR is a skill of its own.
    ("HR business partner for 300 staff", "HR"),
    ("Responsável de RH numa fábrica de 200 pessoas", "RH"),
    ("Built three iOS apps in Swift and Kotlin", "Swift"),
    ("Automated reporting with Python 3.12 and pandas", "Python"),
    ("Five years of Ruby on Rails for an e-commerce shop", "Ruby"),
    ("Send your CV in English to hr@acme.example; Python experience required", "Python"),
    ("You will write Puppet manifests for our fleet", "Puppet"),
    ("Python-Kenntnisse setzen wir voraus; schick deinen Lebenslauf an jobs@x.example", "Python"),
    ("Ervaring met Spring Boot en Java is een must", "Spring"),
    ("Ken je Python? Dan zoeken we jou", "Python"),
    ("Maîtrise de Ruby et de PostgreSQL exigée", "Ruby"),
    ("Knowledge of C. Python is a plus", "Python"),
    ("References available on request; I write Swift and Kotlin daily", "Swift"),
    ("Reporting to the CTO, you will build services in Go", "Go"),
]


@pytest.mark.parametrize(("text", "term"), EVERYDAY)
def test_names_cars_and_species_are_everyday(text: str, term: str) -> None:
    assert everyday(text, term)


@pytest.mark.parametrize(("text", "term"), KEPT)
def test_the_skill_beside_the_same_words_is_kept(text: str, term: str) -> None:
    assert not everyday(text, term)
