"""Someone else's on the profile side, round 11: a referee line (a personal title under a
reference label, singular or plural), a parent's trade opening the line ("Son of a
baker"), work paired with someone who holds the skill ("en binôme avec un soudeur certifié
TIG"), and members of a team listed after "including". Each class in the eight languages,
with guards where the same words carry the writer's own skill."""

from __future__ import annotations

import pytest

from tests.explain.core.rules.test_reading_scoped import profile_state, reading_of

OTHERS = [
    # A referee line: a title opens the line under a reference label.
    ("Reference: Mrs Hughes, practice manager, who oversaw my placement", "practice manager"),
    ("Referenz: Fr. Schulz, Wirtschaftsprüferin, betreute mein Praktikum", "Wirtschaftsprüferin"),
    ("Référence : M. Girard, notaire, mon maître de stage", "notaire"),
    ("Referencia: Sr. Ortega, arquitecto, mi jefe de obra", "arquitecto"),
    ("Referência: Dr. Nuno Lopes, cirurgião dentista, meu supervisor", "cirurgião dentista"),
    ("Referente: avv. Ferri, avvocato del lavoro, mio tutor", "avvocato"),
    ("Referentie: dhr. Bakker, notaris, mijn stagebegeleider", "notaris"),
    ("Referencja: dr Wiśniewski, radca prawny, mój opiekun praktyk", "radca prawny"),
    # A parent's trade opening the line.
    ("Son of a plumber, I spent my summers on building sites", "plumber"),
    ("Tochter von einem Tischler, früh in der Werkstatt", "Tischler"),
    ("Fille de pharmacien, j'ai grandi derrière le comptoir", "pharmacien"),
    ("Hija de carpintero, crecí entre virutas", "carpintero"),
    ("Filho de pedreiro, cresci nas obras", "pedreiro"),
    ("Figlio di un meccanico, cresciuto in officina", "meccanico"),
    ("Zoon van een timmerman, opgegroeid tussen het hout", "timmerman"),
    ("Córka krawcowej, od dziecka przy maszynie do szycia", "krawcowej"),
    # Paired with someone who holds the skill.
    ("Worked in tandem with a qualified electrician on the rewiring", "electrician"),
    ("Im Tandem mit einem WIG-Schweißer auf Montage", "WIG"),
    ("En binôme avec un électricien habilité sur le chantier", "électricien"),
    ("En pareja con un soldador homologado TIG", "TIG"),
    ("Em dupla com um soldador certificado TIG", "TIG"),
    ("In coppia con un saldatore patentato TIG", "TIG"),
    ("Als duo met een TIG-lasser op de werf", "TIG"),
    ("W parze ze spawaczem TIG przy remoncie hali", "TIG"),
    # Members of a team listed after "including".
    ("Led a team of eight including two Kotlin developers", "Kotlin"),
    ("Team von 5, darunter ein SAP-Berater", "SAP"),
    ("Équipe de six personnes dont une comptable", "comptable"),
    ("Coordiné un grupo que incluía a un programador Python", "Python"),
    ("Uma equipa de 4, incluindo um programador PHP", "PHP"),
    ("Een team van 7, waaronder een SAP-consultant", "SAP"),
]

MINE = [
    # Reference projects, and the writer's own work for the referee.
    ("Referenz: Migration auf SAP S/4HANA für einen Zulieferer", "SAP"),
    ("Référence : déploiement SAP chez un transporteur", "SAP"),
    ("Referência: implementação SAP numa cadeia de retalho", "SAP"),
    ("Reference: Mr Dean, for whom I ran the payroll of 300 staff", "payroll"),
    ("Referenz: Hr. Krüger, bei dem ich die Lohnbuchhaltung machte", "Lohnbuchhaltung"),
    ("Référence : Mme Roux, pour qui j'ai tenu la paie", "paie"),
    ("Referente: dott. Sala, con cui ho gestito le paghe", "paghe"),
    ("Referentie: mw. Smit, bij wie ik de salarisadministratie deed", "salarisadministratie"),
    # The writer's own trade first, a parent's after it.
    ("Plumber for 12 years, son of a plumber", "Plumber"),
    ("Boulanger depuis 2012, fils de boulanger", "Boulanger"),
    ("Carpintero con 10 años de oficio, hijo de agricultores", "Carpintero"),
    # The writer's own skill beside a partner.
    ("TIG welder, paired with an apprentice", "TIG"),
    ("Soudeur TIG, en binôme avec un apprenti", "TIG"),
    ("In coppia con un apprendista, facevo io le saldature TIG", "TIG"),
    # "Including" before a tool or a project, no person.
    ("Built four apps including a Kotlin one for a client", "Kotlin"),
    ("Mehrere Projekte, darunter eine SAP-Einführung", "SAP"),
    ("Plusieurs projets dont une application React", "React"),
    ("Diverse projecten, waaronder een SAP-implementatie", "SAP"),
]


@pytest.mark.parametrize(("text", "term"), OTHERS)
def test_another_persons_trade_is_theirs(text: str, term: str) -> None:
    assert profile_state(reading_of(text, term)) == "someone_else"


@pytest.mark.parametrize(("text", "term"), MINE)
def test_the_writers_own_skill_beside_a_person_stays(text: str, term: str) -> None:
    assert profile_state(reading_of(text, term)) == "states"
