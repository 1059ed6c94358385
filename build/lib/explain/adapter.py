"""The host contract: how a portal hands its text to the app (named in EXPLAIN_SOURCE).

The app never imports the host's models. The host implements ExplainSource and returns
labelled fields holding only what may leave the server. Pure Python: no Django.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True)
class Field:
    """One labelled piece of a text, e.g. ("skills", "Skills", "Java (3 years)")."""

    key: str
    label: str
    value: str


class JobUnavailable(Exception):
    """The job does not exist, is not published, or this user may not see it."""


class ExplainSource(Protocol):
    """What a host implements. Return only fields that may leave the server."""

    def profile_fields(self, user: Any) -> list[Field]:
        """The user's matching fields (never name, contact, salary or files)."""
        ...

    def job_fields(self, job_id: str, user: Any) -> list[Field]:
        """The posting as it is shown; raise JobUnavailable if the user may not see it.

        A field keyed "title" is also stored on the log row (at most 200 characters),
        so admins can find requests by job title.
        """
        ...
