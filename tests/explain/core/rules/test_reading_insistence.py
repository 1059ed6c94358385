"""Good claims said with a negation (r9keep): praise or insistence idioms ("never scared
me", "no compromise on", "non-negotiable", "nunca me ha supuesto", "não abrimos mão do",
"non si transige sulla"), a rhetorical question opened by a denied copula ("Isn't X what
Y is about?") and English "door" job titles, where the Dutch agent "door" ("by") must not
make the title a doer. Guards: real negations, gaps said with a clitic, plain questions."""

from __future__ import annotations

import pytest

from tests.explain.core.rules.test_reading_everyday_domains import reading_of

PRAISE = [
    ("Driving a forklift never scared me", "forklift"),
    ("Cold calling doesn't frighten me one bit", "Cold calling"),
    ("Weekend work has never been a problem for me", "Weekend work"),
    ("Spreadsheets never gave me any trouble", "Spreadsheets"),
    ("There's no compromise on food safety in our kitchen", "food safety"),
    ("A clean DBS check is non-negotiable", "DBS check"),
    ("Trabajar en festivos nunca me ha supuesto un problema", "festivos"),
    ("La carga de cajas no me ha supuesto nunca ningún problema", "carga de cajas"),
    ("El francés nunca ha sido un problema para mí", "francés"),
    ("No transigimos en la puntualidad", "puntualidad"),
    ("Não abrimos mão da experiência em vendas", "vendas"),
    ("Não se abre mão do alemão nesta vaga", "alemão"),
    ("Trabalhar por turnos nunca me assustou", "turnos"),
    ("Non si transige sulla sicurezza in cantiere", "sicurezza"),
    ("Sulla pulizia della cucina non si transige", "pulizia"),
    ("Il lavoro notturno non mi ha mai spaventata", "lavoro notturno"),
    ("Il tedesco non è mai stato un problema", "tedesco"),
    ("Lange Autofahrten haben mich nie abgeschreckt", "Autofahrten"),
    ("Telefonverkoop heeft me nooit afgeschrikt", "Telefonverkoop"),
    ("Praca na wysokości nigdy mnie nie przerażała", "Praca na wysokości"),
    ("Early starts never put me off", "Early starts"),
    ("Isn't patience what childcare is all about?", "patience"),
    ("Aren't good knives what a chef needs most?", "good knives"),
    ("Must hold an SIA badge (door supervisor), renewed yearly", "SIA badge"),
]

STILL_NEGATED = [
    ("I never had time to learn Tableau", "Tableau"),
    ("Forklift: never driven one", "Forklift"),
    ("No me ha dado tiempo a aprender Tableau", "Tableau"),
    ("El carné de camión no lo tengo y no lo necesito", "carné de camión"),
    ("A carta de pesados não a tenho", "carta de pesados"),
    ("Il patentino del muletto non ce l'ho e non l'ho mai fatto", "patentino del muletto"),
    ("Non ho la patente C", "patente C"),
    ("Nachtarbeit kommt für mich nicht in Frage", "Nachtarbeit"),
    ("Nie mam uprawnień SEP", "uprawnień SEP"),
    ("Tableau isn't something I have used", "Tableau"),
    ("We don't need SQL for this role", "SQL"),
    ("No SQL? No problem, we train you", "SQL"),
]


@pytest.mark.parametrize(("text", "term"), PRAISE)
def test_praise_said_with_a_negation_is_a_statement(text: str, term: str) -> None:
    reading = reading_of(text, term)
    assert not reading.negated
    assert not reading.other_role and not reading.someone_else


@pytest.mark.parametrize(("text", "term"), STILL_NEGATED)
def test_real_negations_beside_them_stay_negated(text: str, term: str) -> None:
    assert reading_of(text, term).negated


def test_the_dutch_agent_door_still_names_a_doer() -> None:
    assert reading_of("Exact wordt bijgehouden door onze boekhouder", "Exact").someone_else
