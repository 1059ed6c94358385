"""A negation that states a condition of the job is a requirement, not an absence: "no X,
no work", "never used X? then this is not for you", "a lack of X rules one out", "nobody here
works without X", "X isn't a nice-to-have". Each class with guards that a real absence,
a need denied or an option is still read as such. Sentences written for these tests."""

from __future__ import annotations

import pytest

from tests.explain.core.rules.test_reading_scoped import reading_of

# A second negation naming the work, the job or the reader after the term.
CONDITIONS = [
    ("No forklift ticket, no work in the yard.", "forklift ticket"),
    ("Kein Staplerschein, keine Arbeit im Lager.", "Staplerschein"),
    ("Pas de CACES, pas de travail sur le quai.", "CACES"),
    ("Pas d'habilitation, pas d'intervention sur le réseau.", "habilitation"),
    ("Sin carnet de manipulador, no hay trabajo en cocina.", "carnet de manipulador"),
    ("Sem CNH, sem trabalho nas rotas.", "CNH"),
    ("Niente HACCP, niente lavoro in cucina.", "HACCP"),
    ("Geen VCA, geen werk op de steiger.", "VCA"),
    ("Bez badań wysokościowych nie ma pracy na dachu.", "badań wysokościowych"),
    ("Sem Excel avançado, nem se candidate.", "Excel"),
    ("Sin alemán fluido, ni te postules.", "alemán"),
    ("If you have never used Revit, this role is not for you.", "Revit"),
    ("Si nunca has usado Revit, este puesto no es para ti.", "Revit"),
    ("Se non hai mai usato Revit, questo lavoro non fa per te.", "Revit"),
    ("Als je nooit met Revit werkte, is deze functie niets voor jou.", "Revit"),
    ("Ohne Revit ist diese Stelle nichts für dich.", "Revit"),
    ("Never driven a van? Then this job is not for you.", "van"),
    ("Nooit met een heftruck gereden? Dan is dit niet jouw baan.", "heftruck"),
    ("Brak uprawnień UDT dyskwalifikuje kandydata.", "UDT"),
    ("La falta de titulación oficial es excluyente.", "titulación oficial"),
    ("L'absence de permis C est éliminatoire.", "permis C"),
]

# A real absence or a need denied around the same words.
DENIED = [
    ("No forklift ticket needed, we train you in the first week.", "forklift ticket"),
    ("No Revit? No problem, we will train you.", "Revit"),
    ("Never used Revit? No worries, your mentor shows you.", "Revit"),
    ("Brak uprawnień UDT nie wyklucza kandydatury.", "UDT"),
    ("Nunca usei Excel no trabalho.", "Excel"),
    ("Nooit Excel gebruikt op het werk.", "Excel"),
]


@pytest.mark.parametrize(("text", "term"), CONDITIONS)
def test_a_negation_with_its_consequence_is_a_condition(text: str, term: str) -> None:
    assert not reading_of(text, term).negated


@pytest.mark.parametrize(("text", "term"), DENIED)
def test_a_need_denied_or_an_absence_stays_negated(text: str, term: str) -> None:
    assert reading_of(text, term).negated


# "nobody" anywhere before the "without", past an adverb or a place.
NOBODY = [
    ("On our sites nobody climbs without a harness.", "harness"),
    ("Aquí nadie sube al andamio sin arnés.", "arnés"),
    ("Bei uns fährt niemand ohne Staplerschein.", "Staplerschein"),
    ("Da noi nessuno entra in cantiere senza DPI.", "DPI"),
    ("Aqui ninguém opera a grua sem NR-11.", "NR-11"),
]


@pytest.mark.parametrize(("text", "term"), NOBODY)
def test_nobody_without_is_a_requirement(text: str, term: str) -> None:
    assert not reading_of(text, term).negated


def test_without_alone_still_negates() -> None:
    assert reading_of("You can start on our sites without a harness course.", "harness").negated


# An option denied is a requirement: neither negated nor optional.
MUSTS = [
    ("A clean driving licence isn't a nice-to-have here.", "driving licence"),
    ("Englisch ist kein Nice-to-have.", "Englisch"),
    ("El inglés no es un plus en este puesto.", "inglés"),
    ("L'anglais n'est pas un plus ici.", "anglais"),
]


@pytest.mark.parametrize(("text", "term"), MUSTS)
def test_an_option_denied_is_a_requirement(text: str, term: str) -> None:
    said = reading_of(text, term)
    assert not said.negated and not said.optional


def test_an_option_after_a_denied_need_stays_optional() -> None:
    said = reading_of("Welsh is not essential but a plus.", "Welsh")
    assert said.optional and not said.negated
    assert reading_of("Welsh is not needed for this post.", "Welsh").negated


# German object fronted with an indefinite article, then the writer's "nicht".
def test_a_fronted_indefinite_object_is_the_writers_negation() -> None:
    assert reading_of("Einen Staplerschein habe ich leider nicht.", "Staplerschein").negated
    assert not reading_of("Einen Staplerschein habe ich seit 2015.", "Staplerschein").negated


# An article after a preposition is no relative: "Für unser Team auf der Station suchen wir".
def test_an_article_after_a_preposition_opens_no_relative_clause() -> None:
    said = reading_of("Für unser Team auf der Baustelle suchen wir einen Elektriker.", "Elektriker")
    assert not (said.someone_else or said.other_role)
    theirs = reading_of("Unser Team, der die Baustelle betreut, nutzt SAP täglich.", "SAP")
    assert theirs.someone_else or theirs.other_role


# A whole answer after a comma, as after a space: "De alemán, nada de nada".
@pytest.mark.parametrize(
    ("text", "term"),
    [
        ("Ruso, nada de nada.", "Ruso"),
        ("Le russe, rien du tout.", "russe"),
        ("Russian, not at all.", "Russian"),
    ],
)
def test_a_whole_answer_after_a_comma_negates(text: str, term: str) -> None:
    assert reading_of(text, term).negated


def test_a_list_after_a_comma_stays_plain() -> None:
    assert not reading_of("Stack: Rust, no frameworks yet.", "Rust").negated
    assert not reading_of("Rust, Go and Kotlin daily.", "Rust").negated


# A refusal after a condition rules one out like "disqualifies" does.
REFUSALS = [
    ("Se non sai usare SolidWorks, lascia perdere.", "SolidWorks"),
    ("Si vous n'avez pas de CACES, passez votre chemin.", "CACES"),
    ("No HGV licence? Then forget it.", "HGV licence"),
    ("Kein Staplerschein? Dann vergiss es.", "Staplerschein"),
    ("Sin carnet de carretillero, olvídate.", "carnet de carretillero"),
]


@pytest.mark.parametrize(("text", "term"), REFUSALS)
def test_a_refusal_after_a_condition_is_a_requirement(text: str, term: str) -> None:
    assert not reading_of(text, term).negated


def test_a_refusal_after_a_second_negation_does_not_rule_out() -> None:
    assert reading_of("No HGV licence? No problem, forget that worry.", "HGV licence").negated
