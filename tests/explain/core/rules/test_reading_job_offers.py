"""Job-side non-requirements (f-job): what the job hands out under a kit label or names as
a benefit that is the term itself (not "Our stack:", a true gap), the company's standing or
family trade opening a line without "we", generations as a duration, a need denied after
"but" that points back at the term, and optional forms that were missing. Each class is
checked in the eight languages where it fires, beside guards where the skill is asked for
and must stay required (a licence beside a company car, a requirement after a kit label,
a need denied for another term; "a plus, but not required" stays optional)."""

from __future__ import annotations

import pytest

from tests.explain.core.rules.test_reading_scoped import job_state, reading_of

JOB = [
    # Kit and equipment labels over what the job hands out.
    ("Kit: ThinkPad X1, noise-cancelling headset", "ThinkPad", "offered"),
    ("Deine Ausstattung: ThinkPad, Headset, Monitor", "ThinkPad", "offered"),
    ("In dotazione: ThinkPad, cuffie e monitor", "ThinkPad", "offered"),
    ("Twój sprzęt: ThinkPad i dwa monitory", "ThinkPad", "offered"),
    ("Équipement fourni : ThinkPad, casque", "ThinkPad", "offered"),
    # Guards: a requirement under such a label, a plain "Equipment:" label.
    ("Kit: the van is ours, but a full driving licence is a must", "driving licence", "required"),
    ("Equipment: you will run the CNC lathe on nights", "CNC", "required"),
    # A benefit noun that is the term itself; beside another term it reads nothing.
    ("Company car plus fuel card", "company car", "offered"),
    ("Firmenwagen, auch privat nutzbar", "Firmenwagen", "offered"),
    ("Auto aziendale e buoni pasto", "auto aziendale", "offered"),
    ("Samochód służbowy do celów prywatnych", "samochód służbowy", "offered"),
    ("Coche de empresa y teléfono", "coche de empresa", "offered"),
    ("Leaseauto en een laptop", "leaseauto", "offered"),
    ("Driving licence essential, company car on day one", "Driving licence", "required"),
    ("Permis B exigé, voiture de fonction", "Permis B", "required"),
    ("Carta de condução, carro da empresa", "Carta de condução", "required"),
    ("Prawo jazdy kat. B, samochód służbowy", "Prawo jazdy", "required"),
    # "Our stack:" lists what the job works with: it stays required.
    ("Our tech stack: Elixir, Phoenix, Postgres", "Elixir", "required"),
    ("Unser Tech-Stack: Elixir und Phoenix", "Elixir", "required"),
    # Standing and family trade opening a line without "we"; generations as a duration.
    ("World leader in laser cutting, plants in six countries", "laser cutting", "about_company"),
    ("Marktführer für Sensorik im Maschinenbau", "Sensorik", "about_company"),
    ("Líder mundial en envases de vidrio", "envases de vidrio", "about_company"),
    ("Azienda familiare, produciamo mozzarella dal 1962", "mozzarella", "about_company"),
    ("Al drie generaties maken wij stroopwafels", "stroopwafels", "about_company"),
    ("Seit vier Generationen bauen wir Orgeln", "Orgeln", "about_company"),
    ("We expect you to know laser cutting inside out", "laser cutting", "required"),
    # A compound ending in a premises noun after "our" ("SaaS-Plattform").
    ("Unsere Cloud-Plattform läuft auf Elixir", "Elixir", "about_company"),
    ("Du entwickelst unsere Cloud-Plattform in Elixir", "Elixir", "required"),
    # A need denied after "but", pointing back at the term.
    ("We deploy with Pulumi, but you don't need to know it", "Pulumi", "not_needed"),
    ("Wir arbeiten mit Pulumi, das musst du aber nicht können", "Pulumi", "not_needed"),
    ("On déploie avec Pulumi, mais tu n'as pas besoin de le connaître", "Pulumi", "not_needed"),
    ("Desplegamos con Pulumi, pero no necesitas conocerlo", "Pulumi", "not_needed"),
    ("Usamos Pulumi, mas não precisas de o conhecer", "Pulumi", "not_needed"),
    ("Usiamo Pulumi, ma non serve che tu lo conosca", "Pulumi", "not_needed"),
    ("We werken met Pulumi, maar dat hoef je niet te kennen", "Pulumi", "not_needed"),
    ("Pracujemy w Pulumi, ale nie musisz go znać", "Pulumi", "not_needed"),
    ("Pulumi is a must, but you don't need to know Terraform", "Pulumi", "required"),
    ("Pulumi wymagane, ale nie musisz znać Terraform", "Pulumi", "required"),
    ("Pulumi would be a plus, but it's not required", "Pulumi", "optional"),
    # Optional forms: plural "se valorarán" before the term, "bónus", "ist schön", "idealnie jeśli".
    ("Se valorarán conocimientos de Pulumi", "Pulumi", "optional"),
    ("Saber Pulumi é um bónus", "Pulumi", "optional"),
    ("Pulumi-Erfahrung ist schön, aber kein Muss", "Pulumi", "optional"),
    ("Idealnie jeśli znasz Pulumi", "Pulumi", "optional"),
    ("Inglês preferencial", "Inglês", "optional"),
    # Offered: learning with us, paid by the company after the term.
    ("Bei uns lernst du Pulumi von Anfang an", "Pulumi", "offered"),
    ("El curso de Pulumi lo paga la empresa", "Pulumi", "offered"),
    ("BHV-cursus op kosten van de werkgever", "BHV", "offered"),
]


@pytest.mark.parametrize(("text", "term", "expected"), JOB)
def test_job_side_offers_company_and_needs(text: str, term: str, expected: str) -> None:
    assert job_state(reading_of(text, term)) == expected
