"""'I do have this' on a gap: stored with the person's note, offered on gaps only, and
exported as a false gap labelled by the user."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from explain.eval.feedback_cases import export_feedback
from explain.models import ExplanationLog, FeedbackReport
from explain.services.feedback import FeedbackRejected, feedback_create
from tests.conftest import WORKED_DRAFT

pytestmark = pytest.mark.django_db


def _answer(logged_in, worked_job, use_model):
    use_model(WORKED_DRAFT)
    data = logged_in.post(reverse("explain:api-explain", args=[worked_job.pk])).json()
    return data, ExplanationLog.objects.get().user


def test_i_do_have_this_on_a_gap_is_a_user_labelled_false_gap(logged_in, worked_job, use_model):
    data, user = _answer(logged_in, worked_job, use_model)
    report, saved = feedback_create(
        user=user,
        log_id=data["log_id"],
        kind="gap",
        index=0,
        reason=FeedbackReport.Reason.HAVE_IT,
        note="Three years of it at my last job",
    )
    assert saved and report.note == "Three years of it at my last job"
    [case] = json.loads(export_feedback(with_texts=False).text)["cases"]
    assert (case["expected"], case["reason"], case["label_source"]) == (
        "drop",
        "gap_contradicted",
        "user",
    )
    assert case["feedback"]["user_note"] == "Three years of it at my last job"
    # A reviewer's label wins over the user's.
    report.status = FeedbackReport.Status.CONFIRMED
    report.expected = FeedbackReport.Expected.KEEP
    report.save()
    [case] = json.loads(export_feedback(with_texts=False).text)["cases"]
    assert case["expected"] == "keep" and "label_source" not in case


def test_i_do_have_this_is_refused_on_a_match(logged_in, worked_job, use_model):
    data, user = _answer(logged_in, worked_job, use_model)
    with pytest.raises(FeedbackRejected):
        feedback_create(user=user, log_id=data["log_id"], kind="match", index=0, reason="have_it")


def test_the_no_script_page_offers_it_on_gaps_only(logged_in, worked_job, use_model):
    use_model(WORKED_DRAFT)
    page = logged_in.post(reverse("explain:explain-job", args=[worked_job.pk]))
    body = page.content.decode()
    gaps = body.split("explain-requirement explain-state-not_found")
    matches = body.split("explain-requirement explain-state-shown")
    assert len(gaps) > 1 and len(matches) > 1
    assert 'value="have_it"' in gaps[1].split("</li>")[0]
    assert 'value="have_it"' not in matches[1].split("</li>")[0]
    assert "Tell us more in a few words (optional)" in body
