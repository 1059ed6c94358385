"""Another role's term on the job side (round 11): the people a posting places the reader
under, beside or in liaison with ("under the supervision of", "sous la responsabilité de",
"bajo la supervisión del", "onder leiding van", "pod nadzorem"), a coordination before the
person ("with our architects and the site management"), German "-leitung" units and heads
named by title as persons, and a task's subject standing after its verb past the term
("Das Aufmaß macht der Bauleiter, du …"). Each class is checked in several languages, with
guards where the same words ask the reader for the skill, which must stay required."""

from __future__ import annotations

import pytest

from tests.explain.core.rules.test_reading_scoped import job_state, reading_of

CASES = [
    # Placed under or beside a person or team whose noun phrase holds the term.
    ("You will work under the supervision of the cardiology team", "cardiology", "other_role"),
    ("Working under the platform lead (Terraform, AWS), you look after laptops", "Terraform",
     "other_role"),
    ("You'll sit beside our payroll team in the Manchester office", "payroll", "other_role"),
    ("You'll report to our Group Controller, an IFRS specialist", "IFRS", "other_role"),
    ("Reporting to the Head of Infrastructure, who runs our Kubernetes estate", "Kubernetes",
     "other_role"),
    ("Sie arbeiten unter Anleitung der Pflegedienstleitung", "Pflegedienstleitung", "other_role"),
    ("Sous la responsabilité du responsable paie, vous gérez l'accueil", "paie", "other_role"),
    ("Vous travaillerez aux côtés de nos kinésithérapeutes", "kinésithérapeutes", "other_role"),
    ("Bajo la supervisión del jefe de cocina, prepararás los postres", "cocina", "other_role"),
    ("Trabajarás al lado del equipo de nóminas", "nóminas", "other_role"),
    ("Sob a coordenação da equipa de engenharia, fará o registo de materiais", "engenharia",
     "other_role"),
    ("Lavorerai al fianco del team amministrazione", "amministrazione", "other_role"),
    ("Risponderai al responsabile marketing", "marketing", "other_role"),
    ("Je werkt onder leiding van onze planners", "planners", "other_role"),
    ("Pracujesz pod nadzorem kierownika magazynu", "magazynu", "other_role"),
    ("Podlegasz szefowi kuchni", "kuchni", "other_role"),
    # Guards: the same prepositions and verbs for the reader's own work or conditions.
    ("Reporting to the CFO, you will build the monthly SQL reports", "SQL", "required"),
    ("You'll report weekly figures in Excel", "Excel", "required"),
    ("Under the guidance of a senior engineer you will write Python services", "Python",
     "required"),
    ("You must work well under pressure", "pressure", "required"),
    ("Unter Einsatz von SAP erstellen Sie die Monatsabschlüsse", "SAP", "required"),
    ("Du berichtest monatlich in Excel an die Geschäftsführung", "Excel", "required"),
    ("Vous développerez sous Linux des outils internes", "Linux", "required"),
    ("Vous saisirez les commandes sous SAP", "SAP", "required"),
    ("Bajo SAP gestionarás las compras", "SAP", "required"),
    ("Capacidade de trabalhar sob pressão", "pressão", "required"),
    ("Svilupperai sotto Linux", "Linux", "required"),
    ("Risponderai alle richieste dei clienti usando SAP", "SAP", "required"),
    ("Onder Linux ontwikkel je tools", "Linux", "required"),
    ("Je werkt onder andere met SAP en Excel", "SAP", "required"),
    ("Umiejętność pracy pod presją", "presją", "required"),
    ("Pracujesz pod SAP", "SAP", "required"),
    ("Join our Java team in Berlin", "Java", "required"),
    # A coordination between the companion word and the person holding the term.
    ("Du arbeitest eng mit unseren Planern und der Bauleitung zusammen", "Bauleitung",
     "other_role"),
    ("Je werkt samen met de salarisadministratie", "salarisadministratie", "other_role"),
    ("You will work with Java and Spring daily", "Java", "required"),
    # A task's subject after its verb, past the term, then the reader's own task.
    ("Das Aufmaß macht der Bauleiter, du kümmerst dich um die Montage", "Aufmaß", "other_role"),
    ("Die Wundversorgung übernimmt die Pflegefachkraft, Sie unterstützen bei der Körperpflege",
     "Wundversorgung", "other_role"),
    ("Das Aufmaß macht der Bauleiter, du kümmerst dich um die Montage", "Montage", "required"),
    ("Die Wundversorgung übernimmt die Pflegefachkraft, Sie unterstützen bei der Körperpflege",
     "Körperpflege", "required"),
    # Support of a team in the polite form: the team's field is theirs.
    ("Sie assistieren dem Team der Kardiologie bei der Patientenaufnahme", "Kardiologie",
     "other_role"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "term", "expected"), CASES)
def test_other_role_round11(text: str, term: str, expected: str) -> None:
    assert job_state(reading_of(text, term)) == expected, text
