"""Everyday senses of skill names read from how the sense shows in the text: a word of a
non-skill domain near the name (an island, rugby, a guitar, a car, a petrol station, the
body's movements, jewellery, bees, herbs, doors), not after "for" (a client's trade); a
domain name read only there (Scrum, Agile, Django); a season after a feminine article;
people in small teams; and, in the name rule, a particle after a sentence-initial name in
Dutch, German and Polish, a German compound after a hyphen and "X on Name". Guards: the
skill sense beside the same words is kept."""

from __future__ import annotations

import re

import pytest

from explain.core.rules.equivalence import find_term
from explain.core.rules.reading import Reading, read
from explain.core.verify import normalize


def reading_of(text: str, term: str) -> Reading:
    folded = normalize(text)
    found = re.search(rf"(?<!\w){re.escape(normalize(term))}(?!\w)", folded)
    assert found is not None, (text, term)
    return read(folded, found.span())


def words_at(text: str, spans: list[tuple[int, int]]) -> list[str]:
    return [text[a:b] for a, b in spans]


EVERYDAY = [
    # An island and its neighbours, in several languages.
    ("Backpacking across Java and Bali for two months", "Java", True),
    ("Zwei Wochen Urlaub auf Java in Indonesien", "Java", True),
    ("Férias em família: Java, Bali e Lombok", "Java", True),
    # A petrol station, a car: the brand and the model.
    ("Kassierer an einer Shell Tankstelle in Köln", "Shell", True),
    ("Caissier à la station-service Shell de Nantes", "Shell", True),
    ("Noleggio di un'automobile Spark per le consegne", "Spark", False),  # cars: too common
    ("Built the Go backend of a car rental app", "Go", False),
    # Rugby, a guitar, the body: names read only in such a domain.
    ("Pilier droit dans la mêlée, scrum du dimanche au club de rugby", "scrum", True),
    ("Escucho a Django Reinhardt y toco la guitarra los domingos", "Django", True),
    ("a physically fit, agile warehouse operative", "agile", True),
    ("Wir suchen jemanden, körperlich agile und belastbar", "agile", True),
    # Jewellery, bees, herbs, doors and windows.
    ("Handmade silver necklace with a Ruby pendant", "Ruby", True),
    ("Schmuck aus Crystal und Silber, handgefertigt", "Crystal", True),
    ("Hive inspections every week during beekeeping season", "Hive", True),
    ("Sage, thyme and rosemary from our own garden", "Sage", True),
    ("Windows and glazing fitted to new builds", "Windows", True),
    # People in small teams; a season after a feminine article.
    ("Wir arbeiten in kleinen Teams mit flachen Hierarchien", "Teams", True),
    ("Iniciamos as obras nesta primavera em Lisboa", "primavera", True),
    ("Inizio lavori questa primavera a Torino", "primavera", True),
    # Guards: the skill sense, with the same names and near-by words.
    ("Java 17 and Spring Boot on Kubernetes", "Java", False),
    ("Shell scripts for nightly backups", "Shell", False),
    ("Spark jobs on Databricks, tuned for skewed joins", "Spark", False),
    ("Scrum Master for two product teams", "Scrum", False),
    ("Scrum process and sprint reviews", "Scrum", False),
    ("Agile coach for three squads", "Agile", False),
    ("agile delivery across four teams", "agile", False),
    ("Django REST framework APIs for a fintech", "Django", False),
    ("Besprechungen über MS Teams und Outlook", "Teams", False),
    ("Planeamento em Primavera P6 para obras públicas", "Primavera", False),
    # A domain word after "for" is the client's trade, not the sense.
    ("Ruby backend for an online jewellery shop", "Ruby", False),
    ("Go services for a car marketplace", "Go", False),
    ("Applicazioni Spark per una gioielleria online", "Spark", False),
    # A one- or two-letter name is not read in a domain: C for car electronics.
    ("Embedded C for car dashboards and engine units", "C", False),
    # A domain word more than four words away does not reach.
    ("Drove a car for years before I first wrote some small tools in Go", "Go", False),
]


@pytest.mark.parametrize(("text", "term", "everyday"), EVERYDAY)
def test_everyday_sense_from_the_domain_around(text: str, term: str, everyday: bool) -> None:
    assert reading_of(text, term).everyday is everyday


@pytest.mark.parametrize(
    ("term", "text"),
    [
        # A Dutch, German or Polish particle after a name opening a sentence: a verb.
        ("Spring", "Spring even langs bij de receptie"),
        ("Spring", "Spring doch mal vorbei, wir freuen uns"),
        ("Jest", "Jest tu miło i spokojnie"),
        # Polish "jest" (is) in lower case is not the test framework.
        ("Jest", "Zespół jest mały, a biuro jest w centrum"),
        # A hyphen before a lower-case word still glues ("go-to", "rust-proofing").
        ("Go", "Go-to person for payroll questions"),
        ("Rust", "Rust-proofing of hulls"),
        # "on" before a lower-case word: the verb.
        ("Go", "Go on holiday in August"),
    ],
)
def test_everyday_words_are_not_the_skill(term: str, text: str) -> None:
    assert find_term(term, text) == [], (term, text)


@pytest.mark.parametrize(
    ("term", "text", "word"),
    [
        # A German compound: the noun after the hyphen keeps the name.
        ("Excel", "Sehr gute Excel-Kenntnisse und sicherer Umgang mit Word", "Excel"),
        ("Word", "Word-Dokumente und Formulare pflegen", "Word"),
        ("Access", "Zugang zu den Access-Datenbanken im Vertrieb", "Access"),
        # "on" before a capitalised name: one name, or the skill on a platform.
        ("Ruby", "Ruby on Rails since the 3.0 days", "Ruby"),
        ("Excel", "Excel on Mac and Windows", "Excel"),
        # The names themselves, in text, stay the skill.
        ("Jest", "Testy jednostkowe w Jest i Cypress", "Jest"),
        ("Spring", "Spring Boot microservices with Kafka", "Spring"),
    ],
)
def test_everyday_words_as_names(term: str, text: str, word: str) -> None:
    assert words_at(text, find_term(term, text)) == [word]


def test_the_documented_limits_of_the_domain_rows() -> None:
    """Past a comma that opens a new part, or beside a surname alone, the sense is missed (a
    car make right before its model is read: "Chevrolet Spark"); the skill in the domain
    without "for" is lost."""
    assert not reading_of("A trip to Bali, then Java", "Java").everyday
    assert reading_of("Dienstwagen: Chevrolet Spark", "Spark").everyday
    assert reading_of("Go services in our jewellery app", "Go").everyday
    assert not reading_of("Go services in our car app", "Go").everyday  # cars are no domain
