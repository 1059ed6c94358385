"""The host contract: how a portal hands its text to the app (named in EXPLAIN_SOURCE).

The app never imports the host's models. The host implements ExplainSource and returns
labelled fields holding only what may leave the server. Pure Python: no Django.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from explain.exceptions import JobUnavailable

__all__ = ["BaseExplainSource", "ExplainSource", "Field", "JobUnavailable"]


@dataclass(frozen=True)
class Field:
    """One labelled piece of a text, e.g. ("skills", "Skills", "Java (3 years)")."""

    key: str
    label: str
    value: str


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


# Job field keys that state facts about the job rather than what it asks of the reader
# (where it is, whether it is remote): a job quote lying wholly inside one backs no point
# ("This job asks for “Berlin”"). An adapter names its own with `not_requirements`.
NOT_REQUIREMENT_KEYS = frozenset({"location", "remote"})


def not_requirement_keys(source: Any) -> frozenset[str]:
    """The adapter's `not_requirements` (job field keys), or location and remote."""
    keys = getattr(source, "not_requirements", None)
    return NOT_REQUIREMENT_KEYS if keys is None else frozenset(str(key) for key in keys)


def job_ids_of(source: Any) -> list[str]:
    """The adapter's `job_ids()`: every posting it would show, to read ahead of time
    (manage.py explain_read_postings). The method is optional; an adapter without it
    raises NotImplementedError naming what to add."""
    method = getattr(source, "job_ids", None)
    if not callable(method):
        raise NotImplementedError(
            f"{type(source).__name__} has no job_ids(): add one returning the ids of the "
            "published postings to read them ahead of time"
        )
    return [str(job_id) for job_id in method()]


def profile_of(source: Any, user: Any) -> tuple[list[Field], list[str]]:
    """The user's profile fields and private values. An adapter that reads both from one
    row may offer `profile_and_private_values(user)` returning the two lists, one query
    where the two methods make two (about 0.2 ms of a request's CPU); without it, the
    two methods are called, so an adapter written before it still works."""
    both = getattr(source, "profile_and_private_values", None)
    if not callable(both):
        return source.profile_fields(user), private_values_of(source, user)
    fields, private = both(user)
    return list(fields), [str(value) for value in private or () if value]


def private_values_of(source: Any, user: Any) -> list[str]:
    """The adapter's private values for this user, or none when it has no such method
    (the method is optional, so an adapter written before it still works)."""
    method = getattr(source, "private_values", None)
    if not callable(method):
        return []
    return [str(value) for value in method(user) or () if value]


class BaseExplainSource:
    """An ExplainSource with defaults: name the attributes to send, and how to find the
    profile and the job; the fields are read from them.

    `profile_attributes` and `job_attributes` map an attribute name to its label, in the
    order the model reads them; an empty value is left out. `get_profile` returns the
    user (override it for a profile object; None means no profile yet), `get_job` has no
    default: return the job this user may see, or None, and the base raises
    JobUnavailable. Override profile_fields or job_fields for anything else.

    Optional `profile_model` and `job_model` name the classes get_profile and get_job
    return, so `manage.py check` can test the attribute names at start-up (explain.E050,
    E051); without get_profile overridden the user model is tested.
    """

    profile_attributes: Mapping[str, str] = {}
    job_attributes: Mapping[str, str] = {}
    profile_model: type | None = None
    job_model: type | None = None
    not_requirements: frozenset[str] = NOT_REQUIREMENT_KEYS

    def get_profile(self, user: Any) -> Any:
        return user

    def get_job(self, job_id: str, user: Any) -> Any:
        raise NotImplementedError(f"{type(self).__name__} must define get_job()")

    def profile_fields(self, user: Any) -> list[Field]:
        profile = self.get_profile(user)
        return [] if profile is None else fields_of(profile, self.profile_attributes)

    def job_ids(self) -> list[str]:
        """Optional: the ids of every posting to read ahead of time (published ones)."""
        raise NotImplementedError(
            f"{type(self).__name__} has no job_ids(): override it to return the ids of "
            "the published postings to read them ahead of time"
        )

    def job_fields(self, job_id: str, user: Any) -> list[Field]:
        job = self.get_job(job_id, user)
        if job is None:
            raise JobUnavailable(job_id)
        return fields_of(job, self.job_attributes)


def fields_of(obj: Any, attributes: Mapping[str, str]) -> list[Field]:
    """A Field per named attribute with a value (None and blank text are left out)."""
    fields = []
    for key, label in attributes.items():
        value = getattr(obj, key, None)
        text = "" if value is None else str(value).strip()
        if text:
            fields.append(Field(key, label, text))
    return fields
