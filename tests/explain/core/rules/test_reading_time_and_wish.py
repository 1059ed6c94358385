"""Time and wish on the profile side, in the eight languages: a past that ends its clause far
from the term ("X was my main tool at a bank, years ago"), the last use, a career change or
retirement after the term, a wish verb before its infinitive's comma, exploring and the next
goal as wishes, enrolment after a course. Guards: use today said after the past ("now daily",
"to this day", "a día de hoy"), a present verb before "hace/há años" (a span up to today,
not "ago"), a plain job line, a plan that is a present task ("Plane und steuere")."""

from __future__ import annotations

import pytest

from tests.explain.core.rules.test_reading_scoped import profile_state, reading_of

PAST = [
    # A past ending the clause reaches all of it.
    ("Perl was my language for build scripts at the agency, a long time ago", "Perl"),
    ("Delphi-Oberflächen habe ich für einen Versicherer gebaut, vor vielen Jahren", "Delphi"),
    ("J'ai maintenu des macros VBA pour la comptabilité, il y a bien des années", "VBA"),
    ("Mantuve aplicaciones en Visual Basic para una aseguradora hace tiempo", "Visual Basic"),
    ("Fiz a manutenção de sistemas em Clipper numa seguradora, há muito tempo", "Clipper"),
    ("Ho scritto report in Crystal Reports per un grossista, tanti anni fa", "Crystal Reports"),
    # The last use.
    ("Mercurial - usado por última vez en 2013", "Mercurial"),
    ("Mercurial, usado pela última vez em 2013", "Mercurial"),
    ("Lotus Notes : dernière utilisation en 2011", "Lotus Notes"),
    ("Lotus Notes, per l'ultima volta nel 2011", "Lotus Notes"),
    ("Lotus Notes, voor het laatst in 2011", "Lotus Notes"),
    ("Lotus Notes, ostatnio używany w 2011", "Lotus Notes"),
    # A career change or retirement after the term.
    ("Eight years of plastering before switching careers to IT", "plastering"),
    ("Zehn Jahre Tischlerei, vor meinem Quereinstieg in die IT", "Tischlerei"),
    ("Boulangerie pendant dix ans avant ma reconversion", "Boulangerie"),
    ("Carpintería durante años antes de cambiar de profesión", "Carpintería"),
    ("Contabilidade durante anos antes de mudar de carreira", "Contabilidade"),
    ("Logistica per sei anni prima di cambiare settore", "Logistica"),
    ("Tien jaar timmerwerk, voor mijn overstap naar de zorg", "timmerwerk"),
    ("Księgowość przez osiem lat przed przebranżowieniem", "Księgowość"),
    ("Retired from accountancy in 2014", "accountancy"),
    ("Jubilada de la docencia desde 2016", "docencia"),
    # The noun "trabajo"/"trabalho" (a thesis) is no present verb; nor a verb after the term.
    ("Trabajo de fin de grado en MATLAB, hace diez años", "MATLAB"),
    ("Trabalho de conclusão de curso em Delphi, há muitos anos", "Delphi"),
    ("Aprendí Perl hace años y ahora trabajo con Java", "Perl"),
]

WISHES = [
    ("Keen to explore Elixir in side projects", "Elixir"),
    ("Eager to get my hands on Unreal Engine", "Unreal Engine"),
    ("Svelte is something I'd like to get into", "Svelte"),
    ("The CKA is my next goal", "CKA"),
    ("Plane, die ITIL-Prüfung im Herbst abzulegen", "ITIL"),
    ("Mein nächstes Ziel: Power BI", "Power BI"),
    ("Je me renseigne en ce moment sur Ansible", "Ansible"),
    ("Désireuse d'apprendre le Python", "Python"),
    ("Informándome sobre Kotlin en mis ratos libres", "Kotlin"),
    ("Ho in programma di studiare Kubernetes", "Kubernetes"),
    ("Sto valutando di imparare Go", "Go"),
    ("Mijn volgende doel is Azure", "Azure"),
    ("Rozglądam się za kursem Terraform", "Terraform"),
    ("Power BI to mój kolejny cel", "Power BI"),
    ("Für einen Excel-Kurs angemeldet, Start im Mai", "Excel"),
]

GUARDS = [
    # Use today after the past.
    ("Java: first met it at university, now daily at work", "Java"),
    ("SQL - learned at school, to this day my main tool", "SQL"),
    ("Excel im Studium gelernt, inzwischen täglich im Einsatz", "Excel"),
    ("Python découvert à la fac, maintenant au quotidien", "Python"),
    ("Excel: aprendido en el instituto, a día de hoy lo uso siempre", "Excel"),
    ("Java aprendido na faculdade, agora diariamente", "Java"),
    ("SQL imparato all'università, ora quotidianamente", "SQL"),
    ("Python op de hogeschool geleerd, nu dagelijks", "Python"),
    ("SQL poznałem na studiach, teraz codziennie", "SQL"),
    # A present verb before "hace/há años": a span up to today.
    ("Trabajo con Salesforce hace muchos años", "Salesforce"),
    ("Utilizo Power BI hace años en informes mensuales", "Power BI"),
    ("Trabalho com Salesforce há muitos anos", "Salesforce"),
    ("Programo em Java há anos", "Java"),
    # A plain job line; a plan that is a present task; a retired system.
    ("2015-2019 Analyst at Acme: built Tableau dashboards for sales", "Tableau"),
    ("Plane und steuere Wartungseinsätze mit SAP PM", "SAP PM"),
    ("Retired the old Jenkins farm and moved CI to GitLab", "Jenkins"),
    ("Eager to bring my Salesforce experience to a larger team", "Salesforce"),
]


@pytest.mark.parametrize(("text", "term"), PAST)
def test_the_past_far_after_the_term_or_a_change_of_trade_is_the_past(text: str, term: str) -> None:
    assert profile_state(reading_of(text, term)) == "past"


@pytest.mark.parametrize(("text", "term"), WISHES)
def test_exploring_a_next_goal_or_a_plan_before_its_comma_is_wished(text: str, term: str) -> None:
    assert profile_state(reading_of(text, term)) == "wished"


@pytest.mark.parametrize(("text", "term"), GUARDS)
def test_use_today_a_span_to_today_and_plain_lines_stay_plain(text: str, term: str) -> None:
    assert profile_state(reading_of(text, term)) == "states"
