"""What a user already asked about, for the host's job list and "Jobs I asked about".

Public API for hosts: read from the explanation log only (no model call, no text: the
log holds counts, never quotes), so a job list can show the counts a person was already
shown without asking again. Job ids come back as the strings the host passed; the app
never reads the host's job table.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from explain import wording
from explain.models import ExplanationLog
from explain.outcomes import SUCCESS


@dataclass(frozen=True)
class AskedJob:
    """The newest answer this user was shown for one job."""

    job_id: str
    job_title: str
    asked_at: datetime
    matches: int
    gaps: int
    optional_matches: int = 0
    optional_gaps: int = 0

    @property
    def summary(self) -> str:
        """The summary line the user was shown, from the logged counts (gaps counts
        every gap, optional ones included; rows from before the split count none)."""
        optional_gaps = min(self.optional_gaps, self.gaps)
        return wording.summary_line(
            self.matches,
            self.gaps - optional_gaps,
            optional_gaps,
            optional_matches=self.optional_matches,
        )


def asked_jobs(user: Any, *, job_ids: Iterable[str] | None = None) -> list[AskedJob]:
    """The jobs this user got an answer for, newest first, one entry per job (the newest
    answer). job_ids narrows it to those jobs (a page of the host's list)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return []
    rows = ExplanationLog.objects.filter(user_id=user.pk, outcome__in=tuple(SUCCESS))
    if job_ids is not None:
        rows = rows.filter(job_ref__in=[str(job_id) for job_id in job_ids])
    newest: dict[str, AskedJob] = {}
    values = rows.order_by("-created_at", "-id").values_list(
        "job_ref",
        "job_title",
        "created_at",
        "kept_matches",
        "kept_gaps",
        "kept_optional_matches",
        "kept_optional_gaps",
    )
    # Bounded: the rate limit keeps a person's log short; a script's is cut here.
    for job_ref, title, created_at, matches, gaps, opt_matches, opt_gaps in values[
        :5000
    ].iterator():
        if job_ref not in newest:
            newest[job_ref] = AskedJob(
                job_ref, title, created_at, matches, gaps, opt_matches, opt_gaps
            )
    return list(newest.values())
