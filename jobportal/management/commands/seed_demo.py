"""`manage.py seed_demo`: the demo jobs, users, profiles and an admin, safe to run again.

A newcomer runs this once after `migrate` to get a portal worth clicking through; running
it again brings the rows back to the demo values instead of adding copies.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction
from django.urls import NoReverseMatch, reverse

from jobportal.demo_data import (
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    ADMIN_USERNAME,
    DEMO_JOBS,
    DEMO_USERS,
    DemoJob,
    DemoUser,
)
from jobportal.models import CandidateProfile, Job

# Where `manage.py runserver` serves by default.
DEFAULT_SITE = "http://127.0.0.1:8000"


def _url(name: str, fallback: str) -> str:
    """The real URL when the URLconf has it, so the hint stays right if routes move."""
    try:
        return reverse(name)
    except NoReverseMatch:
        return fallback


def seed_job(*, job: DemoJob) -> bool:
    """Create or update one job, matched on (title, company); True when created."""
    _, created = Job.objects.update_or_create(
        title=job.title,
        company=job.company,
        defaults={
            "location": job.location,
            "remote": job.remote,
            "description": job.description,
            "requirements": job.requirements,
            "salary_min": job.salary_min,
            "salary_max": job.salary_max,
            "salary_currency": job.salary_currency,
            "published": job.published,
            "apply_email": job.apply_email,
        },
    )
    return created


def seed_user(*, demo: DemoUser) -> bool:
    """Create or update one demo user and its profile, matched on username."""
    user_model = get_user_model()
    user, created = user_model.objects.update_or_create(
        username=demo.username,
        defaults={
            "first_name": demo.first_name,
            "last_name": demo.last_name,
            "email": demo.email,
            "is_active": True,
            "is_staff": False,
            "is_superuser": False,
        },
    )
    # Reset every run, so a password changed while trying the demo does not lock you out.
    user.set_password(demo.password)
    user.save(update_fields=["password"])
    profile = demo.profile
    CandidateProfile.objects.update_or_create(
        user=user,
        defaults={
            "full_name": profile.full_name,
            "email": profile.email,
            "phone": profile.phone,
            "salary_expectation": profile.salary_expectation,
            "headline": profile.headline,
            "desired_role": profile.desired_role,
            "skills": profile.skills,
            "experience": profile.experience,
            "work_preferences": profile.work_preferences,
        },
    )
    return created


def seed_admin() -> bool:
    """Create or update the superuser who reviews explanation logs in Django admin."""
    user_model = get_user_model()
    admin, created = user_model.objects.update_or_create(
        username=ADMIN_USERNAME,
        defaults={
            "email": ADMIN_EMAIL,
            "is_active": True,
            "is_staff": True,
            "is_superuser": True,
        },
    )
    admin.set_password(ADMIN_PASSWORD)
    admin.save(update_fields=["password"])
    return created


class Command(BaseCommand):
    help = (
        "Create or update the demo jobs, the demo users 'demo' and 'sam' with their "
        "profiles, and the superuser 'admin'. Safe to run more than once."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--serving-at",
            metavar="URL",
            help="The address the site is being started at (as `make run` does), instead "
            "of telling the reader to start it; e.g. http://127.0.0.1:8001.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        # All or nothing: a half-seeded portal is more confusing than an empty one.
        with transaction.atomic():
            jobs_created = sum(seed_job(job=job) for job in DEMO_JOBS)
            users_created = sum(seed_user(demo=demo) for demo in DEMO_USERS)
            admin_created = seed_admin()

        published = sum(job.published for job in DEMO_JOBS)
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo data ready: {len(DEMO_JOBS)} jobs ({published} published, "
                f"{jobs_created} new), {len(DEMO_USERS)} demo users ({users_created} new), "
                f"admin {'created' if admin_created else 'updated'}."
            )
        )
        login_url = _url("login", "/accounts/login/")
        admin_url = _url("admin:index", "/admin/")
        site = (options.get("serving_at") or DEFAULT_SITE).rstrip("/")
        start = (
            f"The site starts at {site}/; log in:"
            if options.get("serving_at")
            else "Start the site with `python manage.py runserver`, then log in:"
        )
        lines = ["", start, f"  Portal ({site}{login_url}):"]
        for demo in DEMO_USERS:
            headline = demo.profile.headline or "no headline"
            lines.append(f"    {demo.username} / {demo.password}   profile: {headline}")
        lines += [
            f"  Django admin ({site}{admin_url}):",
            f"    {ADMIN_USERNAME} / {ADMIN_PASSWORD}",
            "",
            "These passwords are public demo values: do not seed a production database.",
        ]
        self.stdout.write("\n".join(lines))
