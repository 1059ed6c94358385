"""explain.services.streaming: points as they pass, then the explanation, and one log row."""

from __future__ import annotations

import pytest

from explain.controls.ratelimit import RateDecision
from explain.models import ExplanationLog
from explain.outcomes import Outcome
from explain.services.explanations import Explanation
from explain.services.streaming import StreamedPoint, explanation_stream
from tests.conftest import WORKED_DRAFT

pytestmark = pytest.mark.django_db


def allowed() -> RateDecision:
    return RateDecision(allowed=True)


def test_kept_points_then_the_explanation_then_one_row(use_model, worked_user, worked_job):
    use_model(WORKED_DRAFT)
    stream = explanation_stream(user=worked_user, job_id=str(worked_job.pk), rate_check=allowed)
    items = list(stream)
    stream.close()
    *points, last = items
    assert all(isinstance(p, StreamedPoint) for p in points)
    assert sorted(p.kind for p in points) == ["gap", "match"]  # the invented match is dropped
    assert isinstance(last, Explanation) and last.outcome == Outcome.OK
    assert ExplanationLog.objects.count() == 1


def test_refused_before_the_call_is_the_explanation_alone(use_model, worked_user, worked_job):
    model = use_model(WORKED_DRAFT)
    stream = explanation_stream(
        user=worked_user,
        job_id=str(worked_job.pk),
        rate_check=lambda: RateDecision(allowed=False, retry_after=9),
    )
    assert not stream.pending
    [only] = list(stream)
    stream.close()
    assert only.outcome == Outcome.RATE_LIMITED and only.retry_after == 9
    assert model.prompts == [] and ExplanationLog.objects.count() == 1
