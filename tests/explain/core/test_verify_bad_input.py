"""Bad input, any of it: a clear keep or drop with a reason, never a crash."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explain.core.schema import Claim, Draft
from explain.core.verify import DropReason, Verification, verify_draft

REASONS = {reason.value for reason in DropReason}
PROFILE = "Skills: Java (3 years), Python\nI have no experience with AWS yet."
JOB = "Requirements: 5+ years of Java. Java is not required. Kubernetes is a plus."

CUE_WORDS = [
    "not required", "no", "kein", "pas de", "sin", "ohne", "never", "not without",
    "is a plus", "we offer", "want to learn", "Не требуется", "不需要", "لا", "3–5 years",
    "three years", "B1", "C1", "junior", "senior", "Java", "Kubernetes", "AWS", "the role",
]  # fmt: skip
texts = st.one_of(
    st.text(max_size=60),
    st.lists(st.sampled_from(CUE_WORDS), max_size=8).map(" ".join),
    st.sampled_from(["", "x" * 10_000, "Java " * 2_000]),
)


def check(result: Verification) -> None:
    assert set(result.drop_reasons) <= REASONS
    assert result.dropped == sum(result.drop_reasons.values())
    for point in (*result.matches, *result.gaps):
        assert point.job_amount in point.job_quote
        assert point.profile_amount in point.profile_quote


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    terms=st.lists(texts, min_size=1, max_size=4),
    quotes=st.lists(texts, min_size=2, max_size=4),
    profile=st.one_of(texts, st.just(PROFILE)),
    job=st.one_of(texts, st.just(JOB)),
)
def test_verify_draft_never_raises_and_every_drop_has_a_reason(
    terms: list[str], quotes: list[str], profile: str, job: str
) -> None:
    claims = [
        Claim(term=term, profile_quote=quotes[i % len(quotes)], job_quote=quotes[-1])
        for i, term in enumerate(terms)
    ]
    gaps = [Claim(term=term, job_quote=quote) for term, quote in zip(terms, quotes, strict=False)]
    check(verify_draft(Draft(matches=claims, gaps=gaps), profile, job))


@pytest.mark.parametrize(
    ("claim", "kind", "reason"),
    [
        # A 10,000-character term: too long to be a term.
        (Claim(term="k" * 10_000, job_quote="Kubernetes is a plus"), "gap", "term_missing"),
        # A term equal to the whole quote counts like any term that names something.
        (Claim(term="Kubernetes is a plus", job_quote="Kubernetes is a plus"), "gap", None),
        # A quote that is only a cue names nothing.
        (Claim(term="not required", job_quote="not required"), "gap", "term_not_content"),
        (Claim(term="required", job_quote="Java is not required"), "gap", "term_not_content"),
        # The cue reads its term however the claim is cut.
        (Claim(term="Java", job_quote="Java is not required"), "gap", "quote_negated"),
        (Claim(term="Java", job_quote="Java is"), "gap", "quote_negated"),
        (
            Claim(term="AWS", profile_quote="experience with AWS", job_quote="5+ years of Java"),
            "match",
            "term_not_in_quotes",
        ),
        (
            Claim(term="AWS", profile_quote="experience with AWS yet", job_quote="AWS"),
            "match",
            "job_quote_not_found",
        ),
    ],
)
def test_named_bad_inputs_get_a_clear_decision(claim: Claim, kind: str, reason: str | None) -> None:
    draft = Draft(matches=[claim]) if kind == "match" else Draft(gaps=[claim])
    result = verify_draft(draft, PROFILE, JOB)
    check(result)
    if reason is None:
        assert result.kept == 1
        assert result.gaps[0].optional is True
    else:
        assert result.drop_reasons == {reason: 1}


def test_a_negated_profile_quote_backs_no_match() -> None:
    job = "Requirements: AWS experience"
    claim = Claim(term="AWS", profile_quote="experience with AWS", job_quote="AWS experience")
    result = verify_draft(Draft(matches=[claim]), PROFILE, job)
    assert result.drop_reasons == {"quote_negated": 1}


@pytest.mark.parametrize("job", ["Java не требуется", "Java न आवश्यक", "Java\u200b"])
def test_negation_cues_in_scripts_without_a_cue_list_do_not_crash_and_are_not_read(
    job: str,
) -> None:
    result = verify_draft(Draft(gaps=[Claim(term="Java", job_quote=job)]), "Python", job)
    check(result)
    assert result.kept == 1


@pytest.mark.parametrize(
    "job",
    ["Java 不需要", "不需要Java经验", "无需 Java", "Java غير مطلوب", "لا يشترط Java", "بدون Java"],
)
def test_chinese_and_arabic_negation_cues_are_read(job: str) -> None:
    result = verify_draft(Draft(gaps=[Claim(term="Java", job_quote=job)]), "Python", job)
    check(result)
    assert result.drop_reasons == {"quote_negated": 1}
