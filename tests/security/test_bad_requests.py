"""Bad requests and limits, table-driven.

Each case says what the request is, the status it gets, the outcome logged (or that no
row is written because the request never reached the app), and how many model calls it
cost. Every case also checks that nothing is stored beyond that one log row.

The posting's requirements are read once per posting text, ahead of the viewer (as the
site does when a job is saved): a case that changes a job reads it again in its
arrangement, so the request under test makes only the viewer's call.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.apps import apps
from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from explain.conf import app_settings
from explain.core.posting_prompt import POSTING_INSTRUCTION
from explain.exceptions import JobUnavailable
from explain.models import ExplanationLog, PostingReading, UnloggedRequests
from explain.services import log_bound, postings
from jobportal.models import CandidateProfile, Job
from tests.conftest import (
    WORKED_DRAFT,
    WORKED_JOB_DESCRIPTION,
    WORKED_PROFILE,
    FakeModel,
    RateClock,
    prepare_postings,
)

pytestmark = pytest.mark.django_db

CAP = 8000  # EXPLAIN_MAX_TEXT_CHARS, pinned in the fixture
OVER_UPLOAD_LIMIT = django_settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1024
BEYOND_THE_CAP = "Zanzibar quantum knitting"  # only ever placed after the cap


@dataclass
class World:
    """Everything a case may need: users, jobs, clients and the recording model."""

    user: Any
    other: Any
    job: Job
    unpublished: Job
    model: FakeModel
    client: Client  # logged in, CSRF not enforced (like most tests)
    strict: Client  # logged in, CSRF enforced, holding a valid token cookie
    token: str
    reader: FakeModel | None = None  # the posting calls of a case's read_ahead

    def page(self, job_id: Any = None) -> str:
        return reverse("explain:explain-job", args=[job_id if job_id is not None else self.job.pk])

    def api(self, job_id: Any = None) -> str:
        return reverse("explain:api-explain", args=[job_id if job_id is not None else self.job.pk])

    def set_profile(self, **values: str) -> None:
        blank = dict.fromkeys(
            ("headline", "desired_role", "skills", "experience", "work_preferences"), ""
        )
        CandidateProfile.objects.filter(user=self.user).update(**{**blank, **values})


def _user(name: str, **profile: Any) -> Any:
    user = get_user_model().objects.create_user(username=name)
    CandidateProfile.objects.create(user=user, **profile)
    return user


@pytest.fixture
def world(settings: Any, db: None, use_model: Callable[[Any], FakeModel]) -> World:
    """The fixture asks for db itself: use_model reads every job's posting ahead only
    when the test has a database, and a module's django_db mark is not a fixture name."""
    settings.EXPLAIN_MAX_TEXT_CHARS = CAP
    user = _user(
        "dana",
        full_name="Dana Private",
        email="dana.private@example.org",
        phone="+44 20 7946 0000",
        **WORKED_PROFILE,
    )
    other = _user("olga", skills="COBOL-ZETA-OTHER-USER (20 years)", headline="Other person")
    job = Job.objects.create(
        title="Java Engineer", company="Northwind", description=WORKED_JOB_DESCRIPTION
    )
    unpublished = Job.objects.create(
        title="Secret role", company="Northwind", description="Hidden.", published=False
    )
    model = use_model(WORKED_DRAFT)
    client = Client()
    client.force_login(user)
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(user)
    strict.get(job.get_absolute_url())  # the panel's form sets the CSRF cookie
    token = strict.cookies[django_settings.CSRF_COOKIE_NAME].value
    return World(user, other, job, unpublished, model, client, strict, token)


def read_ahead(w: World) -> FakeModel:
    """Read every published job's posting now, from the draft the model answers with, as
    the site does when a job is saved; the reader records the posting calls it made
    (the request's own model records only the request's calls). The readings' log rows
    belong to that earlier step and are not kept."""
    reader = FakeModel(w.model.answer)
    reader.model_name = w.model.model_name
    for job in Job.objects.all():
        try:
            posting, title = postings.posting_text(str(job.pk))
        except JobUnavailable:
            continue
        postings.requirements_for(str(job.pk), posting, title, reader)
    ExplanationLog.objects.filter(prompt_version__startswith="posting-").delete()
    return reader


def stored_rows() -> dict[str, int]:
    """Row counts of every table the project owns or uses (a proxy model is no table)."""
    return {
        m._meta.label: m._default_manager.count() for m in apps.get_models() if not m._meta.proxy
    }


@dataclass(frozen=True)
class Case:
    id: str
    act: Callable[[World], Any]
    status: int
    outcome: str | None  # the one log row's outcome; None: the app never ran, no row
    calls: int = 0
    arrange: Callable[[World], None] = lambda w: None
    check: Callable[[World, Any], None] = lambda w, r: None


def _title_draft(w: World) -> None:
    # A draft quoting the job title, the only job words left when there is no description:
    # the title names the job, it asks for nothing, so the posting has no requirement.
    w.model.answer = json.dumps(
        {
            "matches": [
                {
                    "point": "Your Java fits the role.",
                    "term": "Java",
                    "profileQuote": "Java (Intermediate, 3 years)",
                    "jobQuote": "Java Engineer",
                }
            ],
            "gaps": [],
        }
    )


def _no_description(w: World) -> None:
    Job.objects.filter(pk=w.job.pk).update(description="", requirements="")
    _title_draft(w)
    w.reader = read_ahead(w)


def _sent(w: World) -> str:
    return w.model.prompts[-1].user


def _posting_sent(w: World) -> str:
    """The posting call's message for the world's job (read ahead by the case)."""
    sent = [p.user for p in w.reader.prompts if p.system == POSTING_INSTRUCTION]
    assert len(sent) == 1, "the world's one published job, read ahead by the case"
    return sent[0]


def _check_no_description(w: World, response: Any) -> None:
    assert "Description:" not in _posting_sent(w)
    reading = PostingReading.objects.filter(job_ref=str(w.job.pk)).latest("id")
    assert reading.requirement_count == 0
    assert reading.removed_reasons == {"job_quote_not_requirement": 1}
    data = response.json()
    # Told plainly that nothing can be checked: no claim, no empty box of points.
    assert data["matches"] == [] and data["gaps"] == []
    assert data["error"] or data["summary"]


def _far_over_cap(w: World) -> None:
    w.set_profile(
        headline="Backend developer",
        skills="Java (Intermediate, 3 years)",
        experience="Shipped Java services. " * 20_000 + BEYOND_THE_CAP,
    )
    Job.objects.filter(pk=w.job.pk).update(
        description=WORKED_JOB_DESCRIPTION + " filler" * 200_000 + " " + BEYOND_THE_CAP,
        requirements="Kotlin " * 100_000,
    )
    w.model.answer = json.dumps(
        {
            "matches": [
                WORKED_DRAFT["matches"][0],
                {
                    "point": "Beyond the cap.",
                    "term": "AWS",
                    "profileQuote": BEYOND_THE_CAP,
                    "jobQuote": "deploy services on AWS",
                },
                {
                    "point": "Beyond the cap too.",
                    "term": "knitting",
                    "profileQuote": "Java (Intermediate, 3 years)",
                    "jobQuote": BEYOND_THE_CAP,
                },
            ],
            "gaps": [],
        }
    )
    w.reader = read_ahead(w)


def _check_capped(w: World, response: Any) -> None:
    job_text = _posting_sent(w).removeprefix("JOB POSTING:\n")
    prompt = _sent(w)
    _, _, profile_text = prompt.partition("\nCANDIDATE PROFILE:\n")
    assert len(profile_text) <= CAP and len(job_text) <= CAP
    assert CAP - 40 < len(profile_text) and CAP - 40 < len(job_text)
    assert not profile_text[-1].isspace() and not job_text[-1].isspace()
    assert BEYOND_THE_CAP not in prompt and BEYOND_THE_CAP not in job_text
    data = response.json()
    assert [m["term"] for m in data["matches"]] == ["Java"]
    assert [g["term"] for g in data["gaps"]] == ["AWS"]
    # In the fields, but past the cut: never sent, so never proven, and said so. Both
    # texts are cut at a bound before any rule reads them (so a huge field costs what a
    # full one does): a quote from further on was never read, so "not found". The job's
    # quote is removed when the posting is read, the profile's from the viewer's answer.
    reading = PostingReading.objects.filter(job_ref=str(w.job.pk)).latest("id")
    assert reading.requirement_count == 2
    assert reading.removed_reasons == {"job_quote_not_found": 1}
    assert data["drop_reasons"] == {"profile_quote_not_found": 1}
    assert len(data["cut_notices"]) == 2


def _smuggle_other_profile(w: World) -> Any:
    other = w.other.candidate_profile
    smuggled = {
        "profile_id": other.pk,
        "profile": other.pk,
        "user": w.other.pk,
        "user_id": w.other.pk,
        "candidate_profile": other.pk,
    }
    query = "&".join(f"{k}={v}" for k, v in smuggled.items())
    return w.client.post(
        f"{w.api()}?{query}", data=json.dumps(smuggled), content_type="application/json"
    )


def _smuggle_other_profile_in_the_form(w: World) -> Any:
    other = w.other.candidate_profile
    form = {"next": "/", "profile_id": other.pk, "user": w.other.pk, "user_id": w.other.pk}
    return w.client.post(f"{w.page()}?profile_id={other.pk}", form)


def _check_own_profile_only(w: World, response: Any) -> None:
    sent = _sent(w)
    assert "COBOL-ZETA-OTHER-USER" not in sent and "Other person" not in sent
    assert "Java (Intermediate, 3 years)" in sent
    assert ExplanationLog.objects.get().user_id == w.user.pk


def _oversize_form(w: World, *, csrf: bool) -> Any:
    data = {"next": "/", "pad": "x" * OVER_UPLOAD_LIMIT}
    if csrf:
        data["csrfmiddlewaretoken"] = w.token
        return w.strict.post(w.page(), data)
    return w.client.post(w.page(), data)


def _empty_profile(**values: str) -> Callable[[World], None]:
    return lambda w: w.set_profile(**values)


def _no_profile_row(w: World) -> None:
    CandidateProfile.objects.filter(user=w.user).delete()


def _check_add_skills(w: World, response: Any) -> None:
    assert "Add your skills" in response.json()["error"]


CASES = [
    # ---- empty profiles: a clear message and no model call
    Case("no-profile-at-all", lambda w: w.client.post(w.api()), 422, "no_profile",
         arrange=_no_profile_row, check=_check_add_skills),
    Case("empty-profile", lambda w: w.client.post(w.api()), 422, "no_profile",
         arrange=_empty_profile(), check=_check_add_skills),
    Case("white-space-profile", lambda w: w.client.post(w.api()), 422, "no_profile",
         arrange=_empty_profile(headline=" \t ", skills="\u00a0\u2003\u3000", experience="\r\n\n")),
    Case("zero-width-profile", lambda w: w.client.post(w.api()), 422, "no_profile",
         arrange=_empty_profile(headline="\u200b\u200c\u200d", skills="\ufeff\u00ad\u2060",
                                experience="\u200b \u200b\n\u180e")),
    Case("invisible-controls-profile", lambda w: w.client.post(w.api()), 422, "no_profile",
         arrange=_empty_profile(headline="\u202e\u2066\u2069", skills="\u200e\u200f",
                                experience="\U000e0041\U000e0042 \u034f")),
    Case("zero-width-profile-page", lambda w: w.client.post(w.page()), 422, "no_profile",
         arrange=_empty_profile(skills="\u200b\u200b\u200b")),
    # ---- texts: no description, far over the cap
    Case("job-without-description", lambda w: w.client.post(w.api()), 200, "no_requirements",
         arrange=_no_description, check=_check_no_description),
    Case("texts-far-over-the-cap", lambda w: w.client.post(w.api()), 200, "ok", calls=1,
         arrange=_far_over_cap, check=_check_capped),
    # ---- bodies over Django's upload limit: refused before the app runs
    Case("body-over-upload-limit-page", lambda w: _oversize_form(w, csrf=True), 400, None),
    Case("body-over-upload-limit-page-csrf-exempt", lambda w: _oversize_form(w, csrf=False),
         400, None),
    Case("body-over-upload-limit-api",
         lambda w: w.strict.post(w.api(), data=json.dumps({"pad": "x" * OVER_UPLOAD_LIMIT}),
                                 content_type="application/json", HTTP_X_CSRFTOKEN=w.token),
         400, None),
    # ---- job ids
    Case("non-numeric-job-id-api", lambda w: w.client.post(w.api("abc")), 404, "job_unavailable"),
    Case("non-numeric-job-id-page", lambda w: w.client.post(w.page("abc")), 404,
         "job_unavailable"),
    Case("superscript-digit-job-id", lambda w: w.client.post(w.api("²")), 404, "job_unavailable"),
    Case("arabic-indic-digit-job-id", lambda w: w.client.post(w.api("١")), 404,
         "job_unavailable"),
    Case("huge-job-id", lambda w: w.client.post(w.api("9" * 40)), 404, "job_unavailable"),
    Case("negative-job-id", lambda w: w.client.post(w.api("-1")), 404, "job_unavailable"),
    Case("nul-job-id", lambda w: w.client.post("/explain/api/jobs/%00/explanation/"), 404,
         "job_unavailable"),
    Case("missing-job-id-page", lambda w: w.client.post("/explain/jobs//"), 404, None),
    Case("missing-job-id-api", lambda w: w.client.post("/explain/api/jobs//explanation/"), 404,
         None),
    Case("unpublished-job", lambda w: w.client.post(w.api(w.unpublished.pk)), 404,
         "job_unavailable"),
    Case("unpublished-job-page", lambda w: w.client.post(w.page(w.unpublished.pk)), 404,
         "job_unavailable"),
    # ---- someone else's profile
    Case("other-users-profile-id-smuggled-api", _smuggle_other_profile, 200, "ok", calls=1,
         check=_check_own_profile_only),
    Case("other-users-profile-id-smuggled-page", _smuggle_other_profile_in_the_form, 200, "ok",
         calls=1, check=_check_own_profile_only),
    # ---- CSRF, methods, anonymous
    Case("no-csrf-token-page", lambda w: w.strict.post(w.page(), {"next": "/"}), 403, None),
    Case("no-csrf-token-api", lambda w: w.strict.post(w.api()), 403, None),
    Case("wrong-csrf-token-api",
         lambda w: w.strict.post(w.api(), HTTP_X_CSRFTOKEN="x" * 32), 403, None),
    Case("valid-csrf-token-api",
         lambda w: w.strict.post(w.api(), HTTP_X_CSRFTOKEN=w.token), 200, "ok", calls=1),
    Case("get-instead-of-post-page", lambda w: w.client.get(w.page()), 405, None),
    Case("get-instead-of-post-api", lambda w: w.client.get(w.api()), 405, None),
    Case("put-api", lambda w: w.client.put(w.api()), 405, None),
    Case("delete-page", lambda w: w.client.delete(w.page()), 405, None),
    Case("anonymous-page", lambda w: Client().post(w.page()), 302, None),
    Case("anonymous-api", lambda w: Client().post(w.api()), 403, None),
]  # fmt: skip


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_bad_request(world: World, case: Case) -> None:
    case.arrange(world)
    before = stored_rows()
    response = case.act(world)
    after = stored_rows()
    assert response.status_code == case.status
    assert len(world.model.prompts) == case.calls
    changed = {
        label: after[label] - before[label] for label in after if after[label] != before[label]
    }
    if case.outcome is None:
        assert changed == {}, "nothing stored when the app never ran"
    else:
        assert changed == {"explain.ExplanationLog": 1}, "one log row and nothing else"
        row = ExplanationLog.objects.order_by("-id").first()
        assert row is not None and row.outcome == case.outcome
        assert row.job_ref.isprintable() and len(row.job_ref) <= 64
    body = response.content.decode(errors="replace")
    assert "Traceback" not in body and "COBOL-ZETA" not in body
    case.check(world, response)


# --------------------------------------------------------------------------- bursts


@pytest.fixture
def frozen_minute(monkeypatch: pytest.MonkeyPatch, rate_clock: RateClock) -> RateClock:
    """The log-row bound's minute read from the test's clock: a burst that straddles a
    wall-clock minute would otherwise get two allowances of rows."""
    monkeypatch.setattr(log_bound, "time", rate_clock)
    return rate_clock


def test_a_burst_of_50_on_one_job_costs_one_model_call(
    world: World, frozen_minute: RateClock
) -> None:
    before = stored_rows()
    statuses = []
    for i in range(50):
        url = world.api() if i % 2 else world.page()
        statuses.append(world.client.post(url).status_code)
    assert len(world.model.prompts) == 1
    assert statuses == [200] * 50
    # The model call's row, then one row per cached answer up to the bound per minute;
    # the rest are counted per day (explain.services.log_bound).
    bound = app_settings.LOG_ROWS_PER_MINUTE
    assert bound is not None and bound < 49
    outcomes = list(ExplanationLog.objects.order_by("id").values_list("outcome", flat=True))
    assert outcomes == ["ok"] + ["cached"] * bound
    assert stored_rows()["explain.ExplanationLog"] - before["explain.ExplanationLog"] == 1 + bound
    assert UnloggedRequests.objects.get(outcome="cached").requests == 49 - bound


def test_a_burst_of_50_on_different_jobs_is_limited_after_one_call(
    world: World, frozen_minute: RateClock
) -> None:
    jobs = [
        Job.objects.create(
            title=f"Java Engineer {i}", company="N", description=WORKED_JOB_DESCRIPTION
        )
        for i in range(50)
    ]
    prepare_postings(world.model, world.model.answer)
    responses = [world.client.post(world.api(job.pk)) for job in jobs]
    assert len(world.model.prompts) == 1
    assert [r.status_code for r in responses] == [200] + [429] * 49
    for response in responses[1:]:
        assert 1 <= int(response["Retry-After"]) <= 30
        assert "Try again in" in response.json()["error"]
    bound = app_settings.LOG_ROWS_PER_MINUTE
    assert bound is not None
    outcomes = list(ExplanationLog.objects.order_by("id").values_list("outcome", flat=True))
    assert outcomes == ["ok"] + ["rate_limited"] * bound
    assert UnloggedRequests.objects.get(outcome="rate_limited").requests == 49 - bound


def test_a_spoofed_forwarded_for_does_not_dodge_the_limit(world: World) -> None:
    other_job = Job.objects.create(title="Other", company="N", description=WORKED_JOB_DESCRIPTION)
    prepare_postings(world.model, world.model.answer)
    assert world.client.post(world.api()).status_code == 200
    for i in range(20):
        response = world.client.post(
            world.api(other_job.pk),
            HTTP_X_FORWARDED_FOR=f"203.0.113.{i}, 198.51.100.{i}",
            HTTP_X_REAL_IP=f"192.0.2.{i}",
            REMOTE_ADDR=f"198.51.100.{i + 1}",
        )
        assert response.status_code == 429
    assert len(world.model.prompts) == 1


def test_the_limit_is_per_user_not_per_session(world: World) -> None:
    """A second session of the same user shares the allowance; another user has their own."""
    assert world.client.post(world.api()).status_code == 200
    fresh = Client()
    fresh.force_login(world.user)
    other_job = Job.objects.create(title="Other", company="N", description=WORKED_JOB_DESCRIPTION)
    prepare_postings(world.model, world.model.answer)
    assert fresh.post(world.api(other_job.pk)).status_code == 429
    other = Client()
    other.force_login(_user("sam", **WORKED_PROFILE))
    assert other.post(world.api(other_job.pk)).status_code == 200
    assert len(world.model.prompts) == 2
