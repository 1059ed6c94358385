"""explain.core.draft_stream: each claim once, as soon as the text can no longer change it."""

from __future__ import annotations

import json

import pytest

from explain.core.draft_stream import DraftStream, StreamMismatch
from explain.core.schema import Claim, Draft

DRAFT = {
    "matches": [
        {"term": "a", "profileQuote": "Java", "jobQuote": "Java APIs"},
        {"term": "b", "profileQuote": "SQL", "jobQuote": "SQL"},
    ],
    "gaps": [{"term": "c", "profileQuote": "", "jobQuote": "AWS"}],
}


def test_claims_come_out_once_each_in_the_order_written():
    text = json.dumps(DRAFT)
    stream = DraftStream()
    seen = []
    for i in range(0, len(text), 7):
        seen += stream.feed(text[i : i + 7])
    seen += stream.finish(Draft.model_validate(DRAFT))
    assert [(kind, claim.term) for kind, claim in seen] == [
        ("match", "a"),
        ("match", "b"),
        ("gap", "c"),
    ]
    assert stream.text == text


def test_the_last_item_of_an_open_list_waits():
    stream = DraftStream()
    assert stream.feed('{"matches": [{"term": "a", "profileQuote": "Ja') == []


def test_a_final_draft_that_rewrites_what_was_taken_is_a_mismatch():
    stream = DraftStream()
    stream.feed(json.dumps(DRAFT))
    other = Draft(matches=[Claim(term="z", profile_quote="Go", job_quote="Go")])
    with pytest.raises(StreamMismatch):
        stream.finish(other)


def test_text_that_is_not_json_takes_nothing():
    stream = DraftStream()
    assert stream.feed("Sure! Here is") == []
    assert stream.feed(json.dumps(DRAFT)) == []
