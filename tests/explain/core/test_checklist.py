"""The checklist's promises, for generated postings, profiles and viewers' answers.

Every requirement of the posting's reading appears exactly once, in the posting's order,
whatever the model's answer leaves out, repeats or invents; and the model's reading of a
profile quote can only weaken a claim: a quote it reads as absent, wished for, someone
else's or past never makes a requirement "shown", and no reading shows what "states"
would not.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explain.adapter import Field
from explain.core.checklist import (
    MAX_EVIDENCE,
    Checklist,
    Evidence,
    State,
    ViewerAnswer,
    build_checklist,
)
from explain.core.posting import PostingAnswer, PostingReading, read_posting
from explain.core.schema import PROFILE_READINGS
from explain.core.texts import SourceText, job_text, profile_text
from explain.core.verify import Checker

# Names no rule reads as an everyday word, and the words around them.
NAMES = (
    "Kotlin",
    "Java",
    "Scala",
    "PostgreSQL",
    "Docker",
    "Terraform",
    "Python",
    "Kafka",
    "Airflow",
    "React",
    "Figma",
    "Linux",
    "German",
    "Spanish",
)
TAILS = ("", " experience", " in production", " skills", " for data pipelines")
WEAKENING = tuple(r for r in PROFILE_READINGS if r != "states")


@st.composite
def postings(draw: st.DrawFn) -> tuple[list[str], list[str], list[str]]:
    """Requirement lines (one name, or alternatives "A, B or C"), each line's term (its
    first name) and the model's reading of it."""
    names = draw(st.lists(st.sampled_from(NAMES), min_size=1, max_size=9, unique=True))
    lines, terms, readings = [], [], []
    rest = list(names)
    while rest:
        size = draw(st.integers(1, min(3, len(rest))))
        group, rest = rest[:size], rest[size:]
        if size == 1:
            said = group[0]
        elif size == 2:
            said = f"{group[0]} or {group[1]}"
        else:
            said = f"{', '.join(group[:-1])} or {group[-1]}"
        lines.append(said + draw(st.sampled_from(TAILS)))
        terms.append(group[0])
        readings.append(draw(st.sampled_from(("required", "required", "optional"))))
    return lines, terms, readings


@st.composite
def profiles(draw: st.DrawFn) -> list[str]:
    """Profile phrases: names with years, levels, or said to be missing."""
    names = draw(st.lists(st.sampled_from(NAMES), max_size=6, unique=True))
    shapes = ("{} (3 years)", "{}", "{} (Intermediate)", "no {} yet", "learning {}")
    return [draw(st.sampled_from(shapes)).format(name) for name in names]


def posting_text(lines: list[str]) -> SourceText:
    fields = [
        Field("title", "Job title", "Data Engineer"),
        Field("requirements", "Requirements", "\n".join(f"- {line}" for line in lines)),
    ]
    return job_text(fields, max_chars=30000)


def the_profile(phrases: list[str]) -> SourceText:
    fields = [
        Field("headline", "Headline", "Engineer"),
        Field("skills", "Skills", ", ".join(phrases)),
    ]
    return profile_text(fields, max_chars=30000)


def reading_of(lines: list[str], terms: list[str], readings: list[str]) -> PostingReading:
    answer = PostingAnswer.model_validate(
        {
            "requirements": [
                {"jobQuote": line, "term": term, "reading": reading}
                for line, term, reading in zip(lines, terms, readings, strict=True)
            ]
        }
    )
    return read_posting(answer, posting_text(lines))


def checklist_of(
    reading: PostingReading, lines: list[str], phrases: list[str], evidence: list[Evidence]
) -> Checklist:
    job, profile = posting_text(lines), the_profile(phrases)
    checker = Checker(
        profile.text,
        job.text,
        profile_fields=profile.spans,
        job_fields=job.spans,
        profile_full_text=profile.full_text,
        job_full_text=job.full_text,
    )
    return build_checklist(reading, ViewerAnswer(requirements=evidence), checker)


@st.composite
def answers(draw: st.DrawFn, phrases: list[str], count: int) -> list[Evidence]:
    """A viewer's answer: ids in and out of range, repeated or left out; quotes from the
    profile, pieces of it, or invented; any reading."""
    quotes = (
        st.sampled_from([*phrases, "Engineer", "Rust (9 years)", ""]) if phrases else st.just("")
    )
    item = st.builds(
        Evidence,
        id=st.integers(0, count + 2),
        profile_quote=quotes,
        profile_reading=st.sampled_from([*PROFILE_READINGS, ""]),
    )
    return draw(st.lists(item, max_size=2 * count + 3))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), posting=postings(), phrases=profiles())
def test_every_requirement_once_in_order_and_readings_only_weaken(data, posting, phrases):
    lines, terms, readings = posting
    reading = reading_of(lines, terms, readings)
    count = len(reading.requirements)
    evidence = data.draw(answers(phrases, count))
    checklist = checklist_of(reading, lines, phrases, evidence)

    # Every requirement of the reading exactly once, in the posting's order.
    assert [i.number for i in checklist.items] == list(range(1, count + 1))
    assert [i.requirement for i in checklist.items] == list(reading.requirements)
    assert checklist.total == count
    assert sum(checklist.counts.values()) == count
    assert checklist.optional == sum(r.optional for r in reading.requirements)

    # The evidence read for each id: its first answer (later ones are never read).
    first: dict[int, Evidence] = {}
    for piece in evidence[:MAX_EVIDENCE]:
        first.setdefault(piece.id, piece)
    # Read as plainly stated, the same quotes show at least as much.
    stated = [e.model_copy(update={"profile_reading": "states"}) for e in evidence]
    plain = checklist_of(reading, lines, phrases, stated)
    for item, plain_item in zip(checklist.items, plain.items, strict=True):
        if item.state is State.SHOWN:
            assert plain_item.state is State.SHOWN, (item.requirement.term, first[item.number])
            assert first[item.number].profile_reading not in WEAKENING
