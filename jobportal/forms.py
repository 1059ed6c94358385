"""Forms for the portal's own pages."""

from __future__ import annotations

from django import forms

from jobportal.models import CandidateProfile


class ProfileForm(forms.ModelForm):
    # The fields the explain adapter may send; the rest are private.
    MATCHING_FIELDS = ("headline", "desired_role", "skills", "experience", "work_preferences")

    class Meta:
        model = CandidateProfile
        fields = [
            "headline",
            "desired_role",
            "skills",
            "experience",
            "work_preferences",
            "full_name",
            "email",
            "phone",
            "salary_expectation",
            "resume",
        ]
        widgets = {
            "skills": forms.Textarea(attrs={"rows": 3}),
            "experience": forms.Textarea(attrs={"rows": 6}),
            "work_preferences": forms.Textarea(attrs={"rows": 3}),
        }
        help_texts = {
            "skills": "One per line or comma-separated, e.g. Python (5 years).",
        }
