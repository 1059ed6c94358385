"""The viewer's evidence taken from a streamed answer: each item once, when it is complete."""

from __future__ import annotations

import json

import pytest

from explain.core.checklist import ViewerAnswer
from explain.exceptions import StreamMismatch
from explain.llm.answer_stream import AnswerStream

ANSWER = {
    "requirements": [
        {"id": 1, "profileQuote": "Python", "profileReading": "states"},
        {"id": 2, "profileQuote": "", "profileReading": ""},
        {"id": 3, "profileQuote": "Terraform", "profileReading": "states"},
    ]
}


def _pieces(text: str, size: int) -> list[str]:
    return [text[i : i + size] for i in range(0, len(text), size)]


@pytest.mark.parametrize("size", [1, 3, 17, 1000])
def test_every_item_comes_out_once_in_order_whatever_the_pieces(size: int) -> None:
    text = json.dumps(ANSWER)
    stream = AnswerStream()
    taken = [e for piece in _pieces(text, size) for e in stream.feed(piece)]
    taken += stream.finish(ViewerAnswer.model_validate_json(text))
    assert [e.id for e in taken] == [1, 2, 3]
    assert taken == ViewerAnswer.model_validate(ANSWER).requirements


def test_the_last_item_waits_for_the_final_answer() -> None:
    text = json.dumps(ANSWER)
    stream = AnswerStream()
    # Everything but the closing brackets: the last item could still grow.
    fed = stream.feed(text[: text.rindex("}") - 1])
    assert [e.id for e in fed] == [1, 2]


def test_a_later_key_closes_the_list() -> None:
    stream = AnswerStream()
    fed = stream.feed('{"requirements": [{"id": 1, "profileQuote": "Python"}], "note": 1, ')
    assert [e.id for e in fed] == [1]


def test_text_that_is_not_json_gives_nothing_and_the_final_check_decides() -> None:
    stream = AnswerStream()
    assert stream.feed("Sure! Here is") == []
    assert stream.feed(json.dumps(ANSWER)) == []
    assert stream.feed("") == []


def test_a_final_answer_that_contradicts_the_stream_is_a_mismatch() -> None:
    stream = AnswerStream()
    stream.feed('{"requirements": [{"id": 1, "profileQuote": "Python"}, {"id": 2')
    other = ViewerAnswer.model_validate({"requirements": [{"id": 1, "profileQuote": "Java"}]})
    with pytest.raises(StreamMismatch):
        stream.finish(other)
