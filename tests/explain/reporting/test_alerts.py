"""The drop-rate alert: a full window over the threshold warns, once per window."""

from __future__ import annotations

import logging

import pytest

from explain.models import ExplanationLog
from explain.reporting.alerts import drop_rate_alert, warn_if_passed

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def alert_settings(settings):
    settings.EXPLAIN_ALERT_DROP_RATE = 0.5
    settings.EXPLAIN_ALERT_WINDOW = 10


def answers(*dropped: int, outcome: str = "ok") -> None:
    for n in dropped:
        ExplanationLog.objects.create(job_ref="1", outcome=outcome, dropped=n)


def warnings(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "explain.reporting.alerts"]


def test_no_alert_until_the_window_is_full_or_when_switched_off(settings):
    answers(*[1] * 9)
    assert drop_rate_alert() is None  # nine answers are not a window of ten
    answers(1)
    alert = drop_rate_alert()
    assert alert is not None and (alert.answers, alert.with_drop, alert.rate) == (10, 10, 1.0)
    settings.EXPLAIN_ALERT_DROP_RATE = None
    assert drop_rate_alert() is None


def test_a_rate_at_the_threshold_does_not_pass_it():
    answers(*[0] * 5 + [1] * 5)
    assert drop_rate_alert() is None
    answers(1)  # the window is now the newest ten: 6 of 10
    assert drop_rate_alert() is not None


def test_the_warning_is_written_once_per_window(caplog):
    caplog.set_level(logging.WARNING, logger="explain.reporting.alerts")
    answers(*[1] * 10)
    warn_if_passed("ok")
    assert len(warnings(caplog)) == 1
    assert "100% over the last 10 fresh answers" in warnings(caplog)[0]
    for _ in range(9):  # nine more bad answers: still the same window's alarm
        answers(1)
        warn_if_passed("ok")
    assert len(warnings(caplog)) == 1
    answers(1)  # ten new answers since the warning: a new window, a new warning
    warn_if_passed("ok")
    assert len(warnings(caplog)) == 2
    warn_if_passed("cached")  # only fresh answers trigger a check
    warn_if_passed("rate_limited")
    assert len(warnings(caplog)) == 2


def test_the_service_checks_after_each_logged_answer(caplog, logged_in, worked_job, use_model):
    from django.urls import reverse

    from tests.conftest import WORKED_DRAFT

    caplog.set_level(logging.WARNING, logger="explain.reporting.alerts")
    answers(*[1] * 9)
    use_model(WORKED_DRAFT)  # the worked draft loses its invented Kubernetes point
    logged_in.post(reverse("explain:api-explain", args=[worked_job.pk]))
    assert len(warnings(caplog)) == 1


def test_posting_readings_are_not_answers_of_the_alert():
    """A reading's removed items (offers, company blurbs) are no viewer's lost points."""
    answers(*[0] * 10)
    for _ in range(10):
        ExplanationLog.objects.create(
            job_ref="1", outcome="ok", dropped=2, prompt_version="posting-2026-12-05.1"
        )
    alert_window = drop_rate_alert()
    assert alert_window is None
    answers(*[1] * 10)
    alert = drop_rate_alert()
    assert alert is not None and (alert.answers, alert.with_drop) == (10, 10)
