"""What a user expects of a job site: sign-up, apply, salaries, filters, an icon, a way back."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import translation

from jobportal.forms import with_added_skill
from jobportal.models import CandidateProfile, Job
from jobportal.templatetags.portal import salary_range
from tests.conftest import WORKED_DRAFT

pytestmark = pytest.mark.django_db


def test_sign_up_logs_in_and_leads_to_the_profile(client):
    response = client.post(
        reverse("signup"),
        {"username": "newcomer", "password1": "long-pass-9182!", "password2": "long-pass-9182!"},
    )
    assert response.status_code == 302 and response["Location"] == reverse("profile-edit")
    assert get_user_model().objects.filter(username="newcomer").exists()
    assert client.get(reverse("profile-edit")).status_code == 200


def test_sign_up_says_what_is_wrong(client):
    response = client.post(
        reverse("signup"), {"username": "x", "password1": "abc", "password2": "abd"}
    )
    assert response.status_code == 200
    assert "form-error" in response.content.decode()


def test_the_apply_link_is_http_or_mail_and_never_a_script():
    job = Job(title="T", company="C", description="D")
    assert job.apply_link() == ""
    job.apply_url = "https://careers.example.com/jobs/7"
    assert job.apply_link() == "https://careers.example.com/jobs/7"
    job.apply_url = "javascript:alert(1)"
    assert job.apply_link() == ""
    job.apply_email = "jobs@example.com"
    assert job.apply_link() == "mailto:jobs@example.com"


def test_the_job_page_has_an_apply_button(client):
    job = Job.objects.create(
        title="T", company="C", description="D", apply_url="https://careers.example.com/7"
    )
    html = client.get(job.get_absolute_url()).content.decode()
    assert 'href="https://careers.example.com/7" rel="noopener noreferrer external"' in html
    assert "Apply on the employer’s site" in html


def test_salaries_are_grouped_the_way_the_language_writes_numbers():
    job = Job(title="T", company="C", salary_min=62000, salary_max=78000, salary_currency="EUR")
    with translation.override("en"):
        assert salary_range(job) == "EUR 62,000–78,000 a year"
    with translation.override("de"):
        assert "62.000–78.000" in salary_range(job)
    job.salary_max = None
    with translation.override("en"):
        assert salary_range(job) == "EUR 62,000–? a year"


@pytest.fixture
def jobs(db):
    return [
        Job.objects.create(
            title="A", company="X", location="Berlin", remote="remote", description="d"
        ),
        Job.objects.create(
            title="B", company="X", location="Berlin", remote="onsite", description="d"
        ),
        Job.objects.create(
            title="C", company="X", location="Dublin", remote="remote", description="d"
        ),
    ]


@pytest.mark.parametrize(
    ("params", "shown"),
    [
        ({"remote": "remote"}, {"A", "C"}),
        ({"location": "berlin"}, {"A", "B"}),
        ({"remote": "remote", "location": "Berlin"}, {"A"}),
        ({"remote": "nonsense"}, {"A", "B", "C"}),
    ],
)
def test_the_job_list_filters_by_work_mode_and_location(client, jobs, params, shown):
    page = client.get(reverse("job-list"), params).context["page"]
    assert {job.title for job in page} == shown


def test_filters_are_kept_across_pages(client):
    for n in range(25):
        Job.objects.create(title=f"J{n}", company="X", remote="hybrid", description="d")
    html = client.get(reverse("job-list"), {"remote": "hybrid"}).content.decode()
    assert 'href="?remote=hybrid&amp;page=2"' in html


def test_a_favicon_is_linked_and_served(client):
    html = client.get(reverse("job-list")).content.decode()
    assert 'rel="icon" href="/static/jobportal/favicon.svg"' in html
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and response["Location"].endswith("favicon.svg")


@pytest.mark.parametrize(
    ("skills", "term", "expected"),
    [
        ("", "AWS", "AWS"),
        ("Java", "AWS", "Java\nAWS"),
        ("Java, aws", "AWS", "Java, aws"),
        ("Java\n", "Kubernetes", "Java\nKubernetes"),
    ],
)
def test_adding_a_skill_adds_it_once(skills, term, expected):
    assert with_added_skill(skills, term) == expected


def test_add_to_my_profile_prefills_skills_and_saving_returns_to_the_job(
    logged_in, worked_user, worked_job, use_model
):
    use_model(WORKED_DRAFT)
    url = reverse("profile-edit") + f"?add=AWS&next={worked_job.get_absolute_url()}"
    page = logged_in.get(url)
    form = page.context["form"]
    assert form["skills"].value() == "Java (Intermediate, 3 years)\nAWS"
    assert "autofocus" in str(form["skills"])
    html = page.content.decode()
    assert "We added “AWS” to your skills below." in html
    assert worked_user.candidate_profile.skills == "Java (Intermediate, 3 years)"  # not saved
    data = {k: v or "" for k, v in form.initial.items() if k != "resume"}
    data.update(skills=form["skills"].value(), next=worked_job.get_absolute_url())
    saved = logged_in.post(reverse("profile-edit"), data)
    assert saved.status_code == 302
    assert saved["Location"] == worked_job.get_absolute_url() + "?explain=refresh"
    assert 'data-auto-ask="1"' in logged_in.get(saved["Location"]).content.decode()
    assert CandidateProfile.objects.get(user=worked_user).skills.endswith("\nAWS")


def test_the_way_back_is_only_to_this_site(logged_in):
    data = {"headline": "Backend developer", "next": "https://evil.example/"}
    saved = logged_in.post(reverse("profile-edit"), data)
    assert saved["Location"] == reverse("profile-edit")


def test_the_profile_page_previews_exactly_what_is_sent(logged_in, worked_user):
    profile = worked_user.candidate_profile
    profile.experience = "Mail me at dana@example.org about Java work."
    profile.save()
    html = logged_in.get(reverse("profile-edit")).content.decode()
    from explain.services.explanations import profile_text_for

    sent = profile_text_for(worked_user).text
    assert "Experience: Mail me at [removed] about Java work." in sent
    from django.utils.html import escape

    assert f'<pre class="profile-preview-text" dir="auto">{escape(sent)}</pre>' in html
    assert "dana@example.org" not in sent
    assert "Your résumé file is never sent or compared" in html


def test_help_text_is_referenced_by_an_id_that_exists(logged_in):
    html = logged_in.get(reverse("profile-edit")).content.decode()
    assert 'aria-describedby="id_skills_helptext"' in html
    assert 'id="id_skills_helptext"' in html
