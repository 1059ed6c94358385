"""The portal reads a saved posting's requirements ahead of time (jobportal/signals.py),
through explain.tasks.posting_changed, on the immediate backend of Django's tasks."""

from __future__ import annotations

import pytest

from explain.llm.errors import ProviderError
from explain.models import ExplanationLog, PostingReading
from jobportal.models import Job

pytestmark = pytest.mark.django_db

ANSWER = {"requirements": [{"jobQuote": "Kubernetes", "term": "Kubernetes", "reading": "required"}]}


def test_saving_a_published_job_reads_it_once_per_text(
    use_model, django_capture_on_commit_callbacks
):
    model = use_model(ANSWER)
    with django_capture_on_commit_callbacks(execute=True):
        job = Job.objects.create(title="SRE", company="Ops", requirements="- Kubernetes")
    assert len(model.prompts) == 1
    assert PostingReading.objects.filter(job_ref=str(job.pk)).count() == 1
    with django_capture_on_commit_callbacks(execute=True):
        job.save()  # nothing changed: the stored reading serves
        job.salary_min = 50_000  # not part of the posting's text
        job.apply_url = "https://example.org/apply"
        job.save()
    assert len(model.prompts) == 1
    with django_capture_on_commit_callbacks(execute=True):
        job.requirements = "- Kubernetes\n- Helm"
        job.save()
    assert len(model.prompts) == 2
    assert PostingReading.objects.filter(job_ref=str(job.pk)).count() == 2
    assert ExplanationLog.objects.filter(job_ref=str(job.pk)).count() == len(model.prompts)


def test_drafts_fixtures_and_the_switch_read_nothing(
    use_model, settings, django_capture_on_commit_callbacks
):
    model = use_model(ANSWER)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        Job.objects.create(title="D", company="Ops", requirements="- Go", published=False)
        settings.READ_POSTINGS_AHEAD = False
        Job.objects.create(title="Off", company="Ops", requirements="- Go")
    assert callbacks == [] and model.prompts == []


def test_demo_mode_and_no_model_save_without_a_call_or_an_error(
    settings, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        Job.objects.create(title="SRE", company="Ops", requirements="- Kubernetes")
    settings.EXPLAIN_DEMO_MODE = True
    with django_capture_on_commit_callbacks(execute=True):
        Job.objects.create(title="SRE 2", company="Ops", requirements="- Kubernetes")
    assert not PostingReading.objects.exists() and not ExplanationLog.objects.exists()


def test_a_failing_model_never_fails_the_save(use_model, django_capture_on_commit_callbacks):
    def answer(prompt: object) -> str:
        raise ProviderError("the provider is down")

    use_model(answer)
    with django_capture_on_commit_callbacks(execute=True):
        job = Job.objects.create(title="SRE", company="Ops", requirements="- Kubernetes")
    assert Job.objects.filter(pk=job.pk).exists()
    assert not PostingReading.objects.exists()
    assert list(ExplanationLog.objects.values_list("outcome", flat=True)) == ["provider_error"]
