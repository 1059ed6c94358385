"""Good claims worded with a negation, and names that are people (round 7): a "whoever"
opening a clause with a negation is a condition, a requirement; a second negation right
after a relative or "I" past the term cancels the first ("There's no X that I can't");
"is not one of my skills" after the term is a negation; remarks and objections are
mishaps, "about", "über", "over", "sobre" the prepositions after one; a supervisor or a
role in apposition around a first name, memory sizes, a python's species, the moon's
phases, ladders and literature are everyday senses (docs/verifier.md, "The quote read in
its sentence"). Guards: the same words where the claim is absent or the skill."""

from __future__ import annotations

import pytest

from explain.core.rules.reading import word_class
from tests.explain.core.rules.test_reading_everyday_domains import reading_of

STATEMENTS = [
    # Whoever lacks it will struggle: the negation is the condition of a requirement.
    ("Anyone not certified in NEBOSH will find the role hard", "NEBOSH"),
    ("Whoever can't read hydraulic schematics won't last a week here", "hydraulic schematics"),
    ("Wer keinen Gabelstapler fahren darf, kann hier nicht anfangen", "Gabelstapler"),
    ("Quiconque ne maîtrise pas Revit aura du mal chez nous", "Revit"),
    ("Quien no sepa manejar Excel lo tendrá difícil", "Excel"),
    ("Quem não domina o AutoCAD vai ter dificuldades", "AutoCAD"),
    ("Chi non conosce SolidWorks farà fatica", "SolidWorks"),
    ("Wie geen heftruck kan besturen, heeft het hier zwaar", "heftruck"),
    ("Kto nie obsługuje SAP, będzie miał trudny start", "SAP"),
    # A second negation after the term, right after a relative or "I": the two cancel.
    ("There's no Scania gearbox that I can't rebuild", "Scania"),
    ("Keine Heizung von Viessmann, die ich nicht warten kann", "Viessmann"),
    ("No hay receta de Thermomix que no sepa adaptar", "Thermomix"),
    ("Nie ma projektu w Revit, którego bym nie narysował", "Revit"),
    # A negated remark, objection or complaint about the work praises it.
    ("No objections about my brickwork from the clerk of works", "brickwork"),
    ("Keine Beschwerden über meine Fliesenarbeiten", "Fliesenarbeiten"),
    ("Geen opmerkingen over mijn metselwerk", "metselwerk"),
    ("Nenhuma queixa sobre a minha pintura", "pintura"),
    ("Nessun rilievo sulla mia contabilità IVA", "IVA"),
    ("Aucune remarque sur mes soudures", "soudures"),
]

NEGATED = [
    # "Not one of my skills" after the term, in each language.
    ("Plastering is not one of my skills", "Plastering"),
    ("Buchhaltung zählt nicht zu meinen Stärken", "Buchhaltung"),
    ("La soudure ne fait pas partie de mes compétences", "soudure"),
    ("La fontanería no forma parte de mi experiencia", "fontanería"),
    ("Contabilidade não faz parte das minhas competências", "Contabilidade"),
    ("La saldatura non rientra tra le mie competenze", "saldatura"),
    ("Metselen behoort niet tot mijn vaardigheden", "Metselen"),
    ("Spawanie nie należy do moich umiejętności", "Spawanie"),
    # Guards: a real absence beside the new words stays one.
    ("Nikt w zespole nie znał SAP", "SAP"),
    ("Whoever wrote this, I have never used Jira", "Jira"),
    ("No Kotlin, which is not a problem for us", "Kotlin"),
    ("No knowledge about Kubernetes", "Kubernetes"),
    ("Geen kennis over SAP", "SAP"),
    ("Nie znam Excela, który jest tu wymagany", "Excela"),
]

EVERYDAY = [
    # A first name after "your manager will be" or before an apposition naming a role.
    ("Your line manager will be Ruby, who runs the night shift", "Ruby", True),
    ("Dein Vorgesetzter ist Pascal aus dem Vertrieb", "Pascal", True),
    ("Tu jefa será Julia, de recepción", "Julia", True),
    ("Twoim kierownikiem będzie Pascal", "Pascal", True),
    ("Julia, notre directrice commerciale, vous accueillera", "Julia", True),
    ("Ruby, onze teamleider, leidt je in", "Ruby", True),
    ("Ti accoglierà Julia, la nostra responsabile di negozio", "Julia", True),
    # Memory sizes (French "Go"), a python's species, the moon, ladders, literature.
    ("We are hiring 8 Go developers for our payments team", "Go", False),
    ("Portable : 16 Go de RAM", "Go", True),
    ("Soigneur animalier : un python réticulé de cinq mètres", "python", True),
    ("Passeios noturnos na lua cheia com o grupo de escuteiros", "lua", True),
    ("Uso di trabattello e scala in cantiere", "scala", True),
    ("Systematic literature review in Python", "Python", False),  # literature is no domain
    # Guards: the skill beside the same kinds of words.
    ("Your manager will be a Ruby expert", "Ruby", False),
    ("Ruby, Python and Go: our stack", "Ruby", False),
    ("Microservices en Go, 3 ans", "Go", False),
    ("Scripts em Lua para jogos", "Lua", False),
    ("Sviluppo backend in Scala e Akka", "Scala", False),
    ("Streaming con Kafka e Flink", "Kafka", False),
    ("Python for data engineering, our main language", "Python", False),
]


@pytest.mark.parametrize(("text", "term"), STATEMENTS)
def test_negations_that_praise_or_require_are_statements(text: str, term: str) -> None:
    assert not reading_of(text, term).negated


@pytest.mark.parametrize(("text", "term"), NEGATED)
def test_absence_beside_them_stays_negated(text: str, term: str) -> None:
    assert reading_of(text, term).negated


@pytest.mark.parametrize(("text", "term", "everyday"), EVERYDAY)
def test_names_of_people_and_things_are_everyday(text: str, term: str, everyday: bool) -> None:
    assert reading_of(text, term).everyday is everyday


def test_whoever_is_its_own_class_apart_from_nobody() -> None:
    # "Nikt nie" is negative concord, "Kto nie" a condition: the classes must not meet.
    assert not word_class("whoever") & word_class("nobody")
    assert {"wer", "kto", "chi", "quem"} <= word_class("whoever")
