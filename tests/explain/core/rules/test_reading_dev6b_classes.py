"""explain.core.rules.reading, classes of job-side writing in eight languages (our own
sentences): a denial beside a wish is an option; "needless to say" and "no escaping X"
make a must; a language list's whole answer denies; a company named by its trade as
the subject of a hiring verb. Each class with guards that must keep their reading."""

from __future__ import annotations

import pytest

from explain.core.rules.reading import Reading
from tests.explain.core.rules.test_reading import reading_of

OPTIONAL = Reading(optional=True)
NEGATED = Reading(negated=True)
PLAIN = Reading()
COMPANY = Reading(about_company=True)

DENIAL_BESIDE_A_WISH = [
    ("Bonus points (not essential): Terraform", "Terraform"),
    ("Wünschenswert (kein Muss): Gabelstaplerschein", "Gabelstaplerschein"),
    ("Le CACES serait apprécié (pas bloquant)", "CACES"),
    ("Deseable (no excluyente): Power BI", "Power BI"),
    ("Valencià: no imprescindible pero suma", "Valencià"),
    ("Desejável (não obrigatório): Power BI", "Power BI"),
    ("Gradito (non obbligatorio): AutoCAD", "AutoCAD"),
    ("Pluspunt (geen vereiste): AutoCAD", "AutoCAD"),
    ("Mile widziane (nieobowiązkowe): AutoCAD", "AutoCAD"),
]

# Guards: a denial before the term stays a denial; so does a twin phrase alone.
DENIAL_STAYS = [
    ("No Terraform needed, Ansible is a plus", "Terraform"),
    ("Kein Schweißschein nötig, Staplerschein wünschenswert", "Schweißschein"),
    ("Pas besoin d'allemand, l'anglais est un plus", "allemand"),
    ("No se requiere portugués, se valora inglés", "portugués"),
    ("Latein ist kein Muss", "Latein"),
    ("Inglés no excluyente", "Inglés"),
]

MUST = [
    ("Needless to say, SQL is part of the daily work", "SQL"),
    ("There's no escaping Jira in this team", "Jira"),
    ("Um DATEV kommt man hier nicht herum", "DATEV"),
    ("Il va sans dire que le pack Office est indispensable", "pack Office"),
    ("No hace falta decir que el inglés es clave", "inglés"),
    ("Não há como fugir do Excel nesta função", "Excel"),
    ("Da AutoCAD non si scappa", "AutoCAD"),
    ("Er is geen ontkomen aan Exact Online", "Exact Online"),
    ("Nie trzeba dodawać, że Optima to podstawa", "Optima"),
    ("Sem carta de pesados nem adianta se candidatar", "carta de pesados"),
    ("Keine lange Einarbeitung in DATEV möglich", "DATEV"),
]

# Guards: a plain denial of the same words stays one.
MUST_GUARDS = [
    ("We do not use Jira", "Jira", NEGATED),
    ("Kein DATEV nötig", "DATEV", NEGATED),
    ("No se requiere inglés", "inglés", NEGATED),
    ("Excel não é necessário", "Excel", NEGATED),
]

LIST_DENIALS = [
    ("Languages: Polish (native), German no knowledge", "German"),
    ("Sprachen: Polnisch, Russisch – Spanisch leider gar nicht", "Spanisch"),
    ("Langues : arabe, anglais – allemand aucune notion", "allemand"),
    ("Idiomas: gallego, inglés ningún conocimiento", "inglés"),
    ("Idiomas: inglês B2, francês nenhum conhecimento", "francês"),
    ("Lingue: spagnolo C1; tedesco nessuna conoscenza", "tedesco"),
    ("Talen: Engels, Frans geen kennis", "Frans"),
    ("Języki: rosyjski, niemiecki brak znajomości", "niemiecki"),
]

LIST_GUARDS = [
    ("Languages: Polish (native), German good knowledge", "German"),
    ("Lingue: spagnolo C1; tedesco buona conoscenza", "tedesco"),
]

COMPANY_SUBJECT = [
    ("Cybersecurity firm seeks receptionist", "Cybersecurity"),
    ("Fast-growing fintech from Leeds is hiring an office manager", "fintech"),
    ("Partenaire Sage de premier plan, le groupe recrute un comptable", "Sage"),
    ("Empresa especializada en energía solar busca recepcionista", "energía solar"),
    ("Startup de robótica contrata auxiliar administrativo", "robótica"),
    ("Società di consulenza in cybersecurity ricerca receptionist", "cybersecurity"),
    ("Snelgroeiende webshop in fietsonderdelen zoekt magazijnmedewerker", "fietsonderdelen"),
    ("Software house specjalizujący się w e-commerce szuka recepcjonistki", "e-commerce"),
]

# Guards: the term after the hiring verb is what is asked.
COMPANY_GUARDS = [
    ("Fintech startup seeks Python developer", "Python"),
    ("Azienda di logistica cerca programmatore Java", "Java"),
    ("Empresa de ciberseguridad busca programador Java", "Java"),
    ("Logistikunternehmen sucht SAP-Berater", "SAP"),
    ("Firma z branży logistyki szuka specjalisty SAP", "SAP"),
]


@pytest.mark.parametrize(("text", "term"), DENIAL_BESIDE_A_WISH)
def test_a_denial_beside_a_wish_is_an_option(text: str, term: str) -> None:
    assert reading_of(text, term) == OPTIONAL


@pytest.mark.parametrize(("text", "term"), DENIAL_STAYS)
def test_a_denial_before_the_term_or_alone_stays_one(text: str, term: str) -> None:
    assert reading_of(text, term).negated


@pytest.mark.parametrize(("text", "term"), MUST)
def test_needless_to_say_and_no_escaping_make_a_must(text: str, term: str) -> None:
    assert reading_of(text, term) == PLAIN


@pytest.mark.parametrize(("text", "term", "expected"), MUST_GUARDS)
def test_a_plain_denial_stays_beside_the_must_phrases(
    text: str, term: str, expected: Reading
) -> None:
    assert reading_of(text, term) == expected


@pytest.mark.parametrize(("text", "term"), LIST_DENIALS)
def test_a_list_item_answering_no_knowledge_denies(text: str, term: str) -> None:
    assert reading_of(text, term).negated


@pytest.mark.parametrize(("text", "term"), LIST_GUARDS)
def test_a_list_item_answering_some_knowledge_does_not(text: str, term: str) -> None:
    assert not reading_of(text, term).negated


@pytest.mark.parametrize(("text", "term"), COMPANY_SUBJECT)
def test_a_trade_in_the_subject_of_a_hiring_verb_is_the_company(text: str, term: str) -> None:
    assert reading_of(text, term).about_company


@pytest.mark.parametrize(("text", "term"), COMPANY_GUARDS)
def test_a_term_after_the_hiring_verb_is_asked(text: str, term: str) -> None:
    assert not reading_of(text, term).about_company
