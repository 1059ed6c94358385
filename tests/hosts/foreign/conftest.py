"""Fixtures of the foreign host's own test run (its settings module, its models).

This directory is collected only by its own pytest process (tests/test_foreign_host.py
starts it with --ds=tests.hosts.foreign.settings and --confcutdir here), never by the
main run, whose settings are jobportal's."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import caches

from explain.llm.client import ChatPrompt
from support.two_step import answer_in_shape
from tests.hosts.foreign.careers.models import Member, Posting, Resume

PASSWORD = "pw-foreign-123"

RESUME_HTML = (
    "<p><strong>Rahim Chowdhury</strong><br>rahim.chowdhury@example.com</p>"
    "<p>+880 1711 000000</p><h2>Summary</h2>"
    "<p>Six years of <b>Python</b> &amp; Django APIs.</p>"
    "<ul><li>PostgreSQL tuning</li><li>Docker</li></ul>"
)
POSTING_HTML = (
    "<h3>About</h3><p>We build payment APIs in Python &amp; Django.</p>"
    "<h3>Requirements</h3><ul><li>Kubernetes in production</li><li>PostgreSQL tuning</li></ul>"
)
DRAFT = {
    "matches": [
        {
            "point": "PostgreSQL tuning is in your profile and in this job.",
            "term": "PostgreSQL",
            "profileQuote": "PostgreSQL tuning",
            "jobQuote": "PostgreSQL tuning",
        },
        {
            "point": "You have run Kubernetes for years.",
            "term": "Kubernetes",
            "profileQuote": "Kubernetes (5 years)",
            "jobQuote": "Kubernetes in production",
        },
    ],
    "gaps": [
        {
            "point": "Kubernetes is not shown in your profile.",
            "term": "Kubernetes",
            "profileQuote": "",
            "jobQuote": "Kubernetes in production",
        }
    ],
}


class FakeModel:
    """A ChatModel (docs/integrating.md, Offline and fake models) that records prompts and
    answers both calls from DRAFT: the posting's call with its job quotes as the posting's
    requirements, the viewer's call with its profile quotes (support/two_step.py)."""

    model_name = "fake-foreign"

    def __init__(self) -> None:
        self.prompts: list[ChatPrompt] = []

    def __call__(self, prompt: ChatPrompt, /) -> str:
        self.prompts.append(prompt)
        return answer_in_shape(json.dumps(DRAFT), prompt)


@pytest.fixture(autouse=True)
def _fresh_cache() -> Iterator[None]:
    caches["default"].clear()
    yield
    caches["default"].clear()


@pytest.fixture
def model(settings: Any) -> FakeModel:
    fake = FakeModel()
    settings.EXPLAIN_CHAT_MODEL = fake
    return fake


@pytest.fixture
def candidate(db: None) -> Member:
    member = Member.objects.create_user("rahim@example.net", PASSWORD, display_name="Rahim")
    Resume.objects.create(
        owner=member,
        headline="Backend engineer",
        summary_html=RESUME_HTML,
        phone="+880 1711 000000",
        salary_wish=90000,
    )
    return member


@pytest.fixture
def employer(db: None) -> Member:
    return Member.objects.create_user("hr@bay.example", PASSWORD, role=Member.Role.EMPLOYER)


@pytest.fixture
def posting(db: None) -> Posting:
    return Posting.objects.create(
        title="Senior Backend Engineer", company="Bay Payments", body_html=POSTING_HTML
    )
