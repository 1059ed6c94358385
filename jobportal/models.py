"""The portal's own data: jobs and candidate profiles (the explain app never imports these)."""

from __future__ import annotations

from urllib.parse import quote

from django.conf import settings
from django.core.validators import MaxLengthValidator
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


class Job(models.Model):
    """A job posting as recruiters write it; its text is untrusted."""

    class Remote(models.TextChoices):
        ONSITE = "onsite", _("On-site")
        HYBRID = "hybrid", _("Hybrid")
        REMOTE = "remote", _("Remote")

    title = models.CharField(max_length=200)
    company = models.CharField(max_length=200)
    location = models.CharField(max_length=200, blank=True)
    remote = models.CharField(max_length=10, choices=Remote.choices, default=Remote.ONSITE)
    description = models.TextField()
    requirements = models.TextField(blank=True)
    salary_min = models.PositiveIntegerField(null=True, blank=True)
    salary_max = models.PositiveIntegerField(null=True, blank=True)
    salary_currency = models.CharField(max_length=3, default="EUR")
    # Where to apply: the employer's own page, or an address to write to.
    apply_url = models.URLField("apply link", max_length=500, blank=True)
    apply_email = models.EmailField("apply by e-mail", blank=True)
    published = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.title} at {self.company}"

    def get_absolute_url(self) -> str:
        return reverse("job-detail", args=[self.pk])

    def apply_link(self) -> str:
        """An http(s) link or a mailto: address, never another scheme (no javascript:)."""
        if self.apply_url.lower().startswith(("https://", "http://")):
            return self.apply_url
        if self.apply_email and "@" in self.apply_email:
            return "mailto:" + quote(self.apply_email, safe="@.+-_")
        return ""


# The longest text a profile field holds (characters).
SKILLS_MAX = 5000
EXPERIENCE_MAX = 20000
PREFERENCES_MAX = 5000


class CandidateProfile(models.Model):
    """One per user. Private fields never leave the server; matching fields may."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="candidate_profile"
    )
    # Private: shown to the user only, never sent to a model.
    full_name = models.CharField(max_length=200, blank=True)
    email = models.EmailField(blank=True)
    phone = models.CharField(max_length=40, blank=True)
    salary_expectation = models.PositiveIntegerField(null=True, blank=True)
    resume = models.FileField(upload_to="resumes/", blank=True)
    # Matching: what an explanation may quote (scrubbed of contact details first).
    headline = models.CharField(max_length=200, blank=True)
    desired_role = models.CharField(max_length=200, blank=True)
    # Bounded, so one account cannot store (and have scrubbed) megabytes: generous for a
    # real profile; the form refuses more and the model's validators say so too.
    skills = models.TextField(
        blank=True, max_length=SKILLS_MAX, validators=[MaxLengthValidator(SKILLS_MAX)]
    )
    experience = models.TextField(
        blank=True, max_length=EXPERIENCE_MAX, validators=[MaxLengthValidator(EXPERIENCE_MAX)]
    )
    work_preferences = models.TextField(
        blank=True, max_length=PREFERENCES_MAX, validators=[MaxLengthValidator(PREFERENCES_MAX)]
    )
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"Profile of {self.user}"
