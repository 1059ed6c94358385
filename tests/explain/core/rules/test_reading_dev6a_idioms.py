"""Idioms and structures of round dev6a (docs/verifier.md, "The quote read in its sentence"):
praise said with a negation (an aversion word denied: "not averse to", "niet vies van"; an
obstacle or a bother denied: "kein Hindernis", "no me molesta"; "never stopped" undoing the
past; "neanche un giorno senza"); a fear word past a list mark after the term is another
remark ("no French, I'm afraid"); Portuguese "no" ("in the") in a clause showing Portuguese;
lists labelled as lacking or still to develop, "Wish:" labels and levels saying too little;
a trade known only from watching another. Guards: the same words where the claim is absent,
the skill plain, or the cue another clause's."""

from __future__ import annotations

import pytest

from explain.core.rules.reading import Reading
from tests.explain.core.rules.test_reading_everyday_domains import reading_of

PLAIN = Reading()

PRAISED = [
    # An aversion word denied: no term between the negation and the word.
    ("I'm not averse to weekend call-outs", "weekend call-outs"),
    ("Bei Reklamationen nie um eine Lösung verlegen", "Reklamationen"),
    ("Gegenüber Schichtarbeit bin ich nicht abgeneigt", "Schichtarbeit"),
    ("No soy reacio a aprender SAP", "SAP"),
    ("Non sono restia a usare Salesforce ogni giorno", "Salesforce"),
    ("Ik ben niet vies van een avondje Excel", "Excel"),
    ("Ik ben niet wars van stakeholdermanagement", "stakeholdermanagement"),
    ("Je ne suis pas réfractaire au travail en open space", "open space"),
    # An obstacle or a bother denied, or the verb before its "nicht".
    ("Wochenenddienste stören mich nicht", "Wochenenddienste"),
    ("Reisen ist für mich kein Hindernis", "Reisen"),
    ("Avonddiensten storen me niet", "Avonddiensten"),
    ("Las guardias no me suponen ningún inconveniente", "guardias"),
    ("Os plantões não me incomodam", "plantões"),
    ("Le travail posté ne me dérange pas", "travail posté"),
    ("I turni festivi non mi disturbano", "turni festivi"),
    ("Praca w weekendy nie przeszkadza mi", "Praca w weekendy"),
    # "Never stopped": the past verb is denied with the negation.
    ("Nunca deixei de usar o SAP em três empresas", "SAP"),
    ("Nunca dejé de programar en Python", "Python"),
    ("Ich habe nie aufgehört, Gitarre zu unterrichten", "Gitarre"),
    ("Ik ben nooit gestopt met Python", "Python"),
    ("Nigdy nie przestałam pracować w SAP", "SAP"),
    # "Not even one day without": the two negations cancel.
    ("Nemmeno un giorno senza Revit in studio", "Revit"),
    ("Neppure una settimana senza SAP", "SAP"),
    # A Portuguese clause: "no" is "in the".
    ("Experiência no SAP FI e CO", "SAP"),
    ("Relatórios mensais no Power BI", "Power BI"),
    ("Controle de estoque no Excel", "Excel"),
    # "Nothing resists me" with the fear word close by.
    ("Nada se me resiste en Excel", "Excel"),
    ("Rien ne me résiste sous Photoshop", "Photoshop"),
]

NEGATED_STILL = [
    # The aversion, the bother or the difficulty is another clause's, or said of the lack.
    ("Geen Excel, daar ben ik niet vies van", "Excel"),
    ("No SAP experience, which is an obstacle", "SAP"),
    ("Nie znam SAP i to jest problem", "SAP"),
    ("Sin experiencia en SAP, lo que es un inconveniente", "SAP"),
    ("I've never laid tiles", "tiles"),
    ("Ich kann keine Fliesen verlegen", "Fliesen"),
    # Italian "neanche", "nemmeno", "neppure" negate on their own.
    ("Non conosco Java e neanche Python", "Python"),
    ("Nemmeno le basi di AutoCAD", "AutoCAD"),
    # A fear word past a comma after the term is a remark, not praise.
    ("Languages: Dutch, English - no German, I'm afraid", "German"),
    ("Pas de permis C, j'en ai peur", "permis C"),
    # "Não" and a Portuguese clause: the Portuguese negation still negates.
    ("Não tenho experiência no SAP", "SAP"),
    # English "no" in an English clause stays a negation.
    ("Reporting: no Excel, Google Sheets only", "Excel"),
    # A level that says too little, as a list item's value.
    ("Duits: onvoldoende", "Duits"),
    ("Deutsch: ungenügend", "Deutsch"),
    ("German: insufficient", "German"),
    ("Tedesco: insufficiente", "Tedesco"),
    ("Niemiecki: niewystarczający", "Niemiecki"),
    ("jezyk niemiecki - brak znajomosci", "niemiecki"),
    ("Programmierkenntnisse (Python): keine", "Python"),
    # Lists labelled as lacking.
    ("Skills I lack so far: Revit", "Revit"),
    ("Was mir noch fehlt: SAP", "SAP"),
    ("Ce qui me manque : Power BI", "Power BI"),
    ("Lo que me falta: SolidWorks", "SolidWorks"),
    ("O que me falta: Inglês fluente", "Inglês"),
    ("Mi mancano: Photoshop", "Photoshop"),
    ("Wat ik nog mis: Python", "Python"),
    ("Czego mi brakuje: Excel", "Excel"),
]

WISHED = [
    ("Skills to develop: Power BI", "Power BI"),
    ("Areas for improvement: public speaking, Excel", "Excel"),
    ("Entwicklungsfelder: SAP", "SAP"),
    ("Axes de progrès : Power BI", "Power BI"),
    ("Áreas de mejora: inglés", "inglés"),
    ("Pontos a desenvolver: Excel avançado", "Excel"),
    ("Aree di miglioramento: inglese", "inglese"),
    ("Ontwikkelpunten: Power BI", "Power BI"),
    ("Obszary do rozwoju: Power BI", "Power BI"),
    ("Wunsch: Weiterbildung Wundmanagement", "Wundmanagement"),
    ("Souhait : formation CACES", "CACES"),
]

SOMEONE_ELSE = [
    ("I know plastering from watching my dad", "plastering"),
    ("Das Mauern kenne ich vom Zuschauen", "Mauern"),
    ("Je connais la soudure en regardant mon oncle", "soudure"),
    ("Conozco la fontanería de ver a mi padre", "fontanería"),
    ("Conheço a carpintaria de ver o meu avô", "carpintaria"),
    ("La saldatura la conosco guardando mio padre", "saldatura"),
    ("Metselen ken ik van het toekijken", "Metselen"),
]

KEPT = [
    # Lists whose labels only look like the rows above, and the same words inline.
    ("Skills: Revit, AutoCAD", "Revit"),
    ("Was mir Spaß macht: Revit", "Revit"),
    ("Lo que más me gusta: SolidWorks", "SolidWorks"),
    ("Used Power BI to develop sales dashboards", "Power BI"),
    ("Excel: insufficient data cleaned with Power Query", "Excel"),
    ("Excel: voldoende", "Excel"),
    ("Wishlist app built in React", "React"),
    # Learning from watching videos is one's own learning.
    ("Learned Python from watching tutorials and building projects", "Python"),
    ("Learned Excel by watching YouTube tutorials", "Excel"),
]


@pytest.mark.parametrize(("text", "term"), PRAISED)
def test_praise_said_with_a_negation_is_plain(text: str, term: str) -> None:
    assert reading_of(text, term) == PLAIN


@pytest.mark.parametrize(("text", "term"), NEGATED_STILL)
def test_absence_beside_them_stays_negated(text: str, term: str) -> None:
    assert reading_of(text, term).negated


@pytest.mark.parametrize(("text", "term"), WISHED)
def test_lists_still_to_develop_are_wishes(text: str, term: str) -> None:
    assert reading_of(text, term).wish


@pytest.mark.parametrize(("text", "term"), SOMEONE_ELSE)
def test_a_trade_known_from_watching_is_someone_elses(text: str, term: str) -> None:
    assert reading_of(text, term).someone_else


@pytest.mark.parametrize(("text", "term"), KEPT)
def test_lookalike_labels_and_learning_stay_plain(text: str, term: str) -> None:
    assert reading_of(text, term) == PLAIN
