"""Everyday senses of a job line that are not skills, as classes: a person's name right
after a title or a "report to" phrase ("Herr", "Mme", "Pani", "report to"), after a
contact label that opens the line ("Contact:", "Ansprechpartnerin:") or as a mentor's
aside ("your mentor, Noor,"); a skill-like word as a place after a location label
("Einsatzort:", "situés à") or as an office pet ("Ruby, our office dog"); and a term made
only of a month, weekday or season, which names nothing (content.py). Guards: the same
words as skills, a skill after a title-like word, and a town as a location match."""

from __future__ import annotations

import re

import pytest

from explain.core.rules.content import has_content
from explain.core.rules.reading import read
from explain.core.verify import normalize


def everyday(text: str, term: str) -> bool:
    folded = normalize(text)
    found = re.search(rf"(?<!\w){re.escape(normalize(term))}(?!\w)", folded)
    assert found is not None, (text, term)
    return read(folded, found.span()).everyday


NAMES = [
    # A title right before the name, any word.
    ("Please send your letter to Mrs Adeyemi at reception.", "Adeyemi"),
    ("Bewerbungen bitte an Herr Meister, Lohnbüro.", "Meister"),
    ("Candidatures à adresser à Mme Garnier, DRH.", "Garnier"),
    ("Enviar el CV a la Sra. Ortega, administración.", "Ortega"),
    ("Falar com a senhora Carvalho, secretaria.", "Carvalho"),
    ("Inviare il CV alla sig.ra Ferri, amministrazione.", "Ferri"),
    ("Sollicitaties naar mevr. Visser, P&O.", "Visser"),
    ("Kontakt w sprawie oferty: pani Kowalska, kadry.", "Kowalska"),
    # "Report to" and the like, then the name.
    ("You will report to Priya, our engineering manager.", "Priya"),
    ("Du berichtest an Jonas, unseren Werkstattleiter.", "Jonas"),
    ("Reportarás a Carmen, directora de operaciones.", "Carmen"),
    ("Riporterai a Giulia, responsabile di produzione.", "Giulia"),
    ("Je rapporteert aan Daan, onze teamleider.", "Daan"),
    ("Vragen? Bel gerust Sanne, 06-11112222.", "Sanne"),
    # A contact label opening the line: its first word.
    ("Contact: Taylor Briggs, Talent Team", "Taylor"),
    ("Ansprechpartnerin: Lena Vogt, Personal", "Lena"),
    ("Contacto: Lucía Fernández (RR. HH.)", "Lucía"),
    ("Referente: Marco Rossi, ufficio acquisti", "Marco"),
    ("Osoba kontaktowa: Anna Wiśniewska, HR", "Anna"),
    # A mentor's aside, past its comma.
    ("Your mentor, Noor, will pair with you for the first month.", "Noor"),
    ("Votre tutrice, Camille, vous accompagne au démarrage.", "Camille"),
    ("Je buddy, Fleur, helpt je de eerste weken op weg.", "Fleur"),
    # A skill-like word as a place, after a location label.
    ("Einsatzort: Rust, nahe Freiburg", "Rust"),
    ("Bureaux situés à Orange, près de la gare.", "Orange"),
    # An office pet, named after a skill.
    ("Ruby, our office dog, sleeps under desk 4.", "Ruby"),
    ("Python, unser Bürohund, freut sich auf dich.", "Python"),
    ("Java, onze kantoorhond, komt elke dag mee.", "Java"),
]


@pytest.mark.parametrize(("text", "term"), NAMES)
def test_a_name_or_place_is_an_everyday_sense(text: str, term: str) -> None:
    assert everyday(text, term)


KEPT = [
    # The same words as skills.
    ("Our services use Spring Boot and PostgreSQL.", "Spring"),
    ("You'll write our backend in Rust and some Python.", "Rust"),
    ("Experience with Orange data mining or KNIME.", "Orange"),
    ("Ausbildung zum Meister im Elektrohandwerk ist Voraussetzung.", "Meister"),
    ("Five years of Ruby on Rails in production.", "Ruby"),
    ("Python, our main language, runs every service.", "Python"),
    # A skill after a title-like or reporting word, or beside a name.
    ("Good working knowledge of MS Access and Excel.", "Access"),
    ("Sr Java Engineer, 5+ years.", "Java"),
    ("Consultant (F/M) SAP FI, Frankfurt.", "SAP"),
    ("You will never miss Jira tickets again with our triage bot.", "Jira"),
    ("Reporting to the CTO, you'll own our Kafka pipelines.", "Kafka"),
    ("Ask Anna about our Kafka setup on day one.", "Kafka"),
    ("Vous serez l'interlocuteur SAP des équipes métier.", "SAP"),
    ("Sarai il referente SAP per i reparti di produzione.", "SAP"),
    # A contact label, but the skill is not the line's first word.
    ("Contact: send your Terraform portfolio to the team.", "Terraform"),
    # A town after a location label is the place asked for: a location match.
    ("Location: Berlin", "Berlin"),
    ("Standplaats: Zwolle (Overijssel)", "Zwolle"),
]


@pytest.mark.parametrize(("text", "term"), KEPT)
def test_the_skill_sense_stays_kept(text: str, term: str) -> None:
    assert not everyday(text, term)


@pytest.mark.parametrize(
    "term",
    ["July", "Juli", "juillet", "agosto", "lipiec", "września", "maart", "Sommer", "verano",
     "Verão", "inverno", "zomer", "lato", "Monday", "samedi", "sábado", "Sexta-feira",
     "mercoledì", "zaterdag", "środa", "May to August"],
)  # fmt: skip
def test_a_month_weekday_or_season_names_nothing(term: str) -> None:
    assert not has_content(normalize(term))


@pytest.mark.parametrize(
    "term", ["Spring", "Primavera", "Spring Boot", "Summer internship", "Marine engineering"]
)
def test_a_season_word_that_is_a_skill_stays_content(term: str) -> None:
    assert has_content(normalize(term))
