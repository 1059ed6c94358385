"""The admin's posting readings: the list, the requirement list, "read again"."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.urls import reverse

from explain.models import PostingReading
from jobportal.models import Job
from tests.explain.admin.conftest import ANSWER

pytestmark = pytest.mark.django_db


def test_the_list_shows_each_postings_counts(admin_client_, reading):
    page = admin_client_.get(reverse("admin:explain_postingreading_changelist"))
    assert page.status_code == 200
    assert "Product Designer" in page.content.decode() and "fake-model" in page.content.decode()


def test_the_detail_lists_requirements_and_lines_not_read_escaped(admin_client_, reading):
    page = admin_client_.get(reverse("admin:explain_postingreading_change", args=[reading.pk]))
    html = page.content.decode()
    assert page.status_code == 200
    assert "Figma" in html and "Sketch" in html and "Dutch" in html
    # Every line of the requirements field is covered or listed: how many there are.
    assert reading.lines_total == 3 and "Lines of the requirements field" in html
    assert "&lt;b&gt;Portfolio&lt;/b&gt;" in html and "<b>Portfolio</b>" not in html


def test_read_again_asks_the_model_once_more(admin_client_, reading, use_model):
    model = use_model(ANSWER)
    response = admin_client_.post(
        reverse("admin:explain_postingreading_changelist"),
        {"action": "read_again", "_selected_action": [reading.pk]},
        follow=True,
    )
    assert response.status_code == 200 and len(model.prompts) == 1
    assert PostingReading.objects.count() == 1
    assert PostingReading.objects.get().read_at > reading.read_at


def test_nothing_can_be_added_or_edited(admin_client_, reading):
    assert admin_client_.get(reverse("admin:explain_postingreading_add")).status_code == 403


def test_read_again_is_offered_only_to_those_who_may_change_readings(client, reading):
    user = get_user_model().objects.create_user("viewer", password="pw-123456!", is_staff=True)
    user.user_permissions.add(Permission.objects.get(codename="view_postingreading"))
    client.force_login(user)
    page = client.get(reverse("admin:explain_postingreading_changelist"))
    assert page.status_code == 200 and "read_again" not in page.content.decode()


def test_a_readings_page_reads_its_posting_again_with_one_post(admin_client_, reading, use_model):
    page = admin_client_.get(reverse("admin:explain_postingreading_change", args=[reading.pk]))
    url = reverse("admin:explain_postingreading_read_again", args=[reading.pk])
    assert f'action="{url}"' in page.content.decode()
    model = use_model(ANSWER)
    assert admin_client_.get(url).status_code == 405 and model.prompts == []
    response = admin_client_.post(url, follow=True)
    assert response.status_code == 200 and len(model.prompts) == 1
    assert response.redirect_chain[-1][0].endswith(f"/{reading.pk}/change/")
    assert "1 posting read again." in response.content.decode()
    assert PostingReading.objects.get().read_at > reading.read_at


def test_read_again_after_an_edit_leads_to_the_new_texts_reading(admin_client_, reading, use_model):
    Job.objects.filter(pk=int(reading.job_ref)).update(requirements="- Figma\n- Dutch")
    use_model(ANSWER)
    url = reverse("admin:explain_postingreading_read_again", args=[reading.pk])
    response = admin_client_.post(url)
    newest = PostingReading.objects.filter(job_ref=reading.job_ref).first()
    assert newest is not None and newest.pk != reading.pk
    assert response["Location"].endswith(f"/{newest.pk}/change/")


def test_the_page_offers_no_read_again_to_those_who_may_only_view(client, reading, use_model):
    user = get_user_model().objects.create_user("viewer", password="pw-123456!", is_staff=True)
    user.user_permissions.add(Permission.objects.get(codename="view_postingreading"))
    client.force_login(user)
    page = client.get(reverse("admin:explain_postingreading_change", args=[reading.pk]))
    assert page.status_code == 200 and "read-again" not in page.content.decode()
    model = use_model(ANSWER)
    url = reverse("admin:explain_postingreading_read_again", args=[reading.pk])
    assert client.post(url).status_code == 403 and model.prompts == []


def test_a_reading_damaged_by_hand_still_opens_its_page(admin_client_, reading):
    """Entries that are no objects are left out of the page; the intact ones are shown."""
    reading.requirements = ["Figma", *reading.requirements, {"term": "Sketch", "alternatives": 7}]
    reading.lines_not_read = [3, *reading.lines_not_read]
    reading.save()
    page = admin_client_.get(reverse("admin:explain_postingreading_change", args=[reading.pk]))
    assert page.status_code == 200 and "Dutch" in page.content.decode()
