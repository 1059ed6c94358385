"""explain.core.rules.reading: which cue governs a term in its clause, in six languages,
and negation and optional cues in Chinese and Arabic."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explain.core.rules.reading import KINDS, Reading, cues, parse_cues, read
from explain.core.verify import normalize

NEGATED = Reading(negated=True)
WISH = Reading(wish=True)
OFFER = Reading(offer=True)
OPTIONAL = Reading(optional=True)
PLAIN = Reading()


def reading_of(text: str, term: str) -> Reading:
    normal = normalize(text) if "\n" not in text else "\n".join(map(normalize, text.split("\n")))
    needle = normalize(term)
    start = normal.index(needle)
    return read(normal, (start, start + len(needle)))


CASES = [
    # Negation, before the term and as its predicate.
    ("I have no experience with AWS yet.", "AWS", NEGATED),
    ("Never used Docker in production", "Docker", NEGATED),
    ("Kotlin: not yet", "Kotlin", NEGATED),  # the list item's value after the colon
    ("Not yet worked with GraphQL", "GraphQL", NEGATED),
    ("You will not work on the Java monolith", "Java", NEGATED),
    ("A degree is not required", "degree", NEGATED),
    ("Spanish not needed for this role", "Spanish", NEGATED),
    ("We do not use Angular", "Angular", NEGATED),
    ("Keine SAP-Kenntnisse erforderlich", "SAP", NEGATED),
    ("Ich habe noch nicht mit React gearbeitet", "React", NEGATED),
    ("Führerschein nicht erforderlich", "Führerschein", NEGATED),
    ("Ohne Vorkenntnisse in Excel", "Excel", NEGATED),
    ("Je n'ai pas d'expérience en Scala", "Scala", NEGATED),
    ("Permis de conduire pas nécessaire", "Permis", NEGATED),
    ("Sans connaissance de SQL", "SQL", NEGATED),
    ("Sin experiencia en Ruby", "Ruby", NEGATED),
    ("Nunca he usado Terraform", "Terraform", NEGATED),
    ("Inglés no es necesario", "Inglés", NEGATED),
    # Scope: the cue must govern the term.
    ("No-nonsense team using Java", "Java", PLAIN),
    ("Java, not Kotlin", "Java", PLAIN),
    ("Java, not Kotlin", "Kotlin", NEGATED),
    ("We use Django but not Flask", "Django", PLAIN),
    ("No remote work; Python required", "Python", PLAIN),
    ("No travel. Strong Go skills", "Go", PLAIN),
    ("Not a typical agency\nRust in production", "Rust", PLAIN),
    ("Scala is what we use, aber kein Java", "Scala", PLAIN),
    ("neither Perl nor PHP", "PHP", NEGATED),
    ("neither Perl nor PHP", "Perl", NEGATED),
    ("not only Java but also Go", "Java", PLAIN),
    ("nicht nur Java, sondern auch Go", "Java", PLAIN),
    ("no matter which cloud, AWS is fine", "AWS", PLAIN),
    ("no one here dislikes the team; we use many tools, among them Airflow", "Airflow", PLAIN),
    # A negation and a "without" undo each other.
    ("not without Java", "Java", PLAIN),
    ("nicht ohne Python", "Python", PLAIN),
    ("pas sans Java", "Java", PLAIN),
    ("no sin experiencia en Go", "Go", PLAIN),
    ("não sem Java", "Java", PLAIN),
    ("non senza Java", "Java", PLAIN),
    ("You cannot do this job without unit tests", "unit tests", PLAIN),
    ("I never ship code without unit tests", "unit tests", PLAIN),
    ("No release goes out without code review", "code review", PLAIN),
    ("Applicants without Kubernetes will be rejected", "Kubernetes", PLAIN),
    ("Ohne Git geht es nicht", "Git", PLAIN),
    # Any other pair, or three, stays a negation (the safe side).
    ("I have no experience with AWS and never used Terraform", "Terraform", NEGATED),
    ("not without never Java", "Java", NEGATED),
    ("without Java and without Go", "Go", NEGATED),
    ("Java will be rejected", "Java", NEGATED),
    ("A degree is not required", "degree", NEGATED),
    # Wishes (read on profiles).
    ("I want to learn Kubernetes", "Kubernetes", WISH),
    ("Aspiring data scientist", "data scientist", WISH),
    ("Interested in machine learning", "machine learning", WISH),
    ("I would like to work with Rust", "Rust", WISH),
    ("Ich möchte Kubernetes lernen", "Kubernetes", WISH),
    ("J'aimerais apprendre le Python", "Python", WISH),
    ("Quiero aprender Go", "Go", WISH),
    ("Machine learning engineer", "Machine learning", PLAIN),
    # Offers (read on postings).
    ("German lessons offered", "German", OFFER),
    ("We offer training in AWS", "AWS", OFFER),
    ("You will learn Elixir on the job", "Elixir", OFFER),
    ("Wir bieten Schulungen in SAP", "SAP", OFFER),
    ("Nous offrons une formation en Salesforce", "Salesforce", OFFER),
    ("Ofrecemos cursos de inglés", "inglés", OFFER),
    ("Spanish language courses for the team", "Spanish", OFFER),
    # Optional.
    ("Kubernetes is a plus", "Kubernetes", OPTIONAL),
    ("Nice to have: Kubernetes, Helm", "Helm", OPTIONAL),
    ("Terraform experience would be a plus", "Terraform", OPTIONAL),
    ("GraphQL preferred", "GraphQL", OPTIONAL),
    ("Bonus: Elixir", "Elixir", OPTIONAL),
    ("Kenntnisse in SAP sind von Vorteil", "SAP", OPTIONAL),
    ("Französisch wünschenswert", "Französisch", OPTIONAL),
    ("La maîtrise de Figma est un plus", "Figma", OPTIONAL),
    ("Anglais souhaité", "Anglais", OPTIONAL),
    ("Se valorará experiencia con Docker", "Docker", OPTIONAL),
    ("Alemán deseable", "Alemán", OPTIONAL),
    ("Must have:\nJava\nNice to have:\nKafka\nScala", "Scala", OPTIONAL),
    ("Must have:\nJava\nNice to have:\nKafka", "Java", PLAIN),
    # Plain statements and abbreviations that are not clause ends.
    ("5+ years of Java required", "Java", PLAIN),
    ("Cloud platforms, e.g. AWS, are a plus", "AWS", OPTIONAL),
    ("Node.js and Vue", "Vue", PLAIN),
    # Spanish: "no se requiere" before the term as well as after it.
    ("No se requiere experiencia con Azure", "Azure", NEGATED),
    ("Azure: no se requiere", "Azure", NEGATED),  # the list item's value
    ("Experiencia con Azure no se requiere", "Azure", NEGATED),
    ("No hace falta saber Java", "Java", NEGATED),
    # Portuguese and Italian.
    ("Não tenho experiência com Angular", "Angular", NEGATED),
    ("Sem experiência com Spark", "Spark", NEGATED),
    ("Nenhum conhecimento de SAP", "SAP", NEGATED),
    ("Não é necessário Java", "Java", NEGATED),
    ("Java não é obrigatório", "Java", NEGATED),
    ("Senza esperienza con Docker", "Docker", NEGATED),
    ("Non ho mai usato Spark", "Spark", NEGATED),
    ("Nessuna esperienza con Scala", "Scala", NEGATED),
    ("Java non richiesto", "Java", NEGATED),
    ("não só Java mas também Go", "Java", PLAIN),
    ("non solo Java ma anche Go", "Java", PLAIN),
    ("Usamos Python, não Java", "Python", PLAIN),
    ("Gostaria de aprender Airflow", "Airflow", WISH),
    ("Vorrei imparare Kubernetes", "Kubernetes", WISH),
    ("Oferecemos formação em acessibilidade", "acessibilidade", OFFER),
    ("Offriamo corsi di inglese", "inglese", OFFER),
    ("Conhecimento de Next.js é um diferencial", "Next.js", OPTIONAL),
    ("SQL desejável", "SQL", OPTIONAL),
    ("Kafka costituisce un plus", "Kafka", OPTIONAL),
    ("Conoscenza di Kafka gradita", "Kafka", OPTIONAL),
    # Chinese: no spaces, each character a word; a cue reaches two characters.
    ("不需要 Java", "Java", NEGATED),
    ("不需要Java经验", "Java", NEGATED),
    ("无需Java经验", "Java", NEGATED),
    ("没有 Kubernetes 经验", "Kubernetes", NEGATED),
    ("Java 不需要", "Java", NEGATED),
    ("不需要掌握Java", "Java", NEGATED),  # one two-character word between
    ("不需要出差熟悉Java", "Java", PLAIN),  # four characters between: out of reach
    ("熟悉Java，不需要出差", "Java", PLAIN),  # a comma before the negation cuts
    ("不断优化SQL查询", "SQL", PLAIN),  # 不断 is no cue
    ("使用Python开发。不需要Java", "Python", PLAIN),  # 。 ends the clause
    ("熟悉 Kubernetes 者优先", "Kubernetes", OPTIONAL),
    ("熟悉Kubernetes者优先", "Kubernetes", OPTIONAL),
    ("Python 加分", "Python", OPTIONAL),
    # Arabic.
    ("لا حاجة إلى Java", "Java", NEGATED),
    ("لا يشترط معرفة Java", "Java", NEGATED),
    ("بدون Java", "Java", NEGATED),
    ("Scala غير مطلوب", "Scala", NEGATED),
    ("خبرة في PostgreSQL", "PostgreSQL", PLAIN),
    # Other scripts: no cue of theirs is read, and nothing breaks.
    ("Не требуется Java", "Java", PLAIN),
]


@pytest.mark.parametrize(("text", "term", "expected"), CASES)
def test_cases(text: str, term: str, expected: Reading) -> None:
    assert reading_of(text, term) == expected


def test_the_cue_file_is_read_and_covers_every_kind_in_six_languages() -> None:
    table = cues()
    assert len(table) > 300
    for lang in ("en", "de", "fr", "es", "pt", "it", "zh", "ar"):
        kinds = {cue.kind for cue in table if cue.lang == lang}
        assert {"negation", "wish", "offer", "optional"} <= kinds, lang
    assert {cue.kind for cue in table} <= set(KINDS)


def test_chinese_cues_are_one_word_a_character_and_a_lone_bu_is_none() -> None:
    chinese = [cue for cue in cues() if cue.lang == "zh"]
    assert all(cue.cjk for cue in chinese)
    assert ("不", "需", "要") in {cue.words for cue in chinese}
    assert ("不",) not in {cue.words for cue in cues()}
    assert not any(cue.cjk for cue in cues() if cue.lang != "zh")


def test_a_malformed_cue_row_is_named() -> None:
    with pytest.raises(ValueError, match="line 2"):
        parse_cues(["en\tnegation\tbefore\tno", "en\tverdict\tbefore\tgreat"])
    with pytest.raises(ValueError, match="empty cue"):
        parse_cues(["en\tnegation\tbefore\t..."])
    assert parse_cues(["# comment", "", "de\toptional\tboth\tvon Vorteil"])[0].words == (
        "von",
        "vorteil",
    )


def test_bounds_keep_the_reading_inside_a_field() -> None:
    text = "no\nkubernetes in production"
    start = text.index("kubernetes")
    assert read(text, (start, start + 10), (3, len(text))) == PLAIN
    assert read("no kubernetes", (3, 13), (0, 13)) == NEGATED
    assert read("no kubernetes", (3, 13), (5, 13)) == PLAIN  # a term outside its bounds


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=80), data=st.data())
def test_any_text_and_any_span_read_without_error(text: str, data: st.DataObject) -> None:
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, len(text)))
    assert isinstance(read(text, (start, end)), Reading)


@pytest.mark.parametrize("digit", ["\u1369", "\u2460", "\u00b2"])  # Ethiopic one, ①, ²
def test_a_digit_that_is_no_decimal_reads_without_error(digit: str) -> None:
    """str.isdigit() is true of them and int() refuses them: a CV line may hold one."""
    for text in (f"Java vor {digit} Jahren", f"Java, {digit} years ago", f"{digit} No Java"):
        assert isinstance(reading_of(text, "Java"), Reading)


@pytest.mark.parametrize(
    ("text", "term", "expected"),
    [
        ("I have no experience with AWS yet", "experience with AWS", NEGATED),
        ("Kubernetes is a plus", "Kubernetes is a plus", OPTIONAL),
        ("German lessons offered", "German lessons", OFFER),
        ("No Java needed", "No Java", NEGATED),
        ("No-Code tools", "No-Code tools", PLAIN),
    ],
)
def test_a_cue_sharing_words_with_the_term_governs_it(
    text: str, term: str, expected: Reading
) -> None:
    assert reading_of(text, term) == expected


def test_a_headings_cues_come_first_and_in_the_order_they_are_written(monkeypatch) -> None:
    """The cues read reaches _reading in text order, a heading's before its list item's:
    _reading's "first negation" is the one written first."""
    from explain.core.rules import reading

    seen: list[list[str]] = []
    original = reading._reading

    def spy(governing: list[reading.Cue], extra: set[str]) -> Reading:
        seen.append([" ".join(cue.words) for cue in governing])
        return original(governing, extra)

    monkeypatch.setattr(reading, "_reading", spy)
    reading_of("Goals for next year:\n- Kubernetes", "Kubernetes")
    reading_of("Noch nicht: weder Helm noch Kustomize", "Kustomize")
    assert seen == [["goals", "next year"], ["noch nicht", "noch"]]


# A heading's negation and the list item's own, read together.
HEADING_AND_ITEM = [
    ("Never:\n- a release without Terraform", "Terraform", PLAIN),  # never without: always
    ("Noch nicht: weder Helm noch Kustomize", "Kustomize", NEGATED),
    ("Not yet:\n- Vault nor Consul", "Consul", NEGATED),
    ("Ni un día sin Excel", "Excel", PLAIN),  # an opening "ni" is no "nor"
    ("Nunca: ni un día sin Excel", "Excel", NEGATED),
    ("Goals:\n- Rust", "Rust", WISH),
]


@pytest.mark.parametrize(("text", "term", "expected"), HEADING_AND_ITEM)
def test_a_headings_negation_and_the_items_are_read_together(
    text: str, term: str, expected: Reading
) -> None:
    assert reading_of(text, term) == expected
