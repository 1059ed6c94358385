"""A member logs in with an e-mail address (there is no username); postings and résumés
are stored as HTML, as a rich-text editor saves them."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, BaseUserManager, PermissionsMixin
from django.db import models


class MemberManager(BaseUserManager["Member"]):
    def create_user(self, email: str, password: str | None = None, **extra: Any) -> Member:
        member = self.model(email=self.normalize_email(email), **extra)
        member.set_password(password)
        member.save(using=self._db)
        return member

    def create_superuser(self, email: str, password: str | None = None, **extra: Any) -> Member:
        return self.create_user(email, password, is_staff=True, is_superuser=True, **extra)


class Member(AbstractBaseUser, PermissionsMixin):
    class Role(models.TextChoices):
        CANDIDATE = "candidate", "Candidate"
        EMPLOYER = "employer", "Employer"

    email = models.EmailField(unique=True)
    display_name = models.CharField(max_length=100, blank=True)
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.CANDIDATE)
    is_staff = models.BooleanField(default=False)
    is_active = models.BooleanField(default=True)

    USERNAME_FIELD = "email"
    EMAIL_FIELD = "email"
    REQUIRED_FIELDS: list[str] = []

    objects = MemberManager()

    def __str__(self) -> str:
        return self.email


class Posting(models.Model):
    title = models.CharField(max_length=200)
    company = models.CharField(max_length=200)
    body_html = models.TextField()
    is_live = models.BooleanField(default=True)

    def __str__(self) -> str:
        return self.title


class Resume(models.Model):
    owner = models.OneToOneField(Member, on_delete=models.CASCADE, related_name="resume")
    headline = models.CharField(max_length=200, blank=True)
    summary_html = models.TextField(blank=True)
    phone = models.CharField(max_length=40, blank=True)  # private: never leaves the server
    salary_wish = models.PositiveIntegerField(null=True, blank=True)  # private

    def __str__(self) -> str:
        return f"Résumé of {self.owner}"
