"""explain.web.serializers: the feedback input is checked; the answer's shape is declared."""

from __future__ import annotations

from explain.web.serializers import ExplanationSerializer, FeedbackInputSerializer


def test_feedback_input_needs_a_known_kind_and_reason():
    good = {"log_id": 1, "kind": "gap", "index": 0, "reason": "other"}
    assert FeedbackInputSerializer(data=good).is_valid()
    for wrong in ({"kind": "maybe"}, {"reason": "because"}, {"index": -1}):
        form = FeedbackInputSerializer(data={**good, **wrong})
        assert not form.is_valid(), wrong


def test_the_answer_declares_every_key_the_payload_has():
    declared = set(ExplanationSerializer().fields)
    assert {"outcome", "matches", "gaps", "dropped", "drop_reasons", "notice"} <= declared
