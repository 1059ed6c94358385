"""explain.core.rules.reading: which cue governs a term in its clause, in four languages."""

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
    ("Kotlin: not yet", "Kotlin", PLAIN),  # the colon ends the clause; see the limits
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
    # Nested negation undoes itself.
    ("not without Java", "Java", PLAIN),
    ("nicht ohne Python", "Python", PLAIN),
    ("pas sans Java", "Java", PLAIN),
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
    # Other scripts: no cue of theirs is read, and nothing breaks.
    ("Не требуется Java", "Java", PLAIN),
    ("不需要 Java", "Java", PLAIN),
    ("لا حاجة إلى Java", "Java", PLAIN),
]


@pytest.mark.parametrize(("text", "term", "expected"), CASES)
def test_cases(text: str, term: str, expected: Reading) -> None:
    assert reading_of(text, term) == expected


def test_the_cue_file_is_read_and_covers_every_kind_in_four_languages() -> None:
    table = cues()
    assert len(table) > 200
    for lang in ("en", "de", "fr", "es"):
        kinds = {cue.kind for cue in table if cue.lang == lang}
        assert {"negation", "wish", "offer", "optional"} <= kinds, lang
    assert {cue.kind for cue in table} <= set(KINDS)


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
