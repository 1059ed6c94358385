"""explain.eval.host_pairs: the host's users and jobs as pairs, through the adapter only."""

from __future__ import annotations

import pytest

from explain.eval.host_pairs import PairsError, host_pairs, parse_ids
from explain.services.explanations import texts_for
from explain.source import _load_source


def test_job_ids_accept_lists_and_ranges():
    assert parse_ids(["1-3,7", "2", " 9 "]) == ["1", "2", "3", "7", "9"]
    assert parse_ids(["a-b", ",,"]) == ["a-b"]
    assert parse_ids([]) == []
    with pytest.raises(PairsError, match="empty range"):
        parse_ids(["5-2"])


def test_without_an_adapter_the_error_says_what_to_set(settings):
    settings.EXPLAIN_SOURCE = None
    with pytest.raises(PairsError, match="EXPLAIN_SOURCE"):
        list(host_pairs([], ["1"]))


class NoListing:
    """An adapter without job_ids() (the demo portal's has one)."""


def test_without_job_ids_an_adapter_must_list_them(settings):
    settings.EXPLAIN_SOURCE = f"{__name__}.NoListing"
    _load_source.cache_clear()
    try:
        with pytest.raises(PairsError, match="--jobs"):
            list(host_pairs([], []))
    finally:
        _load_source.cache_clear()


@pytest.mark.django_db
def test_pairs_use_the_texts_the_service_sends(make_user, worked_job):
    user = make_user("pat", skills="Java (3 years)")
    make_user("empty", skills="")  # no profile text: no pair
    [pair] = list(host_pairs([], [str(worked_job.pk), "999"]))  # 999: no such job
    profile, job = texts_for(user=user, job_id=str(worked_job.pk))
    assert (pair.profile, pair.job) == (profile.text, job.text)
    assert pair.id == f"user pat + job {worked_job.pk}"
