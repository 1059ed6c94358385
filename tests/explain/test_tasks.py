"""The tasks that read postings ahead of time, on the immediate backend (Django's tasks
framework: django.tasks on 6.x, the django-tasks backport on 5.2)."""

from __future__ import annotations

import pytest

from explain import tasks
from explain.llm.errors import ProviderError
from explain.models import ExplanationLog, PostingReading
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


# ------------------------------------------------------------ a saved posting, read ahead


def published_job() -> Job:
    return Job.objects.create(title="SRE", company="Ops", requirements="- Kubernetes")


def test_a_posting_without_a_reading_is_enqueued_and_read_at_once(use_model):
    job = published_job()
    model = use_model(ANSWER)
    assert tasks.prepare_posting(str(job.pk)) is tasks.Prepared.ENQUEUED
    assert len(model.prompts) == 1
    assert PostingReading.objects.filter(job_ref=str(job.pk)).count() == 1


def test_a_posting_read_for_its_text_enqueues_nothing(use_model, monkeypatch):
    job = published_job()
    model = use_model(ANSWER)
    tasks.prepare_posting(str(job.pk))
    enqueued: list[str] = []

    class Counting:
        def enqueue(self, job_id: str) -> None:
            enqueued.append(job_id)

    monkeypatch.setattr(tasks, "read_posting", Counting())
    assert tasks.prepare_posting(str(job.pk)) is tasks.Prepared.NOT_NEEDED
    assert enqueued == [] and len(model.prompts) == 1


def test_drafts_demo_mode_and_no_model_enqueue_nothing(settings, use_model):
    job = published_job()
    assert tasks.prepare_posting(str(job.pk)) is tasks.Prepared.NOT_NEEDED  # no model
    settings.EXPLAIN_DEMO_MODE = True
    assert tasks.prepare_posting(str(job.pk)) is tasks.Prepared.NOT_NEEDED
    settings.EXPLAIN_DEMO_MODE = False
    model = use_model(ANSWER)
    draft = Job.objects.create(title="D", company="Ops", requirements="- Go", published=False)
    assert tasks.prepare_posting(str(draft.pk)) is tasks.Prepared.NOT_NEEDED
    assert model.prompts == [] and not PostingReading.objects.exists()


def test_a_failed_reading_never_raises_and_leaves_it_for_a_viewer(use_model, caplog):
    job = published_job()

    def answer(prompt: object) -> str:
        raise ProviderError("the provider is down")

    use_model(answer)
    assert tasks.prepare_posting(str(job.pk)) is tasks.Prepared.FAILED
    assert not PostingReading.objects.exists()
    assert list(ExplanationLog.objects.values_list("outcome", flat=True)) == ["provider_error"]
    assert "a viewer's request reads it" in caplog.text


def test_a_queue_that_refuses_the_task_never_raises(use_model, monkeypatch, caplog):
    job = published_job()
    use_model(ANSWER)

    class Refusing:
        def enqueue(self, job_id: str) -> None:
            raise ConnectionError("the queue is down")

    monkeypatch.setattr(tasks, "read_posting", Refusing())
    assert tasks.prepare_posting(str(job.pk)) is tasks.Prepared.FAILED
    assert "could not be enqueued (ConnectionError)" in caplog.text


def test_posting_changed_waits_for_the_commit(use_model, django_capture_on_commit_callbacks):
    job = published_job()
    model = use_model(ANSWER)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        tasks.posting_changed(job.pk)
    assert len(callbacks) == 1 and model.prompts == []  # nothing before the commit
    callbacks[0]()
    assert len(model.prompts) == 1
