"""Every check test may use the database: from Django 6.1 on, running the system checks
opens a database connection (the model checks ask the backend), and
pytest-django refuses that connection to a test without database access."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _checks_reach_the_database(db: None) -> None:
    """Database access for each check test, rolled back after it like any `db` test."""
