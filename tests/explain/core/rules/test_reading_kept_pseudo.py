"""Good claims said with a negation that negates nothing (f-keep): a double negation after
"There is no", "Es gibt kein" or around the term ("no X job I can't fix"); rejected work after
a negation (praise like a missed deadline); acceptance ("doesn't bother me"); "impossible
... without X" (a requirement); a negated "expert" after nothing or "I am" (modesty, not a
lack); a contrast word after a negated item ("Kein Perl mehr, seit 2015 Python"); a French
left-dislocated topic ("L'anglais, je le parle"); the restrictive "je ne fais que";
Portuguese "no" (in the) before a tool (docs/verifier.md, "The quote read in its
sentence"). Guards: the same words where the term is really absent, not needed or someone
else's."""

from __future__ import annotations

import pytest

from tests.explain.core.rules.test_reading_everyday_domains import reading_of

KEPT = [
    # Two negations that cancel, opened by an existential "there is no".
    ("There is no boiler fault that I can't trace", "boiler"),
    ("There's no Excel formula I can't untangle", "Excel"),
    ("Es gibt keine Maschine, die ich nicht per CNC einrichten kann", "CNC"),
    ("Er is geen storing dat ik niet met de multimeter vind", "multimeter"),
    # Work rejected, refused or sent back, said after a negation: praise.
    ("Never had a TIG weld refused by the inspector in six years", "TIG"),
    ("Nie eine Fliesenarbeit beanstandet, zwölf Jahre Fliesenleger", "Fliesenarbeit"),
    ("Jamais un dossier de paie refusé par l'URSSAF", "paie"),
    ("Ni una auditoría APPCC rechazada en mi cocina", "APPCC"),
    ("Mai una pratica di successione respinta in vent'anni", "successione"),
    ("Geen enkele bouwtekening afgekeurd in AutoCAD", "AutoCAD"),
    ("Ani jedna spoina MIG odrzucona w dziesięć lat", "MIG"),
    # "Impossible ... without X": a requirement, like "can't ... without".
    ("Es imposible llevar la obra sin Presto", "Presto"),
    ("È impossibile gestire il magazzino senza SAP", "SAP"),
    ("Het is onmogelijk om hier te werken zonder VCA", "VCA"),
    # Insistence idioms that hold a negation.
    ("An Hygieneplänen führt bei uns kein Weg vorbei", "Hygieneplänen"),
    ("Nessun compromesso sulla sicurezza dei ponteggi", "ponteggi"),
    ("Żadnych kompromisów w kwestii BHP", "BHP"),
    # A negated expert word after nothing or "I am": modesty, not a lack.
    ("I'm not a Revit expert, but I model whole houses in it", "Revit"),
    ("Ich bin kein Photoshop-Experte, retuschiere aber täglich", "Photoshop"),
    ("Je ne suis pas experte en paie, mais je la gère seule", "paie"),
    ("No soy experta en SAP, pero lo uso a diario", "SAP"),
    ("Geen Excel-specialist, wel dagelijks draaitabellen", "Excel"),
    # A contrast word opening the next item after a negated one.
    ("Kein Windows mehr, seit 2018 nur Linux", "Linux"),
    ("Plus de Java, depuis 2019 du Kotlin", "Kotlin"),
    ("Vue no more – React since 2021", "React"),
    # A French topic taken up by "je": the writer's own.
    ("Le chariot élévateur, je le conduis depuis dix ans", "chariot élévateur"),
    ("L'allemand, je le parle au quotidien", "allemand"),
    # The restrictive "do nothing but".
    ("Je ne fais que de la plâtrerie depuis 2010", "plâtrerie"),
    ("Non faccio altro che contabilità da vent'anni", "contabilità"),
    # Acceptance of a working condition said with a negation.
    ("Weekend shifts don't bother me, done them for years", "Weekend shifts"),
    ("Schichtarbeit macht mir nichts aus", "Schichtarbeit"),
    ("Les déplacements ne me dérangent pas", "déplacements"),
    ("Los viajes no me molestan", "viajes"),
    ("Il lavoro in quota non mi spaventa", "lavoro in quota"),
    ("Praca w weekendy mi nie przeszkadza", "Praca w weekendy"),
    # Portuguese "no" (in the) before a tool in a Portuguese clause.
    ("Conhecimentos sólidos no Primavera", "Primavera"),
    ("Vais trabalhar no AutoCAD todos os dias", "AutoCAD"),
]

STILL_NEGATED = [
    # One negation only, however the clause opens.
    ("There is no Kubernetes on my CV yet", "Kubernetes"),
    ("Es gibt keine SAP-Kenntnisse in meinem Lebenslauf", "SAP"),
    # A negation before "not that": no zero relative.
    ("Not that I don't like Rust, I just never used it", "Rust"),
    # Impossible said of the skill itself.
    ("Impossible to learn Revit at my current job", "Revit"),
    # An expert not needed by the job stays not needed.
    ("Du musst kein SAP-Experte sein", "SAP"),
    ("We don't need a Java expert", "Java"),
    ("Je hoeft geen Excel-expert te zijn", "Excel"),
    # A negated item, then a plain one that is not a contrast.
    ("No Angular, no React since 2020", "React"),
    # "Still without" as a list item's value.
    ("Kubernetes: still without hands-on practice", "Kubernetes"),
    ("Kubernetes: noch ohne Praxis", "Kubernetes"),
    ("Kubernetes: na razie bez praktyki", "Kubernetes"),
    ("Terraform: currently none", "Terraform"),
    ("Alemán: ninguna noción", "Alemán"),
    # "Rejected" after the term is a negation of its own, not a failure word.
    ("Python without tests will be rejected", "Python"),
]

SOMEONE_ELSE = [
    # The term after another doer's verb, then "je": still another's.
    ("Le comptable faisait la paie, je faisais l'accueil", "paie"),
    ("Mein Vater machte die Buchhaltung, ich stand im Laden", "Buchhaltung"),
]


@pytest.mark.parametrize(("text", "term"), KEPT)
def test_a_negation_that_negates_nothing_keeps_the_claim(text: str, term: str) -> None:
    reading = reading_of(text, term)
    assert not (reading.negated or reading.someone_else or reading.past), reading


@pytest.mark.parametrize(("text", "term"), STILL_NEGATED)
def test_a_real_absence_beside_them_stays_negated(text: str, term: str) -> None:
    assert reading_of(text, term).negated


@pytest.mark.parametrize(("text", "term"), SOMEONE_ELSE)
def test_another_doer_beside_a_topic_stays_someone_else(text: str, term: str) -> None:
    assert reading_of(text, term).someone_else
