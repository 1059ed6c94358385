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
from explain.core.checklist import Checklist, State
from explain.models import ExplanationLog
from explain.outcomes import SUCCESS

# The log's checklist columns, in ChecklistCounts' order: a row whose list had requirements
# says its states; a row from before the checklist has total 0.
_COUNT_COLUMNS = (
    "requirements_total",
    "requirements_optional",
    "requirements_shown",
    "requirements_shown_optional",
    "requirements_not_found",
    "requirements_not_yet",
    "requirements_unchecked",
)


@dataclass(frozen=True)
class ChecklistCounts:
    """A checklist's counts: what the log keeps of it (counts only, never a quote), enough
    to write its bottom line and its per-state counts again."""

    total: int = 0
    optional: int = 0
    shown: int = 0
    shown_optional: int = 0
    not_found: int = 0
    not_yet: int = 0
    unchecked: int = 0

    @classmethod
    def of(cls, checklist: Checklist) -> ChecklistCounts:
        return cls(
            total=checklist.total,
            optional=checklist.optional,
            shown=checklist.count(State.SHOWN),
            shown_optional=checklist.count(State.SHOWN, optional=True),
            not_found=checklist.count(State.NOT_FOUND),
            not_yet=checklist.count(State.NOT_YET),
            unchecked=checklist.count(State.UNCHECKED),
        )

    @property
    def states(self) -> dict[str, int]:
        return {
            State.SHOWN.value: self.shown,
            State.NOT_FOUND.value: self.not_found,
            State.NOT_YET.value: self.not_yet,
            State.UNCHECKED.value: self.unchecked,
        }

    @property
    def line(self) -> str:
        """The bottom line the user was shown, written again from the counts."""
        optional = min(self.optional, self.total)
        shown_optional = min(self.shown_optional, self.shown)
        return wording.checklist_line(
            total=self.total,
            optional=optional,
            shown_required=self.shown - shown_optional,
            shown_optional=shown_optional,
            unchecked=self.unchecked,
        )


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
    checklist: ChecklistCounts | None = None  # an answer with a checklist: its counts

    @property
    def counts_line(self) -> str:
        """The requirements per state ("3 shown in your profile; 2 not found in your
        profile"); "" for an answer from before the checklist."""
        return "" if self.checklist is None else wording.state_counts_line(self.checklist.states)

    @property
    def summary(self) -> str:
        """The summary line the user was shown, from the logged counts (gaps counts
        every gap, optional ones included; rows from before the split count none)."""
        if self.checklist is not None:
            return self.checklist.line
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
    columns = [
        "job_ref",
        "job_title",
        "created_at",
        "kept_matches",
        "kept_gaps",
        "kept_optional_matches",
        "kept_optional_gaps",
    ]
    columns.extend(_COUNT_COLUMNS)
    values = rows.order_by("-created_at", "-id").values_list(*columns)
    # Bounded: the rate limit keeps a person's log short; a script's is cut here.
    for row in values[:5000].iterator():
        job_ref = row[0]
        if job_ref not in newest:
            counts = ChecklistCounts(*row[7:]) if row[7] else None
            _, title, created_at, matches, gaps, opt_matches, opt_gaps = row[:7]
            newest[job_ref] = AskedJob(
                job_ref, title, created_at, matches, gaps, opt_matches, opt_gaps, counts
            )
    return list(newest.values())
