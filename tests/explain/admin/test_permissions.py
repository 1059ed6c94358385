"""Least privilege: staff see explain's admin pages only with explain's view permissions.

Being staff lets someone into the admin; it must not show them the log's figures, the
postings addressed to an AI or which jobs a named candidate asked about.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.urls import reverse

from explain.models import ExplanationLog, FeedbackReport
from explain.outcomes import Outcome

pytestmark = pytest.mark.django_db

# Each of explain's admin pages and the permission that opens it.
PAGES = [
    ("admin:explain_explanationlog_changelist", (), "view_explanationlog"),
    ("admin:explain_explanationlog_summary", (), "view_explanationlog"),
    ("admin:explain_explanationlog_addressed_to_ai", (), "view_explanationlog"),
    ("admin:explain_explanationlog_addressed_to_ai_job", ("7",), "view_explanationlog"),
    ("admin:explain_logneedingreview_changelist", (), "view_logneedingreview"),
    ("admin:explain_feedbackreport_changelist", (), "view_feedbackreport"),
]


@pytest.fixture
def log_row() -> ExplanationLog:
    asker = get_user_model().objects.create_user("candidate-carla", password="pw-123456!")
    row = ExplanationLog.objects.create(
        user=asker,
        job_ref="7",
        job_title="Injected Engineer",
        outcome=Outcome.OK,
        job_instructions=1,
    )
    FeedbackReport.objects.create(
        log=row, user=asker, kind="match", point="p", job_quote="q", reason="other"
    )
    return row


def staff_client(client: Any, *codenames: str) -> Any:
    staff = get_user_model().objects.create_user("helpdesk", password="pw-123456!", is_staff=True)
    staff.user_permissions.add(
        *Permission.objects.filter(content_type__app_label="explain", codename__in=codenames)
    )
    client.force_login(staff)
    return client


def export(client: Any, row: ExplanationLog) -> Any:
    return client.post(
        reverse("admin:explain_explanationlog_changelist"),
        {"action": "export_csv", "index": "0", "_selected_action": [row.pk]},
    )


@pytest.mark.parametrize(("name", "args", "_perm"), PAGES)
def test_staff_without_explains_permissions_get_403(client, log_row, name, args, _perm):
    response = staff_client(client).get(reverse(name, args=args))
    assert response.status_code == 403
    assert b"candidate-carla" not in response.content
    assert b"Injected Engineer" not in response.content


@pytest.mark.parametrize(("name", "args", "perm"), PAGES)
def test_the_view_permission_opens_each_page(client, log_row, name, args, perm):
    response = staff_client(client, perm).get(reverse(name, args=args))
    assert response.status_code == 200


def test_one_models_permission_does_not_open_the_others_custom_pages(client, log_row):
    """A report triager (view_feedbackreport only) does not see the log's own pages."""
    staff = staff_client(client, "view_feedbackreport")
    for name, args, _perm in PAGES[:4]:
        assert staff.get(reverse(name, args=args)).status_code == 403, name


def test_the_csv_export_needs_the_view_permission(client, log_row):
    assert export(staff_client(client), log_row).status_code == 403


def test_the_csv_export_with_the_view_permission(client, log_row):
    response = export(staff_client(client, "view_explanationlog"), log_row)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    lines = b"".join(response.streaming_content).decode().splitlines()
    assert len(lines) == 2
