"""Forms for the portal's own pages."""

from __future__ import annotations

from django import forms

from jobportal.models import CandidateProfile, Job


def with_added_skill(skills: str, term: str) -> str:
    """The skills text with `term` on a line of its own, unless it is listed already."""
    listed = {part.strip().casefold() for part in skills.replace(",", "\n").splitlines()}
    if term.casefold() in listed:
        return skills
    return f"{skills.rstrip()}\n{term}" if skills.strip() else term


class JobFilterForm(forms.Form):
    """The job list's search and filters (all optional, all from the query string)."""

    q = forms.CharField(required=False, max_length=100, label="Search jobs")
    remote = forms.ChoiceField(
        required=False,
        choices=[("", "Any work mode"), *Job.Remote.choices],
        label="Work mode",
    )
    location = forms.CharField(required=False, max_length=100, label="Location")

    def clean_q(self) -> str:
        return str(self.cleaned_data["q"]).strip()

    def clean_location(self) -> str:
        return str(self.cleaned_data["location"]).strip()


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
