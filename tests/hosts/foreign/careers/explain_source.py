"""explain's adapter for this host (docs/integrating.md, The adapter)."""

from __future__ import annotations

from typing import Any

from explain.adapter import Field, JobUnavailable
from explain.texts import text_from_html
from tests.hosts.foreign.careers.models import Posting, Resume


class CareersSource:
    def profile_fields(self, user: Any) -> list[Field]:
        resume = Resume.objects.filter(owner=user).first()
        if resume is None:
            return []
        return [
            Field("headline", "Headline", resume.headline),
            Field("summary", "Summary", text_from_html(resume.summary_html)),
        ]

    def job_fields(self, job_id: str, user: Any) -> list[Field]:
        live = Posting.objects.filter(pk=job_id, is_live=True) if job_id.isdecimal() else None
        posting = live.first() if live is not None and job_id.isascii() else None
        if posting is None:
            raise JobUnavailable(job_id)
        return [
            Field("title", "Job title", posting.title),
            Field("company", "Company", posting.company),
            Field("body", "Description", text_from_html(posting.body_html)),
        ]


def candidates_only(request: Any) -> bool:
    return getattr(request.user, "role", "") == "candidate"
