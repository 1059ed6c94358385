"""Someone else's and another role's, round 10: the assistant of a person named by the trade
the term names ("Assistant to the payroll officer", "Supporto alla collega addetta paghe"),
with the person's trade joined by up to two words ("aus der"); a person then a word saying
the person is in charge of the term, with or without a comma ("the accountants responsible
for payroll", "dono da conta AWS"); work given to an agency in Polish; another opening named
in each language; persons written with a gender star. Guards: the helper's own title before
the term ("Assistant payroll manager"), the reader in charge ("You will be responsible for"),
an indefinite person ("an accountant responsible for"), a hiring team ("Our fab team is
looking for a welder with"). Sentences written for these tests."""

from __future__ import annotations

import pytest

from tests.explain.core.rules.test_reading_scoped import job_state, profile_state, reading_of

SOMEONE_ELSE = [
    ("Assistant to the payroll officer: filing and phone calls", "payroll"),
    ("Zuarbeit für den Kollegen aus der Lohnbuchhaltung, vor allem Ablage", "Lohnbuchhaltung"),
    ("Assistante de la responsable paie : classement et téléphone", "paie"),
    ("Asistente del responsable de nóminas: archivo y teléfono", "nóminas"),
    ("Assistente do analista de folha de pagamento: arquivo e telefone", "folha de pagamento"),
    ("Assistente dell'addetta paghe: archivio e telefono", "paghe"),
    ("Supporto al collega addetto paghe per l'archivio", "paghe"),
    (
        "Assistent van de medewerker salarisadministratie: archief en telefoon",
        "salarisadministratie",
    ),
    ("SEO było zlecone agencji, ja prowadziłam bloga", "SEO"),
    ("Aiuto saldatore: preparavo i pezzi", "saldatore"),
]

PROFILE_KEPT = [
    ("Assistant payroll manager, ran payroll for 200 staff", "payroll"),
    ("Payroll officer: ran monthly payroll for 200 staff", "payroll"),
    ("Responsable paie pour 200 salariés", "paie"),
    ("Técnico de nóminas: 300 nóminas mensuales", "nóminas"),
    ("Addetta paghe presso uno studio di consulenza", "paghe"),
    ("Specjalistka ds. płac w firmie produkcyjnej", "płac"),
    ("AutoCAD no me asusta, lo uso a diario en la oficina técnica", "AutoCAD"),
]

OTHER_ROLE = [
    ("You'll work alongside the accountants responsible for payroll", "payroll"),
    ("You will report to the IT manager, owner of our SAP landscape", "SAP"),
    ("Vous travaillerez avec les comptables chargés de la paie", "paie"),
    ("Trabajarás junto a los contables responsables de las nóminas", "nóminas"),
    ("Lavorerai con i consulenti responsabili delle paghe", "paghe"),
    (
        "Je werkt samen met de collega's verantwoordelijk voor de salarisadministratie",
        "salarisadministratie",
    ),
    ("Ti interfaccerai con i sistemisti che mantengono OpenShift", "OpenShift"),
    ("I nostri contabili gestiscono Zucchetti; tu ti occupi dell'accoglienza", "Zucchetti"),
    ("Die Kolleg*innen der Buchhaltung pflegen SAP FI, du kümmerst dich um den Versand", "SAP FI"),
    # Another opening.
    ("NB: è aperta anche una posizione da data analyst (Python, SQL)", "Python"),
    ("Separat ausgeschrieben ist eine Stelle als Data Analyst (Python, SQL)", "Python"),
    ("Er is ook een aparte vacature voor een data-analist (Python, SQL)", "Python"),
    ("Mamy też osobną ofertę dla analityka danych (Python, SQL)", "Python"),
    ("Hay otra vacante abierta de analista de datos (Python, SQL)", "Python"),
    # Polish "our" and persons in their cases.
    ("Będziesz blisko współpracować z naszymi konsultantami SAP", "SAP"),
]

REQUIRED = [
    ("We need an accountant responsible for payroll", "payroll"),
    ("You will be responsible for payroll", "payroll"),
    ("Vous serez chargé de la paie", "paie"),
    ("Serás responsable de las nóminas", "nóminas"),
    ("Você será responsável pela folha de pagamento", "folha de pagamento"),
    ("Sarai responsabile delle paghe", "paghe"),
    ("Będziesz odpowiedzialny za płace", "płace"),
    ("Our fab team is looking for a welder with proven TIG welding", "TIG welding"),
    ("Voor ons IC-team zoeken wij een verpleegkundige met BIG-registratie", "BIG-registratie"),
    ("Nous cherchons un DevOps qui maîtrise OpenShift", "OpenShift"),
    ("This opening is for a data analyst (Python, SQL)", "Python"),
    ("Unser Team arbeitet mit SAP FI, du auch", "SAP FI"),
    ("Szukamy konsultanta SAP do naszego zespołu", "SAP"),
    ("Jako analityk będziesz pracować w Pythonie z naszymi danymi", "Pythonie"),
]


@pytest.mark.parametrize(("text", "term"), SOMEONE_ELSE)
def test_an_assistants_line_is_someone_elses(text: str, term: str) -> None:
    assert profile_state(reading_of(text, term)) == "someone_else", (text, term)


@pytest.mark.parametrize(("text", "term"), PROFILE_KEPT)
def test_the_writers_own_title_stays_kept(text: str, term: str) -> None:
    assert profile_state(reading_of(text, term)) == "states", (text, term)


@pytest.mark.parametrize(("text", "term"), OTHER_ROLE)
def test_a_person_in_charge_or_another_opening_is_another_roles(text: str, term: str) -> None:
    assert job_state(reading_of(text, term)) == "other_role", (text, term)


@pytest.mark.parametrize(("text", "term"), REQUIRED)
def test_the_readers_own_charge_stays_required(text: str, term: str) -> None:
    assert job_state(reading_of(text, term)) == "required", (text, term)


HANDS = [
    (
        "O design gráfico fica a cargo da nossa agência parceira; você cuida das campanhas",
        "design gráfico",
    ),
    (
        "El diseño gráfico corre a cargo de nuestra agencia; tú llevas las campañas",
        "diseño gráfico",
    ),
    ("La paie est confiée à un cabinet externe ; vous gérez l'accueil", "paie"),
    (
        "Die Lohnbuchhaltung liegt bei unserem Steuerbüro, du kümmerst dich um den Empfang",
        "Lohnbuchhaltung",
    ),
    ("La gestione delle paghe è affidata a uno studio esterno", "paghe"),
    ("De salarisadministratie ligt bij ons accountantskantoor", "salarisadministratie"),
    ("Payroll sits with our accountants; you'll run the front desk", "Payroll"),
    ("Naliczanie płac leży po stronie biura rachunkowego", "płac"),
]

YOURS = [
    ("Você ficará a cargo do SAP e dos relatórios financeiros", "SAP"),
    ("Estarás a cargo de SAP y de los informes", "SAP"),
    ("Payroll is in your hands from day one", "Payroll"),
    ("Die Lohnbuchhaltung liegt bei dir", "Lohnbuchhaltung"),
    # Portuguese "da" before "nossa" is "of the", not the Italian agent "da".
    ("NR-10 obrigatória para eletricistas da nossa equipe de manutenção", "NR-10"),
    ("Experiência com SAP, para apoiar os processos da nossa área financeira", "SAP"),
]


@pytest.mark.parametrize(("text", "term"), HANDS)
def test_work_in_anothers_hands_is_another_roles(text: str, term: str) -> None:
    assert job_state(reading_of(text, term)) == "other_role", (text, term)


@pytest.mark.parametrize(("text", "term"), YOURS)
def test_work_in_the_readers_hands_stays_required(text: str, term: str) -> None:
    assert job_state(reading_of(text, term)) == "required", (text, term)


@pytest.mark.parametrize(
    ("text", "term"),
    [
        ("Payroll was in the hands of an outside bureau; I did reception", "Payroll"),
        ("O SAP ficava a cargo da equipa de TI; eu tratava da faturação", "SAP"),
        ("SAP era gestito da consulenti esterni", "SAP"),
        ("O SAP era gerido pela nossa equipa de TI", "SAP"),
    ],
)
def test_work_in_anothers_hands_is_someone_elses(text: str, term: str) -> None:
    assert profile_state(reading_of(text, term)) == "someone_else", (text, term)


@pytest.mark.parametrize(
    ("text", "term"),
    [
        # A contracted article before the person in charge of the term.
        ("Trabajé junto al ingeniero responsable de Kubernetes", "Kubernetes"),
        ("Trabalhei ao lado do engenheiro responsável pelo Kubernetes", "Kubernetes"),
        ("Ho lavorato accanto all'ingegnere responsabile di Kubernetes", "Kubernetes"),
        ("Active Directory era gestito dall'ufficio IT", "Active Directory"),
        # Work given out, more forms.
        ("SEO wurde an eine Agentur vergeben", "SEO"),
        ("El SEO se subcontrataba a una agencia", "SEO"),
        ("Payroll was farmed out to a bureau", "Payroll"),
        ("La SEO era data in outsourcing a un'agenzia", "SEO"),
    ],
)
def test_a_person_in_charge_or_work_given_out_is_someone_elses(text: str, term: str) -> None:
    assert profile_state(reading_of(text, term)) == "someone_else", (text, term)


@pytest.mark.parametrize(
    ("text", "term"),
    [
        ("Ingeniero responsable de Kubernetes en producción", "Kubernetes"),
        ("Engenheiro responsável pelo Kubernetes em produção", "Kubernetes"),
        ("Consulente SAP in outsourcing presso un gruppo automotive", "SAP"),
        ("Konsultant SAP w outsourcingu u klienta", "SAP"),
        ("Java developer contracted out to banking clients", "Java"),
        ("Déploiement de SAP aux équipes de production", "SAP"),
        ("Formazione al team vendite su SAP", "SAP"),
    ],
)
def test_the_writer_in_charge_or_placed_out_stays_kept(text: str, term: str) -> None:
    assert profile_state(reading_of(text, term)) == "states", (text, term)


TITLES = [
    # A CV title (a bare person, seniority words, the term) then "I": the writer's own.
    ("Développeur Shopify (j'ai créé 30 boutiques)", "Shopify"),
    ("Senior developer Java, I led 3 projects", "Java"),
    ("Entwickler Java, ich leitete 3 Projekte", "Java"),
    ("Desarrollador senior Java, yo lideré 3 proyectos", "Java"),
    ("Desarrollador freelance de Shopify, yo monté 30 tiendas", "Shopify"),
    ("Sviluppatore senior Java, ho guidato 3 progetti", "Java"),
    ("Ontwikkelaar Java, ik leidde 3 projecten", "Java"),
    ("Programista Java, ja prowadziłem 3 projekty", "Java"),
    ("Desenvolvedor sênior Java, eu liderei 3 projetos", "Java"),
]

NOT_TITLES = [
    ("DBA team owned Oracle, I handled backups", "Oracle"),
    ("Kierownik ustawiał harmonogramy w MS Project, ja pilnowałem dostaw", "MS Project"),
    (
        "Bij mijn vorige werkgever beheerde het platformteam Kubernetes, ik schreef Java",
        "Kubernetes",
    ),
    ("Della saldatura se ne occupava il collega; io facevo il montaggio", "saldatura"),
]


@pytest.mark.parametrize(("text", "term"), TITLES)
def test_a_cv_title_then_i_stays_the_writers(text: str, term: str) -> None:
    assert profile_state(reading_of(text, term)) == "states", (text, term)


@pytest.mark.parametrize(("text", "term"), NOT_TITLES)
def test_another_doer_then_i_is_someone_elses(text: str, term: str) -> None:
    assert profile_state(reading_of(text, term)) == "someone_else", (text, term)
