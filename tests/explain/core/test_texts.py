"""explain.core.texts: the exact strings sent and verified, and where each field sits in them."""

from __future__ import annotations

import pytest

from explain.adapter import Field
from explain.core.texts import (
    FieldSpan,
    SourceText,
    has_content,
    job_text,
    profile_text,
)

FIELDS = [
    Field("headline", "Headline", "  Backend developer "),
    Field("empty", "Empty", "   "),
    Field("skills", "Skills", "Java, Go"),
]


def test_compose_writes_label_lines_for_non_empty_fields_and_their_spans() -> None:
    source = SourceText.compose(FIELDS, max_chars=1000)
    assert source.text == "Headline: Backend developer\nSkills: Java, Go"
    assert source.fields == (
        FieldSpan("headline", 10, 27),
        FieldSpan("skills", 36, 44),
    )
    for span in source.fields:
        assert source.text[span.start : span.end] in ("Backend developer", "Java, Go")


def test_compose_of_nothing_is_empty() -> None:
    assert SourceText.compose([], max_chars=10) == SourceText("", ())
    assert SourceText.compose([Field("a", "A", " ")], max_chars=10) == SourceText("", ())


def test_a_text_exactly_at_the_cap_is_kept_whole() -> None:
    source = SourceText.compose([Field("s", "S", "abc def")], max_chars=10)
    assert source.text == "S: abc def"
    assert source.fields == (FieldSpan("s", 3, 10),)


@pytest.mark.parametrize(
    ("max_chars", "text", "spans"),
    [
        # Cut before the word the cap falls in, and white space at the cut dropped.
        (9, "S: abc", (FieldSpan("s", 3, 6),)),
        (7, "S: abc", (FieldSpan("s", 3, 6),)),
        (6, "S: abc", (FieldSpan("s", 3, 6),)),
        # On a space: the word before stays whole.
        (10, "S: abc def", (FieldSpan("s", 3, 10),)),
        # A first word longer than the cap: cut inside it rather than send nothing.
        (2, "S:", ()),
    ],
)
def test_the_cap_cuts_at_a_word_boundary(max_chars, text, spans) -> None:
    source = SourceText.compose([Field("s", "S", "abc def ghi")], max_chars=max_chars)
    assert source.text == text
    assert source.fields == spans


def test_a_long_first_word_is_cut_at_the_cap_rather_than_dropped() -> None:
    source = SourceText.compose([Field("s", "S", "abcdefghij")], max_chars=6)
    assert source.text == "S: abc"  # no boundary inside the share: cut at the share
    assert source.fields == (FieldSpan("s", 3, 6),)
    assert source.full_text == "S: abcdefghij" and source.cut
    no_room = SourceText.compose([Field("s", "Abcdef", "x y")], max_chars=3)
    assert no_room.text == "Abc"  # not even the label fits: one cut at the cap
    assert no_room.fields == ()


def test_the_cap_is_shared_per_field_so_no_field_is_dropped_whole() -> None:
    fields = [Field("a", "A", "one two"), Field("b", "B", "three four"), Field("c", "C", "x")]
    source = SourceText.compose(fields, max_chars=24)
    # 13 characters for values: "x" whole, the other two 6 each, cut at a word boundary.
    assert source.text == "A: one\nB: three\nC: x"
    assert source.fields == (FieldSpan("a", 3, 6), FieldSpan("b", 10, 15), FieldSpan("c", 19, 20))
    assert source.full_text == "A: one two\nB: three four\nC: x"
    assert (source.words_sent, source.words_total) == (3, 5)
    whole = SourceText.compose(fields, max_chars=1000)
    assert whole.text == whole.full_text or whole.full_text is None
    assert not whole.cut and (whole.words_sent, whole.words_total) == (5, 5)


def test_a_long_field_does_not_push_the_ones_after_it_out() -> None:
    fields = [
        Field("description", "Description", "word " * 3000),
        Field("requirements", "Requirements", "Java and AWS"),
    ]
    source = SourceText.compose(fields, max_chars=500)
    assert len(source.text) <= 500
    assert source.text.endswith("Requirements: Java and AWS")
    assert source.cut and source.words_total == 3003


def test_locate_names_the_field_and_the_offsets_inside_its_value() -> None:
    source = SourceText.compose(FIELDS, max_chars=1000)
    assert source.locate(10, 17) == ("headline", 0, 7)
    assert source.locate(36, 44) == ("skills", 0, 8)
    assert source.locate(38, 44) == ("skills", 2, 8)
    assert source.locate(9, 17) is None  # starts in the label
    assert source.locate(20, 40) is None  # crosses from one field into the next
    assert source.locate(36, 45) is None  # past the field's end


def test_the_profile_is_scrubbed_in_its_visible_form_and_the_job_is_not() -> None:
    fields = [
        Field(
            "exp", "Experience", "Mail ｄａｎａ＠ｅｘａｍｐｌｅ．ｃｏｍ or d\u200bana@example.org"
        )
    ]
    assert profile_text(fields, max_chars=1000).text == "Experience: Mail [removed] or [removed]"
    assert job_text(fields, max_chars=1000).text == "Experience: " + fields[0].value
    assert profile_text(fields, max_chars=20).text == "Experience: Mail"
    assert job_text(fields, max_chars=20).text == "Experience: Mail"


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("Java", True),
        ("\u200b", False),
        (" \u00a0\u3000", False),
        ("\u202e\u2066", False),  # bidi controls only
        ("\u00ad", False),
        ("-", True),
        ("\u0301", True),  # a mark is something to see
        ("\x01", False),  # a control character
        ("\ue000", False),  # private use
        ("\x01\ue000a", True),
    ],
)
def test_has_content_looks_at_values_not_labels(value: str, expected: bool) -> None:
    source = SourceText.compose([Field("s", "Skills", value)], max_chars=100)
    assert has_content(source) is expected


def test_a_label_alone_is_no_content() -> None:
    assert has_content(SourceText("Skills: ", (FieldSpan("s", 8, 8),))) is False
    assert has_content(SourceText("Skills: x", (FieldSpan("s", 8, 9),))) is True
    assert has_content(SourceText("Skills: x", ())) is False


def test_the_posting_is_sent_without_bidi_controls_or_tag_characters() -> None:
    from explain.core.texts import job_text

    hidden = "".join(chr(0xE0000 + ord(c)) for c in "note to model")
    sent = job_text(
        [Field("description", "Description", f"Build \u202eSWA\u202c APIs{hidden}.")],
        max_chars=1000,
    )
    assert sent.text == "Description: Build SWA APIs."  # what the host page shows, too
