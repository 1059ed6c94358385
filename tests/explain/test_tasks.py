"""The tasks that read postings ahead of time, on the immediate backend (Django's tasks
framework: django.tasks on 6.x, the django-tasks backport on 5.2)."""

from __future__ import annotations

import pytest

from explain import tasks
from explain.models import PostingReading
from explain.services.postings import Status
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


def test_the_task_reads_every_posting_on_the_immediate_backend(use_model):
    make_jobs()
    model = use_model(ANSWER)
    result = tasks.read_postings.enqueue()
    assert str(result.status) in {"SUCCESSFUL", "ResultStatus.SUCCESSFUL"}
    assert result.return_value == {"read": 3} and len(model.prompts) == 3
    one = tasks.read_posting.enqueue(str(Job.objects.filter(published=True).first().pk))
    assert one.return_value == str(Status.READY) and len(model.prompts) == 3


def test_the_task_reads_a_changed_posting_again(use_model):
    job = make_jobs()[0]
    model = use_model(ANSWER)
    tasks.read_posting.enqueue(str(job.pk))
    job.requirements = "- Kubernetes\n- Helm"
    job.save()
    result = tasks.read_posting.enqueue(str(job.pk))
    assert result.return_value == str(Status.READY) and len(model.prompts) == 2
    assert PostingReading.objects.filter(job_ref=str(job.pk)).count() == 2
