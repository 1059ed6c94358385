"""Achievements worded as a zero or a never, and "not only ... but also": the reader
keeps them as statements, and real absence beside them is still read as absence
(docs/verifier.md, "The quote read in its sentence")."""

from __future__ import annotations

import pytest

from explain.core.rules.reading import Reading, word_class
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


# Round 6 (kept6): a negated failure verb or mishap noun, a double negation, "nobody ...
# without", "no one else" and a list value saying "only read about it", in all eight files.
NEGATED_FAILURE = [
    ("Never missed a Testo logger check", "Testo"),
    ("Never lost an EMIS record", "EMIS"),
    ("Never overspent a Procore budget", "Procore"),
    ("No missed Paragon collections", "Paragon"),
    ("I never broke the Jenkins build", "Jenkins"),
    ("Nie einen DATEV-Termin verpasst", "DATEV"),
    # Verb-final: the participle two words past the term.
    ("Noch nie eine Frist in Lexware versäumt", "Lexware"),
    ("Jamais dépassé un délai Shippeo", "Shippeo"),
    ("Je n'ai jamais manqué une paie Silae", "Silae"),
    ("Nunca perdí un pedido en SAP", "SAP"),
    ("Nunca falhei um fecho no Primavera", "Primavera"),
    ("Non ho mai sforato con STR Vision", "STR Vision"),
    ("Nog nooit een AFAS-deadline gemist", "AFAS"),
    # Negation concord: "nigdy" stands before the praised "nie".
    ("Nigdy nie spóźniłam się z Płatnikiem", "Płatnikiem"),
    # Mishap nouns: a non-conformity, a deviation, a remark in an audit.
    ("No non-conformities in BRCGS audits", "BRCGS"),
    ("Keine Abweichungen beim IFS-Audit", "IFS"),
    ("Aucune non-conformité sur Qualiopi", "Qualiopi"),
    ("Ninguna no conformidad en AENOR", "AENOR"),
    ("Nenhuma não conformidade na auditoria do INMETRO", "INMETRO"),
    ("Nessuna non conformità nelle ispezioni ASL", "ASL"),
    ("Geen afwijkingen bij de VCA-audit", "VCA"),
    ("Bez uwag przy odbiorze UDT", "UDT"),
]

DOUBLE_NEGATION = [
    ("Barely a shift without the Cerner terminals", "Cerner"),
    ("Kaum ein Tag ohne SAP MM", "SAP MM"),
    # "ni" opens it, "sin" follows: not "neither ... nor"; "un solo" is "a single", not "only".
    ("Ni una sola semana sin Revit", "Revit"),
    ("Nem uma semana sem AutoCAD", "AutoCAD"),
    ("Ani tygodnia bez Optimy", "Optimy"),
    # A requirement said as "nobody ... without": the job asks for it.
    ("Nobody drives our vans without a CPC card", "CPC"),
    ("Niemand arbeitet bei uns ohne Ersthelferschein", "Ersthelferschein"),
    ("Personne ne monte sur une nacelle sans CACES", "CACES"),
    ("Nadie opera la grúa sin el carnet de operador", "carnet de operador"),
    ("Ninguém opera a empilhadeira sem a NR-11", "NR-11"),
    ("Niemand rijdt hier zonder code 95", "code 95"),
]

STILL_ABSENT = [
    ("Never used the Testo loggers", "Testo"),
    ("Never passed the CCNA exam", "CCNA"),
    ("Hardly any SQL", "SQL"),
    # "nor" after a "without" keeps the negation: only "ni" opening before "sin" undoes it.
    ("Sin SAP ni Excel", "Excel"),
    ("Weder Jira noch Confluence", "Confluence"),
    ("Ni Java ni Kotlin", "Kotlin"),
    ("Nunca trabalhei no Protheus", "Protheus"),
    ("No Ersthelferschein yet", "Ersthelferschein"),
    ("Drivers without a CPC card are welcome", "CPC"),
    # Known only from reading or in theory, as a list item's value.
    ("Kotlin: only read about it", "Kotlin"),
    ("Elixir – nur die Doku gelesen", "Elixir"),
    ("Flutter : seulement la théorie", "Flutter"),
    ("Rust: solo he leído el libro", "Rust"),
    ("Scala – alleen over gelezen", "Scala"),
    ("Haskell: tylko teoria", "Haskell"),
]


@pytest.mark.parametrize(("text", "term"), NEGATED_FAILURE + DOUBLE_NEGATION)
def test_a_negated_failure_or_a_double_negation_is_a_statement(text: str, term: str) -> None:
    assert not reading_of(text, term).negated


@pytest.mark.parametrize(("text", "term"), STILL_ABSENT)
def test_real_absence_and_nor_are_still_negated(text: str, term: str) -> None:
    assert reading_of(text, term).negated


@pytest.mark.parametrize(
    ("text", "term"),
    [
        ("No one else could run Rondo", "Rondo"),
        ("No one else touched the Sage ledgers – I did", "Sage"),
        ("Nikt inny nie obsługiwał Symfonii", "Symfonii"),
        ("Nobody on my team could weld TIG but me", "TIG"),
    ],
)
def test_nobody_else_is_the_writers_own(text: str, term: str) -> None:
    assert reading_of(text, term) == Reading()


def test_someone_else_without_nobody_is_still_read() -> None:
    assert reading_of("My manager ran the Xero month-end", "Xero").someone_else


@pytest.mark.parametrize(
    ("text", "term"),
    [
        # Portuguese preterites and "ç" show the clause's "no" is "in the", not "no".
        ("Aprovou orçamentos no Primavera", "Primavera"),
        ("Migrou dados no Protheus", "Protheus"),
        ("Escreveu relatórios no Power BI", "Power BI"),
    ],
)
def test_portuguese_no_after_a_preterite_is_in_the(text: str, term: str) -> None:
    assert not reading_of(text, term).negated


def test_every_language_has_failure_and_nobody_words() -> None:
    assert {"missed", "verpasst", "raté", "fallado", "falhei", "sbagliato", "gemist"} <= (
        word_class("failure")
    )
    assert "przekroczyłem" in word_class("failure")
    assert {"nobody", "niemand", "personne ne", "nadie", "ninguém", "nessuno", "nikt"} <= (
        word_class("nobody")
    )


@pytest.mark.parametrize(
    ("text", "term"),
    [
        # NegEx pseudo-triggers in the languages that lacked them: no doubt, not to mention.
        ("Sin duda, SAP es mi fuerte", "SAP"),
        ("Sem dúvida o Primavera é o meu forte", "Primavera"),
        ("Senza dubbio AutoCAD", "AutoCAD"),
        ("Zonder twijfel Excel", "Excel"),
        ("Bez wątpienia Excel to moja mocna strona", "Excel"),
        ("Nie wspominając o Optimie", "Optimie"),
        ("Per non parlare di Zucchetti", "Zucchetti"),
        ("Sans parler de Sage", "Sage"),
        ("I don't just use Excel, I build the models", "Excel"),
        # A negated stop goes on.
        ("Nie przestałem używać Linuxa", "Linuxa"),
        ("Nunca he dejado de usar SAP", "SAP"),
    ],
)
def test_pseudo_triggers_and_negated_stops_are_statements(text: str, term: str) -> None:
    assert not reading_of(text, term).negated


@pytest.mark.parametrize(
    ("text", "term"),
    [
        # A negated reluctance, "no substitute for", "never say no to".
        ("Never hesitated to escalate in ServiceNow", "ServiceNow"),
        ("Nunca dudé en usar SAP", "SAP"),
        ("There's no substitute for hands-on Kubernetes experience", "Kubernetes"),
        ("Kein Ersatz für echte SPS-Erfahrung", "SPS"),
        ("I never say no to a Python project", "Python"),
        # "nie miałem" before a mishap noun.
        ("Nie miałem reklamacji na spawy TIG", "TIG"),
        # A condition's second negation naming the start or the access.
        ("No CSCS card, no start on site", "CSCS"),
        ("Geen VCA, geen toegang tot de bouwplaats", "VCA"),
    ],
)
def test_reluctance_substitutes_and_conditions_are_statements(text: str, term: str) -> None:
    assert not reading_of(text, term).negated


def test_a_condition_without_a_hiring_word_is_still_not_needed() -> None:
    assert reading_of("No Scala, no Kotlin", "Scala").negated


@pytest.mark.parametrize(
    ("text", "term"),
    [
        # "No secrets for me", "not new to", "kein Neuland": the writer knows it well.
        ("O SAP não tem segredos para mim", "SAP"),
        ("SAP ist für mich kein Neuland", "SAP"),
        ("Not new to SAP: 4 years in FI", "SAP"),
        ("Delivered payroll without fail in Sage", "Sage"),
        # Downtime, stoppage and discrepancy nouns are mishaps.
        ("Nessun fermo su SAP", "SAP"),
        ("Aucune interruption sur Kubernetes", "Kubernetes"),
        ("Keine Ausfallzeiten bei der SPS", "SPS"),
        ("Sem divergências no SAP", "SAP"),
        ("Geen onderbrekingen bij Exact", "Exact"),
    ],
)
def test_knowing_it_well_and_no_downtime_are_statements(text: str, term: str) -> None:
    assert not reading_of(text, term).negated


@pytest.mark.parametrize(
    ("text", "term"),
    [
        # A downtime word that is the work, not its outcome, stays negated (after a verb).
        ("Never handled outages in PagerDuty", "PagerDuty"),
        ("Kein Neuland? Nein: SAP kenne ich nicht", "SAP"),
    ],
)
def test_the_work_itself_negated_stays_negated(text: str, term: str) -> None:
    assert reading_of(text, term).negated


@pytest.mark.parametrize(
    ("text", "term"),
    [
        # "If you don't have X, don't apply": the first negation is a condition.
        ("If you don't have a CSCS card, please don't apply", "CSCS"),
        ("Ne postulez pas si vous n'avez pas le CACES", "CACES"),
        ("Wer keinen Staplerschein hat, bitte nicht bewerben", "Staplerschein"),
        ("Se não tiver a NR-35, não se candidate", "NR-35"),
        ("Jeśli nie masz uprawnień SEP, nie aplikuj", "SEP"),
    ],
)
def test_dont_apply_makes_the_negation_before_a_requirement(text: str, term: str) -> None:
    assert not reading_of(text, term).negated


@pytest.mark.parametrize(
    ("text", "term"),
    [
        ("No Kotlin needed, apply anyway", "Kotlin"),
        ("Kotlin not required, please apply", "Kotlin"),
    ],
)
def test_not_needed_before_an_invitation_to_apply_stays_not_needed(text: str, term: str) -> None:
    assert reading_of(text, term).negated
