"""Seed the load-test database: one job and N users with profiles and logged-in sessions.

Run by tools/load/run.py as `python -m tools.load.seed N` under tools.load.settings; prints JSON.
Sessions are made exactly as django.contrib.auth.login makes them (user id, backend,
session hash); one user also logs in through the real login form during the run. The
password is hashed once and shared: 400 PBKDF2 hashes would take minutes on 2 cores.
"""

from __future__ import annotations

import json
import sys

import django

# The fake model's one answer; every seeded profile and the job contain its quotes.
DRAFT = {
    "matches": [
        {
            "point": "Your profile shows Python; this job builds Django services in Python.",
            "term": "Python",
            "profileQuote": "Python (5 years)",
            "jobQuote": "Build Django services in Python",
        }
    ],
    "gaps": [
        {
            "point": "Redis caching is not shown in your profile.",
            "term": "Redis",
            "profileQuote": "",
            "jobQuote": "Experience with Redis caching",
        }
    ],
}
# A Gemini-like answer for the streaming phases: 10 claims (5 matches, 5 gaps), each kept.
STREAM_DRAFT = {
    "matches": [
        {
            "point": f"Your profile shows {term}; this job asks for {term}.",
            "term": term,
            "profileQuote": profile_quote,
            "jobQuote": job_quote,
        }
        for term, profile_quote, job_quote in (
            ("Python", "Python (5 years)", "Build Django services in Python"),
            ("Django", "Django", "Build Django services"),
            ("PostgreSQL", "PostgreSQL", "run them on PostgreSQL"),
            ("services", "Ran web services in production", "Django services in Python"),
            ("Python", "Python (5 years), Django", "services in Python and run them"),
        )
    ],
    "gaps": [
        {
            "point": f"This job asks for {term}; it is not shown in your profile.",
            "term": term,
            "profileQuote": "",
            "jobQuote": job_quote,
        }
        for term, job_quote in (
            ("Redis", "Experience with Redis caching"),
            ("Kubernetes", "Kubernetes deployments"),
            ("Terraform", "Terraform modules"),
            ("on-call", "an on-call rotation"),
            ("GraphQL", "GraphQL APIs"),
        )
    ],
}
PASSWORD = "load-pass-123!"  # noqa: S105 - seeded load-test users only


def seed(n_users: int) -> dict[str, object]:
    from django.contrib.auth import (
        BACKEND_SESSION_KEY,
        HASH_SESSION_KEY,
        SESSION_KEY,
        get_user_model,
    )
    from django.contrib.auth.hashers import make_password
    from django.contrib.sessions.backends.db import SessionStore

    from jobportal.models import CandidateProfile, Job

    job = Job.objects.create(
        title="Python Backend Engineer",
        company="Loadtest Ltd",
        location="Berlin",
        remote=Job.Remote.REMOTE,
        description="Build Django services in Python and run them on PostgreSQL.",
        requirements=(
            "Experience with Redis caching. Kubernetes deployments, Terraform modules, "
            "an on-call rotation and GraphQL APIs."
        ),
    )
    user_model = get_user_model()
    encoded = make_password(PASSWORD)
    user_model.objects.bulk_create(
        user_model(username=f"load{i:04d}", password=encoded) for i in range(n_users)
    )
    users = list(user_model.objects.filter(username__startswith="load").order_by("username"))
    # Distinct profile texts: distinct cache keys, so every user needs a model call.
    CandidateProfile.objects.bulk_create(
        CandidateProfile(
            user=user,
            headline=f"Backend developer number {i}",
            skills="Python (5 years), Django, PostgreSQL",
            experience="Ran web services in production.",
        )
        for i, user in enumerate(users)
    )
    sessions = []
    for user in users:
        store = SessionStore()
        store[SESSION_KEY] = str(user.pk)
        store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        store[HASH_SESSION_KEY] = user.get_session_auth_hash()
        store.create()
        sessions.append({"username": user.username, "sessionid": store.session_key})
    return {"job_id": job.pk, "password": PASSWORD, "users": sessions}


def main() -> None:
    django.setup()
    print(json.dumps(seed(int(sys.argv[1]))))


if __name__ == "__main__":
    main()
