"""Fixtures the admin's tests share: a signed-in superuser and one posting's reading."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model

from explain.models import PostingReading
from explain.services.postings import posting_requirements
from jobportal.models import Job

ANSWER = {
    "requirements": [
        {"jobQuote": "Figma or Sketch", "term": "Figma", "reading": "required"},
        {"jobQuote": "<b>Portfolio</b> required", "term": "Portfolio", "reading": "required"},
    ]
}


@pytest.fixture
def admin_client_(client: Any) -> Any:
    admin = get_user_model().objects.create_superuser("boss", "boss@example.com", "pw-123456!")
    client.force_login(admin)
    return client


@pytest.fixture
def reading(use_model: Any) -> PostingReading:
    """A designer's posting read by the fake model: two requirements kept, "Dutch" not read."""
    job = Job.objects.create(
        title="Product Designer",
        company="Studio",
        description="Design apps.",
        requirements="- Figma or Sketch\n- <b>Portfolio</b> required\n- Dutch",
    )
    use_model(ANSWER)
    result = posting_requirements(str(job.pk))
    assert result.reading is not None
    return result.reading
