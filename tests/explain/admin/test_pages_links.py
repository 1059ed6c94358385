"""The admin finds the page of postings addressed to an AI from the log and its
summary, and triage names each drop reason in words with its code beside it."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from explain.core.verify import DropReason
from explain.models import ExplanationLog, FeedbackReport

pytestmark = pytest.mark.django_db


@pytest.fixture
def boss(client: Any) -> Any:
    admin = get_user_model().objects.create_superuser("boss", "boss@example.com", "pw-123456!")
    client.force_login(admin)
    ExplanationLog.objects.create(job_ref="1", outcome="ok", kept_matches=1)
    return client


def test_the_log_and_both_summaries_link_the_addressed_to_ai_page(boss):
    target = reverse("admin:explain_explanationlog_addressed_to_ai")
    changelist = boss.get(reverse("admin:explain_explanationlog_changelist")).content.decode()
    assert changelist.count(f'href="{target}"') == 2  # the summary and the filter
    page = boss.get(reverse("admin:explain_explanationlog_summary")).content.decode()
    assert f'href="{target}"' in page
    assert boss.get(target).status_code == 200


def test_triage_reasons_are_words_with_the_code_beside(boss):
    log = ExplanationLog.objects.get()
    report = FeedbackReport.objects.create(
        log=log, kind="match", point="p", job_quote="q", reason=FeedbackReport.Reason.MISLEADING
    )
    body = boss.get(reverse("admin:explain_feedbackreport_change", args=[report.pk])).content
    text = body.decode()
    code = DropReason.QUOTE_SPANS_FIELDS.value
    assert f'<option value="{code}">' in text
    option = text.split(f'<option value="{code}">')[1].split("</option>")[0]
    assert option.endswith(f"({code})") and len(option) > len(code) + 5
