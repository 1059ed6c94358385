"""A job quote lying wholly inside a job field that is not a requirement (where the job
is, whether it is remote) backs no point: job_quote_not_requirement. The same words
elsewhere in the posting still do."""

from __future__ import annotations

from explain.adapter import Field
from explain.core.posting import PostingAnswer, PostingItem, read_posting
from explain.core.schema import Claim, Draft
from explain.core.texts import job_text, profile_text
from explain.core.verify import Checker, DropReason, verify_draft

JOB = [
    Field("title", "Job title", "Agronomist"),
    Field("location", "Location", "Lviv, Ukraine"),
    Field("remote", "Remote", "Remote within Europe"),
    Field("description", "Description", "You plan crop rotation and soil sampling."),
]
PROFILE = [Field("skills", "Skills", "Soil sampling, irrigation planning")]


def _verify(draft: Draft, excluded_keys: set[str]):
    job = job_text(JOB, max_chars=5000)
    profile = profile_text(PROFILE, max_chars=5000)
    excluded = [(s.start, s.end) for s in job.fields if s.key in excluded_keys]
    args = {
        "profile_fields": profile.spans,
        "job_fields": job.spans,
        "job_not_requirements": excluded,
    }
    return verify_draft(draft, profile.text, job.text, **args), (profile, job, args)


def _gap(term: str, quote: str) -> Draft:
    return Draft(gaps=[Claim(term=term, job_quote=quote, profile_quote="")])


def test_a_gap_quoting_the_location_is_dropped_with_its_reason():
    result, _ = _verify(_gap("Ukraine", "Lviv, Ukraine"), {"location", "remote"})
    assert not result.gaps
    assert result.drop_reasons == {DropReason.JOB_QUOTE_NOT_REQUIREMENT.value: 1}


def test_the_remote_field_is_not_a_requirement_either():
    result, _ = _verify(_gap("Europe", "Remote within Europe"), {"location", "remote"})
    assert result.drop_reasons == {"job_quote_not_requirement": 1}


def test_without_the_marked_fields_the_old_rule_keeps_it():
    """The same claim with no field marked: kept, as before (what the marking changes)."""
    result, _ = _verify(_gap("Ukraine", "Lviv, Ukraine"), set())
    assert [point.term for point in result.gaps] == ["Ukraine"]


def test_a_requirement_in_the_description_still_counts():
    draft = Draft(
        gaps=[Claim(term="crop rotation", job_quote="You plan crop rotation", profile_quote="")],
        matches=[
            Claim(term="soil sampling", job_quote="soil sampling", profile_quote="Soil sampling")
        ],
    )
    result, _ = _verify(draft, {"location", "remote"})
    assert [p.term for p in result.gaps] == ["crop rotation"]
    assert [p.term for p in result.matches] == ["soil sampling"]
    assert result.dropped == 0


def test_the_checklist_checker_drops_it_the_same_way():
    """The viewer's checklist checks a requirement's words with the same rule."""
    draft = _gap("Ukraine", "Lviv, Ukraine")
    whole, (profile, job, args) = _verify(draft, {"location"})
    checker = Checker(profile.text, job.text, **args)
    assert checker.gap(draft.gaps[0]) is DropReason.JOB_QUOTE_NOT_REQUIREMENT
    assert whole.drop_reasons == {DropReason.JOB_QUOTE_NOT_REQUIREMENT.value: 1}


def test_the_posting_reading_never_keeps_it_as_a_requirement():
    """Read once for every viewer: the location named as a requirement is removed, with
    the same reason, and the description's requirement stays."""
    answer = PostingAnswer(
        requirements=[
            PostingItem(job_quote="Lviv, Ukraine", term="Ukraine", reading="required"),
            PostingItem(
                job_quote="You plan crop rotation", term="crop rotation", reading="required"
            ),
        ]
    )
    reading = read_posting(
        answer, job_text(JOB, max_chars=5000), not_requirement_keys={"location", "remote"}
    )
    assert [r.term for r in reading.requirements] == ["crop rotation"]
    assert reading.reasons == {DropReason.JOB_QUOTE_NOT_REQUIREMENT.value: 1}
