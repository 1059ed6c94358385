"""A helper's line (round 8): helping, assisting, shadowing or observing a person whose
trade is the term, or who holds it ("Assisted the roofers", "helper to the scaffolding
crew", "Pomocnik elektryka"), names work that was theirs: someone else's on a profile. So
do shadowing at a line's opening, a subject after a resumptive clitic with "a"/"una", a
Polish subject "oni" closing the clause, and plural forms of work given out. The writer
stays the doer where the term is what the writer did for those persons, where the writer
is the subject ("ho", "I"), after "then" opening the writer's next step, and in a Polish
title line opened by a bare "kierownik" or "szef". Sentences written for these tests."""

from __future__ import annotations

import pytest

from tests.explain.core.rules.test_reading_scoped import job_state, profile_state, reading_of

PROFILE = [
    # A support word, then a person who is the term, or whose trade the term names.
    ("Helped the electricians on the refurbishment, carrying cable drums", "electricians"),
    ("Assisted our SQL developers by writing up test cases", "SQL"),
    ("Helper to the scaffolding crew during the school holidays", "scaffolding"),
    ("Helfer bei einem Elektriker: Kabel ziehen, Material holen", "Elektriker"),
    ("Aide aux plombiers pendant les vacances (rangement, approvisionnement)", "plombiers"),
    ("Ayudante de electricista en obras de reforma", "electricista"),
    ("Ajudei os pedreiros da obra com o transporte de material", "pedreiros"),
    ("Ho aiutato gli idraulici della ditta a preparare il materiale", "idraulici"),
    ("Ik hielp de metselaars op de bouw met aanvoer van stenen", "metselaars"),
    ("Pomagałam hydraulikom przy przygotowaniu materiałów", "hydraulikom"),
    ("Pomocnik elektryka na budowach domów", "elektryka"),
    ("Watched the glaziers at work for two weeks before starting", "glaziers"),
    ("Obserwowałam fizjoterapeutów podczas zajęć z pacjentami", "fizjoterapeutów"),
    # Shadowing or observing at the line's opening.
    ("Shadowed the senior solicitor through several probate matters", "probate"),
    ("Job shadowing in echocardiography with a consultant cardiologist", "echocardiography"),
    ("Hospitiert im Controlling bei der Leiterin, drei Wochen", "Controlling"),
    ("In affiancamento ai consulenti durante l'introduzione di SAP", "SAP"),
    ("Meegelopen met de consultants tijdens de SAP-implementatie", "SAP"),
    # A subject after a clitic with an indefinite article; Polish "oni"; given out.
    ("La contabilidad la hacía una asesoría externa", "contabilidad"),
    ("Przygotowywałem dokumenty; montaż robili oni", "montaż"),
    ("Las nóminas estaban externalizadas en una gestoría", "nóminas"),
    # A bare Polish manager is still someone else when "ja" takes over after a comma.
    ("Kierownik ustawiał harmonogramy w MS Project, ja pilnowałem dostaw", "MS Project"),
    ("As folhas de ponto eram terceirizadas", "folhas de ponto"),
]

KEPT = [
    # The writer did the term for or with those persons.
    ("Supported 40 users on Salesforce, from onboarding to reports", "Salesforce"),
    ("Helped the client migrate 200 mailboxes to Exchange Online", "Exchange Online"),
    ("Supported the finance team with SAP FI month-end close", "SAP FI"),
    ("Assisted the surgeon in 300 laparoscopic procedures as scrub nurse", "laparoscopic"),
    ("Supported the site engineers by drawing AutoCAD details myself", "AutoCAD"),
    ("I trained colleagues in Excel and pivot tables", "Excel"),
    ("With my team I built and ran a Kubernetes platform for 30 services", "Kubernetes"),
    ("Took over SAP reporting from my predecessor and run it since 2021", "SAP"),
    ("Ayudé a los compañeros con macros de Excel", "Excel"),
    ("Ho aiutato i colleghi a usare Excel", "Excel"),
    ("Pomagałem klientom w konfiguracji SAP", "SAP"),
    # Trades that are the writer's own job titles.
    ("Aide-soignante en gériatrie depuis 6 ans", "gériatrie"),
    ("Auxiliar de enfermería en planta de traumatología", "enfermería"),
    # The Italian "ho" is the writer; "then" opens the writer's own next step.
    ("Insieme a un collega ho introdotto SAP; io curavo la parte vendite", "SAP"),
    ("Shadowed the lead auditor, then ran ISO 9001 audits myself", "ISO 9001"),
    ("Als Helfer angefangen, dann selbst Schweißen gelernt und zertifiziert", "Schweißen"),
    ("Najpierw helpdesk, potem wdrożenia SAP u klientów", "SAP"),
    # A bare Polish "kierownik" or "szef" opening a line is the writer's own title.
    ("Kierownik budowy – roboty ziemne i fundamenty", "roboty ziemne"),
    ("Szef kuchni – kuchnia śródziemnomorska, 12 osób w zespole", "kuchnia śródziemnomorska"),
]


@pytest.mark.parametrize(("text", "term"), PROFILE)
def test_a_helpers_line_is_someone_elses(text: str, term: str) -> None:
    assert profile_state(reading_of(text, term)) == "someone_else", (text, term)


@pytest.mark.parametrize(("text", "term"), KEPT)
def test_the_writers_own_work_stays_kept(text: str, term: str) -> None:
    assert profile_state(reading_of(text, term)) == "states", (text, term)


def test_a_helper_posting_is_another_roles_trade() -> None:
    said = reading_of("Wir suchen Helfer für unsere Elektriker im Neubau", "Elektriker")
    assert job_state(said) == "other_role"
