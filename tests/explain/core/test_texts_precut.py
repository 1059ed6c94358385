"""The profile is cut near the cap before the scrubber runs: the scrubber's work is
bounded by the cap, not by what a user pasted, and what is sent does not change."""

from __future__ import annotations

from typing import Any

import pytest

from explain.adapter import Field
from explain.core import texts
from explain.core.contact_details import scrub, visible_form
from explain.core.texts import SourceText, precut_bound, profile_text


@pytest.fixture
def seen(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The length of every value handed to the scrubber."""
    lengths: list[int] = []

    def recording(value: str, *args: Any, **kwargs: Any) -> str:
        lengths.append(len(value))
        return scrub(value, *args, **kwargs)

    monkeypatch.setattr(texts, "scrub", recording)
    return lengths


def test_a_megabyte_of_phone_like_text_reaches_the_scrubber_cut(seen):
    huge = "+1 555 123 4567 " * 65536  # 1 MiB
    sent = profile_text([Field("skills", "Skills", huge)], max_chars=30000)
    assert seen and max(seen) <= precut_bound(30000)
    assert len(sent.text) <= 30000


def test_the_cut_does_not_change_what_is_sent():
    """Over the cap but the same sent text as scrubbing the whole value first."""
    words = " ".join(f"word{i} mail{i}@example.com" for i in range(3000))
    fields = [Field("skills", "Skills", words), Field("headline", "Headline", "Java dev")]
    whole = SourceText.compose(
        [Field(f.key, f.label, scrub(visible_form(f.value))) for f in fields], max_chars=500
    )
    assert profile_text(fields, max_chars=500).text == whole.text
    assert "@" not in profile_text(fields, max_chars=500).text


def test_the_cut_ends_at_whitespace_so_no_half_address_is_left(seen):
    value = "a" * (precut_bound(200) - 5) + " jane@example.com"
    profile_text([Field("skills", "Skills", value)], max_chars=200)
    assert seen == [precut_bound(200) - 5]


def test_a_short_profile_is_not_touched(seen):
    profile_text([Field("skills", "Skills", "Java, call +1 555 123 4567")], max_chars=200)
    assert seen == [len("Java, call +1 555 123 4567")]


@pytest.fixture
def stripped(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The length of every posting value handed to the first rule (bidi stripping)."""
    lengths: list[int] = []
    original = texts.strip_reordering

    def recording(value: str) -> str:
        lengths.append(len(value))
        return original(value)

    monkeypatch.setattr(texts, "strip_reordering", recording)
    return lengths


def test_a_ten_megabyte_description_is_cut_before_any_rule_reads_it(stripped):
    sentence = "We need Python and Kubernetes for the platform team. "
    huge = sentence * (10_000_000 // len(sentence))
    sent = texts.job_text(
        [Field("title", "Job title", "Engineer"), Field("description", "Description", huge)],
        max_chars=30000,
    )
    assert stripped and max(stripped) <= precut_bound(30000)
    assert len(sent.text) <= 30000
    assert sent.cut and sent.full_text is not None
    assert len(sent.full_text) <= precut_bound(30000) + len("Job title: Engineer\nDescription: ")
    assert sent.text.startswith("Job title: Engineer\nDescription: We need Python")


def test_a_posting_under_the_bound_is_sent_as_before():
    value = "Python and Kubernetes. " * 1000  # 23,000 characters: under the cap
    sent = texts.job_text([Field("description", "Description", value)], max_chars=30000)
    assert sent.text == "Description: " + value.strip()
    assert not sent.cut
