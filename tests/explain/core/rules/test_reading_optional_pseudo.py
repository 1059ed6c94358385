"""Optional on the job side and good claims that only look negative: an opening "Ideally,"
before its comma, a fronted wish reaching a list, a need denied and then called welcome, a
bracketed aside after the term, list values and headings that say "plus", rhetorical praise,
and a sentence-initial everyday name before an auxiliary. Each rule is checked where it
fires and beside a true claim it must leave alone."""

from __future__ import annotations

import pytest

from explain.core.rules.equivalence import find_term
from tests.explain.core.rules.test_reading_scoped import job_state, profile_state, reading_of

JOB = [
    # An opening "Ideally," / "Idealmente," with its comma still governs the clause.
    ("Ideally, some exposure to Terraform", "Terraform", "optional"),
    ("Idéalement, une première expérience sur Jenkins", "Jenkins", "optional"),
    ("Idealmente, conocimientos de Figma", "Figma", "optional"),
    ("Idealmente, vivência com Tableau", "Tableau", "optional"),
    # Guard: a list item's value before a comma stays that item's.
    ("Redis: optional, Postgres", "Postgres", "required"),
    ("No, Postgres is what we run", "Postgres", "required"),
    # An opening wish reaches every item of the list it introduces.
    ("Se valorará conocer Ansible, Puppet, Chef o Salt", "Salt", "optional"),
    ("Idealerweise kennst du Jira, Confluence, Bitbucket und Bamboo", "Bamboo", "optional"),
    # Guard: a wish after a preposition keeps its short reach.
    ("Bonus points for clean commits, reviews, tests and then Kafka", "Kafka", "required"),
    # A need denied after the term, then a connector and a wish: optional, not unneeded.
    ("Tableau is not required but would be helpful", "Tableau", "optional"),
    ("Zabbix geen vereiste, maar wel een pré", "Zabbix", "optional"),
    ("Jira nie jest konieczna, ale mile widziana", "Jira", "optional"),
    # Guard: without the wish right after the connector, the denial holds.
    ("Kotlin is not required, but Java is a plus", "Kotlin", "not_needed"),
    ("Perl is not needed", "Perl", "not_needed"),
    # A bracket after the term that opens with no cue is an aside.
    ("SQL Server (or a similar engine) would be a plus", "SQL Server", "optional"),
    ("Forklift licence required (reach truck endorsement desirable)", "Forklift", "required"),
    ("Kubernetes obligatoire (Helm souhaité)", "Kubernetes", "required"),
    # Guard: a bracket opening with a cue still speaks of the term.
    ("Elixir (nice to have)", "Elixir", "optional"),
    ("Scala (preferred)", "Scala", "optional"),
    # "plus" and "gerne" as a list item's value; more wish phrases and forms.
    ("Vault = plus", "Vault", "optional"),
    ("Kanban? Gerne, aber nicht zwingend", "Kanban", "optional"),
    ("Grafana would set you apart", "Grafana", "optional"),
    ("Conocimientos de Jira valorables", "Jira", "optional"),
    ("Bash apprezzato", "Bash", "optional"),
    ("Costituisce titolo di preferenza la conoscenza di Ansible", "Ansible", "optional"),
    ("Lightroom is wenselijk", "Lightroom", "optional"),
    ("Znajomość Figmy to duży plus", "Figmy", "optional"),
    ("Pożądana znajomość Jiry", "Jiry", "optional"),
    ("Erfahrung mit Vue ist erwünscht", "Vue", "optional"),
    ("Vue-Kenntnisse sind ein Pluspunkt", "Vue", "optional"),
    # Guard: "plus" inside a sentence joins, it does not wish.
    ("Java plus Kotlin on Android", "Java", "required"),
]

PROFILE = [
    # Rhetorical praise and "none better": a claim, not a denial.
    ("Who doesn't love Postgres? I tune it every week", "Postgres", "states"),
    ("Nobody better at Tableau dashboards in the region", "Tableau", "states"),
    ("A chi non piace Bash? Lo scrivo ogni giorno", "Bash", "states"),
    ("Niemand besser bei SAP SD in unserem Werk", "SAP", "states"),
    # Guard: a plain denial stays one.
    ("Nobody asked me to use Tableau and I never did", "Tableau", "absent"),
    ("Postgres? Never touched it", "Postgres", "absent"),
]


@pytest.mark.parametrize(("text", "term", "state"), JOB)
def test_job_optional_rules(text: str, term: str, state: str) -> None:
    assert job_state(reading_of(text, term)) == state


@pytest.mark.parametrize(("text", "term", "state"), PROFILE)
def test_profile_praise_rules(text: str, term: str, state: str) -> None:
    assert profile_state(reading_of(text, term)) == state


@pytest.mark.parametrize(
    ("term", "text"),
    [
        ("React", "React is what our front end is built on."),
        ("Excel", "Excel was my main tool at the bank."),
        ("Go", "Go has been our backend language since 2019."),
        ("Swift", "Swift will be the language of the new app."),
    ],
)
def test_a_verb_or_adjective_name_before_an_auxiliary_is_the_name(term: str, text: str) -> None:
    assert find_term(term, text) != [], (term, text)


@pytest.mark.parametrize(
    ("term", "text"),
    [
        ("Spring", "Spring is when the garden centre hires."),  # a noun stays everyday
        ("Access", "Access was granted to every visitor."),
        ("Go", "Go to the depot first."),  # the verb, a function word after it
        ("Excel", "Excel at customer care."),
    ],
)
def test_a_noun_or_a_verb_before_a_function_word_stays_everyday(term: str, text: str) -> None:
    assert find_term(term, text) == [], (term, text)


# A fronted wish that the candidate also knows it, plus points, holders invited to apply,
# and "X brauchst du bei uns nicht"; guards: a stated requirement, "fajnie, że" (glad that).
WISHED_FOR = [
    ("It would be nice if you also knew Terraform", "Terraform", "optional"),
    ("Gaelic speakers are encouraged to apply", "Gaelic", "optional"),
    ("Pluspunkte gibt es für SAP HANA", "SAP HANA", "optional"),
    ("Schön wäre es, wenn du Figma kennst", "Figma", "optional"),
    ("Ce serait un plus si vous maîtrisez Sketch", "Sketch", "optional"),
    ("Sería genial si manejas Tableau", "Tableau", "optional"),
    ("Seria ótimo se você conhecer Looker", "Looker", "optional"),
    ("Sarebbe bello se sapessi usare Figma", "Figma", "optional"),
    ("Leuk als je ook Excel beheerst", "Excel", "optional"),
    ("Fajnie, gdybyś znał Terraform", "Terraform", "optional"),
    ("Ein Studium brauchst du bei uns nicht", "Studium", "not_needed"),
    ("You must know Terraform; it would be nice if you also knew Ansible", "Terraform", "required"),
    ("Fajnie, że znasz Jirę", "Jirę", "required"),
]


@pytest.mark.parametrize(("text", "term", "state"), WISHED_FOR)
def test_a_fronted_wish_is_optional(text: str, term: str, state: str) -> None:
    assert job_state(reading_of(text, term)) == state, text
