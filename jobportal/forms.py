"""Forms for the portal's own pages."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import UploadedFile
from django.utils.translation import gettext_lazy as _

from jobportal.cv import MAX_CV_BYTES, sniff
from jobportal.form_text import normalize_form_text
from jobportal.models import CandidateProfile, Job


def with_added_skill(skills: str, term: str) -> str:
    """The skills text with `term` on a line of its own, unless it is listed already."""
    listed = {part.strip().casefold() for part in skills.replace(",", "\n").splitlines()}
    if term.casefold() in listed:
        return skills
    return f"{skills.rstrip()}\n{term}" if skills.strip() else term


class JobFilterForm(forms.Form):
    """The job list's search and filters (all optional, all from the query string)."""

    q = forms.CharField(required=False, max_length=100, label=_("Search jobs"))
    remote = forms.ChoiceField(
        required=False,
        choices=[("", _("Any work mode")), *Job.Remote.choices],
        label=_("Work mode"),
    )
    location = forms.CharField(required=False, max_length=100, label=_("Location"))

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
        labels = {
            "headline": _("Headline"),
            "desired_role": _("Desired role"),
            "skills": _("Skills"),
            "experience": _("Experience"),
            "work_preferences": _("Work preferences"),
            "full_name": _("Full name"),
            "email": _("E-mail"),
            "phone": _("Phone"),
            "salary_expectation": _("Salary expectation"),
            "resume": _("Résumé"),
        }
        help_texts = {
            "skills": _("One per line or comma-separated, e.g. Python (5 years)."),
        }

    def clean_resume(self) -> object:
        """A PDF or DOCX of at most 2 MB, judged by its first bytes and its name both."""
        file = self.cleaned_data.get("resume")
        if not isinstance(file, UploadedFile):
            return file  # unchanged, or cleared
        if (file.size or 0) > MAX_CV_BYTES:
            raise ValidationError(_("The file is larger than 2 MB."), code="too_large")
        head = file.read(8)
        file.seek(0)
        kind = sniff(head)
        name = (file.name or "").lower()
        if kind is None or not name.endswith(f".{kind}"):
            raise ValidationError(_("Upload a PDF or a Word (.docx) file."), code="file_type")
        return file

    def clean(self) -> dict[str, object]:
        """Every text in one form (jobportal/form_text.py) before it is compared or stored."""
        cleaned = super().clean() or {}
        for name, value in cleaned.items():
            if isinstance(value, str):
                cleaned[name] = normalize_form_text(value)
        return cleaned

    def changed_fields(self, before: dict[str, object]) -> list[str]:
        """The fields whose cleaned value differs from `before` (the stored values), so
        a save of what the page showed, CRLF and all, is seen as no change."""
        changed = [
            name
            for name in self.cleaned_data
            if name != "resume" and self.cleaned_data[name] != before.get(name)
        ]
        if "resume" in self.changed_data:
            changed.append("resume")
        return changed
