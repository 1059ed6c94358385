"""The company's own words and what the job gives, round 11: a firm's noun opening its blurb
("Ons advocatenkantoor is gespecialiseerd in X", "Unser Familienbetrieb (gegr. 1952)"); a firm
"with 20 years' experience in X"; a blurb ended by "we're hiring" when it states the firm's
standing ("Leader de X depuis 1978, nous recrutons"); an employer "with 40 care homes"; a perk
named in the term ("company van"); a paid induction or sponsored study; the employer paying for
or arranging a licence or course ("a empresa custeia", "via de werkgever", "przyuczymy do").
Guards: the candidate's own specialisation or experience ("Dental nurse with 2 years'
experience in X", "Abogado especializado en X"), a requirement before "we're hiring" ("CACES
obligatoire, nous recrutons"), a team the hire joins ("Pour renforcer notre équipe Java"), a
firm that hires someone with the term, experience at a kind of firm ("Clinic experience with 2
years of X"), a requirement beside a benefit, a duty in working hours, a diploma ("opleiding
tot verpleegkundige"), patient care ("prise en charge du patient"). Sentences written for
these tests."""

from __future__ import annotations

import pytest

from tests.explain.core.rules.test_reading_scoped import job_state, reading_of

ABOUT_COMPANY = [
    ("Our firm specialises in residential conveyancing across Kent", "conveyancing"),
    ("Unsere Kanzlei ist spezialisiert auf Steuerrecht", "Steuerrecht"),
    ("Unser Familienbetrieb (gegr. 1970) ist spezialisiert auf Dachsanierung", "Dachsanierung"),
    ("Zahnarztpraxis mit über 20 Jahren Erfahrung in der Implantologie", "Implantologie"),
    ("Notre cabinet est spécialisé dans le droit social", "droit social"),
    ("Cabinet dentaire avec plus de 20 ans d'expérience en implantologie", "implantologie"),
    ("Leader du chauffage bois en Savoie depuis 1985, nous recrutons un technicien", "chauffage"),
    ("Empresa especializada en carpintería de aluminio desde 1990", "carpintería"),
    ("Bodega familiar en el Bierzo, especializada en vinos de mencía", "mencía"),
    ("Clínica dental con más de 20 años de experiencia en ortodoncia", "ortodoncia"),
    ("Adega familiar no Douro, especializada em vinhos biológicos", "vinhos biológicos"),
    ("Clínica dentária com mais de 15 anos de experiência em ortodontia", "ortodontia"),
    ("Azienda specializzata in serramenti in alluminio dal 1975", "serramenti"),
    ("Cantina a conduzione familiare, produciamo spumante in Franciacorta", "spumante"),
    ("Ons notariskantoor is gespecialiseerd in familierecht", "familierecht"),
    ("Tandartspraktijk met ruim 20 jaar ervaring in implantologie", "implantologie"),
    ("Wij zijn een kwekerij in de sierteelt en zoeken een chauffeur", "sierteelt"),
    ("Nasza kancelaria specjalizuje się w prawie pracy", "prawie pracy"),
    ("Lider w branży chłodniczej, 30 oddziałów w Polsce – szukamy magazyniera", "chłodniczej"),
    ("Living Wage employer with 12 nurseries across Yorkshire", "Living Wage"),
]

OFFERED = [
    ("Company van and fuel card for the whole week", "company van"),
    ("Paid induction including first aid and manual handling", "manual handling"),
    ("Full sponsorship to study CIPD Level 5 while you work", "CIPD"),
    ("Finanzielle Unterstützung beim Staplerschein", "Staplerschein"),
    ("Einweisung auf Hubsteiger und Teleskoplader", "Hubsteiger"),
    ("L'entreprise prend en charge le CACES R489", "CACES R489"),
    ("La empresa costea el carnet de carretillero", "carnet de carretillero"),
    ("A empresa custeia a CNH categoria D", "CNH categoria D"),
    ("Tiramos-te a carta de empilhador sem custos", "carta de empilhador"),
    ("Tiras a carta de pesados connosco", "carta de pesados"),
    ("Il patentino del muletto te lo paghiamo noi", "patentino del muletto"),
    ("L'azienda paga la patente C", "patente C"),
    ("Heftruckcertificaat via de werkgever", "Heftruckcertificaat"),
    ("Betaalde opleiding tot heftruckchauffeur", "heftruckchauffeur"),
    ("Taalcursus Duits tijdens werktijd", "Duits"),
    ("Przyuczymy do obsługi wózka widłowego", "wózka widłowego"),
    ("Pracodawca finansuje prawo jazdy kat. C", "prawo jazdy kat. C"),
]

REQUIRED = [
    ("Solicitor specialising in residential conveyancing required", "conveyancing"),
    ("Dental nurse with 2 years' experience in orthodontics", "orthodontics"),
    ("Clinic experience with 2 years of Epic", "Epic"),
    ("Sie sind spezialisiert auf Steuerrecht", "Steuerrecht"),
    ("Zahnarztpraxis sucht ZFA mit 2 Jahren Erfahrung in der Implantologie", "Implantologie"),
    ("Für unser Java-Team suchen wir einen Entwickler", "Java"),
    ("CACES R489 obligatoire, nous recrutons en CDI", "CACES R489"),
    ("Pour renforcer notre équipe Java, nous recrutons un développeur", "Java"),
    ("Entreprise de BTP, CACES R482 obligatoire, nous recrutons", "CACES R482"),
    ("Od 15 lat budujemy sklepy w Magento i szukamy programisty", "Magento"),
    ("Avocat spécialisé en droit social (H/F)", "droit social"),
    ("Prise en charge du patient en soins palliatifs", "soins palliatifs"),
    ("Abogado/a especializado/a en derecho laboral", "derecho laboral"),
    (
        "Clínica dental con 20 años de experiencia busca higienista con experiencia en ortodoncia",
        "ortodoncia",
    ),
    ("Mais de 5 anos de experiência em SAP", "SAP"),
    ("Gabinete de contabilidade procura técnico com Excel avançado", "Excel"),
    ("Ditta edile cerca geometra con AutoCAD", "AutoCAD"),
    ("Ingenieursbureau zoekt tekenaar met AutoCAD", "AutoCAD"),
    ("Afgeronde opleiding tot verpleegkundige niveau 4", "verpleegkundige"),
    ("Radca prawny specjalizujący się w prawie pracy", "prawie pracy"),
    ("Biuro rachunkowe zatrudni księgową, znajomość Optimy", "Optimy"),
    ("Uprawnienia SEP wymagane, przeszkolimy z procedur BHP", "SEP"),
    (
        "Gültiger Staplerschein, Einweisung auf unsere Geräte durch den Schichtleiter",
        "Staplerschein",
    ),
    ("You will answer calls in Spanish during working hours", "Spanish"),
]


@pytest.mark.parametrize(("text", "term"), ABOUT_COMPANY)
def test_the_firms_own_blurb_is_about_the_company(text: str, term: str) -> None:
    assert job_state(reading_of(text, term)) == "about_company", (text, term)


@pytest.mark.parametrize(("text", "term"), OFFERED)
def test_what_the_employer_pays_for_or_gives_is_offered(text: str, term: str) -> None:
    # A firm's noun may make it the company's too; the verifier drops an offer first.
    said = reading_of(text, term)
    assert said.offer and job_state(said) in ("offered", "about_company"), (text, term)


@pytest.mark.parametrize(("text", "term"), REQUIRED)
def test_the_candidates_own_specialisation_and_requirements_stay_asked(
    text: str, term: str
) -> None:
    assert job_state(reading_of(text, term)) == "required", (text, term)
