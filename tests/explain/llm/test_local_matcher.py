"""explain.llm.local_matcher: demo mode's word matcher, checked by the same verifier."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explain.adapter import Field
from explain.core.checklist import Checklist, State, ViewerAnswer, build_checklist
from explain.core.posting import PostingAnswer, PostingItem, PostingReading, read_posting
from explain.core.texts import SourceText, job_text, profile_text
from explain.core.verify import Checker
from explain.llm.local_matcher import (
    MATCHER_MODEL_NAME,
    MAX_PLACES,
    LocalMatcherAnswer,
    Requirement,
    clause_around,
    match_requirements,
    profile_quotes,
)
from explain.verify import Verification, find_quote

POSTING = (
    "Kestrel Freight is hiring. Requirements:\n"
    "Hands-on experience with AWS\n"
    "Solid Java and SQL\n"
    "Kubernetes in production is a plus\n"
    "Fluent Portuguese"
)
REQUIREMENTS = (
    Requirement("Hands-on experience with AWS", "AWS"),
    Requirement("Solid Java and SQL", "Java"),
    Requirement("Solid Java and SQL", "SQL"),
    Requirement("Kubernetes in production is a plus", "Kubernetes"),
    Requirement("Fluent Portuguese", "Portuguese"),
)


def job() -> SourceText:
    return job_text(
        [Field("title", "Title", "Cloud Engineer"), Field("description", "About", POSTING)],
        max_chars=8000,
    )


def profile(**fields: str) -> SourceText:
    labels = {"headline": "Headline", "skills": "Skills", "experience": "Experience"}
    return profile_text(
        [Field(key, labels.get(key, key), value) for key, value in fields.items()],
        max_chars=8000,
    )


def reading_of(requirements=REQUIREMENTS, posting: SourceText | None = None) -> PostingReading:
    """The posting's reading as demo mode has it: the recorded requirements, each checked
    against the posting (read_posting), in the posting's order."""
    answer = PostingAnswer(
        requirements=[
            PostingItem(job_quote=r.job_quote, term=r.term, reading="required")
            for r in requirements
        ]
    )
    reading = read_posting(answer, posting or job())
    assert len(reading.requirements) == len(requirements), reading.reasons
    return reading


def checklist_for(
    person: SourceText, reading: PostingReading, posting: SourceText | None = None
) -> Checklist:
    """The matcher's answer checked into the checklist, as the pipeline does."""
    posting = posting or job()
    answer = match_requirements(reading.requirements, person, posting)
    checker = Checker(
        person.text,
        posting.text,
        profile_fields=[(f.start, f.end) for f in person.fields],
        job_fields=[(f.start, f.end) for f in posting.fields],
    )
    return build_checklist(reading, answer, checker)


def checked(person: SourceText, requirements=REQUIREMENTS) -> tuple[dict, Verification]:
    """The kept matches (term: profile quote) and the checklist's older view."""
    result = checklist_for(person, reading_of(requirements)).verification
    return {p.term: p.profile_quote for p in result.matches}, result


def quotes_by_term(answer: ViewerAnswer, reading: PostingReading) -> dict[str, str]:
    """The matcher's proposed quotes (before any check), by the requirement's term."""
    terms = {n: r.term for n, r in enumerate(reading.requirements, start=1)}
    return {terms[e.id]: e.profile_quote for e in answer.requirements if e.profile_quote}


def test_a_skill_the_person_adds_is_a_match_quoting_their_own_words():
    before, _ = checked(profile(headline="Backend developer", skills="Java (3 years)"))
    assert "AWS" not in before
    after, result = checked(
        profile(headline="Backend developer", skills="Java (3 years), AWS (Lambda, ECS)")
    )
    assert after["AWS"] == "AWS (Lambda, ECS)"
    assert after["Java"] == "Java (3 years)"
    assert result.dropped == 0


def test_a_new_profile_gets_matches_and_gaps():
    matches, result = checked(
        profile(
            headline="Data engineer",
            experience="Since 2020 I have written SQL every day for a freight company in Porto.",
        )
    )
    assert matches == {"SQL": "Since 2020 I have written SQL every day for a freight company"}
    assert {p.term for p in result.gaps} == {"AWS", "Java", "Kubernetes", "Portuguese"}
    optional = {p.term for p in result.gaps if p.optional}
    assert optional == {"Kubernetes"}


@pytest.mark.parametrize(
    "skills",
    ["Java, Docker, no AWS yet", "Java, AWS (not yet)", "Java, hoping to learn AWS next year"],
)
def test_a_term_written_under_negation_or_as_a_wish_is_no_match(skills):
    checklist = checklist_for(profile(skills=skills), reading_of())
    result = checklist.verification
    assert "AWS" not in {p.term for p in result.matches}
    # The matcher's quote is removed by the checks, and the profile's own words are kept
    # beside the requirement: not yet, never shown and never "not found".
    assert result.drop_reasons.keys() & {"quote_negated", "profile_wish"}
    aws = next(i for i in checklist.items if i.requirement.term == "AWS")
    assert aws.state is State.NOT_YET


def test_of_several_places_the_one_the_checks_accept_is_quoted():
    matches, _ = checked(
        profile(skills="no AWS certificate yet", experience="Ran our billing on AWS for two years.")
    )
    assert matches["AWS"] == "Ran our billing on AWS for two years"


def test_a_term_inside_a_longer_word_is_not_matched():
    matches, result = checked(profile(skills="JavaScript, TypeScript, MySQLite"))
    assert "Java" not in matches and "SQL" not in matches
    assert {"Java", "SQL"} <= {p.term for p in result.gaps}


def test_an_alias_of_the_term_is_found_and_quoted():
    matches, _ = checked(profile(skills="k8s (CKA certified), Go"))
    assert matches["Kubernetes"] == "k8s (CKA certified)"


def test_one_of_the_alternatives_shows_the_requirement():
    read = reading_of((Requirement("Solid Java and SQL", "Java"),))
    # A choice the posting offers ("Java or SQL" as the reading found it).
    choice = PostingReading(requirements=(replace(read.requirements[0], alternatives=("SQL",)),))
    checklist = checklist_for(profile(skills="SQL (PostgreSQL)"), choice)
    result = checklist.verification
    assert {p.term: p.profile_quote for p in result.matches} == {"SQL": "SQL (PostgreSQL)"}
    assert not result.gaps
    assert [i.state for i in checklist.items] == [State.SHOWN]


def test_a_quote_never_crosses_into_the_next_field():
    person = profile(headline="Cloud engineer with AWS", skills="Java")
    reading = reading_of()
    quotes = quotes_by_term(match_requirements(reading.requirements, person, job()), reading)
    assert quotes == {"AWS": "Cloud engineer with AWS", "Java": "Java"}
    for quote in quotes.values():
        start, end = find_quote(quote, person.text)
        assert any(f.start <= start and end <= f.end for f in person.fields)


def test_a_long_clause_is_cut_to_twelve_whole_words_around_the_term():
    sentence = (
        "For the last six years at a mid-sized logistics firm in Lyon I kept "
        "our AWS accounts tidy and cheap while also training four new colleagues each spring"
    )
    matches, _ = checked(profile(experience=sentence))
    quote = matches["AWS"]
    assert len(quote.split()) <= 12 and "AWS" in quote
    assert quote in sentence


def test_clause_around_keeps_brackets_whole_and_stops_at_an_open_one():
    text = "Python (Advanced, 5 years), SQL (PostgreSQL, BigQuery), Node.js"
    at = text.index("Python")
    assert text[slice(*clause_around(text, at, at + 6, 0, len(text)))] == (
        "Python (Advanced, 5 years)"
    )
    at = text.index("BigQuery")
    assert text[slice(*clause_around(text, at, at + 8, 0, len(text)))] == "BigQuery"
    at = text.index("Node")
    assert text[slice(*clause_around(text, at, at + 7, 0, len(text)))] == "Node.js"


def test_the_answer_is_a_chat_model_answer_named_for_the_log():
    answer = LocalMatcherAnswer(REQUIREMENTS, profile(skills="AWS"), job())
    response = answer(None)  # type: ignore[arg-type]
    assert answer.model_name == response.model == MATCHER_MODEL_NAME
    assert isinstance(response.parsed, ViewerAnswer)
    assert response.parsed.requirements[0].id == 1
    assert response.parsed.requirements[0].profile_quote == "AWS"
    assert [e.id for e in response.parsed.requirements] == [1, 2, 3, 4, 5]
    assert response.text is not None and '"profileQuote":"AWS"' in response.text


WORDS = st.sampled_from(
    [
        "AWS", "Java", "JavaScript", "SQL", "k8s", "Kubernetes", "Portuguese", "no", "yet",
        "years", "(5", "years)", "built", "pipelines", "in", "and", "Lisbon,", "team.",
        "-", ";", ":", "/", "Übersetzung", "données", "AWS-based", "SQL:", "(AWS)",
    ]
)  # fmt: skip
FIELD_TEXT = st.lists(
    st.one_of(WORDS, st.text(alphabet=" \n,.;()", min_size=1, max_size=3)), max_size=40
).map(" ".join)


READING = reading_of()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(headline=FIELD_TEXT, skills=FIELD_TEXT, experience=FIELD_TEXT)
def test_every_profile_quote_is_found_in_the_profile_inside_one_field(headline, skills, experience):
    person = profile(headline=headline, skills=skills, experience=experience)
    answer = match_requirements(READING.requirements, person, job())
    assert [e.id for e in answer.requirements] == list(range(1, len(REQUIREMENTS) + 1))
    for evidence in answer.requirements:
        if not evidence.profile_quote:
            continue
        span = find_quote(evidence.profile_quote, person.text)
        assert span is not None, evidence
        assert len(evidence.profile_quote.split()) <= 12
        # Where the matcher took it: some occurrence of the quote lies in one field.
        at = person.text.find(evidence.profile_quote)
        assert at >= 0
        assert any(
            f.start <= at and at + len(evidence.profile_quote) <= f.end for f in person.fields
        )


def test_a_one_letter_name_is_quoted_with_its_neighbours():
    letter = profile(skills="Python, R, Excel")
    posting = job_text([Field("requirements", "R", "Python or R for analysis")], max_chars=800)
    reading = reading_of((Requirement("Python or R for analysis", "R"),), posting)
    answer = match_requirements(reading.requirements, letter, posting)
    assert answer.requirements[0].profile_quote == "Python, R, Excel"
    result = checklist_for(letter, reading, posting).verification
    assert [(p.term, p.profile_quote) for p in result.matches] == [("R", "Python, R, Excel")]


def test_a_profile_naming_the_term_thousands_of_times_quotes_a_few_places_only():
    person = profile(skills="AWS " * 5000, experience="Java")
    reading = reading_of()
    answer = match_requirements(reading.requirements, person, job())
    assert list(quotes_by_term(answer, reading)) == ["AWS", "Java"]
    quotes = profile_quotes("AWS", person, max_words=12)
    assert len(quotes) == MAX_PLACES
    assert all(len(q.split()) <= 12 for q in quotes)
