"""explain.llm.local_matcher: demo mode's word matcher, checked by the same verifier."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explain.adapter import Field
from explain.core.texts import SourceText, job_text, profile_text
from explain.llm.local_matcher import (
    MATCHER_MODEL_NAME,
    MAX_PLACES,
    LocalMatcherAnswer,
    Requirement,
    clause_around,
    match_requirements,
    profile_quotes,
)
from explain.verify import Verification, find_quote, verify_draft

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


def checked(person: SourceText, requirements=REQUIREMENTS) -> tuple[dict, Verification]:
    posting = job()
    draft = match_requirements(requirements, person, posting)
    result = verify_draft(
        draft,
        person.text,
        posting.text,
        profile_fields=[(f.start, f.end) for f in person.fields],
        job_fields=[(f.start, f.end) for f in posting.fields],
    )
    return {p.term: p.profile_quote for p in result.matches}, result


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
    matches, result = checked(profile(skills=skills))
    assert "AWS" not in matches
    assert "AWS" not in {p.term for p in result.gaps}  # the profile's words say so: no gap either
    assert result.drop_reasons.keys() & {"quote_negated", "profile_wish", "gap_contradicted"}


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
    alternatives = (Requirement("Solid Java and SQL", "Java", ("SQL",)),)
    matches, result = checked(profile(skills="SQL (PostgreSQL)"), alternatives)
    assert matches == {"SQL": "SQL (PostgreSQL)"}
    assert not result.gaps


def test_a_quote_never_crosses_into_the_next_field():
    person = profile(headline="Cloud engineer with AWS", skills="Java")
    draft = match_requirements(REQUIREMENTS, person, job())
    quotes = {claim.term: claim.profile_quote for claim in draft.matches}
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
    assert response.parsed.matches[0].profile_quote == "AWS"
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


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(headline=FIELD_TEXT, skills=FIELD_TEXT, experience=FIELD_TEXT)
def test_every_profile_quote_is_found_in_the_profile_inside_one_field(headline, skills, experience):
    person = profile(headline=headline, skills=skills, experience=experience)
    draft = match_requirements(REQUIREMENTS, person, job())
    for claim in draft.matches:
        span = find_quote(claim.profile_quote, person.text)
        assert span is not None, claim
        assert len(claim.profile_quote.split()) <= 12
        # Where the matcher took it: some occurrence of the quote lies in one field.
        at = person.text.find(claim.profile_quote)
        assert at >= 0
        assert any(f.start <= at and at + len(claim.profile_quote) <= f.end for f in person.fields)
    for gap in draft.gaps:
        assert gap.profile_quote == ""


def test_a_one_letter_name_is_quoted_with_its_neighbours():
    letter = profile(skills="Python, R, Excel")
    posting = job_text([Field("requirements", "R", "Python or R for analysis")], max_chars=800)
    draft = match_requirements((Requirement("Python or R for analysis", "R"),), letter, posting)
    assert draft.matches[0].profile_quote == "Python, R, Excel"
    result = verify_draft(
        draft,
        letter.text,
        posting.text,
        profile_fields=[(f.start, f.end) for f in letter.fields],
        job_fields=[(f.start, f.end) for f in posting.fields],
    )
    assert [(p.term, p.profile_quote) for p in result.matches] == [("R", "Python, R, Excel")]


def test_a_profile_naming_the_term_thousands_of_times_quotes_a_few_places_only():
    person = profile(skills="AWS " * 5000, experience="Java")
    draft = match_requirements(REQUIREMENTS, person, job())
    assert [c.term for c in draft.matches] == ["AWS", "Java"]
    quotes = profile_quotes("AWS", person, max_words=12)
    assert len(quotes) == MAX_PLACES
    assert all(len(q.split()) <= 12 for q in quotes)
