"""explain.texts: one rule for the texts sent, and where each field sits in them."""

from __future__ import annotations

from explain.adapter import Field
from explain.texts import SourceText, has_content, job_text, profile_text, text_from_html

FIELDS = [
    Field("headline", "Headline", "Backend developer"),
    Field("empty", "Empty", "   "),
    Field("skills", "Skills", "Java (Intermediate, 3 years)"),
]


def test_composed_as_label_lines_of_the_non_empty_fields():
    source = SourceText.compose(FIELDS, max_chars=8000)
    assert source.text == "Headline: Backend developer\nSkills: Java (Intermediate, 3 years)"
    assert [span.key for span in source.fields] == ["headline", "skills"]


def test_locate_gives_the_field_and_the_offsets_inside_its_value():
    source = SourceText.compose(FIELDS, max_chars=8000)
    start = source.text.index("Java")
    assert source.locate(start, start + 4) == ("skills", 0, 4)
    assert source.locate(0, 8) is None  # a label is in no value


def test_the_cap_cuts_at_a_word_boundary():
    source = SourceText.compose([Field("d", "D", "alpha beta gamma delta")], max_chars=14)
    assert source.text in {"D: alpha beta", "D: alpha"}
    assert len(source.text) <= 14


def test_profile_text_scrubs_contact_details():
    text = profile_text([Field("h", "Headline", "Mail me at ann@example.com")], max_chars=8000)
    assert "ann@example.com" not in text.text
    assert "[removed]" in text.text


def test_job_text_and_content():
    assert has_content(job_text([Field("t", "Job title", "Java Engineer")], max_chars=8000))
    assert not has_content(profile_text([Field("h", "Headline", "\u200b ")], max_chars=8000))


def test_text_from_html_keeps_words_and_drops_scripts():
    text = text_from_html("<p>Build <b>Java</b> APIs.</p><script>alert(1)</script><p>AWS</p>")
    assert "Build Java APIs." in text and "AWS" in text
    assert "alert" not in text
