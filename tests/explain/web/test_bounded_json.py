"""explain.web.bounded_json: deep or oversized JSON bodies are a short 400, never a 500."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from rest_framework.exceptions import ParseError

from explain.web.bounded_json import MAX_BODY_BYTES, MAX_DEPTH, BoundedJSONParser

pytestmark = pytest.mark.django_db


def parse(body: bytes) -> object:
    return BoundedJSONParser().parse(io.BytesIO(body))


def test_a_flat_body_parses():
    assert parse(b'{"log_id": 1, "kind": "match"}') == {"log_id": 1, "kind": "match"}


@pytest.mark.parametrize("levels", [MAX_DEPTH + 1, 100, 5_000])
def test_nesting_past_the_bound_is_refused(levels):
    with pytest.raises(ParseError, match="nested too deeply"):
        parse(b"[" * levels + b"]" * levels)


def test_nesting_at_the_bound_parses():
    assert parse(b"[" * MAX_DEPTH + b"]" * MAX_DEPTH) is not None


def test_an_oversized_body_is_refused_before_it_is_decoded():
    with pytest.raises(ParseError, match="too large"):
        parse(b'{"note": "' + b"x" * MAX_BODY_BYTES + b'"}')


def test_bad_json_is_a_parse_error():
    with pytest.raises(ParseError, match="not valid JSON"):
        parse(b"{not json")


@pytest.mark.parametrize(
    "body",
    [
        '{"a":' * 50_000 + "1" + "}" * 50_000,
        "[" * 200_000 + "]" * 200_000,
        '{"note": "' + "x" * (MAX_BODY_BYTES + 10) + '"}',
    ],
    ids=["deep-object", "deep-list", "oversized"],
)
def test_both_api_endpoints_answer_400(logged_in, worked_job, body):
    for url in (
        reverse("explain:api-feedback"),
        reverse("explain:api-explain", args=[worked_job.pk]),
    ):
        response = logged_in.post(url, body, content_type="application/json")
        if url.endswith("feedback/"):
            assert response.status_code == 400, url
            assert len(response.content) < 200
        else:
            assert response.status_code != 500, url
