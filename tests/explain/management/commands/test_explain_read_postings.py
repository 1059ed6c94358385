"""`manage.py explain_read_postings`: every published posting read once, ahead of time."""

from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from explain.adapter import BaseExplainSource, job_ids_of
from explain.models import ExplanationLog, PostingReading
from jobportal.models import Job

pytestmark = pytest.mark.django_db

ANSWER = {"requirements": [{"jobQuote": "Kubernetes", "term": "Kubernetes", "reading": "required"}]}


def make_jobs() -> list[Job]:
    return [
        Job.objects.create(
            title=f"SRE {n}", company="Ops", requirements=f"- Kubernetes\n- On call {n}"
        )
        for n in range(3)
    ] + [
        Job.objects.create(
            title="Draft", company="Ops", requirements="- Kubernetes", published=False
        )
    ]


def test_the_command_reads_every_published_posting_once(use_model):
    jobs = make_jobs()
    model = use_model(ANSWER)
    out = StringIO()
    call_command("explain_read_postings", stdout=out)
    assert len(model.prompts) == 3 and PostingReading.objects.count() == 3
    assert "3 posting(s). read: 3." in out.getvalue()
    assert str(jobs[3].pk) not in PostingReading.objects.values_list("job_ref", flat=True)
    out = StringIO()
    call_command("explain_read_postings", stdout=out)  # stored: no call
    assert len(model.prompts) == 3 and "ready: 3" in out.getvalue()
    call_command("explain_read_postings", str(jobs[0].pk), "--again", stdout=StringIO())
    assert len(model.prompts) == 4


def test_a_failed_reading_makes_the_command_fail_and_stores_nothing(use_model):
    make_jobs()

    def broken(prompt: Any) -> str:
        raise TimeoutError

    use_model(broken)
    with pytest.raises(CommandError, match="could not be read"):
        call_command("explain_read_postings", stdout=StringIO(), stderr=StringIO())
    assert not PostingReading.objects.exists() and ExplanationLog.objects.count() == 3


def test_an_adapter_without_job_ids_is_named(settings):
    class NoList(BaseExplainSource):
        pass

    with pytest.raises(NotImplementedError, match="job_ids"):
        job_ids_of(NoList())
    with pytest.raises(NotImplementedError, match="job_ids"):
        job_ids_of(object())
