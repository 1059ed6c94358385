"""Good claims that read like a negation, a past or someone else's work (keep5a): a negated
lack word (litotes: "not unfamiliar with", "kein Laie", "nada mal") undoes the negation;
"hardly a week I don't" cancels as a relative would; refusal and inability idioms and a
list item's answer opened by "I" negate; a span of years opening a CV line dates an entry;
a CV title before a dash is no subject; "My English is fluent, I ..." and "with a colleague
I ..." name no other doer (docs/verifier.md, "The quote read in its sentence"). Guards: the
same words where the claim is absent or someone else's."""

from __future__ import annotations

import pytest

from explain.core.rules.reading import word_class
from tests.explain.core.rules.test_reading_everyday_domains import reading_of

LITOTES = [
    ("Not unfamiliar with Salesforce, used it at two employers", "Salesforce"),
    ("Payroll is nothing new for me, six years in HR", "Payroll"),
    ("Not inexperienced in project planning", "project planning"),
    ("Mit SAP bin ich nicht unerfahren", "SAP"),
    ("Beim Schweißen bin ich kein Laie", "Schweißen"),
    ("Mein Spanisch ist alles andere als eingerostet", "Spanisch"),
    ("La comptabilité ne m'est pas étrangère", "comptabilité"),
    ("Pas novice en soudure TIG", "soudure"),
    ("La contabilidad no me es ajena", "contabilidad"),
    ("No se me da mal Excel", "Excel"),
    ("A contabilidade não me é estranha", "contabilidade"),
    ("Espanhol nada mal, uso no trabalho", "Espanhol"),
    ("Excel per me non è affatto una novità", "Excel"),
    ("Non sono nuova alla contabilità", "contabilità"),
    ("Magazijnbeheer is me zeker niet vreemd", "Magazijnbeheer"),
    ("Geen leek op het gebied van SAP", "SAP"),
    ("AutoCAD nie jest dla mnie nowością", "AutoCAD"),
    ("Mój angielski nie jest zły", "angielski"),
    ("SAP heeft voor mij geen geheimen", "SAP"),
    # No day without it, said with "I" in place of a relative.
    ("Hardly a month I don't build an Excel model", "Excel"),
    ("Not a single week I don't use Git", "Git"),
    # "Not possible without" is a requirement, as "not ... without" always is.
    ("Not possible without SQL", "SQL"),
    ("No es posible trabajar sin Excel", "Excel"),
]

STILL_NEGATED = [
    # A lack word past a filler, a comma or the term, or naming the term: a real absence.
    ("No Salesforce experience, completely new to it", "Salesforce"),
    ("No experience, new to Kubernetes", "Kubernetes"),
    ("No prior experience - new to Kubernetes", "Kubernetes"),
    ("Unfamiliar with Jira", "Jira"),
    ("No SAP knowledge, secret to me", "SAP"),
    # A negated verb of knowing before a lack word negates the verb: "the new version".
    ("No conozco la nueva versión de SAP", "SAP"),
    ("I don't know the new Jira workflows", "Jira"),
    ("No new Docker projects, I never used it", "Docker"),
    ("Keine Erfahrung mit SAP, völlig neu für mich", "SAP"),
    ("Nicht mal Grundkenntnisse in Java", "Java"),
    ("Pas d'expérience en Python, je suis débutant", "Python"),
    ("No tengo experiencia con Python, soy principiante", "Python"),
    ("Não tenho experiência com Python, sou iniciante", "Python"),
    ("Non conosco SAP, sono principiante", "SAP"),
    ("Geen ervaring met Python, ben nog beginner", "Python"),
    ("Nie znam SAP, jestem początkujący", "SAP"),
    # "Not that I don't like it" keeps its own reading: no zero relative after "that".
    ("Not that I don't like Angular, I just haven't used it", "Angular"),
    # Refusals, inability and a list item's answer opened by the writer.
    ("Unable to drive a forklift (back injury)", "forklift"),
    ("Weekend work is out of the question for me", "Weekend work"),
    ("Java: I don't know it", "Java"),
    ("Nachtschicht kommt für mich nicht in Frage", "Nachtschicht"),
    ("Führerschein: habe ich nicht", "Führerschein"),
    ("Travail de nuit : hors de question", "Travail de nuit"),
    ("Incapable de porter des charges lourdes", "charges lourdes"),
    ("Turnos de noche: no puedo", "Turnos de noche"),
    ("El trabajo nocturno queda descartado", "trabajo nocturno"),
    ("Turnos noturnos estão fora de questão", "Turnos noturnos"),
    ("Il lavoro notturno è fuori discussione", "lavoro notturno"),
    ("Patente: non ce l'ho", "Patente"),
    ("Nachtdiensten zijn voor mij geen optie", "Nachtdiensten"),
    ("Rijbewijs: heb ik niet", "Rijbewijs"),
    ("Nadgodziny nie wchodzą w grę", "Nadgodziny"),
    ("Overtime: not possible for me", "Overtime"),
    ("Les déplacements sont exclus pour moi", "déplacements"),
    ("Homeoffice ist nicht möglich", "Homeoffice"),
    ("Nie jestem w stanie pracować w nocy", "pracować"),
]

PLAIN = [
    # A span of years opening a CV line dates the entry; not the past by itself.
    ("2016-2019 backend work in Java for a bank", "Java"),
    ("2015-2019 Buchhaltung mit DATEV im Steuerbüro", "DATEV"),
    ("2014-2017 programista PHP w agencji", "PHP"),
    # A CV title before a dash is the writer's role.
    ("Kierownik projektu – wdrożenie SAP w fabryce", "SAP"),
    # The writer's own noun, then "I": no other doer.
    ("My English is fluent, I use it daily with clients", "English"),
    ("Mein Englisch ist fließend, ich nutze es täglich", "Englisch"),
    ("O meu inglês é fluente, eu uso todos os dias", "inglês"),
    ("Il mio inglese è fluente, io lo uso ogni giorno", "inglese"),
    ("Mijn Engels is vloeiend, ik gebruik het dagelijks", "Engels"),
    # The writer's possessive right before the term: the writer's own, whoever praises it.
    ("Mein Chef schätzt meine Excel-Auswertungen", "Excel"),
    ("My supervisor relied on my Power BI dashboards", "Power BI"),
    # A colleague brought in by "with", "together": the writer did it.
    ("Together with a colleague I ran the SAP rollout; I handled purchasing", "SAP"),
    ("Insieme a un collega ho gestito il rollout SAP; io mi occupavo degli acquisti", "SAP"),
    ("Zusammen mit einer Kollegin habe ich SAP eingeführt; ich war für den Einkauf da", "SAP"),
]

PAST = [
    ("Perl in my first job (2008-2011)", "Perl"),
    ("Back in 2008-2011 I built Flash games", "Flash"),
    ("W latach 2003-2008 programowałem w Delphi", "Delphi"),
    ("COBOL (1995-2001), not since", "COBOL"),
]

SOMEONE_ELSE = [
    ("My manager ran SAP, I only did the reports", "SAP"),
    ("Mein Chef hat SAP eingeführt, ich habe nur getestet", "SAP"),
    ("Mi jefe llevaba SAP, yo solo hacía informes", "SAP"),
    ("Il mio capo gestiva SAP, io facevo i report", "SAP"),
    ("Mój kierownik prowadził SAP, ja robiłem raporty", "SAP"),
    ("Kierownik wdrażał SAP, ja tylko testowałem", "SAP"),
    ("Our consultant configured SAP; I did the training", "SAP"),
    # A possessive opening the clause is the doer's, not the term's: "il mio capo".
    ("Il mio capo gestiva SAP da solo", "SAP"),
    ("Mein Kollege betreute SAP allein", "SAP"),
]


@pytest.mark.parametrize(("text", "term"), LITOTES)
def test_a_negated_lack_is_a_statement(text: str, term: str) -> None:
    assert reading_of(text, term) == reading_of(term, term)


@pytest.mark.parametrize(("text", "term"), STILL_NEGATED)
def test_absence_refusal_and_answers_stay_negated(text: str, term: str) -> None:
    assert reading_of(text, term).negated


@pytest.mark.parametrize(("text", "term"), PLAIN)
def test_cv_dates_titles_and_the_writers_own_are_plain(text: str, term: str) -> None:
    reading = reading_of(text, term)
    assert not (reading.past or reading.someone_else or reading.negated)


@pytest.mark.parametrize(("text", "term"), PAST)
def test_dated_past_beside_them_stays_past(text: str, term: str) -> None:
    assert reading_of(text, term).past


@pytest.mark.parametrize(("text", "term"), SOMEONE_ELSE)
def test_another_doer_beside_them_stays_someone_else(text: str, term: str) -> None:
    assert reading_of(text, term).someone_else


def test_lack_words_are_no_negation_cues_of_their_own() -> None:
    # A lack word is read only after a negation: alone it must not negate ("new to SAP").
    assert {"new", "neu", "nouveau", "nuevo", "novo", "nuovo", "nieuw", "nowy"} <= word_class(
        "lack"
    )
    assert not reading_of("New to SAP but learning fast", "SAP").negated
