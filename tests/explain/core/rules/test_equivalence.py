"""The equivalence of skill names: which forms are one skill, where a text names it, and
that a bad alias table is skipped row by row, never a crash."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explain.core.rules import equivalence
from explain.core.rules.equivalence import find_term, forms, is_strict, same_skill, skeleton
from explain.core.verify import is_quoted, normalize


@pytest.fixture
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An alias file of the test's own, read fresh; the real one is restored after."""
    path = tmp_path / "aliases.tsv"
    monkeypatch.setattr(equivalence, "ALIAS_FILE", path)
    equivalence.reload()
    yield path
    monkeypatch.undo()
    equivalence.reload()


def words_at(text: str, spans: list[tuple[int, int]]) -> list[str]:
    return [text[a:b] for a, b in spans]


# --------------------------------------------------------------------------- the rules


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Frontend", "front-end"),  # hyphen, space, nothing
        ("front end", "Front-End"),
        ("VueJS", "Vue.js"),  # a dot inside a name
        ("Python 3", "python3"),
        ("data-driven", "data driven"),
    ],
)
def test_folding_hyphens_spaces_and_dots(a: str, b: str) -> None:
    assert same_skill(a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("integration tests", "integration testing"),
        ("refactored services", "refactoring service"),
        ("automated", "automation"),
        ("Programmierung", "Programmierungen"),  # German
        ("développement", "développements"),  # French
        ("contabilidades", "contabilidad"),  # Spanish
        ("diagnoses", "diagnosis"),
    ],
)
def test_word_forms_share_a_stem(a: str, b: str) -> None:
    assert same_skill(a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("visualisation", "visualization"),
        ("modelling", "modeling"),
        ("behaviour analysis", "behavior analysis"),
        ("catalogue management", "catalog management"),
        ("analysed", "analyzed"),
    ],
)
def test_british_and_american_spellings(a: str, b: str) -> None:
    assert same_skill(a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("EKS", "Amazon Elastic Kubernetes Service"),
        ("Kundenservice", "customer service"),
        ("Staplerschein", "forklift licence"),
        ("HVAC", "heating, ventilation and air conditioning"),
        ("MSc", "master's degree"),
        ("Inglés", "English"),
        ("RRHH", "human resources"),
        ("tf.keras", "Keras"),
    ],
)
def test_names_in_one_alias_row(a: str, b: str) -> None:
    assert same_skill(a, b)
    assert same_skill(b, a)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Java", "JavaScript"),
        ("C", "C++"),
        ("C#", "C++"),
        ("React", "React Native"),
        ("SQL", "NoSQL"),
        ("nursing", "cursing"),
        ("Spanish", "Portuguese"),
        ("Go", "Golf"),
        ("data science", "data scientist"),
    ],
)
def test_different_skills_stay_different(a: str, b: str) -> None:
    assert not same_skill(a, b)


def test_forms_start_with_the_term_and_hold_its_row() -> None:
    names = [form.name for form in forms("k8s")]
    assert names[0] == "k8s"
    assert "Kubernetes" in names
    assert forms("") == ()
    assert [form.name for form in forms("Underwater basket weaving")] == [
        "Underwater basket weaving"
    ]


# --------------------------------------------------------------------------- in a text


def test_find_term_returns_each_form_in_the_text() -> None:
    text = "Ran Postgres and later pgsql clusters on GKE."
    assert words_at(text, find_term("PostgreSQL", text)) == ["Postgres", "pgsql"]
    assert words_at(text, find_term("Google Kubernetes Engine", text)) == ["GKE"]


def test_find_term_is_word_bounded() -> None:
    assert find_term("Java", "I wrote JavaScript") == []
    assert find_term("SQL", "NoSQL stores") == []
    assert find_term("ML", "HTML and XML") == []


def test_a_spelling_split_across_words_is_found() -> None:
    text = "I build front end apps"
    assert words_at(text, find_term("frontend", text)) == ["front end"]


@pytest.mark.parametrize(
    "text",
    [
        "Happy to go to the office",
        "Go to the office twice a week.",
        "Let's go!",
        "Led our R&D team",
        "A go-to person for support",
        "I like to swift through paperwork",
    ],
)
def test_short_and_everyday_names_not_in_everyday_use(text: str) -> None:
    for term in ("Go", "R", "Swift"):
        assert find_term(term, text) == [], (term, text)


@pytest.mark.parametrize(
    ("term", "text", "word"),
    [
        ("Go", "Backend services in Go and Python", "Go"),
        ("Go", "Go, Rust, Python", "Go"),
        ("Go", "Skills:\nGo developer for 3 years", "Go"),
        ("R", "Statistics in R and SPSS", "R"),
        ("go", "Wrote Go daily", "Go"),  # the term's case is the list's, not the model's
        ("Swift", "iOS apps in Swift", "Swift"),
        ("Golang", "Microservices in Go", "Go"),  # through the alias row
        ("JS", "Five years of JavaScript", "JavaScript"),
    ],
)
def test_short_and_everyday_names_as_names(term: str, text: str, word: str) -> None:
    assert words_at(text, find_term(term, text)) == [word]


def test_strictness() -> None:
    assert is_strict("Go") and is_strict("go") and is_strict("R") and is_strict("Excel")
    assert not is_strict("Kubernetes")
    assert not is_strict("経験")  # two CJK characters are two words, not an abbreviation


def test_skeleton_reads_look_alikes_as_latin_one_for_one() -> None:
    pasted = "Kub\u0435rnetes and \u0420ython"  # Cyrillic е and Р
    folded = skeleton(pasted)
    assert folded == "Kubernetes and Python"
    assert len(folded) == len(pasted)
    assert skeleton("Müller, Straße, 東京") == "Müller, Straße, 東京"


# --------------------------------------------------------------------------- bad tables


def test_bad_rows_are_skipped_with_a_reason(table: Path) -> None:
    table.write_text(
        "# a comment\n"
        "Gitlab\tGitLab\n"  # the same name twice: one name
        "Go language\tgo\n"  # an everyday word in lower case
        "\t\t\n"  # empty
        "Widget\tGadget\n"
        "Gadget\tGizmo\n"  # Gadget is already in a row: a conflict, not a chain
        "Alpha\tBeta\n"
        "Beta\tAlpha\n" + "x" * 500 + "\tLong\n"  # a cycle
        "Sprocket\tCog\n",
        encoding="utf-8",
    )
    found = equivalence.problems()
    assert any(":2:" in p for p in found)
    assert any(":3:" in p and "everyday" in p for p in found)
    assert any(":6:" in p and "Gadget" in p for p in found)
    assert any(":8:" in p for p in found)
    assert same_skill("Widget", "Gadget")
    assert not same_skill("Gadget", "Gizmo")
    assert same_skill("Sprocket", "cog")
    assert not same_skill("Go language", "Go")  # the skipped row maps nothing


def test_a_huge_or_binary_table_is_bounded(table: Path) -> None:
    rows = "".join(f"skill{i}\talias{i}\n" for i in range(10_000))
    table.write_text(rows, encoding="utf-8")
    assert any("more than" in p for p in equivalence.problems())
    assert same_skill("skill1", "alias1")
    assert not same_skill("skill9999", "alias9999")
    table.write_bytes(b"\xff\xfe\x00bin\tary\n\x00\x00")
    assert isinstance(equivalence.problems(), tuple)


def test_a_missing_table_is_an_empty_table(table: Path) -> None:
    assert table.exists() is False
    assert any("cannot be read" in p for p in equivalence.problems())
    assert not same_skill("k8s", "Kubernetes")
    assert same_skill("front-end", "frontend")


def test_names_of_any_script(table: Path) -> None:
    table.write_text("Программирование\tкодинг\n数据分析\tデータ分析\n", encoding="utf-8")
    assert equivalence.problems() == ()
    assert same_skill("программирование", "Кодинг")
    assert same_skill("数据分析", "データ分析")


# --------------------------------------------------------------------------- properties

_NAMES = st.sampled_from(
    [
        "k8s",
        "Kubernetes",
        "JS",
        "JavaScript",
        "Go",
        "go",
        "Golang",
        "R",
        "R&D",
        "front-end",
        "frontend",
        "Java",
        "unit tests",
        "unit testing",
        "Englisch",
        "English",
        "C",
        "C++",
    ]
)


@settings(max_examples=200, deadline=None)
@given(a=st.one_of(_NAMES, st.text(max_size=30)), b=st.one_of(_NAMES, st.text(max_size=30)))
def test_same_skill_is_symmetric(a: str, b: str) -> None:
    assert same_skill(a, b) == same_skill(b, a)


@settings(max_examples=200, deadline=None)
@given(a=_NAMES, b=_NAMES)
def test_equivalence_never_makes_a_quote_exact(a: str, b: str) -> None:
    """A quote written with another name of the skill is still not in the source."""
    source = f"Five years with {a} in production."
    quote = f"years with {b} in"
    assert is_quoted(quote, source) == (normalize(a) == normalize(b))


@settings(max_examples=100, deadline=None)
@given(text=st.text(max_size=200), term=st.one_of(_NAMES, st.text(max_size=20)))
def test_find_term_spans_are_in_the_text(text: str, term: str) -> None:
    for start, end in find_term(term, text):
        assert 0 <= start < end <= len(text)


def test_each_thread_stems_with_its_own_stemmers():
    """A snowball stemmer keeps its word in itself: shared across threads, concurrent
    stems corrupt each other. Each thread gets its own; the stems are the same."""
    import threading

    seen: list[tuple[object, ...]] = []
    stems: list[str] = []

    def work() -> None:
        seen.append(equivalence._stemmers())
        stems.append(equivalence._stemmers()[0].stemWord("programming"))

    threads = [threading.Thread(target=work) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen[0] is not seen[1]
    assert not set(map(id, seen[0])) & set(map(id, seen[1]))
    assert equivalence._stemmers() is equivalence._stemmers()
    assert stems[0] == stems[1] == equivalence._stemmers()[0].stemWord("programming")
