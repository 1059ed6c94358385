"""Profile-side rules of the quote reader: a goal written as a list's
label, wishes and the past as a list item's value, fear and beginner idioms after a
negator, a span of years that ended long ago, someone else as a subject that does not
open the clause, and list values that say "still none" or "never had". Each rule is
checked where it fires and where it must not."""

from __future__ import annotations

from datetime import date

import pytest

from explain.core.rules.reading import PAST_YEARS
from tests.explain.core.rules.test_reading_scoped import profile_state, reading_of

THIS_YEAR = date.today().year

PROFILE = [
    # A goal noun as the label of a heading, opening or ending it; never inline.
    ("Goals 2027: Elixir, Gleam", "Gleam", "wished"),
    ("Doelen voor dit jaar: Kotlin", "Kotlin", "wished"),
    ("Mes objectifs :\n- Rust\n- Go", "Rust", "wished"),
    ("Worked at Meta on GraphQL", "GraphQL", "states"),
    ("Goal-oriented engineer, Kotlin since 2017", "Kotlin", "states"),
    ("Projektziel: Umzug auf Azure", "Azure", "states"),
    ("Meta Ads: Pixel, Business Manager", "Pixel", "states"),
    ("Next.js projects: Vercel, ISR", "Vercel", "states"),
    # A wish or the past as a list item's value.
    ("Elixir - planned", "Elixir", "wished"),
    ("Svelte: w planach", "Svelte", "wished"),
    ("Delphi: years ago", "Delphi", "past"),
    # Fear and beginner idioms read through an article fused with the preposition.
    ("Pas peur des vieux scripts Bash", "Bash", "states"),
    ("Sin miedo al COBOL", "COBOL", "states"),
    ("Senza paura dello Scala legacy", "Scala", "states"),
    ("no longer a newbie in Haskell", "Haskell", "states"),
    # A span of years that ended long ago, or "until" a year; a year alone is no end.
    ("Silverlight (2009-2013)", "Silverlight", "past"),
    ("Subversion bis 2011 genutzt", "Subversion", "past"),
    ("Struts hasta 2010", "Struts", "past"),
    ("Kotlin since 2016", "Kotlin", "states"),
    (f"Kotlin ({THIS_YEAR - 2}-{THIS_YEAR})", "Kotlin", "states"),
    # Someone else as a subject that does not open the clause.
    ("the agency ran HubSpot; I wrote the newsletters", "HubSpot", "someone_else"),
    ("Het bureau deed de Magento-shop, ik schreef teksten", "Magento", "someone_else"),
    ("Die Ansible-Rollen schrieb unser Ops-Team", "Ansible", "someone_else"),
    ("Team lead on the Ansible rollout, I wrote most roles", "Ansible", "states"),
    ("Ansible with our ops team", "Ansible", "states"),
    # A list item's value that says none.
    ("Helm ❌", "Helm", "absent"),
    ("Helm: still no hands-on", "Helm", "absent"),
    ("Podman/Buildah: nunca tive contato", "Podman", "absent"),
    ("Helm: noch kein Projekt", "Helm", "absent"),
]


@pytest.mark.parametrize(("text", "term", "state"), PROFILE)
def test_profile_rules(text: str, term: str, state: str) -> None:
    assert profile_state(reading_of(text, term)) == state


def test_a_span_ending_past_years_ago_is_the_past_and_one_year_later_is_not() -> None:
    ended = THIS_YEAR - PAST_YEARS
    assert reading_of(f"Perl ({ended - 3}-{ended})", "Perl").past
    assert not reading_of(f"Perl ({ended - 2}-{ended + 1})", "Perl").past


@pytest.mark.parametrize(
    ("text", "term", "state"),
    [
        ("Clipper in the 90s", "Clipper", "past"),
        ("Clipper negli anni '90", "Clipper", "past"),
        ("Fortran in the 2000s", "Fortran", "past"),
        ("Kafka lag cut from the 30s default to 5s", "Kafka", "states"),
        ("Kotlin in the 2020s", "Kotlin", "states"),
        ("Snowflake: owned by the data team", "Snowflake", "someone_else"),
    ],
)
def test_decades_and_a_list_value_naming_someone_else(text: str, term: str, state: str) -> None:
    assert profile_state(reading_of(text, term)) == state


@pytest.mark.parametrize(
    ("text", "term", "negated"),
    [
        ("Svelte, never used (React only)", "Svelte", True),
        ("Svelte, never used", "Svelte", True),
        ("Java, not Kotlin", "Java", False),
        ("Docker, Kubernetes, not Helm", "Docker", False),
    ],
)
def test_a_negation_ending_its_item_after_a_comma_is_the_terms(
    text: str, term: str, negated: bool
) -> None:
    assert reading_of(text, term).negated is negated


# Round 5: wishes without a wish verb, the past as a span before the term or a later
# "left"/"expired", someone else as an outside firm, and the writer among the doers.
ROUND_5 = [
    # A next step as a heading, preparing to sit an exam, growing or jumping into a field.
    ("Next step: PMP certification by summer", "PMP", "wished"),
    ("Nächster Schritt: Scrum-Master-Zertifikat", "Scrum", "wished"),
    ("Preparing to take the ACCA papers next spring", "ACCA", "wished"),
    ("Je me prépare au TOEIC pour juin", "TOEIC", "wished"),
    ("Hoping for a trainee role where I can grow into cloud security", "cloud security", "wished"),
    ("Keen to make the jump into product management", "product management", "wished"),
    ("Doy el salto a la logística internacional este año", "logística", "wished"),
    ("Quero dar o salto para a área de dados", "dados", "wished"),
    ("Wil doorgroeien naar projectleiding", "projectleiding", "wished"),
    ("Vorrei fare il salto verso il project management", "project management", "wished"),
    # Guards: the same verbs in the past tense, a plan already done.
    ("Prepared the monthly VAT returns in DATEV", "DATEV", "states"),
    ("Grew into the Scrum Master role in 2021", "Scrum", "states"),
    ("Coached four juniors to grow into solid React developers", "React", "states"),
    ("Led the transition into Azure DevOps for 40 engineers", "Azure DevOps", "states"),
    ("Switched to Rust in 2022 and never looked back", "Rust", "states"),
    ("Overgestapt naar Kotlin in 2020, sindsdien dagelijks", "Kotlin", "states"),
    # Two years joined by "to", "et", "a", "al", "e" before the term; "left"/"quit" a year.
    ("From 1999 to 2004, payroll in SAP HR; now in sales", "SAP", "past"),
    ("Entre 2001 et 2006, paie sous Sage ; aujourd'hui commercial", "Sage", "past"),
    ("De 2003 a 2008 nóminas con A3; ahora comercial", "A3", "past"),
    ("Dal 2001 al 2005 disegni in AutoCAD; oggi commerciale", "AutoCAD", "past"),
    ("Tra 2001 e 2005 progettavo in AutoCAD, oggi vendo auto", "AutoCAD", "past"),
    ("Began as a welder in 1995 doing MIG on pipelines (quit 2001)", "MIG", "past"),
    # A certificate no longer valid, later on its line.
    ("Forklift licence (2010, expired), now office-based", "Forklift", "past"),
    ("Permis CACES (2009, expiré)", "CACES", "past"),
    ("Carnet de carretillero (2012, caducado)", "carretillero", "past"),
    ("SAP FI: gestión de la cartera vencida", "SAP", "states"),
    ("Die Umstellung auf SAP ist reibungslos abgelaufen", "SAP", "states"),
    # Guards: a current job that started in a year, a recent span, amounts, "not expired".
    ("From 2019 to 2024 SAP FI consultant at Deloitte", "SAP", "states"),
    ("Since 2016 at Bosch, working in SAP every day", "SAP", "states"),
    ("Started my career in 2015 writing Go services at a fintech", "Go", "states"),
    ("Cut Azure spend from 2000 to 1500 a month", "Azure", "states"),
    ("AWS certificate renewed, not expired", "AWS", "states"),
    # Someone else: a co-founder, a neuter relative, an outside firm after an adjective.
    ("My co-founder wrote all the Swift code, I did sales", "Swift", "someone_else"),
    ("Ik werkte samen met het bureau, dat de campagne in Google Ads draaide", "Google Ads",
     "someone_else"),
    ("Obsługa agencji, która prowadziła kampanie w Google Ads", "Google Ads", "someone_else"),
    ("Facebook Ads ustawiała zewnętrzna agencja marketingowa", "Facebook Ads", "someone_else"),
    ("Płace obsługiwało zewnętrzne biuro kadrowe", "Płace", "someone_else"),
    # Guards: the writer among the doers; a team the work was done for.
    ("My team and I built the Swift app", "Swift", "states"),
    ("Mój zespół i ja wdrożyliśmy Jenkinsa", "Jenkinsa", "states"),
    ("Mi equipo y yo migramos todo a Azure", "Azure", "states"),
    ("Il mio capo e i colleghi usavano SAP, io facevo vendite", "SAP", "someone_else"),
    ("Founder of a two-person Swift studio, I wrote the app myself", "Swift", "states"),
    ("Jenkins opgezet voor de hele afdeling", "Jenkins", "states"),
    ("Jenkins skonfigurowałem dla całego zespołu", "Jenkins", "states"),
    # Never having had the chance, after a comma.
    ("Kubernetes, never had the chance", "Kubernetes", "absent"),
    ("Terraform, jamais eu l'occasion", "Terraform", "absent"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "term", "state"), ROUND_5)
def test_round_5_profile_rules(text: str, term: str, state: str) -> None:
    assert profile_state(reading_of(text, term)) == state


@pytest.mark.parametrize(
    ("text", "term", "state"),
    [
        # A goal heading that ends in "this year"; "some fifteen years ago" in French.
        ("Goals this year: finish the Rust book", "Rust", "wished"),
        ("This year's goals: CKA", "CKA", "wished"),
        ("Ziele dieses Jahr: Terraform", "Terraform", "wished"),
        ("Goals this year were met: migrated everything to Terraform", "Terraform", "states"),
        ("J'ai codé en Pascal il y a une vingtaine d'années", "Pascal", "past"),
        ("Programé en Visual Basic hace más de diez años", "Visual Basic", "past"),
        # Verb second after a fronted phrase: the subject after the verb, "I" later.
        (
            "Beim Kunden hat das Infrastrukturteam die Oracle-Datenbanken betreut, "
            "ich habe Reports gebaut",
            "Oracle",
            "someone_else",
        ),
        (
            "Bij de vorige opdrachtgever deed het datateam alle Power BI-rapporten, ik deed de ETL",
            "Power BI",
            "someone_else",
        ),
        ("At my last job the team used Jira daily, I ran the sprints", "Jira", "someone_else"),
        # Guards: the writer named before the term.
        ("Im Team habe ich Kubernetes betreut, ich war auch Scrum Master", "Kubernetes", "states"),
        ("In het team beheerde ik Kubernetes, ik was ook Scrum Master", "Kubernetes", "states"),
        ("With the team I rolled out Jira, I also ran the sprints", "Jira", "states"),
    ],
)
def test_goal_years_and_verb_second_subjects(text: str, term: str, state: str) -> None:
    assert profile_state(reading_of(text, term)) == state


@pytest.mark.parametrize(
    ("text", "term", "state"),
    [
        # A short aside in brackets between the label and its separator.
        ("Schweißen (WIG): keine Erfahrung", "Schweißen", "absent"),
        ("Soudure (TIG) : aucune", "Soudure", "absent"),
        ("Kubernetes (k8s): 3 years", "Kubernetes", "states"),
        ("SAP (no ORM needed): 5 years", "SAP", "states"),
        # Under way, being prepared, enrolled; "until recently" is the past.
        ("Enrolled in the CIPD Level 5 course", "CIPD", "wished"),
        ("Zertifikat PMP in Vorbereitung", "PMP", "wished"),
        ("Certyfikat CCNA w przygotowaniu", "CCNA", "wished"),
        ("Until recently I ran the Jenkins farm", "Jenkins", "past"),
        ("Tot voor kort beheerde ik Jenkins", "Jenkins", "past"),
    ],
)
def test_an_aside_before_the_separator_and_work_under_way(text: str, term: str, state: str) -> None:
    assert profile_state(reading_of(text, term)) == state


@pytest.mark.parametrize(
    ("text", "term", "state"),
    [
        # Striving, intending, dreaming, plans as a heading, training oneself (wish).
        ("Ich strebe die Zertifizierung zum Scrum Master an", "Scrum Master", "wished"),
        ("Meine Pläne: Umstieg in die Cybersecurity", "Cybersecurity", "wished"),
        ("Ich will mich zur Fachkraft für Lagerlogistik weiterbilden", "Lagerlogistik", "wished"),
        ("J'envisage une reconversion dans la cybersécurité", "cybersécurité", "wished"),
        ("Mi intención es sacarme el CAP este año", "CAP", "wished"),
        ("Tengo pensado hacer el curso de SAP MM", "SAP MM", "wished"),
        ("Tenho como meta tirar a certificação PMP", "PMP", "wished"),
        ("Penso di iscrivermi al corso di Python", "Python", "wished"),
        ("Il mio sogno è diventare UX designer", "UX", "wished"),
        ("Mijn ambitie is om door te stromen naar data engineering", "data engineering", "wished"),
        ("Marzę o pracy z Kubernetesem", "Kubernetesem", "wished"),
        # Decades in words, a number of years ago (past).
        ("Trabajé con AS/400 en los noventa", "AS/400", "past"),
        ("Programmavo in Cobol negli anni novanta", "Cobol", "past"),
        ("Vor zwanzig Jahren mit Delphi programmiert", "Delphi", "past"),
        ("Hace quince años programaba en Visual Basic", "Visual Basic", "past"),
        # Accountants and offices as the doers.
        ("A faturação em Primavera era feita pela contabilista", "Primavera", "someone_else"),
        ("De salarisadministratie in AFAS deed ons administratiekantoor", "AFAS", "someone_else"),
        # Guards: done, reached, "for fifteen years".
        ("Planned and delivered the migration to Azure in 2023", "Azure", "states"),
        ("Ich habe die Zertifizierung zum Scrum Master erreicht", "Scrum Master", "states"),
        ("Seit zwanzig Jahren mit Delphi unterwegs", "Delphi", "states"),
        ("Desde hace quince años trabajo con SAP", "SAP", "states"),
        ("Desde hace años uso Jira a diario", "Jira", "states"),
    ],
)
def test_plans_dreams_decades_in_words_and_offices(text: str, term: str, state: str) -> None:
    assert profile_state(reading_of(text, term)) == state


@pytest.mark.parametrize(
    ("text", "term", "state"),
    [
        # A plural third-person pronoun opening the clause after another's is their doing.
        ("We hired a freelance studio; they did all the Webflow builds", "Webflow", "someone_else"),
        ("Supervisé le prestataire ; ils ont développé l'appli en Flutter", "Flutter",
         "someone_else"),
        ("Contratamos una consultora; ellos implantaron Odoo", "Odoo", "someone_else"),
        ("Contratámos uma agência; eles fizeram o site em WordPress", "WordPress", "someone_else"),
        ("Zleciliśmy to firmie zewnętrznej; oni wdrożyli Comarch ERP", "Comarch", "someone_else"),
        ("My manager ran the Kafka migration", "Kafka", "someone_else"),
        # Guards: "she" in a bio; the writer named as the object before the term.
        ("She led the Epic rollout on two wards", "Epic", "states"),
        ("Anna is an ICU nurse; she has charted in Epic for years", "Epic", "states"),
        ("They trusted me with the Terraform modules", "Terraform", "states"),
        ("My manager asked me to run the Kafka migration", "Kafka", "states"),
        ("Mein Chef hat mich mit der SAP-Einführung betraut", "SAP", "states"),
        ("They say I'm the one to ask about Excel", "Excel", "states"),
    ],
)  # fmt: skip
def test_a_plural_pronoun_subject_and_the_writer_as_object(
    text: str, term: str, state: str
) -> None:
    assert profile_state(reading_of(text, term)) == state


@pytest.mark.parametrize(
    ("text", "term", "state"),
    [
        # Being open or willing to learn; a target, a bucket list, a to-do list (wish).
        ("Open to learning Go", "Go", "wished"),
        ("Willing to learn SAP", "SAP", "wished"),
        ("Bereit, mich in SAP einzuarbeiten", "SAP", "wished"),
        ("Dispuesto a aprender SAP", "SAP", "wished"),
        ("Bereid om SAP te leren", "SAP", "wished"),
        ("Chętnie nauczę się SAP", "SAP", "wished"),
        ("Wishlist: Azure Administrator by Q3", "Azure", "wished"),
        ("Sales target: 2M in deals tracked in Salesforce", "Salesforce", "states"),
        ("Floor plans: Revit", "Revit", "states"),
        ("Penso di essere esperto di SAP", "SAP", "states"),
        ("Bucket list: Japanese", "Japanese", "wished"),
        ("Do zrobienia: certyfikat AWS", "AWS", "wished"),
        # An "ex-" prefix on the term, "before moving to", "voorheen" (past).
        ("Ex-SAP consultant, now in HR", "SAP", "past"),
        ("Worked with Perl long before moving to Go", "Perl", "past"),
        ("Voorheen SAP-consultant, nu HR", "SAP", "past"),
        # Guards.
        ("Worked as an ex-military logistics officer with SAP", "SAP", "states"),
        ("Ich habe mich in SAP eingearbeitet", "SAP", "states"),
        ("Open to relocation, 8 years of SAP FI", "SAP", "states"),
    ],
)
def test_willing_to_learn_targets_and_an_ex_prefix(text: str, term: str, state: str) -> None:
    assert profile_state(reading_of(text, term)) == state


# Round 6 (5 Dec): a lapse word beside a licence noun, five years ago or more, an era
# opening the clause, dreams and career goals, another's clause before the writer's own.
ROUND6 = [
    # A lapse word is the past beside a licence noun in its clause, never beside stock.
    ("Crane operator card (CPCS), expired 2017", "CPCS", "past"),
    ("Staplerschein abgelaufen, nie erneuert", "Staplerschein", "past"),
    ("Permis CACES R489 périmé depuis 2016", "CACES", "past"),
    ("Tarjeta de operador de grúa caducada desde 2017", "operador de grúa", "past"),
    ("Licencja pilota drona wygasła w 2019", "pilota drona", "past"),
    ("Abilitazione HACCP scaduta, mai rinnovata", "HACCP", "past"),
    ("Habilitação de empilhador vencida desde 2018", "empilhador", "past"),
    ("VCA-certificaat verlopen sinds 2015", "VCA", "past"),
    ("Used SAP handhelds to write off expired stock", "SAP", "states"),
    ("Verlopen producten uit de schappen gehaald met Odoo", "Odoo", "states"),
    ("Gestione dei prodotti scaduti in magazzino con TeamSystem", "TeamSystem", "states"),
    ("Forklift licence, valid until 2029", "Forklift", "states"),
    # Five years ago or more, in digits, with an ago word; not "since" nor "for".
    ("Vor 18 Jahren Zimmerei im Betrieb meines Onkels", "Zimmerei", "past"),
    ("Cuidé ancianos hace 12 años, en Bilbao", "ancianos", "past"),
    ("Obsługa wózka widłowego 12 lat temu", "wózka widłowego", "past"),
    ("Tricot à la main il y a 30 ans", "Tricot", "past"),
    ("Servizio ai tavoli 8 anni fa", "Servizio ai tavoli", "past"),
    ("Dakdekker 22 jaar geleden", "Dakdekker", "past"),
    ("Desde hace 12 años llevo la contabilidad en Contaplus", "Contaplus", "states"),
    ("Hace 9 años que uso Revit a diario", "Revit", "states"),
    ("Trabalho com Protheus há 12 anos", "Protheus", "states"),
    # An era opening the clause governs all of it, past a comma; "back in" a year does not.
    ("Damals, noch in der Lehre, habe ich mit AutoCAD gezeichnet", "AutoCAD", "past"),
    ("Autrefois, avant la reconversion, je réparais des moteurs diesel", "moteurs", "past"),
    (
        "Back in March I set up the clinic's bookings in Cliniko and still run them",
        "Cliniko",
        "states",
    ),
    # Dreams, aspirations and career goals as a verb or a heading; a plan for a later year.
    ("Sonho abrir uma oficina de bicicletas", "oficina de bicicletas", "wished"),
    ("Droom: een eigen hoveniersbedrijf", "hoveniersbedrijf", "wished"),
    ("Cel zawodowy: uprawnienia SEP do 1 kV", "SEP", "wished"),
    ("Objectif professionnel : devenir chef de rang", "chef de rang", "wished"),
    ("L'anno prossimo voglio prendere il patentino del muletto", "patentino", "wished"),
    ("Aspiro a trabajar como sumiller", "sumiller", "wished"),
    ("Je me vois bien ouvrir un food truck", "food truck", "wished"),
    ("Plan na 2028: kurs spawania TIG", "TIG", "wished"),
    ("Dream Team award for the Sage rollout", "Sage", "states"),
    ("Ich hoffe, mit meinen SAP-Kenntnissen zu überzeugen", "SAP", "states"),
    ("Ik hoop dat mijn ervaring met Exact past", "Exact", "states"),
    ("I see myself as an AutoCAD power user", "AutoCAD", "states"),
    ("Staplerschein gültig bis nächstes Jahr", "Staplerschein", "states"),
    ("VCA geldig tot volgend jaar", "VCA", "states"),
    # Another's clause, then the writer's own after a comma or ";".
    (
        "Mia moglie tiene la contabilità in Zucchetti, io seguo la cucina",
        "Zucchetti",
        "someone_else",
    ),
    ("Szalunki stawiał majster, ja woziłem beton", "Szalunki", "someone_else"),
    (
        "Le chef d'équipe pilotait la pelleteuse ; je balisais le chantier",
        "pelleteuse",
        "someone_else",
    ),
    ("De eigenaar deed de inkoop in Exact, ik stond in de winkel", "Exact", "someone_else"),
    ("Ran the bar's stock in Lightspeed, I also trained new staff", "Lightspeed", "states"),
    ("Prowadziłam kadry w Symfonii, ja też układałam grafiki", "Symfonii", "states"),
    ("My manager handed me the Xero migration, I ran it end to end", "Xero", "states"),
    ("I was trained by an agency in Xero", "Xero", "states"),
    # A former trade right before it ("antigo", "antiguo"); an interest is no claim.
    ("Antigo motorista de táxi, hoje em logística", "motorista", "past"),
    ("Antiguo jefe de sala, ahora en oficina", "jefe de sala", "past"),
    ("Restauré un antiguo molino con mortero de cal", "mortero de cal", "states"),
    ("Il mio interesse per la ceramica Raku nasce in Giappone", "Raku", "wished"),
    ("Muy buen nivel de Excel, y mucho interés por Power BI", "Power BI", "wished"),
    # A passive with its subject, then its agent, before the term: the agent's work.
    ("The clinic's booking page was set up by a freelancer in Wix", "Wix", "someone_else"),
    ("Die Buchhaltung wurde von einer Agentur in DATEV erledigt", "DATEV", "someone_else"),
    ("Le plan de taille a été établi par une agence sous QGIS", "QGIS", "someone_else"),
    ("Las nóminas fueron gestionadas por una gestoría en A3", "A3", "someone_else"),
    (
        "Il gestionale è stato installato da un fornitore esterno in Zucchetti",
        "Zucchetti",
        "someone_else",
    ),
    ("De webshop werd door een bureau in Lightspeed opgezet", "Lightspeed", "someone_else"),
    ("Instalacja została wykonana przez firmę w systemie KNX", "KNX", "someone_else"),
    # A value that says "nonexistent" as the whole of its item.
    ("Polski non pervenuto", "Polski", "absent"),
    ("Spanish nonexistent, French B2", "Spanish", "absent"),
    ("Französisch nicht vorhanden", "Französisch", "absent"),
    ("SQL knowledge nonexistent in the team before I joined", "SQL", "states"),
    # Guards: the writer as the subject, said or dropped.
    ("I was coached by an agency in Canva", "Canva", "states"),
    ("Was asked by my manager to run the Sage payroll", "Sage", "states"),
    ("Fui contratada por una gestoría para llevar A3", "A3", "states"),
]


@pytest.mark.parametrize(("text", "term", "state"), ROUND6)
def test_round6_lapse_years_ago_eras_dreams_and_contrast(text: str, term: str, state: str) -> None:
    assert profile_state(reading_of(text, term)) == state


ROUND7 = [
    # "No idea", "not a word" as a list item's value, or after a comma.
    ("Kotlin? No clue, I only write Java", "Kotlin", "absent"),
    ("Terraform: no idea – we clicked everything in the console", "Terraform", "absent"),
    ("Schweißen? Keine Ahnung, das machte der Meister", "Schweißen", "absent"),
    ("Holandés: ni una palabra", "Holandés", "absent"),
    ("Tableau, aucune idée", "Tableau", "absent"),
    ("Kubernetes? geen flauw idee", "Kubernetes", "absent"),
    ("Niemiecki: ani w ząb", "Niemiecki", "absent"),
    ("Excel: zero assoluto", "Excel", "absent"),
    ("Java: nem ideia", "Java", "absent"),
    # A value ends at a spaced dash: "none" stands alone before it.
    ("Jira: none - we used Trello", "Jira", "absent"),
    ("Docker - used daily, CI pipelines", "Docker", "states"),
    ("Excel dashboards for managers who had no idea", "Excel", "states"),
    # Knowledge faded, practice lost, a skill given up on the rest of the line.
    ("College Spanish, long gone by now", "Spanish", "past"),
    ("Fortran: used it until 2011", "Fortran", "past"),
    ("Buchhaltung mit DATEV, inzwischen aus der Übung", "DATEV", "past"),
    ("Piano : j'ai perdu la main depuis le conservatoire", "Piano", "past"),
    ("Il tornio? Ho perso la mano, sono anni che non lo uso", "tornio", "past"),
    ("Mijn Deens is helemaal weggezakt", "Deens", "past"),
    ("Ausbildung zum Konditor, Beruf später aufgegeben", "Konditor", "past"),
    ("Ausbildung zum Konditor, nie aufgegeben", "Konditor", "states"),
    # An ellipsis is a pause, not the end of the clause.
    ("Kotlin... never used it", "Kotlin", "absent"),
    ("Excel... pivot tables, macros", "Excel", "states"),
    # Eyeing it, on my list, keen or longing to train in it, a course to become it.
    ("Currently eyeing Go for my side projects", "Go", "wished"),
    ("Keen to train in welding next spring", "welding", "wished"),
    ("A forklift licence is high on my list", "forklift licence", "wished"),
    ("Ik heb mijn oog laten vallen op CNC-frezen", "CNC", "wished"),
    ("Blender staat op mijn lijstje voor dit jaar", "Blender", "wished"),
    ("Muita vontade de tirar a carta de moto", "carta de moto", "wished"),
    ("Mi iscriverò a un corso serale per diventare saldatore", "saldatore", "wished"),
    ("Mam na oku kurs Excel dla zaawansowanych", "Excel", "wished"),
    # In another's hands, run via another, left to another.
    ("Payroll was in the hands of an external bureau", "Payroll", "someone_else"),
    ("Die Lohnabrechnung in DATEV lief über ein Steuerbüro", "DATEV", "someone_else"),
    ("La paie sur Sage passait par le cabinet comptable", "Sage", "someone_else"),
    ("El modelado en Revit estaba en manos del estudio", "Revit", "someone_else"),
    ("O React ficava com a equipa de frontend", "React", "someone_else"),
    ("Le query SQL erano in mano al team dati", "SQL", "someone_else"),
    ("Het voegwerk laat ik altijd aan de metselaar", "voegwerk", "someone_else"),
    ("Kotlin: meu colega cuidava disso", "Kotlin", "someone_else"),
    ("Alle SAP-Anfragen liefen über mich", "SAP", "states"),
    ("Toute la logistique SAP passait par moi", "SAP", "states"),
    # A referees heading: the people under it and their trades are theirs.
    ("Referenzpersonen: Frau Keller, Kanzlei für Steuerrecht", "Steuerrecht", "someone_else"),
    ("Referencias:\nDra. Ruiz, especialista en ortodoncia", "ortodoncia", "someone_else"),
    ("Reference project: Java migration for a bank", "Java", "states"),
    ("Referenzen: SAP-Einführung bei einem Maschinenbauer", "SAP", "states"),
]


@pytest.mark.parametrize(("text", "term", "state"), ROUND7)
def test_round7_idioms_of_absence_fading_wishes_and_other_hands(
    text: str, term: str, state: str
) -> None:
    assert profile_state(reading_of(text, term)) == state


# "No idea" with an object of its own: the lack is about that object, never the term
# before it; "no idea of X" negates X; a pronoun object ("about it") points back.
NO_IDEA = [
    ("Kept the budget sheets in Excel with no idea of macros", "Excel", "states"),
    ("Made kitchen layouts in AutoCAD, no clue about BIM back then", "AutoCAD", "states"),
    ("Set up Jira boards with not a clue how Confluence worked", "Jira", "states"),
    ("Plotted the data in Tableau, no idea what dbt was", "Tableau", "states"),
    ("Stammdaten in SAP gepflegt, null Ahnung von ABAP", "SAP", "states"),
    ("Montages sous Premiere, aucune idée des effets spéciaux", "Premiere", "states"),
    ("Planos en Revit, ni idea del cálculo de estructuras", "Revit", "states"),
    ("Faturas no Primavera, não faço ideia da contabilidade", "Primavera", "states"),
    ("Disegni in SolidWorks, nessuna idea delle tolleranze", "SolidWorks", "states"),
    ("Offertes in Exact, geen flauw idee hoe de boekhouding loopt", "Exact", "states"),
    ("Faktury w Optimie, zero pojęcia o księgowości", "Optimie", "states"),
    # Guards: "no idea" about the term itself still says none.
    ("No clue about Kubernetes so far", "Kubernetes", "absent"),
    ("Snowflake: not a clue how to use it", "Snowflake", "absent"),
    ("Airflow (no idea about it)", "Airflow", "absent"),
    ("Elixir, no idea", "Elixir", "absent"),
    ("Keine Ahnung, wie Helm funktioniert", "Helm", "absent"),
    ("Aucune idée de ce qu'est Terraform", "Terraform", "absent"),
    ("Ni idea de cómo va Ansible", "Ansible", "absent"),
    ("Nem ideia de como usar o Figma", "Figma", "absent"),
    ("Nessuna idea di come si usa Blender", "Blender", "absent"),
    ("Geen idee hoe Grafana werkt", "Grafana", "absent"),
    ("Matlab – nie mam pojęcia o tym", "Matlab", "absent"),
]


@pytest.mark.parametrize(("text", "term", "state"), NO_IDEA)
def test_no_idea_with_an_object_of_its_own(text: str, term: str, state: str) -> None:
    assert profile_state(reading_of(text, term)) == state
