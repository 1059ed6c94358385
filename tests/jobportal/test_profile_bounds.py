"""Every profile field has a maximum length, in the form and in the model: one account
cannot store a megabyte of text for the explainer to scrub on every job page."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from jobportal.forms import ProfileForm
from jobportal.models import CandidateProfile

pytestmark = pytest.mark.django_db

TEXT_FIELDS = (
    "headline",
    "desired_role",
    "skills",
    "experience",
    "work_preferences",
    "full_name",
    "phone",
)


@pytest.mark.parametrize("name", TEXT_FIELDS)
def test_every_text_field_has_a_maximum_length(name):
    assert CandidateProfile._meta.get_field(name).max_length


@pytest.mark.parametrize("name", ("skills", "experience", "work_preferences"))
def test_the_form_refuses_a_field_past_its_maximum(name):
    limit = CandidateProfile._meta.get_field(name).max_length
    form = ProfileForm(data={name: "x " * limit})
    assert not form.is_valid()
    assert name in form.errors
    assert f'maxlength="{limit}"' in str(form[name])


@pytest.mark.parametrize("name", ("skills", "experience", "work_preferences"))
def test_the_model_refuses_a_field_past_its_maximum(make_user, name):
    profile = CandidateProfile(user=make_user("pat", **{}), **{name: "x" * 1_000_000})
    with pytest.raises(ValidationError) as caught:
        profile.full_clean(exclude=["user"])
    assert name in caught.value.message_dict


def test_posting_a_megabyte_profile_saves_nothing(logged_in, worked_user):
    before = CandidateProfile.objects.get(user=worked_user).skills
    response = logged_in.post(reverse("profile-edit"), {"skills": "+1 555 123 4567 " * 65536})
    assert response.status_code == 200  # the form again, with its error
    assert CandidateProfile.objects.get(user=worked_user).skills == before
