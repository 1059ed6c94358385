"""Profile/job pairs from the host's own users and jobs, through the EXPLAIN_SOURCE adapter.

The texts are composed, scrubbed and capped by explain.core.texts exactly as the service sends
them, so a live run on demo data measures what users would get. The app never imports the
host: users come from the user model, texts from the adapter.
"""

from __future__ import annotations

from collections.abc import Iterator

from django.contrib.auth import get_user_model

from explain.adapter import JobUnavailable, job_ids_of, private_values_of
from explain.conf import app_settings
from explain.core.texts import job_text, profile_text
from explain.core.verify import normalize
from explain.eval.live import Pair
from explain.exceptions import ExplainError
from explain.source import get_source


class PairsError(ExplainError, ValueError):
    """The pairs cannot be built as asked; the message says what to pass."""


def parse_ids(values: list[str]) -> list[str]:
    """Ids from "3", "1-13" and "2,5,8" (repeatable); order kept, repeats removed."""
    ids: list[str] = []
    for value in values:
        for part in value.split(","):
            part = part.strip()
            if not part:
                continue
            low, dash, high = part.partition("-")
            if dash and low.isdigit() and high.isdigit():
                if int(high) < int(low):
                    raise PairsError(f"--jobs: empty range {part!r}")
                ids.extend(str(n) for n in range(int(low), int(high) + 1))
            else:
                ids.append(part)
    return list(dict.fromkeys(ids))


def host_pairs(users: list[str], jobs: list[str]) -> Iterator[Pair]:
    """Each active user with a profile against each job they may see."""
    try:
        source = get_source()
    except LookupError:
        raise PairsError("--demo-data needs EXPLAIN_SOURCE (the host adapter)") from None
    job_ids = parse_ids(jobs)
    if not job_ids:
        try:
            job_ids = job_ids_of(source)
        except NotImplementedError:
            raise PairsError(
                "--demo-data needs job ids: pass --jobs (e.g. --jobs 1-13), or give the "
                "EXPLAIN_SOURCE adapter a job_ids() method"
            ) from None
    max_chars = app_settings.MAX_TEXT_CHARS
    user_model = get_user_model()
    people = user_model._default_manager.filter(is_active=True).order_by("pk")
    names = parse_ids(users)
    if names:
        people = people.filter(**{f"{user_model.USERNAME_FIELD}__in": names})
    for user in people:
        profile = profile_text(
            source.profile_fields(user),
            max_chars=max_chars,
            private_values=private_values_of(source, user),
        )
        if not normalize(profile.text):
            continue
        for job_id in job_ids:
            try:
                job = job_text(source.job_fields(job_id, user), max_chars=max_chars)
            except JobUnavailable:
                continue
            yield Pair(
                id=f"user {user.get_username()} + job {job_id}",
                profile=profile.text,
                job=job.text,
                title=next((job.text[f.start : f.end] for f in job.fields if f.key == "title"), ""),
            )
