"""Denial of wallet: one account, or a few new ones, cannot spend the site's day.

Through the site: the allowance per account (smaller for accounts under a day old),
account_daily_limit with a 429 and Retry-After to the site's midnight, one log row per
request, cached answers free, a provider 429 not refunded.
"""

from __future__ import annotations

import json
import math
from datetime import datetime, timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.html import escape

from explain import wording
from explain.core.viewer_prompt import VIEWER_INSTRUCTION
from explain.models import ExplanationLog
from explain.outcomes import Outcome
from jobportal.models import Job
from support.fake_gemini import FakeGeminiServer
from tests.conftest import WORKED_DRAFT, WORKED_JOB_DESCRIPTION
from tests.fakes.fixtures import CANARY_KEY

pytestmark = pytest.mark.django_db

USED_UP = "You have used today's explanations for your account. You can ask again tomorrow."


def ask(client: Any, job: Any) -> Any:
    return client.post(reverse("explain:api-explain", args=[job.pk]))


def outcomes() -> list[str]:
    """The viewers' rows, one per request: a posting read inside a request (a new job)
    writes its own row, apart (its prompt version is the posting prompt's)."""
    viewers = ExplanationLog.objects.exclude(prompt_version__startswith="posting-")
    return list(viewers.order_by("id").values_list("outcome", flat=True))


def viewer_calls(server: FakeGeminiServer) -> int:
    """The viewers' calls the provider received: a new job's posting is read once inside
    the first request about it, a call of its own, which no allowance here counts."""
    return sum(
        request.body["systemInstruction"]["parts"][0]["text"] == VIEWER_INSTRUCTION
        for request in server.requests
    )


def another_job(n: int) -> Job:
    """A posting the worked draft's quotes verify against, with its own cache key."""
    return Job.objects.create(
        title=f"Java Engineer {n}", company="N", description=WORKED_JOB_DESCRIPTION
    )


def age(user: Any, days: int) -> Any:
    get_user_model().objects.filter(pk=user.pk).update(
        date_joined=timezone.now() - timedelta(days=days)
    )
    user.refresh_from_db()
    return user


def seconds_to_midnight() -> int:
    now = datetime.now(timezone.get_default_timezone())
    midnight = datetime.combine(
        now.date() + timedelta(days=1), datetime.min.time(), tzinfo=now.tzinfo
    )
    return math.ceil((midnight - now).total_seconds())


@pytest.fixture
def gemini(use_gemini: Any, settings: Any) -> FakeGeminiServer:
    server: FakeGeminiServer = use_gemini(timeout=0.5)
    settings.EXPLAIN_RATE = "100/30s"  # the per-minute limit out of the way
    settings.EXPLAIN_USER_DAILY_CALLS = 2
    settings.EXPLAIN_NEW_USER_DAILY_CALLS = 1
    server.reply_with_draft(WORKED_DRAFT)
    return server


def test_a_new_account_gets_the_smaller_allowance_then_a_429_until_midnight(
    logged_in, worked_job, gemini, make_user, caplog
):
    assert ask(logged_in, worked_job).json()["outcome"] == Outcome.OK
    assert ask(logged_in, worked_job).json()["outcome"] == Outcome.CACHED  # free
    response = ask(logged_in, another_job(1))
    assert response.status_code == 429
    data = response.json()
    assert data["outcome"] == Outcome.ACCOUNT_DAILY_LIMIT
    assert data["error"] == USED_UP
    # Until the site's midnight: the account turns a day old only after it.
    assert abs(int(response["Retry-After"]) - seconds_to_midnight()) <= 2
    assert data["retry_after"] == int(response["Retry-After"])
    assert viewer_calls(gemini) == 1
    assert outcomes() == [Outcome.OK, Outcome.CACHED, Outcome.ACCOUNT_DAILY_LIMIT]
    assert "account_daily_limit" in caplog.text and CANARY_KEY not in caplog.text
    # Another account is not held back by this one.
    logged_in.force_login(make_user("second", headline="Java developer", skills="Java"))
    assert ask(logged_in, another_job(2)).json()["outcome"] == Outcome.OK


def test_an_account_older_than_a_day_gets_the_ordinary_allowance(
    logged_in, worked_user, worked_job, gemini
):
    age(worked_user, days=3)
    assert ask(logged_in, worked_job).json()["outcome"] == Outcome.OK
    assert ask(logged_in, another_job(1)).json()["outcome"] == Outcome.OK
    assert ask(logged_in, another_job(2)).json()["outcome"] == Outcome.ACCOUNT_DAILY_LIMIT
    assert viewer_calls(gemini) == 2


def test_a_provider_429_is_not_refunded(logged_in, worked_job, gemini):
    gemini.reply_with_error(429)
    assert ask(logged_in, worked_job).json()["outcome"] == Outcome.PROVIDER_BUSY
    gemini.reply_with_draft(WORKED_DRAFT)
    assert ask(logged_in, worked_job).json()["outcome"] == Outcome.ACCOUNT_DAILY_LIMIT
    assert viewer_calls(gemini) == 1


def test_a_call_the_provider_never_answered_is_given_back(logged_in, worked_job, gemini):
    gemini.reply_with_error(503)
    assert ask(logged_in, worked_job).json()["outcome"] == Outcome.PROVIDER_ERROR
    gemini.reply_with_draft(WORKED_DRAFT)
    assert ask(logged_in, worked_job).json()["outcome"] == Outcome.OK


def test_the_sites_daily_limit_gives_the_account_its_call_back(
    logged_in, worked_job, gemini, settings
):
    settings.EXPLAIN_DAILY_CALL_LIMIT = 0
    assert ask(logged_in, worked_job).json()["outcome"] == Outcome.DAILY_LIMIT
    settings.EXPLAIN_DAILY_CALL_LIMIT = None
    assert ask(logged_in, worked_job).json()["outcome"] == Outcome.OK


def test_no_cap_when_the_setting_is_none(logged_in, worked_job, gemini, settings):
    settings.EXPLAIN_USER_DAILY_CALLS = None
    settings.EXPLAIN_NEW_USER_DAILY_CALLS = None
    for n in range(3):
        assert ask(logged_in, another_job(n)).json()["outcome"] == Outcome.OK


def test_the_streamed_path_and_the_page_share_the_allowance(logged_in, worked_job, gemini):
    assert ask(logged_in, worked_job).json()["outcome"] == Outcome.OK
    streamed = logged_in.post(
        reverse("explain:api-explain", args=[another_job(1).pk]) + "?stream=1",
        HTTP_ACCEPT="application/x-ndjson",
    )
    assert streamed.status_code == 429
    body = b"".join(streamed.streaming_content).decode("utf-8")
    assert json.loads(body.splitlines()[-1])["outcome"] == Outcome.ACCOUNT_DAILY_LIMIT
    page = logged_in.post(reverse("explain:explain-job", args=[another_job(2).pk]))
    assert page.status_code == 429
    assert escape(USED_UP) in page.content.decode()
    assert int(page["Retry-After"]) > 0
    assert viewer_calls(gemini) == 1
    assert len(outcomes()) == 3


def test_the_message_is_in_german():
    with translation.override("de"):
        german = wording.error_message(Outcome.ACCOUNT_DAILY_LIMIT)
    assert german and german != USED_UP


def test_a_recorded_demo_answer_uses_no_allowance(worked_user, settings):
    """A recording costs nothing: the demo is not limited by the account's day."""
    from explain.controls.ratelimit import RateDecision
    from explain.services.explanations import Admission, Subject, admit

    settings.EXPLAIN_USER_DAILY_CALLS = 0
    settings.EXPLAIN_NEW_USER_DAILY_CALLS = 0
    admitted = admit(Subject(job_id="1", demo=True), lambda: RateDecision(True), user=worked_user)
    assert isinstance(admitted, Admission)
    admitted.slot.release()
    refused = admit(Subject(job_id="1"), lambda: RateDecision(allowed=True), user=worked_user)
    assert not isinstance(refused, Admission)
    assert refused.outcome == Outcome.ACCOUNT_DAILY_LIMIT
