"""The job's location, sent as a field, never comes back as a requirement: the portal's
location and remote fields (and an adapter's own `not_requirements`) back no point."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from explain.adapter import NOT_REQUIREMENT_KEYS, not_requirement_keys
from explain.models import ExplanationLog, PostingReading

LOCATION_GAP = {
    "matches": [],
    "gaps": [{"term": "Berlin", "profileQuote": "", "jobQuote": "Berlin"}],
}


def test_a_gap_quoting_the_location_field_is_dropped(logged_in, worked_job, use_model):
    use_model(LOCATION_GAP)
    response = logged_in.post(reverse("explain:api-explain", args=[worked_job.pk]))
    data = response.json()
    # The posting's reading drops it: the posting has no requirement left to check.
    assert data["outcome"] == "no_requirements"
    assert ExplanationLog.objects.get(pk=data["log_id"]).requirements_total == 0
    reading = PostingReading.objects.get()
    assert reading.requirement_count == 0
    assert reading.removed_reasons == {"job_quote_not_requirement": 1}


def test_an_adapter_names_its_own_keys():
    class Own:
        not_requirements = ("office", "salary")

    assert not_requirement_keys(Own()) == {"office", "salary"}
    assert not_requirement_keys(object()) == NOT_REQUIREMENT_KEYS == {"location", "remote"}


def test_an_adapter_with_no_such_keys_keeps_the_location(
    logged_in, worked_job, use_model, settings: Any
):
    from explain.source import _load_source

    settings.EXPLAIN_SOURCE = f"{__name__}.EverythingAsked"
    _load_source.cache_clear()
    try:
        use_model(LOCATION_GAP)
        data = logged_in.post(reverse("explain:api-explain", args=[worked_job.pk])).json()
    finally:
        _load_source.cache_clear()
    assert data["ok"], data
    assert [gap["term"] for gap in data["gaps"]] == ["Berlin"]


from jobportal.explain_source import PortalExplainSource  # noqa: E402


class EverythingAsked(PortalExplainSource):
    not_requirements = ()
