"""explain.web.ndjson: one compact JSON object per line; a plain answer is a result line."""

from __future__ import annotations

import json

from explain.web.ndjson import CONTENT_TYPE, NDJSONRenderer


def test_a_plain_answer_renders_as_one_result_line():
    line = NDJSONRenderer().render({"outcome": "timeout", "error": "Zürich <b>"})
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    assert json.loads(line) == {"event": "result", "outcome": "timeout", "error": "Zürich <b>"}
    assert "Zürich".encode() in line  # not escaped to \\u


def test_other_data_is_one_line_as_it_is_and_nothing_is_empty():
    assert json.loads(NDJSONRenderer().render({"detail": "x"})) == {"detail": "x"}
    assert NDJSONRenderer().render(None) == b""
    assert CONTENT_TYPE.startswith("application/x-ndjson")
