"""The compiled INSERT writes the row save() would write, on SQLite and PostgreSQL alike."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from explain.log_insert import insert_log
from explain.models import ExplanationLog

pytestmark = pytest.mark.django_db

COMPARED = [
    f.attname for f in ExplanationLog._meta.concrete_fields if f.name not in {"id", "created_at"}
]


def values(**overrides):
    row = dict(
        job_ref="42",
        job_title="Ingénieur·e Python — «remote» 東京",
        outcome="ok",
        kept_matches=2,
        kept_gaps=1,
        dropped=3,
        unchecked=1,
        drop_reasons={"quote_not_found": 2, "point_unsupported": 1},
        rewritten={"point_rewritten": 1},
        profile_words_sent=120,
        profile_words_total=150,
        profile_instructions=1,
        job_words_sent=300,
        job_words_total=310,
        job_instructions=2,
        model_name="gemini-3.5-flash-lite",
        prompt_version="2026-12-01.1",
        latency_ms=2043,
        prompt_tokens=812,
        output_tokens=95,
        thoughts_tokens=None,
        total_tokens=907,
    )
    row.update(overrides)
    return row


def stored(pk):
    return ExplanationLog.objects.values(*COMPARED, "created_at").get(pk=pk)


@pytest.mark.parametrize(
    "overrides",
    [
        {},
        {"drop_reasons": {}, "rewritten": {}, "prompt_tokens": None, "total_tokens": None},
        {"outcome": "provider_error", "job_title": "", "model_name": ""},
    ],
)
def test_the_row_is_the_one_save_writes(overrides):
    user = get_user_model().objects.create(username="log-insert")
    before = timezone.now()
    by_orm = ExplanationLog.objects.create(user=user, **values(**overrides))
    row = ExplanationLog(user=user, **values(**overrides))
    pk = insert_log(row)
    assert pk == row.pk and pk != by_orm.pk
    assert not row._state.adding
    ours, theirs = stored(pk), stored(by_orm.pk)
    assert ours.pop("created_at") >= before
    theirs.pop("created_at")
    assert ours == theirs
    assert ours["user_id"] == user.pk


def test_a_row_without_a_user_and_its_created_at_are_stored():
    row = ExplanationLog(user=None, **values())
    pk = insert_log(row)
    assert stored(pk)["user_id"] is None
    assert ExplanationLog.objects.get(pk=pk).created_at == row.created_at


def test_each_row_is_one_statement_and_rows_get_their_own_ids():
    first = insert_log(ExplanationLog(**values(job_ref="1")))
    with CaptureQueriesContext(connection) as queries:
        second = insert_log(ExplanationLog(**values(job_ref="2")))
    assert len(queries) == 1
    assert queries[0]["sql"].upper().startswith("INSERT")
    assert second != first
    assert ExplanationLog.objects.get(pk=first).job_ref == "1"
    assert ExplanationLog.objects.get(pk=second).job_ref == "2"
