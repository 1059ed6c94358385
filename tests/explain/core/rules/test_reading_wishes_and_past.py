"""Wishes and a past that no longer holds, on the profile side, in the eight languages:
intent and enrolment ("looking to develop", "inscrito en un curso", "zapisana na"), giving
up, forgetting and no longer touching a skill. Guards: a bare "ex" or "była" is the past
only before a trade ("ex Java" is French for "e.g. Java", "były" is also "were"); months
or two to four years "ago", "geleden", "temu", "fa" are recent; "still" in the clause
keeps a skill learned long ago; "pour devenir" / "per diventare" after a past participle
is a trade the writer reached."""

from __future__ import annotations

import pytest

from tests.explain.core.rules.test_reading_scoped import profile_state, reading_of

WISHES = [
    ("Looking to develop my skills in Looker this year", "Looker"),
    ("Enrolled for an ITIL course in the autumn", "ITIL"),
    ("Thinking about learning Elm", "Elm"),
    ("Intending to study for the ACCA exams", "ACCA"),
    ("Currently exploring Qwik for a side project", "Qwik"),
    ("Course booked: Lean Six Sigma Green Belt", "Lean Six Sigma"),
    ("Großes Interesse an Flutter", "Flutter"),
    ("Würde mich gerne in Airflow einarbeiten", "Airflow"),
    ("Angemeldet für den Schweißkurs im März", "Schweißkurs"),
    ("Je compte passer la certification Salesforce", "Salesforce"),
    ("Je cherche à développer mes compétences en Looker", "Looker"),
    ("Inscrite à une formation Qualiopi en janvier", "Qualiopi"),
    ("Je me forme pour devenir plombier", "plombier"),
    ("Busco desarrollar mis habilidades en Airflow", "Airflow"),
    ("Inscrito en un curso de soldadura TIG", "soldadura TIG"),
    ("Espero trabajar pronto con Odoo", "Odoo"),
    ("Procuro desenvolver competências em Looker", "Looker"),
    ("Inscrita num curso de Excel avançado", "Excel"),
    ("Vorrei approfondire Elixir", "Elixir"),
    ("Iscritta a un corso di Revit", "Revit"),
    ("Sto studiando per diventare geometra", "geometra"),
    ("Ingeschreven voor een cursus Tableau", "Tableau"),
    ("Wil me graag ontwikkelen in Figma", "Figma"),
    ("Zapisana na kurs Power BI", "Power BI"),
]

PAST = [
    ("Programei em Clipper há muitos anos, hoje só Java", "Clipper"),
    ("Manejé Lotus Notes hace muchos años", "Lotus Notes"),
    ("Wrote ActionScript many years ago", "ActionScript"),
    ("Gave up Haskell after a semester", "Haskell"),
    ("Forgot most of my Greek", "Greek"),
    ("Some Modula-2 in my student days", "Modula-2"),
    ("Stopped using Xamarin in 2017", "Xamarin"),
    ("Sybase, a long time back", "Sybase"),
    ("Lotus Notes seit Jahren nicht mehr angefasst", "Lotus Notes"),
    ("Turbo Pascal zu Schulzeiten", "Turbo Pascal"),
    ("Aufgehört mit Geige mit 14", "Geige"),
    ("J'ai arrêté le saxophone il y a longtemps", "saxophone"),
    ("Je ne parle plus portugais", "portugais"),
    ("Dejé de usar Joomla hace tiempo", "Joomla"),
    ("Desisti do violino na adolescência", "violino"),
    ("Ho smesso con il Flash", "Flash"),
    ("Non parlo più russo", "russo"),
    ("Gestopt met Drupal", "Drupal"),
    ("Noors (roestig)", "Noors"),
    ("Przestałem używać Joomla", "Joomla"),
    ("Ex SAP Basis consultant", "SAP"),
    ("Clipper, twintig jaar geleden", "Clipper"),
    ("Clipper dwadzieścia lat temu", "Clipper"),
    ("Ex analista Cobol", "Cobol"),
    ("Była księgowa w Comarch ERP", "Comarch ERP"),
]

GUARDS = [
    # "ex" as "for example", "były" as "were": no trade beside them.
    ("Langages typés, ex Scala", "Scala"),
    ("Outils de BI (ex Qlik, Looker)", "Qlik"),
    ("Raporty były generowane w Qlik", "Qlik"),
    ("Dane były w Snowflake", "Snowflake"),
    # A recent "ago": months, or two to four years, with use today.
    ("Picked up Elixir two months ago and ship it weekly", "Elixir"),
    ("Took over the Magento shop three years ago and still run it", "Magento"),
    ("Introduced Terraform 2 years ago", "Terraform"),
    ("Pulumi ingevoerd, vier maanden geleden", "Pulumi"),
    ("Wdrożyłam Pulumi trzy tygodnie temu", "Pulumi"),
    ("Pulumi adottato tre anni fa, lo uso ogni giorno", "Pulumi"),
    # Learned long ago and still in use: the past does not hold.
    ("Picked up Awk years ago and still reach for it weekly", "Awk"),
    ("Bash vor Jahren gelernt, nutze es immer noch", "Bash"),
    ("Découvert Vim il y a longtemps, toujours mon éditeur", "Vim"),
    ("Aprendí Bash hace años y lo sigo usando", "Bash"),
    ("Aprendi Bash há anos e ainda o uso", "Bash"),
    ("Imparato Vim anni fa, lo uso tuttora", "Vim"),
    ("Vim jaren geleden geleerd, gebruik het nog steeds", "Vim"),
    ("Vima poznałam lata temu i nadal go używam", "Vima"),
    # A trade reached: a past participle before "pour devenir", "per diventare".
    ("Je me suis reconvertie pour devenir développeuse Ruby en 2018", "Ruby"),
    ("Ho studiato per diventare perito, e lo sono dal 2010", "perito"),
    # Hope or counting about something already had.
    ("J'espère que mon expérience Odoo vous intéressera", "Odoo"),
    ("Je compte douze ans de Java", "Java"),
    ("Ich hoffe, meine Erfahrung mit Odoo passt", "Odoo"),
    ("Espero que mi experiencia en Odoo encaje", "Odoo"),
    ("Een hoop ervaring met Kotlin", "Kotlin"),
    ("Ik hoop dat mijn Kotlin-ervaring aansluit", "Kotlin"),
    # A plain past job line, a skill in daily use, a wish about something else.
    ("2016–2020: built the Laravel back office", "Laravel"),
    ("Learned Vue in 2016 and use it every day", "Vue"),
    ("Keen Emacs user", "Emacs"),
    ("Writing Ansible playbooks since 2014", "Ansible"),
    ("Daily Grafana dashboards; thinking about learning Rust", "Grafana"),
    ("Apps ontwikkelen in Flutter voor klanten", "Flutter"),
]


# "still" keeps the past from holding, not a wish nor the past of a clause without it.
STILL_ELSEWHERE = [
    ("Would like to learn Zig, still looking for a course", "Zig", "wished"),
    ("Awk years ago; I still write Python daily", "Awk", "past"),
    ("Chcę nauczyć się Zig, nadal szukam kursu", "Zig", "wished"),
]


@pytest.mark.parametrize(("text", "term", "state"), STILL_ELSEWHERE)
def test_still_cancels_only_the_past_of_its_own_clause(text: str, term: str, state: str) -> None:
    assert profile_state(reading_of(text, term)) == state


@pytest.mark.parametrize(("text", "term"), WISHES)
def test_a_wish_in_each_language_is_wished(text: str, term: str) -> None:
    assert profile_state(reading_of(text, term)) == "wished"


@pytest.mark.parametrize(("text", "term"), PAST)
def test_a_skill_given_up_or_forgotten_is_the_past(text: str, term: str) -> None:
    assert profile_state(reading_of(text, term)) == "past"


@pytest.mark.parametrize(("text", "term"), GUARDS)
def test_nearby_true_claims_stay_plain(text: str, term: str) -> None:
    assert profile_state(reading_of(text, term)) == "states"


# A licence that lapsed, named by a compound ("Lasschein") or a course, a refresher or
# renewal never taken after the item, or "I forgot" later in the line; guards: a valid
# course, an expired word far from any licence ("expired stock"), a compound licence held today.
LAPSED = [
    ("Reachtruckcertificaat sinds vorig jaar verlopen", "Reachtruckcertificaat"),
    ("Gabelstaplerschein seit 2016 abgelaufen", "Gabelstaplerschein"),
    ("Curso de carretillero caducado", "carretillero"),
    ("Certificado de soldador, nunca renovado", "soldador"),
    ("Kurs spawania, nie odnowiony", "spawania"),
    ("Cursus EHBO gevolgd, niet meer herhaald", "EHBO"),
    ("SST obtenu en 2012, jamais recyclé", "SST"),
    ("Erste-Hilfe-Kurs 2011, nie aufgefrischt", "Erste-Hilfe"),
    ("Corso HACCP 2010, mai aggiornato", "HACCP"),
    ("Curso de NR-35 feito há tempos, nunca renovado", "NR-35"),
    ("Uprawnienia SEP – ważność minęła", "SEP"),
    ("Alemão: fiz dois anos no liceu, esqueci quase tudo", "Alemão"),
    ("Italiano: lo estudié en el colegio pero lo olvidé", "Italiano"),
    ("Tedesco: l'ho studiato al liceo, ormai l'ho scordato", "Tedesco"),
]
LAPSE_GUARDS = [
    ("I keep the expired stock list in SAP", "SAP"),
    ("Curso de Excel avanzado en 2023", "Excel"),
    ("Kurs Pythona ukończony w 2024, certyfikat ważny", "Pythona"),
    ("Lasdiploma behaald in 2024", "Lasdiploma"),
    ("Formation SST obtenue en 2024, valide", "SST"),
    ("Alemão: fiz o curso no Goethe, nada esquecido, uso todos os dias", "Alemão"),
]


@pytest.mark.parametrize(("text", "term"), LAPSED)
def test_a_lapsed_licence_or_course_is_the_past(text: str, term: str) -> None:
    assert profile_state(reading_of(text, term)) == "past", text


@pytest.mark.parametrize(("text", "term"), LAPSE_GUARDS)
def test_a_valid_course_or_licence_stays_plain(text: str, term: str) -> None:
    assert profile_state(reading_of(text, term)) == "states", text
