"""Persons and the clauses they govern (round 6): occupations and family members are
persons (word class `person`), so "my aunt runs X" is someone else's; and a term in the
relative clause, apposition or bracket of another person before it ("the roofer who laid
X", "our auditors, experts in X", "the logistics team (X) will ...") is that person's: on
a profile someone else's, on a job another role's. The writer or the applicant as that
clause's subject, a person after "a"/"an" (the one hired), a team the writer leads and a
person listed as the writer's own trade stay plain. Sentences written for these tests."""

from __future__ import annotations

import pytest

from tests.explain.core.rules.test_reading_scoped import job_state, profile_state, reading_of

PROFILE = [
    # An occupation or a family member opening the clause as its subject.
    ("My aunt runs the bakery's sourdough line", "sourdough", "someone_else"),
    (
        "Meine Schwester unterrichtet Gebärdensprache an der Volkshochschule",
        "Gebärdensprache",
        "someone_else",
    ),
    ("Mia cugina fa la sommelier e gestisce la cantina dei vini", "cantina", "someone_else"),
    ("Mon oncle, menuisier, restaure des escaliers en chêne", "chêne", "someone_else"),
    ("Mój brat jest spawaczem z certyfikatem TIG", "TIG", "someone_else"),
    ("O meu pai é eletricista e instala painéis solares", "painéis solares", "someone_else"),
    ("Kable układał elektryk, ja montowałem gniazdka", "Kable", "someone_else"),
    # A relative clause of another person, with or without its comma.
    ("Assisted the surveyor who ran the total station on site", "total station", "someone_else"),
    ("Worked beside the roofers, who laid the slate, on the scaffolding", "slate", "someone_else"),
    ("Ayudaba a la veterinaria que hacía las ecografías", "ecografías", "someone_else"),
    (
        "Ho lavorato con l'avvocata che seguiva il contenzioso tributario",
        "contenzioso",
        "someone_else",
    ),
    ("Ik assisteerde de tandarts die de implantaten plaatste", "implantaten", "someone_else"),
    ("J'aidais le boulanger qui préparait les viennoiseries", "viennoiseries", "someone_else"),
    ("Pomagałem hydraulikowi, który montował pompy ciepła", "pompy ciepła", "someone_else"),
    # An apposition after a person: an expertise noun, or "a"/"an" and a person.
    ("Shadowed our lead auditor, an ISO 27001-certified assessor", "ISO 27001", "someone_else"),
    ("Apoyé a la notaria, experta en herencias, con el archivo", "herencias", "someone_else"),
    # Guards: the writer as that clause's subject or the writer's own trade.
    ("As a plumber I installed heat pumps in 40 homes", "heat pumps", "states"),
    ("Als Elektrikerin habe ich KNX-Anlagen programmiert", "KNX", "states"),
    ("I was hired by the surveyor I trained in drone mapping", "drone mapping", "states"),
    ("El fontanero que me formó en soldadura me recomendó", "soldadura", "states"),
    ("Led the carpentry crew that restored the oak beams", "oak beams", "states"),
    ("Shadowed the lead auditor, then ran ISO 9001 audits myself", "ISO 9001", "states"),
    ("Dirigí al equipo de cocina que preparaba los menús de temporada", "menús", "states"),
    ("Certified welder who loves TIG and MIG work", "TIG", "states"),
    ("Qualified nurse (ICU, ventilation) with 8 years on wards", "ventilation", "states"),
    ("Trained the nurses, carers and doctors in Epic charting", "Epic", "states"),
    ("Told the client that Kubernetes would fit", "Kubernetes", "states"),
    ("Cared for the patients who needed dialysis", "dialysis", "states"),
    ("Coordinated with our suppliers, who ship via EDI", "EDI", "someone_else"),
]

JOB = [
    # A relative clause of another person or team, with or without its comma.
    ("You will assist the dental hygienists, who handle the scaling", "scaling", "other_role"),
    ("Du unterstützt unsere Monteure, die die Wärmepumpen einbauen", "Wärmepumpen", "other_role"),
    (
        "Trabajarás con los ebanistas que restauran muebles de época",
        "muebles de época",
        "other_role",
    ),
    ("Lavorerai con i geometri che fanno i rilievi catastali", "rilievi catastali", "other_role"),
    ("Je ondersteunt de verloskundigen die de echo's maken", "echo's", "other_role"),
    (
        "Vous épaulerez nos pharmaciens, qui gèrent les préparations magistrales",
        "préparations",
        "other_role",
    ),
    # An apposition after a person.
    ("You'll work under our site manager, a NEBOSH-certified engineer", "NEBOSH", "other_role"),
    (
        "Unsere Steuerberater, Experten für Umsatzsteuer, prüfen deine Buchungen",
        "Umsatzsteuer",
        "other_role",
    ),
    (
        "Trabalhará com os nossos advogados, especialistas em direito laboral",
        "direito laboral",
        "other_role",
    ),
    ("Affiancherai il capo cantiere, esperto di ponteggi", "ponteggi", "other_role"),
    # A bracket after a person or team opening the clause.
    ("Our logistics team (SAP TM, Transporeon) will plan your routes", "Transporeon", "other_role"),
    ("Het zorgteam (ECD, Nedap) plant je diensten", "Nedap", "other_role"),
    # Guards: the one hired, the applicant as subject, a job title, the applicant leading.
    ("We are looking for a lawyer who knows employment law", "employment law", "required"),
    ("Buscamos un electricista que domine la domótica KNX", "KNX", "required"),
    (
        "Wir suchen Pflegekräfte, die Erfahrung in der Intensivpflege haben",
        "Intensivpflege",
        "required",
    ),
    ("Szukamy elektryka, który zna KNX", "KNX", "required"),
    ("Recrutons des soudeurs, qui maîtrisent le TIG", "TIG", "required"),
    ("We're hiring electricians, who hold an ECS card", "ECS", "required"),
    ("You, an experienced nurse, will run the wound clinic", "wound clinic", "required"),
    ("Senior welder (TIG, MIG) for our Leeds workshop", "TIG", "required"),
    ("You will lead the kitchen team that prepares the tasting menu", "tasting menu", "required"),
    ("Join our field team (HGV Class 2 licence required)", "HGV", "required"),
    ("You'll join the crew that maintains our wind turbines", "wind turbines", "required"),
    ("Rejoignez l'équipe qui développe notre app Flutter", "Flutter", "required"),
    ("Word onderdeel van het team dat de Kafka-clusters beheert", "Kafka", "required"),
    ("You will work with the crew that maintains our wind turbines", "wind turbines", "other_role"),
    ("The electrician you replace handled the fire alarms", "fire alarms", "required"),
]


@pytest.mark.parametrize(("text", "term", "state"), PROFILE)
def test_persons_on_a_profile(text: str, term: str, state: str) -> None:
    assert profile_state(reading_of(text, term)) == state, (text, term)


@pytest.mark.parametrize(("text", "term", "state"), JOB)
def test_persons_on_a_job(text: str, term: str, state: str) -> None:
    assert job_state(reading_of(text, term)) == state, (text, term)
