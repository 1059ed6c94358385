"""Achievements worded as a zero or a never, and "not only ... but also": the reader
keeps them as statements, and real absence beside them is still read as absence
(docs/verifier.md, "The quote read in its sentence")."""

from __future__ import annotations

import pytest

from explain.core.rules.reading import word_class
from tests.explain.core.rules.test_reading_scoped import reading_of

KEPT = [
    # A zero reached as the result of the work ("cut to zero"), in each language.
    ("Reduced the invoice backlog in SAP to zero", "SAP"),
    ("Reklamationsquote mit Six Sigma auf null gesenkt", "Six Sigma"),
    ("Retards de paie ramenés à zéro avec SAP", "SAP"),
    ("Zaległości w fakturach w SAP zredukowane do zera", "SAP"),
    ("Wachtrij in Zendesk teruggebracht naar nul", "Zendesk"),
    # A negated mishap, past an article or a "single" word, then a preposition or the end.
    ("Ni un solo accidente con la carretilla en 6 años", "carretilla"),
    ("Kein einziger Unfall mit dem Gabelstapler", "Gabelstapler"),
    ("Pas une seule erreur de paie sous Sage", "Sage"),
    ("Nenhum erro no fecho mensal com Primavera", "Primavera"),
    ("Ani jednego wypadku na wózku widłowym UDT", "UDT"),
    ("Nessun infortunio in cantiere con la gru", "gru"),
    ("Geen enkele storing bij de Siemens-installaties", "Siemens"),
    ("TIG welding: zero defects in 3 years", "TIG"),
    # "Not only ... but also" in the forms added to the eight files.
    ("Not merely a Jira user but an admin", "Jira"),
    ("Nicht bloß Excel, sondern auch Power BI", "Excel"),
    ("Pas simplement Excel : aussi Power BI", "Excel"),
    ("No únicamente SAP, también Navision", "SAP"),
    ("Não unicamente Excel, mas também Power BI", "Excel"),
    ("Non solamente AutoCAD ma anche Revit", "AutoCAD"),
    ("Niet enkel Figma, ook Sketch", "Figma"),
    ("Nie jedynie AutoCAD, lecz także Revit", "AutoCAD"),
]

STILL_NEGATED = [
    ("Zero experience with forklifts", "forklifts"),
    ("Gabelstapler: keine", "Gabelstapler"),
    ("Nie mit Kubernetes gearbeitet", "Kubernetes"),
    ("Nooit met Jira gewerkt", "Jira"),
    ("Nigdy nie używałem SAP", "SAP"),
    ("No access to SAP", "SAP"),
    # A mishap that is the work, not its outcome: an object after a verb, a compound's head.
    ("Never handled incidents in ServiceNow", "ServiceNow"),
    ("No incident management in ITIL", "ITIL"),
    # A praised mishap elsewhere in the line does not lift a real negation.
    ("Nunca usé Jira, cero errores en Excel", "Jira"),
    # The term itself is the mishap word: its negation stands.
    ("No error budgets yet", "error budgets"),
]


@pytest.mark.parametrize(("text", "term"), KEPT)
def test_achievements_worded_as_zero_or_never_are_statements(text: str, term: str) -> None:
    assert not reading_of(text, term).negated


@pytest.mark.parametrize(("text", "term"), STILL_NEGATED)
def test_real_absence_beside_them_is_still_negated(text: str, term: str) -> None:
    assert reading_of(text, term).negated


def test_every_language_has_mishap_and_single_words() -> None:
    assert {"errors", "fehler", "erreur", "errores", "erros", "errori", "fouten", "błędów"} <= (
        word_class("mishap")
    )
    assert {"single", "einziger", "seul", "solo", "único", "enkel", "jednego"} <= (
        word_class("single")
    )


@pytest.mark.parametrize(
    ("text", "term", "negated"),
    [
        # Up to three words between the term and a list item's separator.
        ("Staplerschein Klasse B1 intern: noch nicht", "Staplerschein", True),
        ("Permis CACES R489 cat 3 : pas encore", "CACES", True),
        ("Carnet de carretillero frontal: no lo tengo", "carretillero", True),
        ("Certificação NR-35 trabalho em altura: ainda não", "NR-35", True),
        # Four are past the item's label: its value is no longer read as the term's.
        ("Docker on my own home server: none", "Docker", False),
        ("Kafka for billing events: no data loss", "Kafka", False),
    ],
)
def test_a_list_value_after_a_label_of_up_to_three_words(
    text: str, term: str, negated: bool
) -> None:
    assert reading_of(text, term).negated is negated


@pytest.mark.parametrize(
    ("text", "term", "negated"),
    [
        # The term kept apart from a negated item before it by a comma and "only".
        ("No Oracle, PostgreSQL only", "PostgreSQL", False),
        ("Never touched Azure, AWS exclusively", "AWS", False),
        ("No agency work, in-house SEO only", "SEO", False),
        ("Nie Windows, Linux wyłącznie", "Linux", False),
        ("Geen Windows, Linux uitsluitend", "Linux", False),
        ("Nunca usé Oracle, solo MySQL", "MySQL", False),
        # Without "only" a list after a negation is negated as a whole; the negated item stays so.
        ("No Oracle, PostgreSQL or MySQL", "PostgreSQL", True),
        ("No Oracle, PostgreSQL only", "Oracle", True),
        ("Never used Jenkins, only GitLab CI", "Jenkins", True),
    ],
)
def test_a_term_marked_only_after_a_negated_item(text: str, term: str, negated: bool) -> None:
    assert reading_of(text, term).negated is negated
