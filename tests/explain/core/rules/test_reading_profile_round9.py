"""Profile-side rows of round 9: a plan as a list's label, a wish to get the chance to move
into a field, "zero formal" and a sad "no" as a list value, not knowing how to use a tool
said after it, a skill no longer spoken or used, a refresher not done since, and co-workers
named by their trade before a relative clause. Each class fires, and a nearby true claim
stays kept. Own sentences, none from a reading set."""

from __future__ import annotations

import pytest

from tests.explain.core.rules.test_reading_scoped import profile_state, reading_of

FIRES = [
    ("Plan: PRINCE2 Foundation next spring", "PRINCE2", "wished"),
    ("Plan: volgend jaar rijbewijs C halen", "rijbewijs C", "wished"),
    ("Would love the chance to move into data analysis; admin for now", "data analysis", "wished"),
    ("Planeio fazer um curso de Excel avançado", "Excel", "wished"),
    ("Zero formal people management so far", "people management", "absent"),
    ("Langues : anglais B2, allemand malheureusement non", "allemand", "absent"),
    ("Lingue: inglese buono, tedesco purtroppo no", "tedesco", "absent"),
    ("Sprachen: Englisch gut, Spanisch leider nein", "Spanisch", "absent"),
    ("Excel não sei usar", "Excel", "absent"),
    ("Photoshop no sé usar", "Photoshop", "absent"),
    ("AutoCAD non so usare", "AutoCAD", "absent"),
    ("Russian: studied it at uni, no longer speak it", "Russian", "past"),
    ("Tedesco: studiato al liceo, non lo parlo più", "tedesco", "past"),
    ("Programmavo in Fortran, ma ho smesso da anni", "Fortran", "past"),
    ("Frans op school gehad, spreek ik niet meer", "Frans", "past"),
    ("Niemiecki: uczyłem się w szkole, już nie mówię", "Niemiecki", "past"),
    ("CACES R489 – recyclage pas fait depuis 2015", "CACES", "past"),
    ("Ersthelfer-Schein, Auffrischung seit 2016 nicht gemacht", "Ersthelfer-Schein", "past"),
    ("Uprawnienia SEP – nieaktualne od 2015", "Uprawnienia SEP", "past"),
    ("Latein in der Schule, davon ist kaum noch was übrig", "Latein", "past"),
    ("J'ai fait du Photoshop au lycée ; j'ai complètement lâché depuis", "Photoshop", "past"),
    (
        "Arbeitete eng mit dem Tragwerksplaner zusammen, der die Statik rechnete; ich zeichnete",
        "Statik",
        "someone_else",
    ),
    (
        "Współpracowałam z księgową, która prowadziła księgowość; ja obsługiwałam klientów",
        "księgowość",
        "someone_else",
    ),
    (
        "Werkte samen met de controller, die de boekhouding deed; ik regelde de planning",
        "boekhouding",
        "someone_else",
    ),
]

GUARDS = [
    ("Planned and delivered three PRINCE2 projects for the council", "PRINCE2", "states"),
    ("Zero lost-time incidents on my sites so far", "incidents", "states"),
    ("Sei usar Excel muito bem", "Excel", "states"),
    ("Inglés: lo hablo a diario en el trabajo", "Inglés", "states"),
    ("Non ho mai smesso di usare Excel", "Excel", "states"),
    ("Never stopped using Excel, it is still my daily tool", "Excel", "states"),
    ("2015–2024 Warehouse operative: forklift, goods-in", "forklift", "states"),
    ("Worked alongside the engineer and wrote the Python scripts myself", "Python", "states"),
    ("Werkte samen met de constructeur; ik tekende de details in Revit", "Revit", "states"),
    ("Współpracowałem z konstruktorem; ja przygotowywałem kosztorysy", "kosztorysy", "states"),
    ("Erste-Hilfe-Kurs mit Auffrischung 2025", "Erste-Hilfe-Kurs", "states"),
]


@pytest.mark.parametrize(("text", "term", "state"), FIRES)
def test_round9_profile_class_fires(text: str, term: str, state: str) -> None:
    assert profile_state(reading_of(text, term)) == state


@pytest.mark.parametrize(("text", "term", "state"), GUARDS)
def test_round9_nearby_true_claim_is_kept(text: str, term: str, state: str) -> None:
    assert profile_state(reading_of(text, term)) == state
