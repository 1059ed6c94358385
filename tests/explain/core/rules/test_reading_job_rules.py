"""Job-side rules of the quote reader (round 5): the term naming the people "with" brings
in (a team or its members), a task done by a firm or person named after the term or
taken on by "our" person or team ("Our accountant handles payroll"), an
about-us heading (also a question: "Qui sommes-nous ?"), a founding year two words after
"founded", start-ups and scale-ups as company nouns, a course that prepares you for
something, what the company provides, and what it makes "for" its customers. Each rule
is checked where it fires and where the applicant is asked for the skill, which must stay
required."""

from __future__ import annotations

import pytest

from tests.explain.core.rules.test_reading_scoped import job_state, reading_of

JOB = [
    # The term names the team or people "with", "mit", "junto a", "z" brings in.
    ("You will sit with our Figma designers every Tuesday", "Figma", "other_role"),
    ("Du arbeitest Hand in Hand mit unseren React-Entwicklern", "React", "other_role"),
    ("Collaborerai con il team di SAP a Torino", "SAP", "other_role"),
    ("Colaborarás con el equipo de Salesforce en Madrid", "Salesforce", "other_role"),
    ("Współpraca z działem Azure w Gdańsku", "Azure", "other_role"),
    ("Je werkt nauw samen met onze Android-ontwikkelaars", "Android", "other_role"),
    ("Tu travailleras avec nos développeurs Flutter à Lille", "Flutter", "other_role"),
    # Guards: the skill itself, asked for; joining a team; the term naming a partner.
    ("You will work with Figma every day alongside our designers", "Figma", "required"),
    ("Experience working with React teams is required", "React", "required"),
    ("You will join our Python team and write Python daily", "Python", "required"),
    ("We are looking for a Kotlin developer to work with our product team", "Kotlin", "required"),
    ("Strong Go skills; you will work with our platform team", "Go", "required"),
    ("Work closely with our Terraform partner agency", "Terraform", "required"),
    ("Sie arbeiten mit SAP und stimmen sich mit dem Vertrieb ab", "SAP", "required"),
    # A task done by a firm or a person named after the term.
    ("Invoicing is handled by our bookkeeper", "Invoicing", "other_role"),
    ("La facturation est assurée par notre expert-comptable", "facturation", "other_role"),
    ("Fakturowanie prowadzi zewnętrzna firma księgowa", "Fakturowanie", "other_role"),
    ("De loonadministratie doet ons administratiekantoor", "loonadministratie", "other_role"),
    ("As declarações fiscais são feitas por um escritório parceiro", "declarações", "other_role"),
    ("Reporting to the CFO, whose team runs treasury", "treasury", "other_role"),
    ("You will handle invoicing in Excel", "Excel", "required"),
    # "Our" person or team opening the clause and a verb of taking a task on before the term.
    ("Our accountant handles payroll", "payroll", "other_role"),
    ("Unser Steuerberater erledigt die Gehaltsabrechnung", "Gehaltsabrechnung", "other_role"),
    ("Nuestra gestoría lleva las nóminas", "nóminas", "other_role"),
    ("Il nostro commercialista si occupa delle buste paga", "buste paga", "other_role"),
    ("Nasz dział IT zajmuje się serwerami", "serwerami", "other_role"),
    ("Our platform team owns Kubernetes and you will too", "Kubernetes", "required"),
    ("Our team relies on you to manage Excel reports", "Excel", "required"),
    ("The developer handles deployments with Jenkins", "Jenkins", "required"),
    ("You will handle payroll for our clients", "payroll", "required"),
    ("Invoicing in Xero is done by you", "Xero", "required"),
    # An about-us heading, with a colon or a question mark.
    ("About us:\nWe run a cloud platform for 300 clinics", "cloud", "about_company"),
    ("Qui sommes-nous ? Un éditeur de logiciels de robotique", "robotique", "about_company"),
    ("Quiénes somos: instalamos energía solar en naves", "energía solar", "about_company"),
    ("Chi siamo: un operatore di logistica con 40 mezzi", "logistica", "about_company"),
    ("Over ons: wij leveren zorg aan huis in Utrecht", "zorg", "about_company"),
    ("O nas: logistyka to nasza specjalność", "logistyka", "about_company"),
    ("Über uns: Wir drucken Etiketten im Offsetdruck", "Offsetdruck", "about_company"),
    ("About you: strong Python, you write tests", "Python", "required"),
    ("Über uns:\nWir sind ein Familienbetrieb.\n- Erfahrung mit DATEV", "DATEV", "required"),
    ("Chi siamo:\nUno studio di architettura.\n- Conoscenza di Revit", "Revit", "required"),
    ("About us:\nWe are a bakery.\nOur ovens run on natural gas", "natural gas", "about_company"),
    ("Who we are looking for: a Python developer", "Python", "required"),
    ("Do you know Kubernetes? You will run our clusters", "Kubernetes", "required"),
    # A founding year two words after "founded"; a start-up or scale-up as the company.
    ("Established in 2009, our studio designs brands in Figma", "Figma", "about_company"),
    ("Fondée en 1998, notre PME fabrique des pièces en titane", "titane", "about_company"),
    ("Founded in 2016, we need a developer with Python experience", "Python", "required"),
    ("Una startup che usa droni per mappare i vigneti", "droni", "about_company"),
    ("Een scale-up die betalingen via blockchain verwerkt", "blockchain", "about_company"),
    # A course that prepares you for something; what the employer provides.
    ("Our project academy prepares you for the PRINCE2 exam", "PRINCE2", "offered"),
    ("Te preparamos para la certificación CCNA", "CCNA", "offered"),
    ("Our SAP course prepares you for go-live support", "SAP", "offered"),
    ("Bereiten wir Sie auf die Prüfung zum Meister vor", "Meister", "offered"),
    ("Your Java experience prepares you for this role", "Java", "required"),
    ("Corso sulla sicurezza pagato dall'azienda", "sicurezza", "offered"),
    ("Formation HACCP financée par l'employeur", "HACCP", "offered"),
    ("Excel skills, used by the company daily", "Excel", "required"),
    ("Wir bilden Sie zum Fachwirt für Logistik weiter", "Fachwirt", "offered"),
    ("Im ersten Jahr lernen Sie bei uns die Zollabwicklung", "Zollabwicklung", "offered"),
    ("Se ofrece formación en carretillas elevadoras", "carretillas elevadoras", "offered"),
    ("Se ofrece puesto a quien domine Excel", "Excel", "required"),
    ("Sie lernen schnell und kennen SAP", "SAP", "required"),
    # What the company makes, then "for" whom; not a tool after a preposition, nor asked.
    ("We manufacture kilns for pottery studios", "kilns", "about_company"),
    ("Nous fabriquons des drones pour les agriculteurs", "drones", "about_company"),
    ("Wir liefern Solaranlagen für Landwirte", "Solaranlagen", "about_company"),
    ("Produkujemy meble dla hoteli", "meble", "about_company"),
    ("We build in Rust for trading firms", "Rust", "required"),
    ("Desarrollamos con Kotlin para nuestros clientes", "Kotlin", "required"),
    (
        "We supply Salesforce know-how for NGOs and need Salesforce experience",
        "Salesforce",
        "required",
    ),
    ("You build dashboards for our clients", "dashboards", "required"),
]


@pytest.mark.parametrize(("text", "term", "state"), JOB)
def test_job_side_rules(text: str, term: str, state: str) -> None:
    assert job_state(reading_of(text, term)) == state, (text, term)
