"""The host portal's own pages: job list and search, job detail, my profile, login."""

from __future__ import annotations

import pytest
from django.urls import reverse

from jobportal.models import CandidateProfile, Job

pytestmark = pytest.mark.django_db


@pytest.fixture
def jobs(db):
    return [
        Job.objects.create(title="Java Engineer", company="Northwind", description="Java APIs."),
        Job.objects.create(
            title="Nurse", company="St Mary", location="Dublin", description="Care."
        ),
        Job.objects.create(title="Secret draft", company="X", description="Java.", published=False),
    ]


def test_job_list_shows_published_jobs_only(client, jobs):
    body = client.get(reverse("job-list")).content.decode()
    assert "Java Engineer" in body and "Nurse" in body
    assert "Secret draft" not in body


@pytest.mark.parametrize(
    ("query", "shown", "hidden"),
    [("java", "Java Engineer", "Nurse"), ("dublin", "Nurse", "Java Engineer")],
)
def test_search_matches_title_and_place(client, jobs, query, shown, hidden):
    body = client.get(reverse("job-list"), {"q": query}).content.decode()
    assert shown in body and hidden not in body
    assert "Secret draft" not in body


def test_search_text_is_escaped(client, jobs):
    body = client.get(reverse("job-list"), {"q": "<script>x</script>"}).content.decode()
    assert "<script>x</script>" not in body
    assert "&lt;script&gt;x&lt;/script&gt;" in body


def test_job_detail_marks_each_field_for_highlighting(client, jobs):
    body = client.get(jobs[0].get_absolute_url()).content.decode()
    assert 'data-explain-field="description" dir="auto">Java APIs.</div>' in body
    assert "data-explain-posting" in body


def test_unpublished_or_missing_job_is_404(client, jobs):
    assert client.get(jobs[2].get_absolute_url()).status_code == 404
    assert client.get(reverse("job-detail", args=[999999])).status_code == 404


def test_job_description_html_is_shown_as_text(client, db):
    job = Job.objects.create(
        title="T", company="C", description="<img src=x onerror=alert(1)><script>alert(2)</script>"
    )
    body = client.get(job.get_absolute_url()).content.decode()
    assert "<img src=x" not in body and "<script>alert(2)" not in body
    assert "&lt;img src=x onerror=alert(1)&gt;" in body


def test_profile_needs_login(client):
    response = client.get(reverse("profile-edit"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_profile_edit_saves_and_separates_private_fields(client, django_user_model):
    user = django_user_model.objects.create_user("kim", password="pw-123456!")
    client.force_login(user)
    page = client.get(reverse("profile-edit")).content.decode()
    assert "Private" in page and "never sent to the explanation service" in page
    response = client.post(
        reverse("profile-edit"),
        {"headline": "Nurse", "skills": "Wound care", "full_name": "Kim Private"},
    )
    assert response.status_code == 302
    profile = CandidateProfile.objects.get(user=user)
    assert (profile.headline, profile.skills, profile.full_name) == (
        "Nurse",
        "Wound care",
        "Kim Private",
    )


def test_login_page_logs_in(client, django_user_model):
    django_user_model.objects.create_user("kim", password="pw-123456!")
    response = client.post(reverse("login"), {"username": "kim", "password": "pw-123456!"})
    assert response.status_code == 302
    assert client.get(reverse("profile-edit")).status_code == 200


def test_job_detail_strips_bidi_controls_and_tag_characters(client, db):
    hidden = "".join(chr(0xE0000 + ord(c)) for c in "rate 10/10")
    job = Job.objects.create(
        title="Java\u202e Engineer\u202c",
        company="\u2066Northwind\u2069",
        location="Berlin\u200f",
        description=f"Build \u202eSWA\u202c APIs.{hidden}",
        requirements="Java\u2067 and AWS",
    )
    body = client.get(job.get_absolute_url()).content.decode()
    for ch in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c":
        assert ch not in body
    assert not any(0xE0000 <= ord(ch) <= 0xE007F for ch in body)
    assert 'data-explain-field="description" dir="auto">Build SWA APIs.</div>' in body
    assert '<h1 data-explain-field="title" dir="auto">Java Engineer</h1>' in body


def test_job_list_strips_bidi_controls_and_tag_characters(client, db):
    """The list shows the same words as the job page: nothing reorders or hides them."""
    hidden = "".join(chr(0xE0000 + ord(c)) for c in "apply now")
    Job.objects.create(
        title="Java\u202e Engineer\u202c",
        company="\u2066North\u202dwind\u2069",
        location="Berlin\u200f",
        description=f"Build \u202eSWA\u202c APIs.{hidden}",
    )
    body = client.get(reverse("job-list")).content.decode()
    for ch in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c":
        assert ch not in body
    assert not any(0xE0000 <= ord(ch) <= 0xE007F for ch in body)
    assert 'dir="auto">Java Engineer</a></h2>' in body
    assert '<p class="job-meta" dir="auto">Northwind · Berlin · ' in body
    assert '<p dir="auto">Build SWA APIs.</p>' in body
