"""Good claims kept and options read (r11-keep): insistence that holds a negation ("no
exception on X", "aucune dérogation sur X"); a lack verb denied ("no me falta experiencia
en X", "nie brakuje mi", "fehlt es nicht an"); a thing left undone denied ("not one ticket
went unanswered"); "ideally with Y" after the term is Y's option; a language denied plainly
("Ik spreek geen Frans") is a negation, not the past; "X brauchst du nicht" (not needed);
impersonal valuing ("valoriza-se X") and waivers ("dispensa-se X", "X niewymagana",
"Inglês? Dispensável"); "not required, but useful" (optional); German language compounds
("Polnischkenntnisse") name the language. Guards: the same words where the term is really
absent, not needed, optional or required. All sentences written for these tests."""

from __future__ import annotations

import pytest

from explain.core.rules import equivalence
from tests.explain.core.rules.test_reading_everyday_domains import reading_of

KEPT = [
    # Insistence: no exception, no waiver on the requirement.
    ("No exception on the CSCS card, please bring it on day one", "CSCS"),
    ("Keine Ausnahme beim Staplerschein, Kopie bitte beilegen", "Staplerschein"),
    ("Aucune dérogation sur le CACES, vérifié le premier jour", "CACES"),
    ("Ninguna excepción con el carné de manipulador", "carné de manipulador"),
    ("Nenhuma exceção quanto ao curso de socorrismo", "socorrismo"),
    ("Nessuna deroga sul patentino del muletto", "patentino"),
    ("Geen uitzondering op het VCA-diploma", "VCA"),
    ("Żadnych wyjątków: uprawnienia SEP obowiązkowe", "SEP"),
    # A lack verb denied: plenty of it.
    ("No me falta práctica con AutoCAD: diez años de delineante", "AutoCAD"),
    ("Nunca me faltou trabalho de canalização desde 2012", "canalização"),
    ("Non mi manca la pratica con il tornio CNC", "tornio"),
    ("Nie brakuje mi praktyki przy spawaniu TIG", "TIG"),
    ("An Routine mit DATEV fehlt es mir nicht", "DATEV"),
    ("Het ontbreekt me niet aan ervaring met Exact Online", "Exact Online"),
    ("Never lacked roofing work in twelve years self-employed", "roofing"),
    # A thing left undone, denied: praise.
    ("Not one work order went unanswered on my shift", "work order"),
    ("Kein Lieferschein blieb unbearbeitet", "Lieferschein"),
    ("Nessun ordine inevaso in alta stagione", "ordine"),
    ("Ningún aviso desatendido en mi turno", "aviso"),
    # "Never at a loss for": the idiom's negation negates nothing.
    ("An der Hotline nie um eine Antwort verlegen", "Hotline"),
    # A season of trade is no past.
    ("Caixa e reposição na época alta de 2024", "reposição"),
]

STILL_NEGATED = [
    # Plain absence beside the same words.
    ("No CSCS card yet, applying next month", "CSCS"),
    ("Kein Staplerschein, Ausnahme nur mit Begleitung", "Staplerschein"),
    ("Aucun CACES pour l'instant", "CACES"),
    ("No tengo AutoCAD, me falta formación", "AutoCAD"),
    ("Nie znam TIG, brakuje mi praktyki", "TIG"),
    ("No roofing experience", "roofing"),
    ("No DATEV, mir fehlt die Praxis", "DATEV"),
    # A language denied plainly, with or without "any more".
    ("Ik spreek geen Frans.", "Frans"),
    ("Ik spreek helaas geen Duits meer", "Duits"),
    # Not needed on a job, more forms.
    ("Dispensa-se carta de condução", "carta de condução"),
    ("Dispensam-se conhecimentos de SAP", "SAP"),
    ("O inglês é dispensável nesta função", "inglês"),
    ("Inglês? Dispensável.", "Inglês"),
    ("Znajomość niemieckiego niewymagana", "niemieckiego"),
    ("Prawo jazdy nieobowiązkowe", "Prawo jazdy"),
    ("Inglés: prescindible", "Inglés"),
    ("Englisch: verzichtbar", "Englisch"),
    ("Einen Staplerschein brauchst du für die Kasse nicht", "Staplerschein"),
]

OPTIONAL = [
    ("Valoriza-se conhecimento de Primavera", "Primavera"),
    ("Privilegia-se experiência em PHC", "PHC"),
    ("Si valuta positivamente la conoscenza di Zucchetti", "Zucchetti"),
    ("Prawo jazdy kat. B nie jest wymagane, ale się przyda", "Prawo jazdy"),
    ("Excel not required, but useful", "Excel"),
    ("Excel ist kein Muss, aber hilfreich", "Excel"),
    ("Excel pas obligatoire mais utile", "Excel"),
    ("Excel no es obligatorio, pero ayuda", "Excel"),
    ("Excel não é obrigatório, mas é útil", "Excel"),
    ("Excel non obbligatorio ma utile", "Excel"),
    ("Excel niet verplicht, maar handig", "Excel"),
    # The option's own object after "ideally": optional.
    ("Java required, ideally Spring", "Spring"),
    ("Experiência em SAP, de preferência no módulo MM", "módulo MM"),
    ("Docker ideally", "Docker"),
]

REQUIRED = [
    # An option word after a comma, before a preposition: what follows is the option.
    ("Three years of conveyancing, ideally with a high-street firm", "conveyancing"),
    ("Experiencia con Navision, idealmente en distribución", "Navision"),
    ("Trois ans sur Sage, idéalement dans un cabinet", "Sage"),
    ("Ervaring met AFAS, bij voorkeur in de zorg", "AFAS"),
    ("Experiência em SAP, de preferência no retalho", "SAP"),
    # Required, however it is said.
    ("Carta de condução indispensável", "carta de condução"),
    ("Einen Staplerschein brauchst du unbedingt", "Staplerschein"),
]


@pytest.mark.parametrize(("text", "term"), KEPT)
def test_a_negation_that_insists_or_praises_keeps_the_claim(text: str, term: str) -> None:
    reading = reading_of(text, term)
    assert not (reading.negated or reading.someone_else or reading.past), reading


@pytest.mark.parametrize(("text", "term"), STILL_NEGATED)
def test_an_absence_or_a_waiver_stays_negated(text: str, term: str) -> None:
    reading = reading_of(text, term)
    assert reading.negated and not reading.past, reading


@pytest.mark.parametrize(("text", "term"), OPTIONAL)
def test_a_valued_or_useful_term_is_optional(text: str, term: str) -> None:
    reading = reading_of(text, term)
    assert reading.optional and not reading.negated, reading


@pytest.mark.parametrize(("text", "term"), REQUIRED)
def test_an_option_about_something_else_leaves_the_term_required(text: str, term: str) -> None:
    reading = reading_of(text, term)
    assert not (reading.optional or reading.negated or reading.about_company), reading


@pytest.mark.parametrize(
    ("term", "text"),
    [("Polnisch", "Polnischkenntnisse von Vorteil"), ("German", "Gute Deutschkenntnisse")],
)
def test_a_german_language_compound_names_the_language(term: str, text: str) -> None:
    assert equivalence.find_term(term, text, 0, len(text))


def test_a_plain_compound_of_another_word_is_no_language() -> None:
    text = "Gute Fachkenntnisse"
    assert not equivalence.find_term("German", text, 0, len(text))
