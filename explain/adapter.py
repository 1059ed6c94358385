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

    def private_values(self, user: Any) -> list[str]:
        """Optional: the user's own private values (name, e-mail, phone, street address)
        that the host keeps apart. Wherever they appear in the profile's free text (a
        pasted CV), in any case or spacing, they are removed before it leaves the server.
        A host without this method sends nothing extra and loses nothing."""
        return []


def private_values_of(source: Any, user: Any) -> list[str]:
    """The adapter's private values for this user, or none when it has no such method
    (the method is optional, so an adapter written before it still works)."""
    method = getattr(source, "private_values", None)
    if not callable(method):
        return []
    return [str(value) for value in method(user) or () if value]
