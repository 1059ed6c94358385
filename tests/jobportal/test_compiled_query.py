"""The compiled lookups answer exactly as the ORM querysets they were compiled from."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext

from jobportal.compiled_query import CompiledLookup
from jobportal.explain_source import JOB_FIELDS, PROFILE_FIELDS, PortalExplainSource
from jobportal.models import CandidateProfile, Job

pytestmark = pytest.mark.django_db


def job_lookup() -> CompiledLookup:
    return CompiledLookup(
        Job,
        "id",
        lambda key: (
            Job.objects.filter(pk=key, published=True).order_by().values_list(*JOB_FIELDS)[:1]
        ),
    )


def make_job(**kw) -> Job:
    values = dict(title="Backend", company="ACME", location="Berlin", description="Python")
    values.update(kw)
    return Job.objects.create(**values)


def test_the_row_is_the_one_the_orm_gives():
    job = make_job(requirements="Redis", remote=Job.Remote.REMOTE)
    orm = Job.objects.filter(pk=job.pk, published=True).order_by().values_list(*JOB_FIELDS)[0]
    assert job_lookup().first(job.pk) == orm


def test_each_call_looks_up_its_own_key_and_compiles_once():
    first, second = make_job(title="First"), make_job(title="Second")
    lookup = job_lookup()
    assert lookup.first(first.pk)[0] == "First"
    assert lookup.first(second.pk)[0] == "Second"
    with CaptureQueriesContext(connection) as queries:
        assert lookup.first(first.pk)[0] == "First"
    assert len(queries) == 1
    assert str(first.pk) in queries[0]["sql"]


def test_the_filter_still_applies_and_a_missing_row_is_none():
    hidden = make_job(published=False)
    assert job_lookup().first(hidden.pk) is None
    assert job_lookup().first(hidden.pk + 1000) is None


@pytest.mark.parametrize("key", [2**31, 2**63, -(2**63) - 1, 10**30])
def test_a_key_no_column_can_hold_finds_nothing_without_an_error(key):
    make_job()
    assert job_lookup().first(key) is None


def test_a_lookup_that_does_not_use_its_key_once_is_refused():
    lookup = CompiledLookup(
        Job, "id", lambda key: Job.objects.filter(published=True).values_list("id")[:1]
    )
    make_job()
    with pytest.raises(ValueError, match="exactly once"):
        lookup.first(1)


def test_the_adapter_reads_the_profile_through_the_foreign_key():
    user = get_user_model().objects.create(username="cq")
    other = get_user_model().objects.create(username="cq2")
    CandidateProfile.objects.create(user=user, headline="Dev", skills="Python")
    source = PortalExplainSource()
    fields = {f.key: f.value for f in source.profile_fields(user)}
    assert set(fields) == set(PROFILE_FIELDS)
    assert fields["headline"] == "Dev" and fields["skills"] == "Python"
    assert source.profile_fields(other) == []


def test_the_adapter_answers_a_huge_job_id_as_unavailable():
    from explain.adapter import JobUnavailable

    with pytest.raises(JobUnavailable):
        PortalExplainSource().job_fields("9" * 40, None)


def test_the_profile_query_reads_no_private_column():
    user = get_user_model().objects.create(username="cq3")
    CandidateProfile.objects.create(
        user=user, full_name="Ada Secret", email="ada@example.com", phone="+44 20 7946 0000"
    )
    with CaptureQueriesContext(connection) as queries:
        PortalExplainSource().profile_fields(user)
    (query,) = queries
    select = query["sql"].lower().split(" from ")[0]
    for private in ("full_name", "email", "phone", "salary_expectation", "resume"):
        assert private not in select
    for shared in PROFILE_FIELDS:
        assert shared in select
