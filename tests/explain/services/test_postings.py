"""A posting's requirements, read once per posting text: stored, shared, retried."""

from __future__ import annotations

import json
from typing import Any

import pytest

from explain.core.posting_prompt import POSTING_PROMPT_VERSION
from explain.llm.errors import ProviderError, ProviderTimeout
from explain.llm.recorded import RECORDED_MODEL_NAME
from explain.models import ExplanationLog, PostingReading
from explain.outcomes import Outcome
from explain.services import postings
from explain.services.postings import Status, posting_requirements
from jobportal.models import Job

pytestmark = pytest.mark.django_db

ANSWER = {
    "requirements": [
        {"jobQuote": "Strong Python and SQL", "term": "Python", "reading": "required"},
        {"jobQuote": "Strong Python and SQL", "term": "SQL", "reading": "required"},
        {"jobQuote": "Airflow is a plus", "term": "Airflow", "reading": "required"},
        {"jobQuote": "free German lessons", "term": "German", "reading": "offered"},
    ]
}


@pytest.fixture
def job() -> Job:
    return Job.objects.create(
        title="Data Engineer",
        company="Northwind",
        description="We move data. We offer free German lessons.",
        requirements="- Strong Python and SQL\n- Airflow is a plus\n- A sense of humour",
    )


def test_a_posting_is_read_once_and_stored_for_every_viewer(job, use_model):
    model = use_model(ANSWER)
    first = posting_requirements(str(job.pk))
    second = posting_requirements(str(job.pk))
    assert first.ready and first.fresh and second.ready and not second.fresh
    assert len(model.prompts) == 1
    row = PostingReading.objects.get()
    assert [r["term"] for r in row.requirements] == ["Python", "SQL", "Airflow"]
    assert [r["optional"] for r in row.requirements] == [False, False, True]
    assert row.optional_count == 1 and row.requirement_count == 3
    assert [line["text"] for line in row.lines_not_read] == ["A sense of humour"]
    assert row.prompt_version == POSTING_PROMPT_VERSION and row.model_name == "fake-model"
    assert row.removed_reasons == {"model_offered": 1}
    log = ExplanationLog.objects.get()
    assert log.outcome == Outcome.OK and log.prompt_version == POSTING_PROMPT_VERSION
    assert log.user is None and log.job_ref == str(job.pk)


def test_the_prompt_sends_the_posting_only_as_data(job, use_model):
    model = use_model(ANSWER)
    posting_requirements(str(job.pk))
    prompt = model.prompts[0]
    assert prompt.user.startswith("JOB POSTING:\n") and "Strong Python and SQL" in prompt.user
    assert "untrusted data" in prompt.system


def test_a_changed_posting_is_read_again(job, use_model):
    model = use_model(ANSWER)
    posting_requirements(str(job.pk))
    job.requirements += "\n- Kafka"
    job.save()
    result = posting_requirements(str(job.pk))
    assert result.fresh and len(model.prompts) == 2
    assert PostingReading.objects.count() == 2
    assert result.reading is not None and result.reading.lines_not_read[-1]["text"] == "Kafka"


def test_read_again_replaces_the_row_in_place(job, use_model):
    model = use_model(ANSWER)
    posting_requirements(str(job.pk))
    posting_requirements(str(job.pk), again=True)
    assert len(model.prompts) == 2 and PostingReading.objects.count() == 1


@pytest.mark.parametrize(
    ("error", "outcome"),
    [
        (ProviderTimeout("no answer", outage=True), Outcome.TIMEOUT),
        (ProviderError("boom"), Outcome.PROVIDER_ERROR),
    ],
)
def test_a_failed_reading_stores_nothing_and_the_next_caller_retries(
    job, use_model, error, outcome
):
    calls: list[int] = []

    def answer(prompt: Any) -> str:
        calls.append(1)
        if len(calls) == 1:
            raise error
        return json.dumps(ANSWER)

    use_model(answer)
    failed = posting_requirements(str(job.pk))
    assert failed.status is Status.FAILED and failed.outcome == outcome
    assert not PostingReading.objects.exists()
    assert list(ExplanationLog.objects.values_list("outcome", flat=True)) == [outcome]
    retried = posting_requirements(str(job.pk))
    assert retried.ready and len(calls) == 2
    assert ExplanationLog.objects.count() == 2


def test_an_answer_that_does_not_fit_is_a_clear_failure(job, use_model):
    use_model("not json at all")
    result = posting_requirements(str(job.pk))
    assert result.status is Status.FAILED and result.outcome == Outcome.INVALID_RESPONSE
    assert not PostingReading.objects.exists()


def test_fifty_viewers_at_once_make_one_model_call(job, use_model):
    """While the first reading waits for its answer, 49 more callers ask: each is told
    the reading is under way (none waits, none calls); after it, all read the row."""
    during: list[Any] = []

    def answer(prompt: Any) -> str:
        during.extend(posting_requirements(str(job.pk)) for _ in range(49))
        return json.dumps(ANSWER)

    model = use_model(answer)
    first = posting_requirements(str(job.pk))
    assert first.ready and len(model.prompts) == 1
    assert {r.status for r in during} == {Status.READING}
    after = [posting_requirements(str(job.pk)) for _ in range(50)]
    assert all(r.ready and not r.fresh for r in after) and len(model.prompts) == 1
    assert ExplanationLog.objects.count() == 1


def test_no_model_and_no_job_are_clear_results(job, settings):
    assert posting_requirements(str(job.pk)).status is Status.DISABLED
    assert posting_requirements("999999").status is Status.JOB_UNAVAILABLE
    assert not PostingReading.objects.exists()


def test_demo_mode_reads_the_recorded_requirements_without_a_call(settings):
    settings.EXPLAIN_DEMO_MODE = True
    settings.EXPLAIN_CHAT_MODEL = None
    job = Job.objects.create(
        title="Java Engineer",
        company="Acme",
        description="Build secure Java APIs and deploy services on AWS.",
    )
    result = posting_requirements(str(job.pk))
    assert result.ready and result.reading is not None
    assert result.reading.model_name == RECORDED_MODEL_NAME
    assert [r["term"] for r in result.reading.requirements] == ["Java", "AWS"]
    assert not ExplanationLog.objects.exists()
    other = Job.objects.create(title="Not a demo job", company="X", description="Java")
    assert posting_requirements(str(other.pk)).status is Status.DISABLED


def test_the_cache_down_still_reads_and_stores_one_row(job, use_model, monkeypatch):
    class Down:
        def add(self, *args: Any, **kwargs: Any) -> bool:
            raise ConnectionError("down")

        def delete(self, *args: Any, **kwargs: Any) -> None:
            raise ConnectionError("down")

    monkeypatch.setattr(postings, "site_cache", lambda: Down())
    use_model(ANSWER)
    assert posting_requirements(str(job.pk)).ready
    assert PostingReading.objects.count() == 1


def test_a_posting_edited_while_it_is_read_is_read_again_for_its_new_text(job, use_model):
    """The reading is stored under the text it read; the next caller sees the new text,
    whose hash has no reading yet, and reads that."""

    def answer(prompt: Any) -> str:
        if len(model.prompts) == 1:
            Job.objects.filter(pk=job.pk).update(requirements="- Strong Python and SQL\n- Rust")
        return json.dumps(ANSWER)

    model = use_model(answer)
    first = posting_requirements(str(job.pk))
    assert first.ready and first.reading is not None
    assert "A sense of humour" in [line["text"] for line in first.reading.lines_not_read]
    second = posting_requirements(str(job.pk))
    assert second.fresh and len(model.prompts) == 2
    assert second.reading is not None and second.reading.text_hash != first.reading.text_hash
    assert [line["text"] for line in second.reading.lines_not_read] == ["Rust"]


def test_the_same_posting_gives_every_viewer_the_same_list(job, use_model, make_user):
    use_model(ANSWER)
    java = make_user("java", skills="Java (3 years)")
    python = make_user("python", skills="Python, SQL")
    one = posting_requirements(str(job.pk), user=java)
    other = posting_requirements(str(job.pk), user=python)
    assert one.reading is not None and other.reading is not None
    assert one.reading.pk == other.reading.pk


def test_an_adapter_fault_is_a_clear_failure_without_a_call(job, use_model, monkeypatch):
    model = use_model(ANSWER)

    def broken(job_id: str, *, user: Any = None) -> Any:
        raise LookupError("the host's query failed")

    monkeypatch.setattr(postings, "posting_text", broken)
    result = posting_requirements(str(job.pk))
    assert result.status is Status.FAILED and result.outcome == Outcome.INTERNAL_ERROR
    assert model.prompts == [] and not PostingReading.objects.exists()


@pytest.mark.parametrize("term_span", [(9, 16), None])
def test_a_stored_requirement_reads_back_as_it_was(term_span):
    from explain.core.posting import Requirement

    kept = Requirement(
        job_quote="Welding or brazing, 4+ years",
        term="Welding",
        job_span=(120, 149),
        term_span=term_span,
        field="requirements",
        optional=True,
        alternatives=("brazing",),
        amount="4+ years",
    )
    stored = json.loads(json.dumps(postings.requirement_json(kept)))
    assert postings.requirement_from_json(stored) == kept
    del stored["jobSpan"]
    with pytest.raises(KeyError):
        postings.requirement_from_json(stored)


@pytest.mark.parametrize(
    "damage",
    [
        lambda entries: entries.insert(0, "Python"),  # an entry that is no object
        lambda entries: entries.append(["SQL", 3]),
        lambda entries: entries[0].pop("term"),  # a key gone
        lambda entries: entries[1].update(jobSpan="here"),  # a key of the wrong type
    ],
)
def test_a_damaged_stored_reading_is_read_again_like_a_missing_one(job, use_model, damage):
    """A row edited by hand into something no reading stores is no reading: the posting
    is read again (never a partial checklist, never an error) and the row is replaced."""
    model = use_model(ANSWER)
    posting_requirements(str(job.pk))
    row = PostingReading.objects.get()
    damage(row.requirements)
    row.save()
    assert postings.stored(row.text_hash, row.model_name) is None
    again = posting_requirements(str(job.pk))
    assert again.ready and again.fresh and len(model.prompts) == 2
    repaired = PostingReading.objects.get()
    assert [r["term"] for r in repaired.requirements] == ["Python", "SQL", "Airflow"]
    assert postings.stored(row.text_hash, row.model_name) == repaired


def test_a_stored_reading_without_damage_is_found(job, use_model):
    use_model(ANSWER)
    posting_requirements(str(job.pk))
    row = PostingReading.objects.get()
    assert postings.stored(row.text_hash, row.model_name) == row
    assert [r.term for r in postings.reading_of(row).requirements] == ["Python", "SQL", "Airflow"]
