"""Everyday senses around a letter, a home and a game, as classes in eight languages: a
greeting or closing right before the name that signs or is greeted ("Kind regards, Ruby",
"Ciao Julia"), a contact verb before a person ("rivolgiti a", "fale com"), an honorific
shortened with a full stop ("D. Rosa", "M. Julia"), a place one was born in or lives in
("wohnhaft in Rust"), a street ("in via Ruby"), a driving licence's categories ("carnet de
conducir B y C") and the board game Go ("joue au go"). Guards: the same words beside the
skill ("Hi Go developers", "With regards to Python", "veel vraag naar Python")."""

from __future__ import annotations

import pytest

from tests.explain.core.rules.test_reading_everyday_names import everyday

EVERYDAY = [
    # A letter's closing, then the name that signs it.
    ("Thanks for applying. Warm regards, Ruby", "Ruby"),
    ("Herzliche Grüße, Julia aus dem Recruiting", "Julia"),
    ("Bien cordialement, Pascal, équipe RH", "Pascal"),
    ("Saludos cordiales, Ruby (selección)", "Ruby"),
    ("Com os melhores cumprimentos, Julia", "Julia"),
    ("Distinti saluti, Julia, ufficio personale", "Julia"),
    ("Met vriendelijke groeten, Ruby van P&O", "Ruby"),
    ("Z poważaniem, Julia z działu kadr", "Julia"),
    # A greeting, then the name greeted.
    ("Hello Ruby, thanks for your note about the rota.", "Ruby"),
    ("Bonjour Julia, merci pour votre retour.", "Julia"),
    ("Olá Ruby, obrigado pelo contacto.", "Ruby"),
    ("Cześć Julia, dziękuję za wiadomość.", "Julia"),
    # A contact verb, then the person.
    ("If anything is unclear, reach out to Ruby in the front office.", "Ruby"),
    ("Für Rückfragen wenden Sie sich gerne an Julia.", "Julia"),
    ("Pour le planning, adressez-vous à Julia.", "Julia"),
    ("Si tienes dudas, escríbele a Ruby.", "Ruby"),
    ("Para horários, fale com a Ruby.", "Ruby"),
    ("Per i turni rivolgiti a Julia.", "Julia"),
    ("Voor vragen over je rooster kun je contact opnemen met Ruby.", "Ruby"),
    ("W sprawie grafiku napisz do Ruby.", "Ruby"),
    # An honorific shortened with a full stop.
    ("Para a chave, fale com a D. Rosa na portaria.", "Rosa"),
    ("Dejar el sobre a Dña. Ruby en conserjería.", "Ruby"),
    ("Interlocuteur : M. Julia, service paie.", "Julia"),
    # Where one was born or lives; a street.
    ("Geboren in Rust, aufgewachsen in Lahr.", "Rust"),
    ("Woonachtig in Exact, vlakbij het station.", "Exact"),
    ("Nata a Scala, in provincia di Salerno.", "Scala"),
    ("Il magazzino è in via Ruby 12.", "Ruby"),
    # A driving licence's categories.
    ("Permiso de conducir B y C en vigor.", "C"),
    ("Carta de condução com categorias B e C.", "C"),
    # The board game.
    ("On Sundays I play Go with my grandfather.", "Go"),
    ("Je joue au go depuis dix ans.", "Go"),
    ("Am Wochenende spiele Go im Verein.", "Go"),
    ("Nel tempo libero gioco a go.", "Go"),
]

SKILL = [
    ("Hi Go developers, we are hiring for the payments team.", "Go"),
    ("With regards to Python, I have built ETL jobs for five years.", "Python"),
    ("Kind regards from a Rust engineer with six years in embedded.", "Rust"),
    ("Cher candidat, la maîtrise de Java est requise.", "Java"),
    ("Hola, buscamos una persona con Python avanzado.", "Python"),
    ("Ciao! Cerchiamo sviluppatori Java.", "Java"),
    ("Er is veel vraag naar Python in ons team.", "Python"),
    ("Dzień dobry, wymagamy znajomości Python.", "Python"),
    ("Falo com clientes e automatizo relatórios em Python.", "Python"),
    ("I play with Go and Rust in side projects.", "Go"),
    ("Backend services in Scala, deployed via Kubernetes.", "Scala"),
    ("Experiencia con carnet de conducir y programación en C.", "C"),
    # "D" is also a language: a bare D before a name names nothing.
    ("Linguagens: C, D, Go, Rust", "Go"),
]


@pytest.mark.parametrize(("text", "term"), EVERYDAY)
def test_a_letter_home_or_game_word_is_an_everyday_sense(text: str, term: str) -> None:
    assert everyday(text, term)


@pytest.mark.parametrize(("text", "term"), SKILL)
def test_the_skill_beside_those_words_stays_a_skill(text: str, term: str) -> None:
    assert not everyday(text, term)
