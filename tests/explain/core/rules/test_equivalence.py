"""The equivalence of skill names: which forms are one skill, where a text names it, and
that a bad alias table is skipped row by row, never a crash."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explain.core.rules import equivalence
from explain.core.rules.equivalence import find_term, forms, is_strict, skeleton
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


def same_skill(a: str, b: str) -> bool:
    """Two names are one skill: their own forms share a key, or they share a form (each
    one's forms hold its whole alias row)."""
    mine, theirs = forms(a), forms(b)
    return bool(mine and theirs) and bool(mine[0].keys & theirs[0].keys or set(mine) & set(theirs))


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


@pytest.mark.parametrize(
    ("term", "text"),
    [
        ("C", "I know c and a little d"),  # lower case is not the name
        ("C", "C-suite reporting"),
        ("C", "C++ only"),
        ("C", "C# and .NET"),
        ("C", "C is where I started"),  # sentence-initial, a function word follows
        ("Rust", "Removed rust from old cars"),
        ("Rust", "Rust-proofing of hulls"),
        ("Rust", "Rust is what I fight on the boat."),
        ("Spring", "Available from spring 2027"),
        ("Spring", "Spring is our busy season."),
        ("Spring", "Springfield office"),
        ("Excel", "I excel at teamwork"),
        ("Excel", "Excel at customer care, every day."),
        ("Word", "Word of mouth brought clients."),
        ("Word", "in a word, reliable"),
        ("Swift", "Swift to learn new tools."),
        ("Go", "GO TEAM"),
        ("Go", "A real go-getter"),
        ("R", "R&D budget"),
        ("R", "the r in 'car'"),
    ],
)
def test_more_everyday_words_are_not_the_skill(term: str, text: str) -> None:
    assert find_term(term, text) == [], (term, text)


@pytest.mark.parametrize(
    ("term", "text", "word"),
    [
        ("C", "Firmware in C and assembly", "C"),
        ("C", "C, C++ and Python", "C"),
        ("C", "Wrote C daily", "C"),
        ("Rust", "Rust, Go", "Rust"),
        ("Rust", "Services in Rust.", "Rust"),
        ("Spring", "Java with Spring and Hibernate", "Spring"),
        ("Spring", "Spring Boot services", "Spring"),
        ("Excel", "Pivot tables in Excel", "Excel"),
        ("Excel", "Excel, Word", "Excel"),
        ("excel", "Reports in Excel", "Excel"),  # the model's lower case means the name
        ("Word", "Excel, Word and PowerPoint", "Word"),
        ("Swift", "Apps in Swift and Kotlin", "Swift"),
    ],
)
def test_more_everyday_words_as_names(term: str, text: str, word: str) -> None:
    assert words_at(text, find_term(term, text)) == [word]


def test_the_documented_limits_of_the_name_rule() -> None:
    """What the rule gets wrong, as docs/verifier.md says: a name opening a sentence with a
    function word after it is missed; a letter or a season that reads as a name counts."""
    assert find_term("C", "C is my main language") == []
    assert words_at("Grade C in maths", find_term("C", "Grade C in maths")) == ["C"]
    assert words_at("Spring 2024: joined", find_term("Spring", "Spring 2024: joined")) == ["Spring"]


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


def test_a_10000_row_table_is_read_whole(table: Path) -> None:
    """A taxonomy's worth of rows loads with no warning, and every row applies."""
    rows = "".join(f"skill{i} thing\talias{i}|other name {i}\n" for i in range(10_000))
    table.write_text(rows, encoding="utf-8")
    assert equivalence.problems() == ()
    assert same_skill("skill1 thing", "alias1")
    assert same_skill("alias9999", "other name 9999")
    assert not same_skill("alias1", "alias2")
    text = "Ran alias9999 daily."
    assert words_at(text, find_term("skill9999 thing", text)) == ["alias9999"]


def test_a_huge_or_binary_table_is_bounded(table: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(equivalence, "MAX_ROWS", 50)
    rows = "".join(f"skill{i}\talias{i}\n" for i in range(200))
    table.write_text(rows, encoding="utf-8")
    equivalence.reload()
    assert any("more than 50 rows" in p for p in equivalence.problems())
    assert same_skill("skill1", "alias1")
    assert not same_skill("skill199", "alias199")
    table.write_bytes(b"\xff\xfe\x00bin\tary\n\x00\x00")
    equivalence.reload()
    assert isinstance(equivalence.problems(), tuple)


def test_the_table_is_built_once_per_process(table: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every claim asks the same table: read from disk once, until reload()."""
    table.write_text("Widget\tGadget\n", encoding="utf-8")
    reads: list[Path] = []
    real = equivalence.load_aliases

    def counting(path: Path = equivalence.ALIAS_FILE) -> equivalence.AliasTable:
        reads.append(path)
        return real(path)

    monkeypatch.setattr(equivalence, "load_aliases", counting)
    equivalence.reload()
    for _ in range(3):
        assert same_skill("Widget", "gadgets")
        assert find_term("Gadget", "A widget.") == [(2, 8)]
        equivalence.problems()
    assert reads == [table]
    table.write_text("Widget\tGizmo\n", encoding="utf-8")
    assert same_skill("Widget", "Gadget")  # the file is not read again per call
    equivalence.reload()
    assert same_skill("Widget", "Gizmo") and len(reads) == 2


def test_adding_a_row_needs_no_code(table: Path) -> None:
    """The shipped table plus one new row: the new names are one skill everywhere."""
    from explain.core.schema import Claim, Draft
    from explain.core.verify import DropReason, verify_draft

    shipped = equivalence.DATA / "skill_aliases.tsv"
    table.write_text(
        shipped.read_text(encoding="utf-8") + "Frobnication\tFrobX|frob-wrangling\n",
        encoding="utf-8",
    )
    assert equivalence.problems() == ()
    assert same_skill("FrobX", "frobnication") and same_skill("k8s", "Kubernetes")
    gap = Claim(term="Frobnication", profile_quote="", job_quote="Frobnication at scale")
    result = verify_draft(
        Draft(gaps=[gap]), "Five years of frob wrangling.", "Frobnication at scale."
    )
    assert result.drop_reasons == {DropReason.GAP_CONTRADICTED.value: 1}


def test_empty_and_blank_terms_name_nothing() -> None:
    for term in ("", "   ", "\t", "-", "…"):
        assert forms(term) == (), term
        assert find_term(term, "Python - and … more") == [], term
        assert not same_skill(term, term), term


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
@given(a=st.one_of(_NAMES, st.text(max_size=30)))
def test_every_name_of_a_row_finds_that_row(a: str) -> None:
    """Each other name of a term's alias row lists the same row, so that being one skill
    is symmetric: "k8s" names Kubernetes and "Kubernetes" names k8s."""
    row = set(forms(a)[1:])
    for form in row:
        assert forms(form.name)[0] == form
        assert row <= set(forms(form.name)), (a, form.name)


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


def test_threads_stem_at_once_without_corrupting_each_other() -> None:
    """A snowball stemmer keeps its word in itself: shared across threads, concurrent
    stems corrupt each other. Stems made in four threads at once are the right ones."""
    import threading

    import snowballstemmer

    words = [f"{a}{b}{c}ering" for a in "bcdfgk" for b in "aeiou" for c in "lmnprst"]
    keys: dict[str, frozenset[str]] = {}

    def work(chunk: list[str]) -> None:
        for word in chunk:
            keys[word] = forms(word)[0].keys

    threads = [threading.Thread(target=work, args=(words[i::4],)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    english = snowballstemmer.stemmer("english")
    assert all("1" + english.stemWord(word) in keys[word] for word in words)


def test_any_apostrophe_or_hyphen_the_normal_form_knows() -> None:
    """The rules read the one table of quote and dash forms: "d‘Excel" is elided like
    "d'Excel", "Go‘s" is glued like "Go's", "front–end" is one name like "front-end"."""
    assert find_term("Excel", "Je connais d\u2018Excel.") == [(13, 18)]
    assert find_term("Go", "Our Go\u2018s runtime.") == []
    assert find_term("Frontend", "Some front\u2013end work.") == [(5, 14)]


@pytest.mark.parametrize(
    ("term", "text", "word"),
    [
        ("Excel", "Erstellung von Excel-Tabellen für den Einkauf", "Excel"),
        ("Excel", "Excel-Schulungen für das Lager gegeben", "Excel"),  # a capital after "-"
        ("Excel", "maakte dagelijks Excel-rapportages", "Excel"),
        ("Ruby", "Wartung der Ruby-Skripte im Lager", "Ruby"),
        ("Swift", "Migration auf Swift-Code im Team", "Swift"),
    ],
)
def test_an_everyday_name_opening_a_compound_is_the_name(term: str, text: str, word: str) -> None:
    assert words_at(text, find_term(term, text)) == [word]


@pytest.mark.parametrize(
    ("term", "text"),
    [
        ("Spring", "Spring-loaded latches on every door"),  # opening a sentence, lower case
        ("Swift", "Swift-moving queue at the desk."),
        ("Go", "Our Go-to guide for new staff"),  # two letters: never a compound's part
        ("C", "Reports to the C-Level"),
        ("Rust", "Removed rust-stains from hulls"),  # lower case is not the name
    ],
)
def test_a_hyphenated_everyday_word_is_not_the_name(term: str, text: str) -> None:
    assert find_term(term, text) == [], (term, text)


# A field's first line follows its label ("Skills: ..." as the host writes a profile):
# the label's ": " starts a sentence, as a line break does, so the first word's capital
# says as little as at the start of a line.
@pytest.mark.parametrize(
    ("term", "first_line"),
    [
        ("Go", "Go to the warehouse twice a week"),
        ("Excel", "Excel at keeping customers calm"),
        ("Swift", "Swift-moving orders at the counter"),
        ("Spring", "Spring-loaded hinges fitted on site"),
    ],
)
def test_a_labels_first_word_is_read_as_a_sentence_start(term: str, first_line: str) -> None:
    for text in (f"Duties: {first_line}", f"Duties:\n{first_line}"):
        assert find_term(term, text) == [], (term, text)


@pytest.mark.parametrize(
    ("term", "text", "word"),
    [
        ("Go", "Skills: Go, Rust and Python", "Go"),
        ("Swift", "Must have: Swift for iOS", "Swift"),  # "for" is no verb's sign
        ("R", "R for the statistics, Python for the rest", "R"),
        ("Ruby", "Skills: Ruby on Rails, Sidekiq", "Ruby"),
        ("Excel", "Tools: Excel-Makros für den Einkauf", "Excel"),  # a capital after "-"
        ("Swift", "Languages: Swift and Kotlin", "Swift"),
        # Past a long line's colon the word stands mid-sentence, a name as before.
        ("Go", "Over five years I built services for payments in: Go to be precise", "Go"),
    ],
)
def test_a_name_after_a_label_is_still_the_name(term: str, text: str, word: str) -> None:
    assert words_at(text, find_term(term, text)) == [word]
