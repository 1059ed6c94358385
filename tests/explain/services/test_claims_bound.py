"""A draft of thousands of claims costs what MAX_CLAIMS do, fresh or cached: the verifier
reads the first MAX_CLAIMS of each list and counts the rest as unchecked."""

from __future__ import annotations

from explain.adapter import Field
from explain.core.schema import Claim, Draft
from explain.core.texts import job_text, profile_text
from explain.services.cache import MAX_CLAIMS
from explain.services.explanations import verify_sent


def _texts():
    return (
        profile_text([Field("skills", "Skills", "Python and Django")], max_chars=1000),
        job_text(
            [Field("description", "Description", "We need Python and Kotlin")], max_chars=1000
        ),
    )


def test_claims_past_the_bound_are_unchecked_not_read():
    wrong = [Claim(term="Rust", profile_quote="Rust", job_quote="Rust")] * (MAX_CLAIMS + 30)
    right = Claim(term="Python", profile_quote="Python", job_quote="Python")
    verification = verify_sent(Draft(matches=[*wrong, right]), *_texts())
    assert verification.kept == 0
    assert verification.dropped == MAX_CLAIMS
    assert verification.unchecked == 31


def test_a_draft_within_the_bound_is_read_whole():
    right = Claim(term="Python", profile_quote="Python", job_quote="Python")
    wrong = Claim(term="Rust", profile_quote="Rust", job_quote="Rust")
    verification = verify_sent(Draft(matches=[wrong, right]), *_texts())
    assert (verification.kept, verification.dropped, verification.unchecked) == (1, 1, 0)
